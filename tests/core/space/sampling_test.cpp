// Random valid sampling (uniformity at every prefix-table depth, distinctness, emptiness, work before the first
// point on sparse spaces) and neighbourhoods.
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "core/space/sampling.hpp"

using namespace kt;

namespace {

ParameterSpace grid(const std::string& constraint) {
    ParameterSpace s;
    s.addParameter({"A", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, ""});
    s.addParameter({"B", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, ""});
    s.addParameter({"C", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, ""});
    if (!constraint.empty()) s.addConstraint({constraint, ""});
    return s;
}

void checkUniform(const ParameterSpace& s, SpaceSampler& sampler, int draws) {
    std::map<std::string, int> hits;
    for (int i = 0; i < draws; ++i) {
        auto p = sampler.next();
        ASSERT_TRUE(p);
        ASSERT_TRUE(s.isValid(*p));
        ++hits[p->key()];
    }
    std::uint64_t valid = s.countValid();
    EXPECT_EQ(hits.size(), valid);
    double expected = static_cast<double>(draws) / static_cast<double>(valid);
    for (const auto& [key, n] : hits) {
        EXPECT_GT(n, expected * 0.5) << key;
        EXPECT_LT(n, expected * 1.5) << key;
    }
}

} // namespace

TEST(SpaceSampler, DenseSpaceIsUniform) {
    auto s = grid("A + B > 4"); // most points valid
    SpaceSampler sampler(s, 7);
    checkUniform(s, sampler, 200000);
}

TEST(SpaceSampler, SparseSpaceIsListedAndUniform) {
    auto s = grid("A == B && B == C && A < 5"); // 4 of 1000: the table reaches the last parameter
    SpaceSampler sampler(s, 7);
    EXPECT_TRUE(sampler.usesIndexList());
    checkUniform(s, sampler, 5000);
}

// Pearson's chi-square statistic of `draws` draws against the uniform distribution over the valid points (a point
// never drawn counts too). Fails the test on an invalid point.
double chiSquare(const ParameterSpace& s, SpaceSampler& sampler, int draws) {
    std::map<std::string, int> hits;
    s.forEachValid([&](const Point& p) {
        hits[p.key()] = 0;
        return true;
    });
    for (int i = 0; i < draws; ++i) {
        auto p = sampler.next();
        if (!p || !hits.count(p->key())) {
            ADD_FAILURE() << "draw " << i << ": " << (p ? p->key() + " is not a valid point" : "no point");
            return 1e300;
        }
        ++hits[p->key()];
    }
    const double expected = static_cast<double>(draws) / static_cast<double>(hits.size());
    double chi = 0;
    for (const auto& [key, n] : hits) chi += (n - expected) * (n - expected) / expected;
    return chi;
}

// Constraints at every level but the first, so each table depth rejects at a different place; the valid points
// are far from evenly spread over the prefixes (A = 1 has many completions, A = 9 few), which is where a sampler
// that redraws only the failing parameter, or picks among valid prefixes without weighting, goes wrong.
ParameterSpace skewed() {
    ParameterSpace s;
    s.addParameter({"A", {1, 2, 3, 4, 5, 6, 7, 8, 9}, ""});
    s.addParameter({"B", {1, 2, 3, 4, 5, 6, 7, 8, 9}, ""});
    s.addParameter({"C", {1, 2, 3, 4, 5, 6, 7, 8, 9}, ""});
    s.addParameter({"D", {0, 1, 2}, ""});
    s.addConstraint({"A <= B", ""});
    s.addConstraint({"B + C <= 11", ""});
    s.addConstraint({"(A * C + D) % 3 != 0", ""});
    return s;
}

TEST(SpaceSampler, UniformAtEveryTableDepth) {
    auto s = skewed();
    const double valid = static_cast<double>(s.countValid());
    ASSERT_GT(valid, 100);
    // Work budgets that stop the table after 0, 1, 2 and 3 parameters, and the complete list.
    const std::vector<std::pair<std::uint64_t, std::size_t>> budgets{
        {0, 0}, {9, 1}, {9 + 81, 2}, {9 + 81 + 9 * 81, 3}, {SpaceSampler::kMaxPrefixWork, 4}};
    for (const auto& [work, levels] : budgets) {
        SpaceSampler sampler(s, 11, work);
        EXPECT_EQ(sampler.prefixLevels(), levels) << "work " << work;
        EXPECT_EQ(sampler.usesIndexList(), levels == 4);
        // df = valid - 1; a uniform sampler stays below df + 6·sqrt(2 df) but for odds far below 1e-6 (and the
        // seed is fixed). Redrawing only the parameter whose constraint failed gives a statistic of thousands.
        const double df = valid - 1;
        const double chi = chiSquare(s, sampler, static_cast<int>(valid) * 200);
        EXPECT_LT(chi, df + 6 * std::sqrt(2 * df)) << "work " << work << ", " << levels << " levels";
    }
}

TEST(SpaceSampler, DistinctPointsAreDistinctAndValid) {
    auto s = grid("A % 2 == 0");
    SpaceSampler sampler(s, 3);
    auto pts = sampler.distinct(100);
    ASSERT_EQ(pts.size(), 100u);
    std::set<std::string> keys;
    for (const auto& p : pts) {
        EXPECT_TRUE(s.isValid(p));
        keys.insert(p.key());
    }
    EXPECT_EQ(keys.size(), 100u);
    EXPECT_EQ(sampler.distinct(10000).size(), 500u); // capped at the valid count
}

TEST(SpaceSampler, DistinctBeyondTheTableDrawsOrEnumerates) {
    auto s = grid("A < B && B < C"); // 120 of 1000, table stopped after A
    SpaceSampler sampler(s, 5, 10);
    ASSERT_EQ(sampler.prefixLevels(), 1u);
    std::set<std::string> keys;
    for (const auto& p : sampler.distinct(20)) { // 120 > 4 × 20: drawn
        EXPECT_TRUE(s.isValid(p));
        keys.insert(p.key());
    }
    EXPECT_EQ(keys.size(), 20u);
    keys.clear();
    auto all = sampler.distinct(500); // more than there are: every valid point once
    for (const auto& p : all) keys.insert(p.key());
    EXPECT_EQ(all.size(), 120u);
    EXPECT_EQ(keys.size(), 120u);
    EXPECT_EQ(sampler.distinct(std::numeric_limits<std::size_t>::max()).size(), 120u); // no overflow in the cap
}

TEST(SpaceSampler, EmptySpaceGivesNothing) {
    auto s = grid("A > 10");
    SpaceSampler sampler(s, 1);
    EXPECT_FALSE(sampler.next());
    EXPECT_TRUE(sampler.distinct(5).empty());
}

TEST(SpaceSampler, EmptinessDecidedBelowTheTableEndsInNothing) {
    auto s = grid("A + B + C > 30"); // never: decided only at the last parameter, which the table does not reach
    for (std::uint64_t work : {std::uint64_t(0), std::uint64_t(110)}) {
        SpaceSampler sampler(s, 1, work);
        EXPECT_LT(sampler.prefixLevels(), 3u);
        EXPECT_FALSE(sampler.next()) << "work " << work;  // after kAttemptsBeforeWalk attempts, one walk
        EXPECT_FALSE(sampler.next()) << "work " << work;  // and from then on at once
        EXPECT_TRUE(sampler.distinct(5).empty());
        SpaceSampler other(s, 2, work);
        EXPECT_TRUE(other.distinct(5).empty()) << "work " << work;
    }
}

// 14 parameters of 10 values, valid when they agree in pairs: 10^7 valid of 10^14 (the GEMM spaces are about as
// sparse: 2.2·10^7 of 7.4·10^13). Rejection over the product needs 10^7 draws per point and listing the valid
// points 10^7 entries; the table and the pruned draws need a bounded number of checks before the first point.
TEST(SpaceSampler, FirstPointOfAVerySparseLargeSpaceComesAfterBoundedWork) {
    ParameterSpace s;
    std::string pairs;
    for (int i = 0; i < 14; ++i) s.addParameter({"P" + std::to_string(i), {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, ""});
    for (int i = 0; i < 14; i += 2) s.addConstraint({"P" + std::to_string(i) + " == P" + std::to_string(i + 1), ""});
    SpaceSampler sampler(s, 42);
    EXPECT_FALSE(sampler.usesIndexList());
    EXPECT_GT(sampler.prefixLevels(), 0u);
    const std::uint64_t table = sampler.constraintEvaluations();
    EXPECT_LE(table, SpaceSampler::kMaxPrefixWork); // one constraint per level: one evaluation per candidate
    auto first = sampler.next();
    ASSERT_TRUE(first);
    EXPECT_TRUE(s.isValid(*first));
    // After the table (10^5 prefixes over P0..P8): P9 and the last two pairs remain, 1 attempt in 1000 accepted
    // after at most 3 evaluations (rejection over the product: 10^7 attempts).
    EXPECT_LT(sampler.constraintEvaluations() - table, 100000u);
    const std::uint64_t before = sampler.constraintEvaluations();
    std::set<std::string> keys;
    for (int i = 0; i < 1000; ++i) {
        auto p = sampler.next();
        ASSERT_TRUE(p);
        ASSERT_TRUE(s.isValid(*p));
        keys.insert(p->key());
    }
    EXPECT_GT(keys.size(), 990u); // 10^7 valid points: repeats are rare
    EXPECT_LT(sampler.constraintEvaluations() - before, 3u * 1000u * 1000u);
    auto some = sampler.distinct(500);
    EXPECT_EQ(some.size(), 500u);
}

TEST(Neighbours, AdjacentAndAnyValueRespectConstraints) {
    ParameterSpace s;
    s.addParameter({"A", {1, 2, 4, 8}, ""});
    s.addParameter({"B", {1, 2, 4, 8}, ""});
    s.addConstraint({"A >= B", ""});
    Point p = s.makePoint({4, 4});
    std::set<std::string> adj;
    for (const auto& n : neighbours(s, p)) adj.insert(n.key());
    EXPECT_EQ(adj, (std::set<std::string>{"A=8,B=4", "A=4,B=2"})); // A=2 and B=8 violate A >= B
    std::set<std::string> any;
    for (const auto& n : neighbours(s, p, Neighbourhood::AnyValue)) any.insert(n.key());
    EXPECT_EQ(any, (std::set<std::string>{"A=8,B=4", "A=4,B=2", "A=4,B=1"}));
}

// The GEMM spaces' pattern: parameters late in the space's order that constraints of their own fix to one value
// (the tensor-core ones on a device without tensor cores). Bound in the space's order, the table would stop before
// them and an attempt would be accepted once in 8^6; bound first, they cost nothing and the table lists every
// valid point.
TEST(SpaceSampler, ParametersFixedByTheirOwnConstraintsAreBoundFirst) {
    ParameterSpace s;
    for (int i = 0; i < 11; ++i) s.addParameter({"P" + std::to_string(i), {0, 1, 2, 3, 4, 5, 6, 7}, ""});
    for (int i = 5; i < 11; ++i) s.addConstraint({"P" + std::to_string(i) + " == 0", ""});
    SpaceSampler sampler(s, 3);
    EXPECT_TRUE(sampler.usesIndexList());
    EXPECT_LT(sampler.constraintEvaluations(), 100u); // six constraints checked on eight values each
    std::set<std::string> keys;
    for (const auto& p : sampler.distinct(1000)) {
        EXPECT_TRUE(s.isValid(p));
        keys.insert(p.key());
    }
    EXPECT_EQ(keys.size(), 1000u);
}

TEST(LevelChecks, ConstraintsWaitForTheirLastParameterInTheGivenOrder) {
    ParameterSpace s;
    s.addParameter({"A", {1, 2}, ""});
    s.addParameter({"B", {1, 2}, ""});
    s.addParameter({"C", {1, 2}, ""});
    s.addConstraint({"A < C", ""});
    s.addConstraint({"B == 2", ""});
    auto checks = s.levelChecks({2, 1, 0}); // C, then B, then A
    const ParamValue values[] = {2, 1, 2}; // A=2 breaks A < C (level 2); B=1 breaks B == 2 (level 1)
    EXPECT_TRUE(checks.holds(0, values));
    EXPECT_FALSE(checks.holds(1, values));
    EXPECT_FALSE(checks.holds(2, values));
    EXPECT_EQ(checks.evaluations(), 2u);
    EXPECT_THROW(s.levelChecks({0, 0, 1}), std::invalid_argument);
    EXPECT_THROW(s.levelChecks({0, 1}), std::invalid_argument);
}

TEST(SpaceSampler, RefusesSpacesBeyond64BitIndices) {
    ParameterSpace s;
    s.name = "huge";
    for (int i = 0; i < 20; ++i) s.addParameter({"P" + std::to_string(i), {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, ""});
    EXPECT_EQ(s.cartesianSize(), std::numeric_limits<std::uint64_t>::max()); // saturated
    try {
        SpaceSampler sampler(s, 1);
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'huge' is too large to sample"), std::string::npos) << e.what();
    }
}
