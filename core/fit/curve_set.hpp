// Several candidates' performance curves over one size grid, each fitted by a d-spline, and who wins where: what the
// size pipeline turns into a dispatch rule and what incremental sampling asks before measuring more.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/fit/d_spline.hpp"

namespace kt::fit {

struct CurveSamples {
    std::string name;
    std::vector<Sample> samples; // sizes on the grid; repeats are averaged
};

struct FittedCurve {
    std::string name;
    DSpline spline;
    DSplineFit fit;
    std::vector<double> variance; // posterior variance of the fit at every grid point, in value units squared
};

// Fits every curve with samples at two or more distinct sizes (α < 0: by GCV); curves with fewer are left out
// (a candidate that failed at most sizes has no curve to compare). Throws FitInputError for samples off the grid.
std::vector<FittedCurve> fitCurves(const SizeGrid& grid, const std::vector<CurveSamples>& curves, double alpha = -1);

struct WinnerAt {
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    std::size_t best = npos;   // index into the curves
    std::size_t second = npos; // npos with one curve
    // Probability that `second` is really better than `best` at this size, from the margin between the fitted
    // values and both posterior variances (0 with one curve).
    double flip = 0;
};

// The apparent winner at a grid index and how sure the fits are of it.
WinnerAt winnerAt(const std::vector<FittedCurve>& curves, std::size_t gridIndex);

} // namespace kt::fit
