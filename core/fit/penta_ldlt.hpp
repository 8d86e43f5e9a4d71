// Banded LDLᵀ for symmetric pentadiagonal matrices: factor, solve and selected inverse (diagonal of A⁻¹), all O(N).
#pragma once
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace kt::fit {

// A symmetric pentadiagonal matrix: diag[i] = A(i,i), off1[i] = A(i,i+1), off2[i] = A(i,i+2).
// off1 and off2 have the same length as diag; entries past the matrix edge are ignored.
template <typename T> struct PentaMatrix {
    std::vector<T> diag, off1, off2;
    explicit PentaMatrix(std::size_t n = 0) : diag(n, T(0)), off1(n, T(0)), off2(n, T(0)) {}
    std::size_t size() const { return diag.size(); }
};

// A = L·D·Lᵀ with L unit lower triangular of bandwidth 2. No pivoting: the d-spline matrix is SPD, and symmetric
// pivoting would destroy the band. A non-positive pivot means the matrix is not positive definite (or rounding has
// eaten it) and is reported rather than silently producing garbage.
template <typename T> class PentaLdlt {
public:
    // Takes the matrix by value and factors in place: at N = 10⁶ every avoided array is 8 MB of page faults.
    explicit PentaLdlt(PentaMatrix<T> a) : m_d(std::move(a.diag)), m_l1(std::move(a.off1)), m_l2(std::move(a.off2)) {
        factor();
    }

    std::size_t size() const { return m_d.size(); }
    const std::vector<T>& pivots() const { return m_d; }

    // Solves A·x = b in place.
    void solveInPlace(std::vector<T>& x) const {
        const std::size_t n = size();
        if (x.size() != n) throw std::invalid_argument("PentaLdlt::solve: right-hand side has the wrong length");
        for (std::size_t i = 1; i < n; ++i) {
            T v = x[i] - m_l1[i - 1] * x[i - 1];
            if (i >= 2) v -= m_l2[i - 2] * x[i - 2];
            x[i] = v;
        }
        for (std::size_t i = 0; i < n; ++i) x[i] /= m_d[i];
        for (std::size_t i = n; i-- > 0;) {
            T v = x[i];
            if (i + 1 < n) v -= m_l1[i] * x[i + 1];
            if (i + 2 < n) v -= m_l2[i] * x[i + 2];
            x[i] = v;
        }
    }

    // The band of Z = A⁻¹ (Z(i,i), Z(i,i+1), Z(i,i+2)) by Takahashi's recurrence: LᵀZ = D⁻¹L⁻¹ is lower
    // triangular, so Z(i,j) = −Σ_{k=i+1..i+2} L(k,i)·Z(k,j) for j > i and Z(i,i) = 1/d_i − Σ_k L(k,i)·Z(k,i).
    // Only the band of Z is ever needed, which makes this O(N) instead of the O(N²) of a full inverse.
    struct InverseBand {
        std::vector<T> diag, off1, off2;
    };
    InverseBand inverseBand() const {
        const std::size_t n = size();
        InverseBand z{std::vector<T>(n, T(0)), std::vector<T>(n, T(0)), std::vector<T>(n, T(0))};
        for (std::size_t i = n; i-- > 0;) {
            const T a = i + 1 < n ? m_l1[i] : T(0);
            const T b = i + 2 < n ? m_l2[i] : T(0);
            const T z0n = i + 1 < n ? z.diag[i + 1] : T(0);
            const T z1n = i + 1 < n ? z.off1[i + 1] : T(0);
            const T z0nn = i + 2 < n ? z.diag[i + 2] : T(0);
            z.off1[i] = -(a * z0n + b * z1n);
            z.off2[i] = -(a * z1n + b * z0nn);
            z.diag[i] = T(1) / m_d[i] - (a * z.off1[i] + b * z.off2[i]);
        }
        return z;
    }
    std::vector<T> inverseDiagonal() const { return inverseBand().diag; }

private:
    // On entry m_d/m_l1/m_l2 hold A's diagonal and off-diagonals; each entry is read before it is overwritten.
    void factor() {
        const std::size_t n = m_d.size();
        for (std::size_t i = 0; i < n; ++i) {
            T d = m_d[i];
            if (i >= 1) d -= m_l1[i - 1] * m_l1[i - 1] * m_d[i - 1];
            if (i >= 2) d -= m_l2[i - 2] * m_l2[i - 2] * m_d[i - 2];
            if (!(d > T(0)) || !std::isfinite(static_cast<double>(d)))
                throw std::runtime_error("pentadiagonal LDLT: pivot " + std::to_string(i) +
                                         " is not positive (matrix not positive definite)");
            m_d[i] = d;
            if (i + 1 < n) {
                T o = m_l1[i];
                if (i >= 1) o -= m_l2[i - 1] * m_l1[i - 1] * m_d[i - 1];
                m_l1[i] = o / d;
            } else {
                m_l1[i] = T(0);
            }
            if (i + 2 < n)
                m_l2[i] /= d;
            else
                m_l2[i] = T(0);
        }
    }

    std::vector<T> m_d, m_l1, m_l2; // pivots, L(i+1,i), L(i+2,i)
};

} // namespace kt::fit
