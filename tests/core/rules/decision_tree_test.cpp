// Decision trees over several size dimensions: known splits, depth limit, loss, JSON and compiled C++.
#include <gtest/gtest.h>

#include <sstream>

#include "compile_helper.hpp"
#include "core/rules/decision_tree.hpp"

using namespace kt::rules;

namespace {

// A wins for m < 256; otherwise B for n < 64 and C for n >= 64. k is irrelevant.
PointTable gemmLike() {
    PointTable t;
    t.dims = {"m", "n", "k"};
    t.candidates = {"A", "B", "C"};
    for (long long m = 32; m <= 1024; m *= 2)
        for (long long n = 16; n <= 512; n *= 2)
            for (long long k : {64LL, 1024LL}) {
                t.points.push_back({m, n, k});
                const double a = m < 256 ? 10 : 5, b = m >= 256 && n < 64 ? 12 : 6, c = m >= 256 && n >= 64 ? 11 : 4;
                t.value.push_back({a + 0.001 * double(k), b, c});
            }
    return t;
}

} // namespace

TEST(DecisionTree, RecoversKnownSplits) {
    const auto t = gemmLike();
    const auto tree = buildDecisionTree(t, {3, 1});
    EXPECT_EQ(tree.depth(), 2);
    EXPECT_DOUBLE_EQ(treeMeanLoss(tree, t), 0.0);
    ASSERT_GE(tree.nodes[0].dim, 0);
    EXPECT_EQ(tree.dims[tree.nodes[0].dim], "m");
    EXPECT_EQ(tree.nodes[0].threshold, 256);
    EXPECT_EQ(tree.select({100, 1000, 5}), "A");
    EXPECT_EQ(tree.select({300, 32, 5}), "B");
    EXPECT_EQ(tree.select({300, 64, 5}), "C");
}

// X wins (16, 48) and (48, 16) and loses 23% at (48, 48), where Y wins: no single split lowers the loss (each side
// keeps X), so a purely greedy tree stopped at one leaf. The lookahead finds the two-level tree that fits all three.
TEST(DecisionTree, SplitsAnXorShapeThatNoSingleSplitHelps) {
    PointTable t;
    t.dims = {"m", "n"};
    t.points = {{16, 48}, {48, 16}, {48, 48}};
    t.candidates = {"X", "Y"};
    t.value = {{10, 5}, {10, 5}, {7.7, 10}};
    const auto tree = buildDecisionTree(t, {3, 1});
    EXPECT_EQ(tree.depth(), 2);
    EXPECT_DOUBLE_EQ(treeMeanLoss(tree, t), 0.0);
    EXPECT_EQ(tree.select({16, 48}), "X");
    EXPECT_EQ(tree.select({48, 16}), "X");
    EXPECT_EQ(tree.select({48, 48}), "Y");
    // One level is all the depth limit leaves: no lookahead beyond it, one leaf.
    EXPECT_EQ(buildDecisionTree(t, {1, 1}).depth(), 0);
}

TEST(DecisionTree, DepthLimitAndOneDimensionAreRespected) {
    const auto t = gemmLike();
    const auto stump = buildDecisionTree(t, {1, 1});
    EXPECT_EQ(stump.depth(), 1);
    EXPECT_GT(treeMeanLoss(stump, t), 0.0);
    EXPECT_LT(treeMeanLoss(stump, t), treeMeanLoss(buildDecisionTree(t, {0, 1}), t));
    EXPECT_EQ(buildDecisionTree(t, {0, 1}).nodes.size(), 1u);
}

TEST(DecisionTree, JsonHasNestedSplits) {
    const auto j = treeToJson(buildDecisionTree(gemmLike()));
    EXPECT_EQ(j["format"], "ktune-tree/1");
    EXPECT_EQ(j["tree"]["dim"], "m");
    EXPECT_EQ(j["tree"]["threshold"], 256);
    EXPECT_EQ(j["tree"]["left"]["candidate"], "A");
    EXPECT_EQ(j["tree"]["right"]["dim"], "n");
}

TEST(DecisionTree, RejectsInconsistentTables) {
    PointTable t = gemmLike();
    t.points[3].pop_back();
    EXPECT_THROW(buildDecisionTree(t), RuleInputError);
    EXPECT_THROW(buildDecisionTree(PointTable{}), RuleInputError);
}

TEST(DecisionTree, GeneratedCppCompilesAndAgrees) {
    if (!test::haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    const auto t = gemmLike();
    const auto tree = buildDecisionTree(t);
    std::ostringstream body, expected;
    for (const auto& p : t.points) {
        body << "std::printf(\"%s\\n\", ktune_rules::selectKernel(" << p[0] << ", " << p[1] << ", " << p[2] << "));\n";
        expected << tree.select(p) << "\n";
    }
    std::string error;
    const auto out = test::compileAndRun(emitTreeCpp(tree), body.str(), &error);
    ASSERT_TRUE(out.has_value()) << error;
    EXPECT_EQ(*out, expected.str());
}

TEST(DecisionTree, PointTableCsv) {
    const auto t = parsePointTableCsv("m,n,candidate,value\n1,2,a,3\n1,2,b,4\n5,6,a,1\n", "T.csv");
    EXPECT_EQ(t.dims, (std::vector<std::string>{"m", "n"}));
    ASSERT_EQ(t.points.size(), 2u);
    EXPECT_EQ(t.candidates.size(), 2u);
    EXPECT_DOUBLE_EQ(t.value[0][1], 4.0);
    EXPECT_NE(t.value[1][1], t.value[1][1]); // b not measured at (5, 6)
    auto err = [](const std::string& text) {
        try {
            parsePointTableCsv(text, "T.csv");
        } catch (const RuleInputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(err("m,n,cand,value\n").find("T.csv:1: expected a header"), std::string::npos);
    EXPECT_NE(err("m,m,candidate,value\n1,2,a,3\n").find("distinct"), std::string::npos);
    EXPECT_NE(err("m,n,candidate,value\n1,2,a,3\n1,2,a,4\n").find("T.csv:3: candidate 'a' already has a value"),
              std::string::npos);
    EXPECT_NE(err("m,n,candidate,value\n").find("no rows"), std::string::npos);
}
