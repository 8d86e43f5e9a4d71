// kt_strategy_bench: strategies × (evaluations, % of the exhaustive best) on synthetic GEMM-like landscapes over
// several seeds, plus the time to count large constrained spaces. Results are recorded in docs/perf/strategies.md.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "core/strategies/strategy.hpp"
#include "core/strategies/synthetic.hpp"

using namespace kt;

namespace {

double mean(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return v.empty() ? 0 : s / static_cast<double>(v.size());
}

double minOf(const std::vector<double>& v) {
    double m = v.empty() ? 0 : v[0];
    for (double x : v) m = std::min(m, x);
    return m;
}

// True mean of `point` over `sizes` (no cache, no budget): what the chosen point really delivers.
std::optional<double> trueScore(const SyntheticLandscape& l, const Point& p, const std::vector<ProblemSize>& sizes) {
    double s = 0;
    for (const auto& size : sizes) {
        auto v = l.value(p, size);
        if (!v) return std::nullopt;
        s += *v;
    }
    return s / static_cast<double>(sizes.size());
}

void countingBench() {
    std::printf("## Counting valid points\n\n| space | cartesian | valid | ms |\n|---|---:|---:|---:|\n");
    std::vector<ParamValue> ten{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    struct Case {
        const char* label;
        std::vector<std::string> constraints;
    };
    for (const Case& c : {Case{"7×10 values, pruned at levels 2/4/6 (A==B, C==D, E==F)", {"A == B", "C == D", "E == F"}},
                          Case{"7×10 values, one constraint over all 7 (checked at the last level)",
                               {"(A * B * C * D * E * F * G) % 1000 == 0"}}}) {
        ParameterSpace s;
        for (const char* n : {"A", "B", "C", "D", "E", "F", "G"}) s.addParameter({n, ten, ""});
        for (const auto& e : c.constraints) s.addConstraint({e, ""});
        auto t0 = std::chrono::steady_clock::now();
        std::uint64_t count = s.countValid();
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        std::printf("| %s | %llu | %llu | %.1f |\n", c.label, static_cast<unsigned long long>(s.cartesianSize()),
                    static_cast<unsigned long long>(count), ms);
    }
    std::printf("\n");
}

} // namespace

int main(int argc, char** argv) {
    int seeds = argc > 1 ? std::atoi(argv[1]) : 5;
    double fraction = argc > 2 ? std::atof(argv[2]) : 0.05;
    countingBench();

    struct Row {
        std::vector<double> evaluations, percent;
    };
    std::map<std::string, Row> rows;
    std::vector<std::string> order{"exhaustive", "random", "annealing", "surrogate", "two-stage", "sieve"};
    std::uint64_t validPoints = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        SyntheticLandscape l = gemmLikeLandscape(static_cast<std::uint64_t>(seed));
        validPoints = l.space.countValid();
        // Bounds: the exhaustive best over the objective sizes and over the sweep.
        double boundSizes = 0, boundSweep = 0;
        l.space.forEachValid([&](const Point& p) {
            boundSizes = std::max(boundSizes, trueScore(l, p, l.sizes).value_or(0));
            boundSweep = std::max(boundSweep, trueScore(l, p, l.sweep).value_or(0));
            return true;
        });
        for (const auto& name : order) {
            SyntheticEvaluator evaluator(l);
            SearchContext ctx;
            ctx.space = &l.space;
            ctx.evaluator = &evaluator;
            ctx.seed = static_cast<std::uint64_t>(seed) * 7919;
            ctx.sizes = l.sizes;
            const bool sweeps = name == "two-stage" || name == "sieve";
            if (sweeps) ctx.sweep = l.sweep;
            if (name == "random" || name == "annealing" || name == "surrogate")
                ctx.budget.maxEvaluations =
                    static_cast<std::uint64_t>(fraction * static_cast<double>(validPoints * l.sizes.size()));
            StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
            double got = r.best.empty() ? 0 : trueScore(l, r.best.front().point, sweeps ? l.sweep : l.sizes).value_or(0);
            rows[name].evaluations.push_back(static_cast<double>(r.measured));
            rows[name].percent.push_back(100.0 * got / (sweeps ? boundSweep : boundSizes));
        }
    }
    double exhaustiveEvals = mean(rows["exhaustive"].evaluations);
    std::printf("## Strategies on the synthetic GEMM-like landscape (%llu valid points, %d seeds, budget %.0f%% of "
                "exhaustive for random/annealing/surrogate)\n\n",
                static_cast<unsigned long long>(validPoints), seeds, fraction * 100);
    std::printf("| strategy | evaluations (mean) | of exhaustive | %% of exhaustive best (mean) | (worst seed) |\n");
    std::printf("|---|---:|---:|---:|---:|\n");
    for (const auto& name : order) {
        const Row& r = rows[name];
        std::printf("| %s | %.0f | %.1f%% | %.2f%% | %.2f%% |\n", name.c_str(), mean(r.evaluations),
                    100.0 * mean(r.evaluations) / exhaustiveEvals, mean(r.percent), minOf(r.percent));
    }
    std::printf("\nThe bound is the exhaustive best (over the 2 objective sizes; over the %zu-size sweep for two-stage "
                "and sieve, which also measure their finalists over the sweep).\n",
                gemmLikeLandscape(1).sweep.size());
    return 0;
}
