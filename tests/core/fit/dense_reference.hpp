// Test helper: dense quad-precision reference for the d-spline normal equations (O(N³), small N only). Quad
// (__float128) because the straightforward dense solve loses ~α² ulps: in Real it is off by 1e-7 at α=1e6.
#pragma once
#include <cmath>
#include <stdexcept>
#include <vector>

namespace kt::fit::test {

using Real = __float128;
using Dense = std::vector<std::vector<Real>>;

inline Real realSqrt(Real x) {
    if (!(x > 0)) return 0;
    Real r = static_cast<Real>(std::sqrt(static_cast<double>(x)));
    for (int i = 0; i < 4; ++i) r = (r + x / r) / 2; // Newton: each step doubles the correct digits
    return r;
}

// In-place Cholesky A = LLᵀ (lower triangle of a) and solve.
inline void choleskyFactor(Dense& a) {
    const std::size_t n = a.size();
    for (std::size_t j = 0; j < n; ++j) {
        Real s = a[j][j];
        for (std::size_t k = 0; k < j; ++k) s -= a[j][k] * a[j][k];
        if (!(s > 0)) throw std::runtime_error("dense reference: not positive definite");
        a[j][j] = realSqrt(s);
        for (std::size_t i = j + 1; i < n; ++i) {
            Real t = a[i][j];
            for (std::size_t k = 0; k < j; ++k) t -= a[i][k] * a[j][k];
            a[i][j] = t / a[j][j];
        }
    }
}

inline std::vector<Real> choleskySolve(const Dense& l, std::vector<Real> b) {
    const std::size_t n = l.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t k = 0; k < i; ++k) b[i] -= l[i][k] * b[k];
        b[i] /= l[i][i];
    }
    for (std::size_t i = n; i-- > 0;) {
        for (std::size_t k = i + 1; k < n; ++k) b[i] -= l[k][i] * b[k];
        b[i] /= l[i][i];
    }
    return b;
}

// W + α²DᵀD built from its definition (D: rows 1, −2, 1), not from the solver's band formulas.
inline Dense dSplineMatrix(std::size_t n, const std::vector<Real>& w, Real alpha) {
    Dense a(n, std::vector<Real>(n, 0));
    for (std::size_t i = 0; i < n; ++i) a[i][i] = w[i];
    for (std::size_t r = 0; r + 2 < n; ++r) {
        const Real row[3] = {1, -2, 1};
        for (int p = 0; p < 3; ++p)
            for (int q = 0; q < 3; ++q) a[r + p][r + q] += alpha * alpha * row[p] * row[q];
    }
    return a;
}

} // namespace kt::fit::test
