// d-spline fitting over problem size: smoothing of sampled values on a size grid, α by hand or by GCV, and the
// proposal of the next size to measure (incremental sampling, 逐次添加).
#pragma once
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "core/fit/d_spline_solver.hpp"
#include "core/fit/size_grid.hpp"

namespace kt::fit {

struct Sample {
    long long size = 0;
    double value = 0;
    double weight = 1; // repeated samples at one size are averaged by weight
};

struct DSplineFit {
    std::vector<double> values; // f at every grid point
    double alpha = 0;
    double traceHat = 0;                                      // effective degrees of freedom, in [2, distinct sizes]
    double rss = 0;                                           // weighted residual sum of squares over the raw samples
    double gcv = std::numeric_limits<double>::quiet_NaN();    // n·RSS/(n − tr H)²; NaN when n − tr H ≈ 0
    double sigma2 = std::numeric_limits<double>::quiet_NaN(); // noise variance estimate RSS/(n − tr H)
    std::size_t sampleCount = 0;                              // raw samples
    std::size_t distinctSizes = 0;
    std::vector<std::size_t> knotIndex; // grid indices of the distinct sample sizes
    std::vector<double> knotLeverage;   // H(i,i) at those sizes
    std::vector<double> knotWeight;     // total sample weight at those sizes
};

struct AutoAlphaOptions {
    double minAlpha = 1e-3;
    double maxAlpha = 1e6;
    int pointsPerDecade = 4; // coarse log-grid scan, then golden-section refinement around the best point
};

// Minimises ‖y − E·f‖² + α²‖D·f‖² over the grid (D: second differences). Construction validates the samples:
// every size on the grid, finite values, positive finite weights, and at least 2 distinct sizes (otherwise
// the straight lines in D's null space are not determined). Throws FitInputError.
class DSpline {
public:
    DSpline(SizeGrid grid, const std::vector<Sample>& samples);

    const SizeGrid& grid() const { return m_grid; }
    DSplineFit fit(double alpha) const;
    // α minimising GCV(α) over [minAlpha, maxAlpha].
    DSplineFit fitAuto(const AutoAlphaOptions& options = {}) const;
    // GCV alone (no grid fill, no leverages): what the α search evaluates.
    double gcv(double alpha) const;

    // Approximate posterior variance of f at every grid point (in units of the noise variance σ²): the knots'
    // own variance H(i,i)/w_i interpolated across each gap, plus the variance of a cubic-spline bridge
    // (α⁻²·s³(h−s)³/(3h³)) that grows in the middle of long gaps, and the slope uncertainty outside the knots.
    // It is O(N) and ranks sizes by "how much would measuring here change the fit"; it is not an
    // exact diag(A⁻¹).
    std::vector<double> posteriorVariance(const DSplineFit& fit) const;

private:
    DSplineFit compute(double alpha, bool full) const; // in units of m_scale
    DSplineFit unscaled(DSplineFit fit) const;

    SizeGrid m_grid;
    IndexedData m_data;    // the samples merged per grid index
    double m_scale = 0;    // the largest |y|: values are fitted as y / m_scale
    double m_withinSs = 0; // Σ w (y − ȳ_group)²: the part of the RSS no fit can remove (in units of m_scale²)
    std::size_t m_rawCount = 0;
};

struct SampleProposal {
    bool valid = false;
    long long size = 0;
    std::string candidate; // which curve to measure (empty for a single curve)
    double score = 0;      // the criterion's value at that size
    std::string reason;
};

// Next size to measure for one curve: where the posterior variance (how far the fit could move) is largest.
// Sizes already sampled are skipped unless every grid point is sampled.
SampleProposal proposeNextSample(const DSpline& spline, const DSplineFit& fit);

struct CandidateCurve {
    std::string name;
    const DSpline* spline = nullptr;
    const DSplineFit* fit = nullptr;
};

// Next size to measure when the question is which candidate wins: at every grid point, the probability that the
// apparent winner is not the real one, P(z < −margin/sd), with the margin between the two best fitted values and
// sd from both posterior variances (σ² of each fit). The proposal is the size where the winner is most uncertain,
// and the one of the two candidates whose curve is less certain there. All curves must share one grid.
SampleProposal proposeNextSampleForWinner(const std::vector<CandidateCurve>& curves);

} // namespace kt::fit
