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

template <typename T> struct DSplineSolution {
    std::vector<T> values;       // f, one per grid point
    T traceHat = T(0);           // tr(H) of the smoother ȳ → f(knots): the effective degrees of freedom
    std::vector<T> knotValues;   // f at the sample indices
    std::vector<T> knotLeverage; // H(i,i): how much f(t_i) follows ȳ_i
};

// The weighted least-squares line through the merged samples, in centred index coordinates (accurate for N ≫ 1).
template <typename T> struct LsLine {
    T tbar = 0, ybar = 0, slope = 0;
    T operator()(std::size_t t) const { return ybar + slope * (T(t) - tbar); }
};

template <typename T> LsLine<T> leastSquaresLine(const IndexedData& data) {
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
template <typename T> void addSecondDifferencePenalty(PentaMatrix<T>& a, T lambda) {
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
// What a caller needs from solveDSpline: GCV scans need only the knot values and tr H, not the N-point grid.
struct SolveParts {
    bool grid = true;     // fill values[] on every grid point
    bool leverage = true; // knotLeverage[] (H(i,i)); tr H is always computed
};

template <typename T> DSplineSolution<T> solveDSpline(const IndexedData& data, double alpha, SolveParts parts = {}) {
    const std::size_t n = data.gridPoints;
    const std::size_t k = data.index.size();
    const LsLine<T> line = leastSquaresLine<T>(data);
    const T lambda = T(alpha) * T(alpha);
    // Few arrays on purpose: at k = 10⁶ knots each one is 8 MB of fresh pages, which dominated the cost.
    std::vector<T> y(k), iw(k), ih(k > 0 ? k - 1 : 0);
    auto h = [&](std::size_t i) { return T(data.index[i + 1] - data.index[i]); };
    for (std::size_t i = 0; i < k; ++i) {
        if (i + 1 < k && data.index[i + 1] <= data.index[i])
            throw std::invalid_argument("d-spline knots must be strictly increasing");
        if (data.index[i] >= n) throw std::invalid_argument("d-spline knot outside the grid");
        y[i] = T(data.mean[i]) - line(data.index[i]);
        iw[i] = T(1) / T(data.weight[i]);
        if (i + 1 < k) ih[i] = T(1) / h(i);
    }
    const std::size_t m = k - 2; // interior knots 1…k−2 carry γ; γ at the end knots is 0 (natural spline)
    // Column c of Q (knot i = c+1) holds qa, qb, qc in rows c, c+1, c+2: 1/h_{i−1}, −1/h_{i−1} − 1/h_i, 1/h_i.
    auto qa = [&](std::size_t c) { return ih[c]; };
    auto qb = [&](std::size_t c) { return -ih[c] - ih[c + 1]; };
    auto qc = [&](std::size_t c) { return ih[c + 1]; };
    std::vector<T> gamma; // γ of the interior knots: gamma[c] belongs to knot c+1
    DSplineSolution<T> out;
    out.knotValues = y;
    if (parts.leverage) out.knotLeverage.assign(k, T(1));
    out.traceHat = T(k); // two knots: the line through them, whatever α
    if (m > 0) {
        PentaMatrix<T> b(m);
        gamma.resize(m);
        for (std::size_t c = 0; c < m; ++c) {
            const std::size_t i = c + 1;
            b.diag[c] = (h(i - 1) + h(i)) / T(3) + (ih[i - 1] + ih[i]) / T(6) +
                        lambda * (qa(c) * qa(c) * iw[c] + qb(c) * qb(c) * iw[c + 1] + qc(c) * qc(c) * iw[c + 2]);
            if (c + 1 < m)
                b.off1[c] =
                    (h(i) - ih[i]) / T(6) + lambda * (qb(c) * qa(c + 1) * iw[c + 1] + qc(c) * qb(c + 1) * iw[c + 2]);
            if (c + 2 < m) b.off2[c] = lambda * qc(c) * qa(c + 2) * iw[c + 2];
            gamma[c] = (y[i + 1] - y[i]) * ih[i] - (y[i] - y[i - 1]) * ih[i - 1];
        }
        PentaLdlt<T> ldlt(std::move(b));
        ldlt.solveInPlace(gamma);
        // f = ȳ − α²W⁻¹Qγ. Row r of Q touches columns r−2 (qc), r−1 (qb), r (qa).
        for (std::size_t r = 0; r < k; ++r) {
            T qg = 0;
            if (r >= 2) qg += qc(r - 2) * gamma[r - 2];
            if (r >= 1 && r - 1 < m) qg += qb(r - 1) * gamma[r - 1];
            if (r < m) qg += qa(r) * gamma[r];
            out.knotValues[r] = y[r] - lambda * qg * iw[r];
        }
        // tr H = k − α²·tr(W⁻¹QB⁻¹Qᵀ) = k − tr(B⁻¹(B − R)) = 2 + tr(B⁻¹R): a sum without the cancellation of
        // adding up 1 − (≈1) per knot, which matters when every grid point is sampled and α is large.
        const auto z = ldlt.inverseBand();
        out.traceHat = T(2);
        for (std::size_t c = 0; c < m; ++c) {
            const std::size_t i = c + 1;
            out.traceHat += z.diag[c] * ((h(i - 1) + h(i)) / T(3) + (ih[i - 1] + ih[i]) / T(6));
            if (c + 1 < m) out.traceHat += T(2) * z.off1[c] * (h(i) - ih[i]) / T(6);
        }
        // Leverages H(i,i) = 1 − α²/w_i · (Q B⁻¹ Qᵀ)(i,i): row r of Q has (up to) v0, v1, v2 in the consecutive
        // columns r−2, r−1, r, so only the band of B⁻¹ enters.
        if (parts.leverage) {
            for (std::size_t r = 0; r < k; ++r) {
                const bool has0 = r >= 2, has1 = r >= 1 && r - 1 < m, has2 = r < m;
                const T v0 = has0 ? qc(r - 2) : T(0), v1 = has1 ? qb(r - 1) : T(0), v2 = has2 ? qa(r) : T(0);
                T qzq = 0;
                if (has0) qzq += v0 * v0 * z.diag[r - 2];
                if (has1) qzq += v1 * v1 * z.diag[r - 1];
                if (has2) qzq += v2 * v2 * z.diag[r];
                if (has0 && has1) qzq += T(2) * v0 * v1 * z.off1[r - 2];
                if (has1 && has2) qzq += T(2) * v1 * v2 * z.off1[r - 1];
                if (has0 && has2) qzq += T(2) * v0 * v2 * z.off2[r - 2];
                out.knotLeverage[r] = T(1) - lambda * qzq * iw[r];
            }
        }
    }
    auto gammaAt = [&](std::size_t knot) { return knot >= 1 && knot <= m ? gamma[knot - 1] : T(0); };
    if (parts.grid) {
        // Fill the grid: on [t_i, t_{i+1}] f is the chord plus the discrete cubic with second differences going
        // linearly from γ_i to γ_{i+1}: f(t_i+s) = chord + γ_i·A(h−s) + γ_{i+1}·A(s), A(s) = s(s² − h²)/(6h).
        out.values.assign(n, T(0));
        const std::vector<T>& fk = out.knotValues;
        for (std::size_t i = 0; i + 1 < k; ++i) {
            const std::size_t t0 = data.index[i], t1 = data.index[i + 1];
            const T hh = h(i), hh2 = hh * hh, slope = (fk[i + 1] - fk[i]) * ih[i];
            const T g0 = gammaAt(i) * ih[i] / T(6), g1 = gammaAt(i + 1) * ih[i] / T(6);
            for (std::size_t t = t0; t <= t1; ++t) {
                const T s = T(t - t0), r = hh - s;
                out.values[t] = fk[i] + s * slope + g0 * r * (r * r - hh2) + g1 * s * (s * s - hh2);
            }
        }
        // Outside the knots the second differences vanish: f continues as the line of its end slope.
        const std::size_t first = data.index.front(), last = data.index.back();
        const T slopeLo = out.values[first + 1] - out.values[first];
        const T slopeHi = out.values[last] - out.values[last - 1];
        for (std::size_t t = 0; t < first; ++t) out.values[t] = fk.front() - T(first - t) * slopeLo;
        for (std::size_t t = last + 1; t < n; ++t) out.values[t] = fk.back() + T(t - last) * slopeHi;
        for (std::size_t t = 0; t < n; ++t) out.values[t] += line(t);
    }
    for (std::size_t i = 0; i < k; ++i) out.knotValues[i] += line(data.index[i]);
    return out;
}

} // namespace kt::fit
