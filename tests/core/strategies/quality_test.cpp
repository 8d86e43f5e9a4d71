// Selection quality: exhaustive finds the true best, two-stage and sieve find a planted sweep winner, the
// model-guided strategies get within 3% of the exhaustive best with a small fraction of its evaluations.
#include <cstdio>
#include <set>

#include <gtest/gtest.h>

#include "core/strategies/strategy.hpp"
#include "support/synthetic/synthetic_landscape.hpp"

using namespace kt;

namespace {

// A 10×10 bowl peaking at A=5,B=5 at the stage sizes; (6,4) is a little worse there but gains 20 at the other sweep
// sizes, so it is the best by mean over the sweep. Candidates with A=1 fail.
SyntheticLandscape plantedLandscape() {
    SyntheticLandscape l;
    std::vector<ParamValue> v{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    l.space.addParameter({"A", v, ""});
    l.space.addParameter({"B", v, ""});
    l.sizes = {{{1536}}, {{4096}}};
    l.sweep = {{{512}}, {{1024}}, {{1536}}, {{2048}}, {{4096}}, {{8192}}};
    l.value = [](const Point& p, const ProblemSize& s) -> std::optional<double> {
        double a = static_cast<double>(p.values()[0]), b = static_cast<double>(p.values()[1]);
        if (a == 1) return std::nullopt;
        double value = 100 - (a - 5) * (a - 5) - (b - 5) * (b - 5);
        bool stageSize = s.dims[0] == 1536 || s.dims[0] == 4096;
        if (a == 6 && b == 4 && !stageSize) value += 20;
        return value;
    };
    return l;
}

StrategyResult runStrategy(const std::string& name, const SyntheticLandscape& l, Evaluator& e, std::uint64_t budget,
                           std::uint64_t seed, bool sweep, const StrategyOptions& options = {}) {
    SearchContext ctx;
    ctx.options = options;
    ctx.space = &l.space;
    ctx.evaluator = &e;
    ctx.sizes = l.sizes;
    if (sweep) ctx.sweep = l.sweep;
    ctx.seed = seed;
    ctx.budget.maxEvaluations = budget;
    return StrategyRegistry::instance().create(name)->run(ctx);
}

} // namespace

TEST(StrategyQuality, ExhaustiveFindsTheTrueBest) {
    for (std::uint64_t seed : {1, 2}) {
        SyntheticLandscape l = gemmLikeLandscape(seed);
        std::string bestKey;
        double best = -1;
        std::uint64_t failing = 0, valid = 0;
        l.space.forEachValid([&](const Point& p) {
            ++valid;
            auto v = trueMeanScore(l, p, l.sizes);
            if (!v) ++failing;
            else if (*v > best) best = *v, bestKey = p.key();
            return true;
        });
        SyntheticEvaluator evaluator(l);
        StrategyResult r = runStrategy("exhaustive", l, evaluator, 0, 1, false);
        ASSERT_FALSE(r.best.empty());
        EXPECT_EQ(r.best.front().point.key(), bestKey);
        EXPECT_DOUBLE_EQ(r.best.front().score, best);
        EXPECT_EQ(r.measured, valid * l.sizes.size());
        EXPECT_EQ(r.best.size(), std::min<std::uint64_t>(1000, valid - failing)); // the best 1000 ("keep")
        EXPECT_EQ(r.evaluations.size(), valid * l.sizes.size());               // but every evaluation
        for (const auto& ranked : r.best) EXPECT_TRUE(trueMeanScore(l, ranked.point, l.sizes)); // failures never ranked
        EXPECT_GT(failing, 0u);
        EXPECT_EQ(r.stop, StopReason::Completed);
    }
}

TEST(StrategyQuality, TwoStageAndSieveFindThePlantedSweepWinner) {
    SyntheticLandscape l = plantedLandscape();
    for (const char* name : {"two-stage", "sieve"}) {
        SCOPED_TRACE(name);
        SyntheticEvaluator evaluator(l);
        StrategyResult r = runStrategy(name, l, evaluator, 0, 1, true);
        ASSERT_FALSE(r.best.empty());
        EXPECT_EQ(r.best.front().point.key(), "A=6,B=4");
        EXPECT_EQ(r.scoreSizes.size(), l.sweep.size());
    }
    // Exhaustive over the stage sizes alone picks the stage winner: the second stage is what finds (6,4).
    SyntheticEvaluator evaluator(l);
    EXPECT_EQ(runStrategy("exhaustive", l, evaluator, 0, 1, false).best.front().point.key(), "A=5,B=5");
    // Paper sizes of the second stage: top 50 for two-stage, 10 finalists for the sieve.
    SyntheticEvaluator e2(l), e3(l);
    auto two = runStrategy("two-stage", l, e2, 0, 1, true);
    auto sieve = runStrategy("sieve", l, e3, 0, 1, true);
    EXPECT_EQ(two.best.size(), 50u);
    EXPECT_EQ(sieve.best.size(), 10u);
    // Every candidate (failing ones too) at 2 stage sizes, then the top 50 at the 4 sweep sizes not measured yet.
    EXPECT_EQ(two.measured, 100u * 2 + 50u * 4);
    EXPECT_EQ(sieve.measured, 100u * 2 + 10u * 4);
}

// (9,9) wins only the large stage size, so its stage mean is far from the top; over the sweep it is the best. With
// champions=1 two-stage takes each stage size's winner to the sweep as well; without, it never sees (9,9) there.
TEST(StrategyQuality, TwoStageWithChampionsSweepsEachStageSizesWinner) {
    SyntheticLandscape l = plantedLandscape();
    const auto bowl = l.value;
    l.value = [bowl](const Point& p, const ProblemSize& s) -> std::optional<double> {
        auto v = bowl(p, s);
        if (v && p.key() == "A=9,B=9") *v += s.dims[0] == 4096 ? 40 : s.dims[0] == 1536 ? 0 : 80;
        return v;
    };
    auto run = [&](bool champions) {
        SyntheticEvaluator evaluator(l);
        StrategyOptions options;
        options.values["top"] = 5;
        if (champions) options.values["champions"] = 1;
        return runStrategy("two-stage", l, evaluator, 0, 1, true, options);
    };
    const auto plain = run(false), withChampions = run(true);
    ASSERT_FALSE(plain.best.empty());
    ASSERT_FALSE(withChampions.best.empty());
    EXPECT_EQ(plain.best.size(), 5u);
    EXPECT_NE(plain.best.front().point.key(), "A=9,B=9");
    // The 1536 winner (5,5) is in the top 5 already; the 4096 winner (9,9) joins them.
    EXPECT_EQ(withChampions.best.size(), 6u);
    EXPECT_EQ(withChampions.best.front().point.key(), "A=9,B=9");
    EXPECT_EQ(withChampions.measured, plain.measured + 4u); // (9,9) at the four sweep sizes not measured yet
}

TEST(StrategyQuality, SieveKeepsEachSizesChampionWhenAsked) {
    // The bowl of plantedLandscape at four sizes, and (10,10), last everywhere but far first at the largest size:
    // one size's points (1) against the bowl's centre ranks at all four, so by points alone it is no finalist.
    SyntheticLandscape l;
    std::vector<ParamValue> v{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    l.space.addParameter({"A", v, ""});
    l.space.addParameter({"B", v, ""});
    l.sizes = {{{1000}}, {{2000}}, {{3000}}, {{4000}}};
    l.sweep = l.sizes;
    l.value = [](const Point& p, const ProblemSize& s) -> std::optional<double> {
        const double a = static_cast<double>(p.values()[0]), b = static_cast<double>(p.values()[1]);
        if (a == 10 && b == 10) return s.dims[0] == 4000 ? 500.0 : 1.0;
        return 100 - (a - 5) * (a - 5) - (b - 5) * (b - 5);
    };
    auto finalists = [&](bool champions) {
        SyntheticEvaluator evaluator(l);
        StrategyOptions options;
        options.values["ranks"] = 5;
        options.values["finalists"] = 3;
        if (champions) options.values["champions"] = 1;
        std::set<std::string> keys;
        for (const auto& r : runStrategy("sieve", l, evaluator, 0, 1, true, options).best) keys.insert(r.point.key());
        return keys;
    };
    const auto byPoints = finalists(false), withChampions = finalists(true);
    EXPECT_EQ(byPoints.size(), 3u);
    EXPECT_FALSE(byPoints.count("A=10,B=10"));
    EXPECT_TRUE(byPoints.count("A=5,B=5"));
    EXPECT_EQ(withChampions.size(), 3u); // the champions count towards the finalists
    EXPECT_TRUE(withChampions.count("A=10,B=10"));
    EXPECT_TRUE(withChampions.count("A=5,B=5")); // the champion of the three other sizes
}

TEST(StrategyQuality, TwoStageAndSieveMatchTheExhaustiveSweepBestOnGemmLike) {
    for (std::uint64_t seed : {1, 2, 3}) {
        SyntheticLandscape l = gemmLikeLandscape(seed);
        double bound = 0;
        l.space.forEachValid([&](const Point& p) {
            bound = std::max(bound, trueMeanScore(l, p, l.sweep).value_or(0));
            return true;
        });
        for (const char* name : {"two-stage", "sieve"}) {
            SCOPED_TRACE(std::string(name) + " seed " + std::to_string(seed));
            SyntheticEvaluator evaluator(l);
            StrategyResult r = runStrategy(name, l, evaluator, 0, seed, true);
            ASSERT_FALSE(r.best.empty());
            double got = *trueMeanScore(l, r.best.front().point, l.sweep);
            EXPECT_GE(got, 0.99 * bound);
        }
    }
}

TEST(StrategyQuality, ModelGuidedStrategiesReachWithin3PercentWithAFractionOfTheEvaluations) {
    // The surrogate is held to 2% of the exhaustive evaluations, the model-free annealing to 5%.
    for (auto [name, fraction] : {std::pair<const char*, double>{"surrogate", 0.02}, {"annealing", 0.05}}) {
        double worst = 1e9, usedFraction = 0;
        for (std::uint64_t seed : {1, 2, 3}) {
            SyntheticLandscape l = gemmLikeLandscape(seed);
            double bound = 0;
            std::uint64_t valid = 0;
            l.space.forEachValid([&](const Point& p) {
                ++valid;
                bound = std::max(bound, trueMeanScore(l, p, l.sizes).value_or(0));
                return true;
            });
            const std::uint64_t exhaustiveEvaluations = valid * l.sizes.size();
            const auto budget = static_cast<std::uint64_t>(fraction * static_cast<double>(exhaustiveEvaluations));
            SyntheticEvaluator evaluator(l);
            StrategyResult r = runStrategy(name, l, evaluator, budget, seed * 31, false);
            ASSERT_FALSE(r.best.empty());
            double got = *trueMeanScore(l, r.best.front().point, l.sizes);
            double ratio = got / bound;
            worst = std::min(worst, ratio);
            usedFraction = static_cast<double>(r.measured) / static_cast<double>(exhaustiveEvaluations);
            EXPECT_GE(ratio, 0.97) << name << " seed " << seed;
        }
        std::printf("[ info ] %s: worst of 3 seeds %.2f%% of the exhaustive best using %.1f%% of its evaluations\n",
                    name, 100 * worst, 100 * usedFraction);
    }
}
