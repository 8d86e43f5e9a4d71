// d-spline: sample merging and validation, GCV, automatic α and next-sample proposals over the O(N) solver.
#include "core/fit/d_spline.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/fit/d_spline_solver.hpp"

namespace kt::fit {

DSpline::DSpline(SizeGrid grid, const std::vector<Sample>& samples) : m_grid(grid) {
    m_data.gridPoints = m_grid.count();
    // Values are fitted divided by the largest magnitude: the fit is linear in y, and squares and sums of values
    // near ±1e308 would overflow to inf and NaN (the fit is scaled back in fit() and fitAuto()).
    for (const Sample& s : samples)
        if (std::isfinite(s.value)) m_scale = std::max(m_scale, std::fabs(s.value));
    if (!(m_scale > 0)) m_scale = 1;
    std::map<std::size_t, std::pair<double, double>> groups; // index → (Σw, Σw·y/scale)
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const Sample& s = samples[i];
        const std::string what = "sample " + std::to_string(i + 1) + " (size " + std::to_string(s.size) + ")";
        auto idx = m_grid.indexOf(s.size);
        if (!idx)
            throw FitInputError(what + " is not on the grid " + std::to_string(grid.from()) + ".." +
                                std::to_string(grid.to()) + " step " + std::to_string(grid.step()));
        if (!std::isfinite(s.value)) throw FitInputError(what + " has a non-finite value");
        if (!(s.weight > 0) || !std::isfinite(s.weight)) throw FitInputError(what + " has a non-positive weight");
        auto& g = groups[*idx];
        g.first += s.weight;
        g.second += s.weight * (s.value / m_scale);
    }
    if (groups.size() < 2)
        throw FitInputError("a d-spline needs samples at 2 or more distinct sizes (got " +
                            std::to_string(groups.size()) + ")");
    for (const auto& [idx, g] : groups) {
        m_data.index.push_back(idx);
        m_data.weight.push_back(g.first);
        m_data.mean.push_back(g.second / g.first);
    }
    for (const Sample& s : samples) {
        const std::size_t k =
            std::lower_bound(m_data.index.begin(), m_data.index.end(), *m_grid.indexOf(s.size)) - m_data.index.begin();
        const double r = s.value / m_scale - m_data.mean[k];
        m_withinSs += s.weight * r * r;
    }
    m_rawCount = samples.size();
}

DSplineFit DSpline::fit(double alpha) const {
    return unscaled(compute(alpha, true));
}

double DSpline::gcv(double alpha) const {
    return compute(alpha, false).gcv * m_scale * m_scale;
}

DSplineFit DSpline::unscaled(DSplineFit f) const {
    for (double& v : f.values) v *= m_scale;
    const double s2 = m_scale * m_scale; // may overflow to inf for values near the double limit: honest
    f.rss *= s2;
    f.gcv *= s2;
    f.sigma2 *= s2;
    return f;
}

DSplineFit DSpline::compute(double alpha, bool full) const {
    if (!(alpha >= 0) || !std::isfinite(alpha)) throw FitInputError("alpha must be a finite number >= 0");
    auto sol = solveDSpline<double>(m_data, alpha, SolveParts{full, full});
    DSplineFit out;
    out.values = std::move(sol.values);
    out.alpha = alpha;
    out.traceHat = sol.traceHat;
    out.sampleCount = m_rawCount;
    out.distinctSizes = m_data.index.size();
    if (full) out.knotIndex = m_data.index;
    out.knotLeverage = std::move(sol.knotLeverage);
    if (full) out.knotWeight = m_data.weight;
    double rss = m_withinSs;
    for (std::size_t i = 0; i < m_data.index.size(); ++i) {
        const double r = m_data.mean[i] - sol.knotValues[i];
        rss += m_data.weight[i] * r * r;
    }
    out.rss = rss;
    const double n = static_cast<double>(m_rawCount);
    const double dof = n - out.traceHat;
    // With no residual degrees of freedom left (interpolation through every sample) GCV is 0/0: undefined.
    if (dof > 1e-9 * n) {
        out.gcv = n * rss / (dof * dof);
        out.sigma2 = rss / dof;
    }
    return out;
}

DSplineFit DSpline::fitAuto(const AutoAlphaOptions& options) const {
    if (!(options.minAlpha > 0) || !(options.maxAlpha >= options.minAlpha) || options.pointsPerDecade < 1)
        throw FitInputError("automatic alpha needs 0 < minAlpha <= maxAlpha and pointsPerDecade >= 1");
    const double lo = std::log10(options.minAlpha), hi = std::log10(options.maxAlpha);
    const int steps = std::max(1, static_cast<int>(std::ceil((hi - lo) * options.pointsPerDecade)));
    auto score = [&](double logAlpha) {
        const double g = compute(std::pow(10.0, logAlpha), false).gcv; // scaled: finite where gcv() is not
        return std::isnan(g) ? std::numeric_limits<double>::infinity() : g;
    };
    std::vector<double> xs, gs;
    for (int i = 0; i <= steps; ++i) {
        xs.push_back(lo + (hi - lo) * i / steps);
        gs.push_back(score(xs.back()));
    }
    // Ties (flat GCV, e.g. data on a line) go to the largest α: the smoothest of the equally good fits.
    std::size_t best = 0;
    for (std::size_t i = 1; i < gs.size(); ++i)
        if (gs[i] <= gs[best]) best = i;
    if (!std::isfinite(gs[best])) {
        DSplineFit f = fit(1.0); // GCV undefined everywhere (2 samples at 2 sizes): every α gives the same line
        return f;
    }
    // Golden-section search in log α between the neighbours of the best scan point.
    double a = xs[best > 0 ? best - 1 : 0], b = xs[std::min(best + 1, xs.size() - 1)];
    const double phi = (std::sqrt(5.0) - 1) / 2;
    double c = b - phi * (b - a), d = a + phi * (b - a);
    double gc = score(c), gd = score(d);
    for (int it = 0; it < 30 && b - a > 1e-3; ++it) {
        if (gc <= gd) {
            b = d, d = c, gd = gc;
            c = b - phi * (b - a), gc = score(c);
        } else {
            a = c, c = d, gc = gd;
            d = a + phi * (b - a), gd = score(d);
        }
    }
    double xBest = xs[best], gBest = gs[best];
    if (gc < gBest) xBest = c, gBest = gc;
    if (gd < gBest) xBest = d, gBest = gd;
    return fit(std::pow(10.0, xBest));
}

std::vector<double> DSpline::posteriorVariance(const DSplineFit& f) const {
    const std::size_t n = m_grid.count(), k = m_data.index.size();
    std::vector<double> var(n, 0.0);
    std::vector<double> v(k);
    for (std::size_t i = 0; i < k; ++i) v[i] = std::max(f.knotLeverage[i], 0.0) / m_data.weight[i];
    const double q = f.alpha > 0 ? 1.0 / (f.alpha * f.alpha) : std::numeric_limits<double>::max();
    for (std::size_t i = 0; i + 1 < k; ++i) {
        const double h = static_cast<double>(m_data.index[i + 1] - m_data.index[i]);
        for (std::size_t t = m_data.index[i]; t <= m_data.index[i + 1]; ++t) {
            const double s = static_cast<double>(t - m_data.index[i]), r = h - s;
            var[t] =
                (r / h) * (r / h) * v[i] + (s / h) * (s / h) * v[i + 1] + q * s * s * s * r * r * r / (3 * h * h * h);
        }
    }
    const double h0 = static_cast<double>(m_data.index[1] - m_data.index[0]);
    const double hk = static_cast<double>(m_data.index[k - 1] - m_data.index[k - 2]);
    for (std::size_t t = 0; t < m_data.index.front(); ++t) {
        const double d = static_cast<double>(m_data.index.front() - t);
        var[t] = v[0] + d * d * (v[0] + v[1]) / (h0 * h0) + q * d * d * d / 3;
    }
    for (std::size_t t = m_data.index.back() + 1; t < n; ++t) {
        const double d = static_cast<double>(t - m_data.index.back());
        var[t] = v[k - 1] + d * d * (v[k - 1] + v[k - 2]) / (hk * hk) + q * d * d * d / 3;
    }
    return var;
}

namespace {
bool sampledAt(const DSplineFit& f, std::size_t t) {
    return std::binary_search(f.knotIndex.begin(), f.knotIndex.end(), t);
}
double sigma2Or1(const DSplineFit& f) {
    return std::isfinite(f.sigma2) && f.sigma2 > 0 ? f.sigma2 : 1.0;
}
} // namespace

SampleProposal proposeNextSample(const DSpline& spline, const DSplineFit& fit) {
    const auto var = spline.posteriorVariance(fit);
    const bool allSampled = fit.knotIndex.size() == var.size();
    SampleProposal p;
    for (std::size_t t = 0; t < var.size(); ++t) {
        if (!allSampled && sampledAt(fit, t)) continue;
        if (!p.valid || var[t] > p.score) {
            p.valid = true;
            p.size = spline.grid().sizeAt(t);
            p.score = var[t];
        }
    }
    if (p.valid) p.reason = "largest posterior variance of the fit (in units of the noise variance)";
    return p;
}

SampleProposal proposeNextSampleForWinner(const std::vector<CandidateCurve>& curves) {
    if (curves.empty()) return {};
    if (curves.size() == 1) {
        auto p = proposeNextSample(*curves[0].spline, *curves[0].fit);
        p.candidate = curves[0].name;
        return p;
    }
    const std::size_t n = curves[0].spline->grid().count();
    std::vector<std::vector<double>> var;
    for (const auto& c : curves) {
        if (c.spline->grid().count() != n || c.spline->grid().from() != curves[0].spline->grid().from() ||
            c.spline->grid().step() != curves[0].spline->grid().step())
            throw FitInputError("candidate curves for a winner proposal must share one grid");
        auto v = c.spline->posteriorVariance(*c.fit);
        for (double& x : v) x *= sigma2Or1(*c.fit);
        var.push_back(std::move(v));
    }
    SampleProposal p;
    double bestSd = 0;
    for (std::size_t t = 0; t < n; ++t) {
        std::size_t a = 0, b = 1;
        if (curves[b].fit->values[t] > curves[a].fit->values[t]) std::swap(a, b);
        for (std::size_t c = 2; c < curves.size(); ++c) {
            const double v = curves[c].fit->values[t];
            if (v > curves[a].fit->values[t])
                b = a, a = c;
            else if (v > curves[b].fit->values[t])
                b = c;
        }
        const double margin = curves[a].fit->values[t] - curves[b].fit->values[t];
        const double sd = std::sqrt(var[a][t] + var[b][t]);
        const double flip = sd > 0 ? 0.5 * std::erfc(margin / (sd * std::sqrt(2.0))) : (margin > 0 ? 0.0 : 0.5);
        if (!p.valid || flip > p.score || (flip == p.score && sd > bestSd)) {
            p.valid = true;
            p.size = curves[0].spline->grid().sizeAt(t);
            p.score = flip;
            bestSd = sd;
            p.candidate = var[a][t] >= var[b][t] ? curves[a].name : curves[b].name;
        }
    }
    if (p.valid) p.reason = "highest probability that the apparent winner at this size is wrong";
    return p;
}

} // namespace kt::fit
