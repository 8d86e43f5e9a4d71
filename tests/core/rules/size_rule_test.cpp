// deriveRule / evaluateRule: known boundaries of crossing curves, tolerance, minimum width, invariants.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/rules/size_rule.hpp"

using namespace kt::rules;

namespace {

CurveTable tableOf(const std::vector<long long>& sizes,
                   const std::vector<std::pair<std::string, double (*)(double)>>& f) {
    CurveTable t;
    for (long long s : sizes)
        for (const auto& [name, fn] : f) t.add(s, name, fn(double(s)));
    return t;
}

std::vector<long long> range(long long from, long long to, long long step) {
    std::vector<long long> v;
    for (long long s = from; s <= to; s += step) v.push_back(s);
    return v;
}

void expectWellFormed(const SizeRule& r, const CurveTable& t) {
    ASSERT_FALSE(r.intervals.empty());
    EXPECT_EQ(r.intervals.front().lo, t.sizes.front());
    EXPECT_EQ(r.intervals.back().hi, t.sizes.back() + 1);
    for (std::size_t i = 0; i < r.intervals.size(); ++i) {
        EXPECT_LT(r.intervals[i].lo, r.intervals[i].hi);
        if (i) EXPECT_EQ(r.intervals[i].lo, r.intervals[i - 1].hi);
        if (i) EXPECT_NE(r.intervals[i].candidate, r.intervals[i - 1].candidate);
    }
}

} // namespace

TEST(SizeRule, CrossingCurvesGiveTheKnownBoundaries) {
    // a = 1000 − x, b = 401.5 + x/2 (cross at x = 399), c = 1.5x − 700 (beats b above x = 1101.5).
    const auto t = tableOf(range(100, 2000, 10), {{"a", [](double x) { return 1000 - x; }},
                                                  {"b", [](double x) { return 401.5 + x / 2; }},
                                                  {"c", [](double x) { return 1.5 * x - 700; }}});
    const auto r = deriveRule(t);
    expectWellFormed(r, t);
    ASSERT_EQ(r.intervals.size(), 3u);
    EXPECT_EQ(r.intervals[0], (Interval{100, 400, "a"}));  // 390 is the last grid size below the crossing 399
    EXPECT_EQ(r.intervals[1], (Interval{400, 1110, "b"})); // 1100 < 1101.5 ≤ 1110
    EXPECT_EQ(r.intervals[2], (Interval{1110, 2001, "c"}));
    for (long long s : t.sizes)
        EXPECT_EQ(r.select(s),
                  t.candidates[t.best(std::lower_bound(t.sizes.begin(), t.sizes.end(), s) - t.sizes.begin())]);
    EXPECT_EQ(r.select(5), "a");     // below the range: first
    EXPECT_EQ(r.select(99999), "c"); // above: last
    const auto e = evaluateRule(r, t);
    EXPECT_EQ(e.oracleHits, t.sizes.size());
    EXPECT_DOUBLE_EQ(e.maxLoss, 0.0);
}

TEST(SizeRule, ToleranceIgnoresSmallGains) {
    // b beats a by 1% on 500…520 only.
    const auto t = tableOf(range(100, 1000, 10), {{"a", [](double) { return 100.0; }},
                                                  {"b", [](double x) { return x >= 500 && x <= 520 ? 101.0 : 90.0; }}});
    const auto exact = deriveRule(t);
    ASSERT_EQ(exact.intervals.size(), 3u);
    EXPECT_EQ(exact.intervals[1], (Interval{500, 530, "b"}));
    const auto tolerant = deriveRule(t, {1, 0.02});
    ASSERT_EQ(tolerant.intervals.size(), 1u);
    EXPECT_EQ(tolerant.intervals[0], (Interval{100, 1001, "a"}));
    const auto e = evaluateRule(tolerant, t);
    EXPECT_NEAR(e.maxLoss, 1.0 / 101.0, 1e-12);
    EXPECT_EQ(e.worstSize, 500);
    EXPECT_EQ(e.oracleHits, t.sizes.size() - 3);
    // A 0.5% tolerance is not enough to skip a 1% gain.
    EXPECT_EQ(deriveRule(t, {1, 0.005}).intervals.size(), 3u);
}

TEST(SizeRule, MinimumWidthRemovesOnePointIntervals) {
    // The paper's 8059 ≤ N < 8060: b wins at exactly one size of a unit-step grid.
    CurveTable t;
    for (long long n = 8000; n < 8100; ++n) {
        t.add(n, "a", n < 8070 ? 50.0 : 40.0);
        t.add(n, "b", n == 8059 ? 50.5 : (n < 8070 ? 45.0 : 39.0));
        t.add(n, "c", n < 8070 ? 30.0 : 48.0);
    }
    const auto raw = deriveRule(t);
    ASSERT_EQ(raw.intervals.size(), 4u);
    EXPECT_EQ(raw.intervals[1], (Interval{8059, 8060, "b"}));
    const auto merged = deriveRule(t, {5, 0});
    expectWellFormed(merged, t);
    ASSERT_EQ(merged.intervals.size(), 2u);
    EXPECT_EQ(merged.intervals[0], (Interval{8000, 8070, "a"}));
    EXPECT_EQ(merged.intervals[1], (Interval{8070, 8100, "c"}));
}

TEST(SizeRule, NarrowIntervalGoesToTheCheaperNeighbour) {
    CurveTable t;
    for (long long n = 0; n < 30; ++n) {
        t.add(n, "left", n < 10 ? 10.0 : 1.0);
        t.add(n, "mid", n >= 10 && n < 12 ? 10.0 : 0.5);
        t.add(n, "right", n >= 12 ? 10.0 : (n >= 10 ? 9.0 : 1.0)); // right is nearly as good on 10, 11
    }
    const auto r = deriveRule(t, {3, 0});
    ASSERT_EQ(r.intervals.size(), 2u);
    EXPECT_EQ(r.intervals[0], (Interval{0, 10, "left"}));
    EXPECT_EQ(r.intervals[1], (Interval{10, 30, "right"}));
}

TEST(SizeRule, RandomCurvesRespectTheTolerance) {
    std::mt19937 rng(17);
    for (int trial = 0; trial < 30; ++trial) {
        CurveTable t;
        const int nc = 2 + trial % 4;
        std::vector<double> phase(nc);
        for (auto& p : phase) p = std::uniform_real_distribution<double>(0, 6)(rng);
        for (long long s = 0; s < 300; s += 1 + trial % 3)
            for (int c = 0; c < nc; ++c)
                if (std::uniform_real_distribution<double>()(rng) < 0.9 || c == 0)
                    t.add(s, "k" + std::to_string(c), 100 + 10 * std::sin(s / 30.0 + phase[c]));
        for (double tol : {0.0, 0.01, 0.05}) {
            const auto r = deriveRule(t, {1, tol});
            expectWellFormed(r, t);
            const auto e = evaluateRule(r, t);
            EXPECT_EQ(e.unmeasured, 0u);
            EXPECT_LE(e.maxLoss, tol + 1e-12) << "trial " << trial;
            if (tol == 0) EXPECT_EQ(e.oracleHits, t.sizes.size());
        }
        const auto wide = deriveRule(t, {25, 0.0});
        expectWellFormed(wide, t);
        for (std::size_t i = 0; wide.intervals.size() > 1 && i < wide.intervals.size(); ++i)
            EXPECT_GE(wide.intervals[i].hi - wide.intervals[i].lo, 25) << "trial " << trial;
    }
}

TEST(SizeRule, HeldOutEvaluationMeasuresLossVersusOracle) {
    SizeRule r{{{0, 50, "a"}, {50, 100, "b"}}};
    CurveTable held;
    held.add(10, "a", 100), held.add(10, "b", 80); // rule right
    held.add(60, "a", 100), held.add(60, "b", 75); // rule wrong by 25%
    held.add(70, "a", 10);                         // b not measured at 70
    const auto e = evaluateRule(r, held);
    EXPECT_EQ(e.sizes, 3u);
    EXPECT_EQ(e.evaluated, 2u);
    EXPECT_EQ(e.unmeasured, 1u);
    EXPECT_EQ(e.oracleHits, 1u);
    EXPECT_DOUBLE_EQ(e.meanLoss, 0.125);
    EXPECT_DOUBLE_EQ(e.maxLoss, 0.25);
    EXPECT_EQ(e.worstSize, 60);
}

TEST(SizeRule, RejectsBadOptions) {
    CurveTable t;
    t.add(1, "a", 1);
    EXPECT_THROW(deriveRule(t, {0, 0}), RuleInputError);
    EXPECT_THROW(deriveRule(t, {1, -0.1}), RuleInputError);
    EXPECT_THROW(deriveRule(t, {1, 1.0}), RuleInputError);
    EXPECT_THROW(deriveRule(CurveTable{}), RuleInputError);
}
