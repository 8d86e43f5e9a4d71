// Fits of several candidates' curves on one grid and the winner at a size with its flip probability.
#include "core/fit/curve_set.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace kt::fit {

std::vector<FittedCurve> fitCurves(const SizeGrid& grid, const std::vector<CurveSamples>& curves, double alpha) {
    std::vector<FittedCurve> out;
    for (const auto& c : curves) {
        std::set<long long> sizes;
        for (const auto& s : c.samples) sizes.insert(s.size);
        if (sizes.size() < 2) continue;
        DSpline spline(grid, c.samples);
        DSplineFit f = alpha < 0 ? spline.fitAuto() : spline.fit(alpha);
        auto variance = spline.posteriorVariance(f);
        // posteriorVariance is in units of the noise variance; an interpolating fit has no estimate of it, and
        // then the variance of one sample is taken as (1% of the curve's largest value)², a typical timing spread.
        double sigma2 = f.sigma2;
        if (!std::isfinite(sigma2) || !(sigma2 > 0)) {
            double top = 0;
            for (const auto& s : c.samples) top = std::max(top, std::fabs(s.value));
            sigma2 = (0.01 * top) * (0.01 * top);
            if (!(sigma2 > 0)) sigma2 = 1;
        }
        for (double& v : variance) v *= sigma2;
        out.push_back({c.name, std::move(spline), std::move(f), std::move(variance)});
    }
    return out;
}

WinnerAt winnerAt(const std::vector<FittedCurve>& curves, std::size_t t) {
    WinnerAt w;
    for (std::size_t c = 0; c < curves.size(); ++c) {
        const double v = curves[c].fit.values.at(t);
        if (w.best == WinnerAt::npos || v > curves[w.best].fit.values[t]) {
            w.second = w.best;
            w.best = c;
        } else if (w.second == WinnerAt::npos || v > curves[w.second].fit.values[t]) {
            w.second = c;
        }
    }
    if (w.second == WinnerAt::npos) return w;
    const double margin = curves[w.best].fit.values[t] - curves[w.second].fit.values[t];
    const double sd = std::sqrt(curves[w.best].variance[t] + curves[w.second].variance[t]);
    w.flip = sd > 0 ? 0.5 * std::erfc(margin / (sd * std::sqrt(2.0))) : (margin > 0 ? 0.0 : 0.5);
    return w;
}

} // namespace kt::fit
