// The d-spline normal equations (W + α²DᵀD)·f = W·ȳ on an index grid, solved in O(N); templated on the scalar so
// tests (and the stability check) can run the same algorithms in long double.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "core/fit/penta_ldlt.hpp"

namespace kt::fit {

// Samples merged per grid index: weight = number (or total weight) of raw samples, mean = their weighted mean.
struct IndexedData {
    std::size_t gridPoints = 0;
    std::vector<std::size_t> index; // strictly increasing grid indices, all < gridPoints
    std::vector<double> weight;     // > 0
    std::vector<double> mean;
};

template <typename T>
struct DSplineSolution {
    std::vector<T> values;      // f, one per grid point
    T traceHat = T(0);          // tr(H) of the smoother ȳ → f(knots): the effective degrees of freedom
    std::vector<T> knotValues;  // f at the sample indices
    std::vector<T> knotLeverage; // H(i,i): how much f(t_i) follows ȳ_i
};

// The weighted least-squares line through the merged samples, in centred index coordinates (accurate for N ≫ 1).
template <typename T>
struct LsLine {
    T tbar = 0, ybar = 0, slope = 0;
    T operator()(std::size_t t) const { return ybar + slope * (T(t) - tbar); }
};

template <typename T>
LsLine<T> leastSquaresLine(const IndexedData& data) {
    const std::size_t k = data.index.size();
    T sw = 0, st = 0, sy = 0;
    for (std::size_t i = 0; i < k; ++i) {
        sw += T(data.weight[i]);
        st += T(data.weight[i]) * T(data.index[i]);
        sy += T(data.weight[i]) * T(data.mean[i]);
    }
    LsLine<T> line;
    if (!(sw > T(0))) throw std::invalid_argument("d-spline needs samples with positive weight");
    line.tbar = st / sw;
    line.ybar = sy / sw;
    T stt = 0, sty = 0;
    for (std::size_t i = 0; i < k; ++i) {
        const T dt = T(data.index[i]) - line.tbar;
        stt += T(data.weight[i]) * dt * dt;
        sty += T(data.weight[i]) * dt * (T(data.mean[i]) - line.ybar);
    }
    if (!(stt > T(0))) throw std::invalid_argument("d-spline needs samples at 2 or more distinct sizes");
    line.slope = sty / stt;
    return line;
}

// α²·DᵀD added into a pentadiagonal matrix. D's rows are (1, −2, 1) at columns (r, r+1, r+2), r = 0…N−3; adding
// row by row gives the boundary rows (1, 5, 6, …, 6, 5, 1 on the diagonal) without special cases.
template <typename T>
void addSecondDifferencePenalty(PentaMatrix<T>& a, T lambda) {
    const std::size_t n = a.size();
    if (n < 3) return;
    for (std::size_t r = 0; r + 2 < n; ++r) {
        a.diag[r] += lambda;
        a.diag[r + 1] += T(4) * lambda;
        a.diag[r + 2] += lambda;
        a.off1[r] += T(-2) * lambda;
        a.off1[r + 1] += T(-2) * lambda;
        a.off2[r] += lambda;
    }
}

// Direct solve of the N×N pentadiagonal normal equations by banded LDLᵀ. Exact algebra, but NOT what
// fitDSpline uses: across a long unsampled gap the pivots become α²·(1 + δ) with δ shrinking like gap⁻³, so the
// data's contribution falls below rounding (at N = 10⁶ with a few samples the pivots even turn negative). Kept as
// the textbook reference the tests compare against, and for the inverse diagonal of the full grid.
template <typename T>
std::vector<T> solveDSplineGrid(const IndexedData& data, double alpha, std::vector<T>* inverseDiag = nullptr) {
    const LsLine<T> line = leastSquaresLine<T>(data);
    const std::size_t n = data.gridPoints;
    PentaMatrix<T> a(n);
    std::vector<T> f(n, T(0));
    for (std::size_t i = 0; i < data.index.size(); ++i) {
        const std::size_t j = data.index[i];
        a.diag[j] += T(data.weight[i]);
        f[j] = T(data.weight[i]) * (T(data.mean[i]) - line(j));
    }
    addSecondDifferencePenalty(a, T(alpha) * T(alpha));
    PentaLdlt<T> ldlt(a);
    ldlt.solveInPlace(f);
    for (std::size_t j = 0; j < n; ++j) f[j] += line(j);
    if (inverseDiag) *inverseDiag = ldlt.inverseDiagonal();
    return f;
}

// The solver fitDSpline uses: the same minimiser, found through the knots (the k distinct sample indices).
// Between knots the normal equations say Δ⁴f = 0, so f is a cubic there, and the second differences γ of f are
// linear between knots and vanish outside [t_1, t_k] (a natural discrete spline). Reinsch's construction then
// gives, with h_i = t_{i+1} − t_i,
//     Qᵀf = Rγ,   Qγ = W(ȳ − f)/α²   ⇒   (R + α²QᵀW⁻¹Q)·γ = Qᵀȳ,   f = ȳ − α²W⁻¹Qγ,
// where Q is the usual k×(k−2) divided-difference matrix and R the tridiagonal matrix of the *discrete* spline:
//     R(i,i) = (h_{i−1} + h_i)/3 + 1/(6h_{i−1}) + 1/(6h_i),   R(i,i+1) = (h_i² − 1)/(6h_i)
// (for h ≡ 1 this is the identity, and for large h the continuous spline's h/3, h/6). The band system has only
// k−2 unknowns whose entries scale with the gaps, so no information is lost to rounding however long a gap is;
// the grid is filled with the exact cubic pieces. Hutchinson & de Hoog's trace: I − H = α²W⁻¹Q·B⁻¹·Qᵀ needs only
// the band of B⁻¹ (Takahashi). Total O(k + N).
template <typename T>
DSplineSolution<T> solveDSpline(const IndexedData& data, double alpha) {
    const std::size_t n = data.gridPoints;
    const std::size_t k = data.index.size();
    const LsLine<T> line = leastSquaresLine<T>(data);
    const T lambda = T(alpha) * T(alpha);
    std::vector<T> y(k), w(k), h(k > 0 ? k - 1 : 0);
    for (std::size_t i = 0; i < k; ++i) {
        if (i + 1 < k && data.index[i + 1] <= data.index[i])
            throw std::invalid_argument("d-spline knots must be strictly increasing");
        if (data.index[i] >= n) throw std::invalid_argument("d-spline knot outside the grid");
        y[i] = T(data.mean[i]) - line(data.index[i]);
        w[i] = T(data.weight[i]);
        if (i + 1 < k) h[i] = T(data.index[i + 1] - data.index[i]);
    }
    const std::size_t m = k - 2; // interior knots 1…k−2 carry γ; γ at the end knots is 0 (natural spline)
    std::vector<T> gamma(k, T(0));
    DSplineSolution<T> out;
    out.knotValues = y;
    out.knotLeverage.assign(k, T(1));
    if (m > 0) {
        // Column c of Q (knot i = c+1) has 1/h_{i−1}, −1/h_{i−1} − 1/h_i, 1/h_i in rows i−1, i, i+1.
        auto q = [&](std::size_t row, std::size_t c) -> T {
            const std::size_t i = c + 1;
            if (row + 1 == i) return T(1) / h[i - 1];
            if (row == i) return -T(1) / h[i - 1] - T(1) / h[i];
            if (row == i + 1) return T(1) / h[i];
            return T(0);
        };
        PentaMatrix<T> b(m);
        std::vector<T> rhs(m);
        for (std::size_t c = 0; c < m; ++c) {
            const std::size_t i = c + 1;
            b.diag[c] = (h[i - 1] + h[i]) / T(3) + T(1) / (T(6) * h[i - 1]) + T(1) / (T(6) * h[i]);
            if (c + 1 < m) b.off1[c] = (h[i] * h[i] - T(1)) / (T(6) * h[i]);
            for (std::size_t d = c; d < c + 3 && d < m; ++d) {
                T s = 0;
                for (std::size_t row = d; row <= c + 2; ++row) s += q(row, c) * q(row, d) / w[row];
                (d == c ? b.diag[c] : d == c + 1 ? b.off1[c] : b.off2[c]) += lambda * s;
            }
            rhs[c] = (y[i + 1] - y[i]) / h[i] - (y[i] - y[i - 1]) / h[i - 1];
        }
        PentaLdlt<T> ldlt(b);
        ldlt.solveInPlace(rhs);
        for (std::size_t c = 0; c < m; ++c) gamma[c + 1] = rhs[c];
        // f = ȳ − α²W⁻¹Qγ, and the leverages H(i,i) = 1 − α²/w_i · (Q B⁻¹ Qᵀ)(i,i) from the band of B⁻¹.
        const auto z = ldlt.inverseBand();
        auto zAt = [&](std::size_t c, std::size_t d) -> T {
            if (c > d) std::swap(c, d);
            const std::size_t off = d - c;
            return off == 0 ? z.diag[c] : off == 1 ? z.off1[c] : off == 2 ? z.off2[c] : T(0);
        };
        // tr H = k − α²·tr(W⁻¹QB⁻¹Qᵀ) = k − tr(B⁻¹(B − R)) = 2 + tr(B⁻¹R): a sum without the cancellation of
        // adding up 1 − (≈1) per knot, which matters when every grid point is sampled and α is large.
        out.traceHat = T(2);
        for (std::size_t c = 0; c < m; ++c) {
            const std::size_t i = c + 1;
            const T rDiag = (h[i - 1] + h[i]) / T(3) + T(1) / (T(6) * h[i - 1]) + T(1) / (T(6) * h[i]);
            out.traceHat += z.diag[c] * rDiag;
            if (c + 1 < m) out.traceHat += T(2) * z.off1[c] * (h[i] * h[i] - T(1)) / (T(6) * h[i]);
        }
        for (std::size_t row = 0; row < k; ++row) {
            const std::size_t cLo = row >= 2 ? row - 2 : 0, cHi = std::min(row, m - 1);
            T qg = 0, qzq = 0;
            for (std::size_t c = cLo; c <= cHi; ++c) {
                qg += q(row, c) * gamma[c + 1];
                for (std::size_t d = cLo; d <= cHi; ++d) qzq += q(row, c) * zAt(c, d) * q(row, d);
            }
            out.knotValues[row] = y[row] - lambda * qg / w[row];
            out.knotLeverage[row] = T(1) - lambda * qzq / w[row];
        }
    } else {
        out.traceHat = T(k); // two knots: the line through them, whatever α
    }
    // Fill the grid: on [t_i, t_{i+1}] f is the chord plus the discrete cubic with second differences going
    // linearly from γ_i to γ_{i+1}: f(t_i+s) = chord + γ_i·A(h−s) + γ_{i+1}·A(s), A(s) = s(s² − h²)/(6h).
    out.values.assign(n, T(0));
    const std::vector<T>& fk = out.knotValues;
    for (std::size_t i = 0; i + 1 < k; ++i) {
        const std::size_t t0 = data.index[i];
        const T hh = h[i];
        for (std::size_t t = t0; t <= data.index[i + 1]; ++t) {
            const T s = T(t - t0), r = hh - s;
            out.values[t] = fk[i] + s * (fk[i + 1] - fk[i]) / hh + gamma[i] * r * (r * r - hh * hh) / (T(6) * hh) +
                            gamma[i + 1] * s * (s * s - hh * hh) / (T(6) * hh);
        }
    }
    // Outside the knots the second differences vanish: f continues as the line of its end slope.
    const std::size_t first = data.index.front(), last = data.index.back();
    const T slopeLo = out.values[first + 1] - out.values[first];
    const T slopeHi = out.values[last] - out.values[last - 1];
    for (std::size_t t = 0; t < first; ++t) out.values[t] = fk.front() - T(first - t) * slopeLo;
    for (std::size_t t = last + 1; t < n; ++t) out.values[t] = fk.back() + T(t - last) * slopeHi;
    for (std::size_t t = 0; t < n; ++t) out.values[t] += line(t);
    for (std::size_t i = 0; i < k; ++i) out.knotValues[i] += line(data.index[i]);
    return out;
}

} // namespace kt::fit
