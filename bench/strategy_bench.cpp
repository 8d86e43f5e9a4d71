// kt_strategy_bench: strategies × (evaluations, % of the exhaustive best) on synthetic GEMM-like landscapes over
// several seeds, plus the time to count large constrained spaces. Results are recorded in docs/perf/strategies.md.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "core/strategies/strategy.hpp"
#include "support/synthetic/synthetic_landscape.hpp"

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

void countingBench() {
    std::printf("## Counting valid points\n\n| space | cartesian | valid | ms |\n|---|---:|---:|---:|\n");
    std::vector<ParamValue> ten{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    struct Case {
        const char* label;
        std::vector<std::string> constraints;
    };
    for (const Case& c :
         {Case{"7×10 values, pruned at levels 2/4/6 (A==B, C==D, E==F)", {"A == B", "C == D", "E == F"}},
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

void strategyTable(const char* title, double ruggedness, int seeds, const std::vector<double>& fractions) {
    struct Row {
        std::vector<double> evaluations, percent;
    };
    std::map<std::string, Row> rows;
    std::vector<std::string> order;
    std::uint64_t validPoints = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        SyntheticLandscape l = gemmLikeLandscape(static_cast<std::uint64_t>(seed), 0.01, ruggedness);
        validPoints = l.space.countValid();
        // Bounds: the exhaustive best over the objective sizes and over the sweep.
        double boundSizes = 0, boundSweep = 0;
        l.space.forEachValid([&](const Point& p) {
            boundSizes = std::max(boundSizes, trueMeanScore(l, p, l.sizes).value_or(0));
            boundSweep = std::max(boundSweep, trueMeanScore(l, p, l.sweep).value_or(0));
            return true;
        });
        struct Run {
            std::string label, strategy;
            double fraction;
        };
        std::vector<Run> runs{{"exhaustive", "exhaustive", 0}};
        for (const char* name : {"random", "annealing", "surrogate"})
            for (double f : fractions) {
                char label[64];
                std::snprintf(label, sizeof label, "%s @ %g%%", name, f * 100);
                runs.push_back({label, name, f});
            }
        runs.push_back({"two-stage (top 50)", "two-stage", 0});
        runs.push_back({"sieve (25 ranks, 10 finalists)", "sieve", 0});
        for (const auto& run : runs) {
            if (seed == 1) order.push_back(run.label);
            SyntheticEvaluator evaluator(l);
            SearchContext ctx;
            ctx.space = &l.space;
            ctx.evaluator = &evaluator;
            ctx.seed = static_cast<std::uint64_t>(seed) * 7919;
            ctx.sizes = l.sizes;
            const bool sweeps = run.strategy == "two-stage" || run.strategy == "sieve";
            if (sweeps) ctx.sweep = l.sweep;
            if (run.fraction > 0)
                ctx.budget.maxEvaluations =
                    static_cast<std::uint64_t>(run.fraction * static_cast<double>(validPoints * l.sizes.size()));
            StrategyResult r = StrategyRegistry::instance().create(run.strategy)->run(ctx);
            double got =
                r.best.empty() ? 0 : trueMeanScore(l, r.best.front().point, sweeps ? l.sweep : l.sizes).value_or(0);
            rows[run.label].evaluations.push_back(static_cast<double>(r.measured));
            rows[run.label].percent.push_back(100.0 * got / (sweeps ? boundSweep : boundSizes));
        }
    }
    double exhaustiveEvals = mean(rows["exhaustive"].evaluations);
    std::printf("## Strategies on the %s synthetic GEMM-like landscape (ruggedness %.2f, %llu valid points x 2 sizes, "
                "%d seeds)\n\n",
                title, ruggedness, static_cast<unsigned long long>(validPoints), seeds);
    std::printf("| strategy | evaluations (mean) | of exhaustive | %% of exhaustive best (mean) | worst seed | "
                "seeds within 3%% |\n");
    std::printf("|---|---:|---:|---:|---:|---:|\n");
    for (const auto& label : order) {
        const Row& r = rows[label];
        int within = 0;
        for (double p : r.percent) within += p >= 97.0;
        std::printf("| %s | %.0f | %.1f%% | %.2f%% | %.2f%% | %d/%d |\n", label.c_str(), mean(r.evaluations),
                    100.0 * mean(r.evaluations) / exhaustiveEvals, mean(r.percent), minOf(r.percent), within, seeds);
    }
    std::printf("\nThe bound is the exhaustive best: over the 2 objective sizes, and over the %zu-size sweep for "
                "two-stage and sieve (which measure their finalists over the sweep).\n\n",
                gemmLikeLandscape(1).sweep.size());
}

} // namespace

int main(int argc, char** argv) {
    // Usage: kt_strategy_bench [seeds=10] [budget fractions=0.01,0.02,0.05]
    int seeds = argc > 1 ? std::atoi(argv[1]) : 10;
    std::vector<double> fractions;
    for (std::string list = argc > 2 ? argv[2] : "0.01,0.02,0.05"; !list.empty();) {
        auto comma = list.find(',');
        fractions.push_back(std::atof(list.substr(0, comma).c_str()));
        list = comma == std::string::npos ? "" : list.substr(comma + 1);
    }
    countingBench();

    strategyTable("smooth", 0.06, seeds, fractions);
    strategyTable("rugged", 0.3, seeds, fractions);
    return 0;
}
