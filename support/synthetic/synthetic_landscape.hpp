// Synthetic tuning landscapes and an in-memory evaluator for them, so strategies can be tested and benchmarked
// without a device (as Kernel Tuner's simulation runner does with cached results).
#pragma once
#include <functional>
#include <map>
#include <string>

#include "core/strategies/evaluator.hpp"

namespace kt {

struct SyntheticLandscape {
    ParameterSpace space;
    // Value of a point at a size (higher is better); nullopt models a candidate that fails (compile error…).
    std::function<std::optional<double>(const Point&, const ProblemSize&)> value;
    std::vector<ProblemSize> sizes; // representative sizes
    std::vector<ProblemSize> sweep; // a size sweep
};

// A GEMM-like landscape over GEMM_ML, NL, KL, MS, NS, VW, KS (powers of two, ~1.9·10⁴ valid points): a smooth function
// of the log2 parameters with interactions (work-group size, register tile, local-memory footprint, vector width vs
// tile), a padding penalty that depends on the problem size, a few failing candidates and deterministic ±`noise`
// multiplicative measurement noise. `seed` shifts the optimum; `ruggedness` is the width of the per-kernel
// idiosyncratic factor exp(±ruggedness/2) that no smooth model can predict.
SyntheticLandscape gemmLikeLandscape(std::uint64_t seed, double noise = 0.01, double ruggedness = 0.06);

// The landscape's true mean value of `point` over `sizes` (no noise beyond the landscape's own, no cache, no budget):
// what a chosen point really delivers. nullopt when it fails at one of them.
std::optional<double> trueMeanScore(const SyntheticLandscape& landscape, const Point& point,
                                    const std::vector<ProblemSize>& sizes);

// Evaluates a landscape; counts measurements; optionally advances a fake clock per measurement (for wall-budget
// tests) and serves a pre-filled cache through lookup().
class SyntheticEvaluator : public Evaluator {
public:
    explicit SyntheticEvaluator(const SyntheticLandscape& landscape) : m_landscape(landscape) {}
    std::vector<Evaluation> evaluate(const std::vector<Point>& points, const ProblemSize& size) override;
    std::optional<Evaluation> lookup(const Point& point, const ProblemSize& size) override;

    // Puts (point, size) in the cache lookup() serves.
    void remember(const Point& point, const ProblemSize& size);
    std::uint64_t measurements() const { return m_measurements; }
    std::uint64_t batches() const { return m_batches; }
    // Fake clock: seconds advanced per measured point; clock() reads it.
    void setSecondsPerEvaluation(double seconds) { m_secondsPer = seconds; }
    double clock() const { return m_clock; }

private:
    const SyntheticLandscape& m_landscape;
    std::map<std::string, Evaluation> m_cache;
    std::uint64_t m_measurements = 0, m_batches = 0;
    double m_secondsPer = 0, m_clock = 0;
};

} // namespace kt
