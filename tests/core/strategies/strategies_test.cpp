// Every strategy honours the evaluation and wall budgets, the cancel flag and the evaluator's cache; the registry.
#include <set>

#include <gtest/gtest.h>

#include "core/strategies/strategy.hpp"
#include "support/synthetic/synthetic_landscape.hpp"

using namespace kt;

namespace {

const std::vector<std::string> kAll{"exhaustive", "random", "two-stage", "sieve", "annealing", "surrogate"};

SearchContext contextFor(const SyntheticLandscape& l, Evaluator& e) {
    SearchContext ctx;
    ctx.space = &l.space;
    ctx.evaluator = &e;
    ctx.sizes = l.sizes;
    ctx.sweep = {l.sweep[0], l.sweep[5], l.sweep[15]};
    ctx.seed = 42;
    return ctx;
}

} // namespace

TEST(StrategyRegistry, ListsTheBuiltinsAndRejectsUnknownNames) {
    auto names = StrategyRegistry::instance().names();
    for (const auto& n : kAll) EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
    try {
        StrategyRegistry::instance().create("genetic-magic");
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("known: annealing"), std::string::npos) << e.what();
    }
    for (const auto& n : kAll) EXPECT_EQ(StrategyRegistry::instance().create(n)->name(), n);
}

TEST(Strategies, HonourMaxEvaluationsExactly) {
    SyntheticLandscape l = gemmLikeLandscape(3);
    for (const auto& name : kAll) {
        for (std::uint64_t budget : {1u, 137u, 1000u}) {
            SCOPED_TRACE(name + " budget " + std::to_string(budget));
            SyntheticEvaluator evaluator(l);
            SearchContext ctx = contextFor(l, evaluator);
            ctx.budget.maxEvaluations = budget;
            StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
            EXPECT_EQ(r.measured, budget);
            EXPECT_EQ(evaluator.measurements(), budget);
            EXPECT_EQ(r.evaluations.size(), budget);
            EXPECT_EQ(r.stop, StopReason::Evaluations);
            // Nothing was measured twice.
            std::set<std::string> keys;
            for (const auto& e : r.evaluations) keys.insert(e.point.key() + "|" + e.size.label());
            EXPECT_EQ(keys.size(), r.evaluations.size());
        }
    }
}

TEST(Strategies, HonourMaxWallSecondsWithAFakeClock) {
    SyntheticLandscape l = gemmLikeLandscape(4);
    for (const auto& name : kAll) {
        SCOPED_TRACE(name);
        SyntheticEvaluator evaluator(l);
        evaluator.setSecondsPerEvaluation(0.5);
        SearchContext ctx = contextFor(l, evaluator);
        ctx.clock = [&] { return evaluator.clock(); };
        ctx.budget.maxWallSeconds = 100; // 200 evaluations
        StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
        EXPECT_EQ(r.stop, StopReason::WallTime);
        EXPECT_LE(evaluator.clock(), 100.0);
        EXPECT_GE(evaluator.clock(), 100.0 - 0.5 * 16); // stopped within one batch of the limit
    }
}

TEST(Strategies, StopWhenCancelledBetweenBatches) {
    SyntheticLandscape l = gemmLikeLandscape(5);
    for (const auto& name : kAll) {
        SCOPED_TRACE(name);
        SyntheticEvaluator evaluator(l);
        SearchContext ctx = contextFor(l, evaluator);
        std::atomic<bool> cancel{false};
        ctx.cancel = &cancel;
        std::uint64_t doneAtCancel = 0;
        ctx.progress = [&](const Progress& p) {
            if (!cancel && p.done >= 300) {
                cancel = true;
                doneAtCancel = p.done;
            }
        };
        StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
        EXPECT_EQ(r.stop, StopReason::Cancelled);
        EXPECT_EQ(r.measured, doneAtCancel); // no batch started after the flag was raised
    }
}

TEST(Strategies, CachedResultsCostNoBudget) {
    SyntheticLandscape l = gemmLikeLandscape(6);
    for (const auto& name : kAll) {
        SCOPED_TRACE(name);
        SyntheticEvaluator evaluator(l);
        // A previous (interrupted) run measured the first 300 valid points at every size.
        int n = 0;
        l.space.forEachValid([&](const Point& p) {
            for (const auto& s : l.sizes) evaluator.remember(p, s);
            for (const auto& s : l.sweep) evaluator.remember(p, s);
            return ++n < 300;
        });
        SearchContext ctx = contextFor(l, evaluator);
        ctx.budget.maxEvaluations = 200;
        StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
        EXPECT_EQ(r.measured, 200u);
        EXPECT_EQ(evaluator.measurements(), 200u);
        EXPECT_EQ(r.evaluations.size(), r.measured + r.reused);
        std::uint64_t cachedFlags = 0;
        for (const auto& e : r.evaluations) cachedFlags += e.cached;
        EXPECT_EQ(cachedFlags, r.reused);
        // Strategies that walk the space in order meet the cached points first.
        if (name == "exhaustive" || name == "two-stage" || name == "sieve") {
            EXPECT_GE(r.reused, 300u);
        }
    }
}

TEST(Strategies, ReportProgressAndAreDeterministic) {
    SyntheticLandscape l = gemmLikeLandscape(7);
    for (const auto& name : kAll) {
        SCOPED_TRACE(name);
        std::string firstBest;
        for (int run = 0; run < 2; ++run) {
            SyntheticEvaluator evaluator(l);
            SearchContext ctx = contextFor(l, evaluator);
            ctx.budget.maxEvaluations = 400;
            std::uint64_t last = 0, calls = 0, lastEstimate = 0;
            ctx.progress = [&](const Progress& p) {
                EXPECT_GE(p.done, last);
                EXPECT_GE(p.totalEstimate, p.done);
                EXPECT_LE(p.totalEstimate, 400u); // never promises more than the budget allows
                last = p.done;
                lastEstimate = p.totalEstimate;
                ++calls;
            };
            StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
            EXPECT_GT(calls, 0u);
            EXPECT_EQ(last, r.measured + r.reused);
            EXPECT_EQ(lastEstimate, last); // the final report says the run is complete
            ASSERT_FALSE(r.best.empty());
            for (std::size_t i = 1; i < r.best.size(); ++i) EXPECT_GE(r.best[i - 1].score, r.best[i].score);
            if (run == 0) {
                firstBest = r.best.front().point.key();
            } else {
                EXPECT_EQ(r.best.front().point.key(), firstBest);
            }
        }
    }
}

TEST(Strategies, NeedASpaceAnEvaluatorAndASize) {
    SyntheticLandscape l = gemmLikeLandscape(1);
    SyntheticEvaluator evaluator(l);
    SearchContext ctx = contextFor(l, evaluator);
    ctx.sizes.clear();
    EXPECT_THROW(StrategyRegistry::instance().create("exhaustive")->run(ctx), std::invalid_argument);
}

TEST(Strategies, HandleEmptyAndSinglePointSpaces) {
    for (const char* constraint : {"A > 100", "A == 3 && B == 2"}) {
        SyntheticLandscape l;
        l.space.addParameter({"A", {1, 2, 3}, ""});
        l.space.addParameter({"B", {1, 2}, ""});
        l.space.addConstraint({constraint, ""});
        l.sizes = {{{64}}};
        l.sweep = {{{32}}, {{64}}};
        l.value = [](const Point& p, const ProblemSize&) -> std::optional<double> { return 1.0 + p.values()[0]; };
        const bool empty = std::string(constraint) == "A > 100";
        for (const auto& name : kAll) {
            SCOPED_TRACE(name + " / " + constraint);
            SyntheticEvaluator evaluator(l);
            SearchContext ctx;
            ctx.space = &l.space;
            ctx.evaluator = &evaluator;
            ctx.sizes = l.sizes;
            ctx.sweep = l.sweep;
            StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
            EXPECT_EQ(r.best.empty(), empty);
            if (!empty) {
                EXPECT_EQ(r.best.front().point.key(), "A=3,B=2");
            }
            EXPECT_NE(r.stop, StopReason::Cancelled);
        }
    }
}

TEST(Strategies, RandomKeepsSamplingPastCachedPointsUntilTheBudgetIsSpent) {
    SyntheticLandscape l = gemmLikeLandscape(8);
    SyntheticEvaluator evaluator(l);
    // Half of the space is already known: the random sample meets many free points.
    int n = 0;
    l.space.forEachValid([&](const Point& p) {
        if (n++ % 2 == 0)
            for (const auto& s : l.sizes) evaluator.remember(p, s);
        return true;
    });
    SearchContext ctx = contextFor(l, evaluator);
    ctx.budget.maxEvaluations = 500;
    StrategyResult r = StrategyRegistry::instance().create("random")->run(ctx);
    EXPECT_EQ(r.measured, 500u);
    EXPECT_GT(r.reused, 300u);
    EXPECT_EQ(r.stop, StopReason::Evaluations);
}

TEST(Strategies, WarmStartMeasuresTheSeedsFirstAndKeepsAGoodSeed) {
    SyntheticLandscape l = gemmLikeLandscape(11);
    // The exhaustive optimum and a mediocre point as seeds: the warm-started strategies measure both first and
    // cannot end below the optimum they were handed; without seeds a 40-evaluation search rarely finds it.
    SyntheticEvaluator all(l);
    SearchContext full = contextFor(l, all);
    const StrategyResult exhaustive = StrategyRegistry::instance().create("exhaustive")->run(full);
    ASSERT_FALSE(exhaustive.best.empty());
    const Point optimum = exhaustive.best.front().point;
    const Point mediocre = exhaustive.best.at(exhaustive.best.size() / 2).point;
    for (const std::string name : {"random", "annealing", "surrogate"}) {
        SCOPED_TRACE(name);
        SyntheticEvaluator evaluator(l);
        SearchContext ctx = contextFor(l, evaluator);
        ctx.budget.maxEvaluations = 40;
        ctx.seeds = {mediocre, optimum};
        const StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
        // Batches go size by size: the first two evaluations are the seeds at the first size.
        ASSERT_GE(r.evaluations.size(), 2u);
        std::set<std::string> firstKeys;
        for (std::size_t i = 0; i < 2; ++i) firstKeys.insert(r.evaluations[i].point.key());
        EXPECT_EQ(firstKeys, (std::set<std::string>{mediocre.key(), optimum.key()}));
        ASSERT_FALSE(r.best.empty());
        EXPECT_EQ(r.best.front().point.key(), optimum.key());
        EXPECT_EQ(r.measured, 40u);
        std::set<std::string> ranked; // a seed drawn again by the search is still ranked once
        for (const auto& b : r.best) EXPECT_TRUE(ranked.insert(b.point.key()).second) << b.point.key();
    }
}

TEST(Strategies, SurrogateClimbsOutsideASampledCandidatePool) {
    // Large spaces get a sampled candidate pool; the hill-climbing moves around the best point must still be
    // measurable when the pool does not hold them (they join the pool), and a measured-out pool is refilled.
    // A pool of 64 points of ~19 000 and 300 evaluations (the search used to stop after 64 of them, 26-81 % of
    // the exhaustive best over these six seeds).
    SyntheticLandscape l = gemmLikeLandscape(12);
    SyntheticEvaluator all(l);
    SearchContext full = contextFor(l, all);
    const double best = StrategyRegistry::instance().create("exhaustive")->run(full).best.front().score;
    int within3 = 0;
    for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u, 6u}) {
        SCOPED_TRACE(seed);
        SyntheticEvaluator evaluator(l);
        SearchContext ctx = contextFor(l, evaluator);
        ctx.seed = seed;
        ctx.options.values["pool"] = 64;
        ctx.budget.maxEvaluations = 300 * ctx.sizes.size();
        const StrategyResult r = StrategyRegistry::instance().create("surrogate")->run(ctx);
        ASSERT_FALSE(r.best.empty());
        EXPECT_EQ(r.measured, ctx.budget.maxEvaluations); // the whole budget was used
        EXPECT_GE(r.best.front().score, 0.85 * best);
        within3 += r.best.front().score >= 0.97 * best;
    }
    EXPECT_GE(within3, 4);
}

// A time budget is checked between batches, so a batch must fit the time left: at large problem sizes one candidate
// takes seconds (H200 2026-11-28 run E: batches of 16 batched-GEMM seeds at 3 GB of operands ran over 30 s past a
// 35 s budget). Here a candidate costs 5 s and the budget is 12 s: a first batch of 16 would run 80 s.
TEST(Strategies, TimeBudgetSizesBatchesToTheTimeLeft) {
    SyntheticLandscape l = gemmLikeLandscape(5);
    for (const std::string name : {"exhaustive", "random", "two-stage", "sieve", "annealing", "surrogate"}) {
        SCOPED_TRACE(name);
        SyntheticEvaluator evaluator(l);
        evaluator.setSecondsPerEvaluation(5);
        SearchContext ctx = contextFor(l, evaluator);
        ctx.clock = [&] { return evaluator.clock(); };
        ctx.budget.maxWallSeconds = 12;
        const StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
        EXPECT_EQ(r.stop, StopReason::WallTime);
        // One candidate (5 s), then what 7 s and 2 s leave room for: one each; the run ends at 15 s.
        EXPECT_EQ(evaluator.measurements(), 3u);
        EXPECT_LE(evaluator.clock(), ctx.budget.maxWallSeconds + 5);
    }
    // Without a time budget the configured batch size stays (16 per call to the evaluator).
    SyntheticEvaluator evaluator(l);
    SearchContext ctx = contextFor(l, evaluator);
    ctx.budget.maxEvaluations = 32;
    StrategyRegistry::instance().create("exhaustive")->run(ctx);
    EXPECT_EQ(evaluator.measurements(), 32u);
    EXPECT_EQ(evaluator.batches(), 2u);
}

// A budgeted search must not walk the whole space first: the GEMM space has 22 M points, counting them took a minute
// and a short --budget-time tune measured nothing. Here the space has about 10^14 valid points, so a strategy that
// counts them never finishes (ctest's timeout fails the test); each must spend its budget instead.
TEST(Strategies, BudgetedSearchesDoNotCountAHugeSpace) {
    SyntheticLandscape l = gemmLikeLandscape(5);
    for (int i = 0; i < 10; ++i) {
        Parameter extra;
        extra.name = "PAD" + std::to_string(i); // no effect on the landscape's value
        for (ParamValue v = 0; v < 10; ++v) extra.values.push_back(v);
        l.space.addParameter(extra);
    }
    for (const std::string name : {"exhaustive", "random", "annealing", "surrogate", "two-stage", "sieve"}) {
        for (bool byTime : {false, true}) {
            SCOPED_TRACE(name + (byTime ? " with a time budget" : " with an evaluation budget"));
            SyntheticEvaluator evaluator(l);
            evaluator.setSecondsPerEvaluation(0.5);
            SearchContext ctx = contextFor(l, evaluator);
            ctx.clock = [&] { return evaluator.clock(); };
            ctx.options.values["pool"] = 2000;
            if (byTime) ctx.budget.maxWallSeconds = 20; // 40 evaluations
            else ctx.budget.maxEvaluations = 40;
            StrategyResult r = StrategyRegistry::instance().create(name)->run(ctx);
            EXPECT_EQ(r.stop, byTime ? StopReason::WallTime : StopReason::Evaluations);
            EXPECT_GE(evaluator.measurements(), 24u); // a time budget stops within one batch (16) of its limit
            EXPECT_LE(evaluator.measurements(), 40u);
        }
    }
}
