// Random valid sampling (uniformity, both modes) and neighbourhoods.
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

TEST(SpaceSampler, DenseSpaceUsesRejectionAndIsUniform) {
    auto s = grid("A + B > 4"); // most points valid
    SpaceSampler sampler(s, 7);
    EXPECT_FALSE(sampler.usesIndexList());
    checkUniform(s, sampler, 200000);
}

TEST(SpaceSampler, SparseSpaceUsesIndexListAndIsUniform) {
    auto s = grid("A == B && B == C && A < 5"); // 4 of 1000
    SpaceSampler sampler(s, 7);
    EXPECT_TRUE(sampler.usesIndexList());
    checkUniform(s, sampler, 5000);
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

TEST(SpaceSampler, EmptySpaceGivesNothing) {
    auto s = grid("A > 10");
    SpaceSampler sampler(s, 1);
    EXPECT_FALSE(sampler.next());
    EXPECT_TRUE(sampler.distinct(5).empty());
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
