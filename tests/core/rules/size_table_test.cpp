// Dispatch tables over sizes: one entry per key with its own best candidate (over the other dimensions too),
// exact and nearest lookup, JSON round trip, the rule file's choice and reason, and the emitted C++ compiled.
#include <gtest/gtest.h>

#include <sstream>

#include "compile_helper.hpp"
#include "core/rules/rule_file.hpp"
#include "core/rules/size_table.hpp"

using namespace kt::rules;

namespace {

// Batched-GEMM-like: (m, n, k, batch). "small" wins below 8 in every dimension, "mid" up to 16, "big" beyond, but
// at (4, 4, 4) "mid" wins for one batch and loses more for the other: the summed loss keeps "small" there.
PointTable batchedLike() {
    PointTable t;
    t.dims = {"m", "n", "k", "batch"};
    t.candidates = {"small", "mid", "big"};
    for (long long s : {2LL, 4LL, 8LL, 16LL, 32LL})
        for (long long batch : {1000LL, 5000LL}) {
            t.points.push_back({s, s, s, batch});
            const double small = s < 8 ? 10 : 3, mid = s >= 8 && s <= 16 ? 10 : 5, big = s > 16 ? 10 : 2;
            t.value.push_back({small, mid, big});
        }
    t.points.push_back({4, 8, 2, 1000});
    t.value.push_back({4, 9, CurveTable::kMissing});
    t.value[2] = {10, 10.5, 2}; // (4, 4, 4, 1000): mid slightly ahead
    t.value[3] = {10, 5, 2};    // (4, 4, 4, 5000): mid far behind
    return t;
}

} // namespace

TEST(SizeTable, OneEntryPerKeyWithItsBestCandidate) {
    const auto table = buildSizeTable(batchedLike(), {"m", "n", "k"});
    EXPECT_EQ(table.dims, (std::vector<std::string>{"m", "n", "k"}));
    ASSERT_EQ(table.keys.size(), 6u);
    EXPECT_EQ(table.keys.front(), (std::vector<long long>{2, 2, 2}));
    auto at = [&](std::vector<long long> x) {
        const auto f = table.find(x);
        EXPECT_TRUE(f.exact);
        return table.candidates[f.index];
    };
    EXPECT_EQ(at({2, 2, 2}), "small");
    EXPECT_EQ(at({4, 4, 4}), "small"); // summed over both batches
    EXPECT_EQ(at({4, 8, 2}), "mid");
    EXPECT_EQ(at({8, 8, 8}), "mid");
    EXPECT_EQ(at({16, 16, 16}), "mid");
    EXPECT_EQ(at({32, 32, 32}), "big");
    const auto near = table.find({30, 31, 29});
    EXPECT_FALSE(near.exact);
    EXPECT_EQ(table.keys[near.index], (std::vector<long long>{32, 32, 32}));
    // Keyed on every dimension, the batch splits (4, 4, 4).
    const auto full = buildSizeTable(batchedLike());
    EXPECT_EQ(full.keys.size(), 11u);
    EXPECT_EQ(full.candidates[full.find({4, 4, 4, 1000}).index], "mid");
    EXPECT_EQ(full.candidates[full.find({4, 4, 4, 5000}).index], "small");
    EXPECT_DOUBLE_EQ(tableMeanLoss(full, batchedLike()), 0.0);
    EXPECT_NEAR(tableMeanLoss(table, batchedLike()), (0.5 / 10.5) / 11, 1e-12);
    EXPECT_THROW(buildSizeTable(batchedLike(), {"q"}), RuleInputError);
    EXPECT_THROW(buildSizeTable(PointTable{}), RuleInputError);
}

TEST(SizeTable, JsonRoundTripAndRuleFileChoice) {
    const auto table = buildSizeTable(batchedLike(), {"m", "n", "k"});
    auto j = tableToJson(table);
    EXPECT_EQ(j["format"], "ktune-table/1");
    const auto back = tableFromJson(j);
    EXPECT_EQ(back.keys, table.keys);
    EXPECT_EQ(back.candidates, table.candidates);
    j["family"] = "dgemm_batched";
    const RuleFile rule = ruleFileFromJson(j, "T.json");
    EXPECT_EQ(rule.candidates(), (std::vector<std::string>{"small", "mid", "big"}));
    const std::vector<std::string> dims{"m", "n", "k", "batch"};
    EXPECT_NO_THROW(rule.checkDimensions(dims));
    EXPECT_THROW(rule.checkDimensions({"n"}), RuleInputError);
    auto choice = rule.select(dims, {8, 8, 8, 123});
    EXPECT_EQ(choice.candidate, "mid");
    EXPECT_EQ(choice.why, "m = 8, n = 8, k = 8");
    EXPECT_EQ(choice.note, "");
    choice = rule.select(dims, {3, 2, 2, 7});
    EXPECT_EQ(choice.candidate, "small");
    EXPECT_NE(choice.note.find("m = 3, n = 2, k = 2 has no table entry"), std::string::npos);
    // Malformed entries name themselves.
    auto bad = tableToJson(table);
    bad["entries"][2]["size"] = nlohmann::json::array({1, 2});
    try {
        tableFromJson(bad);
        ADD_FAILURE() << "accepted";
    } catch (const RuleInputError& e) {
        EXPECT_NE(std::string(e.what()).find("entries[2].size"), std::string::npos) << e.what();
    }
    bad = tableToJson(table);
    bad["entries"][1]["size"] = bad["entries"][0]["size"];
    EXPECT_THROW(tableFromJson(bad), RuleInputError);
}

TEST(SizeTable, GeneratedCppCompilesAndAgrees) {
    if (!test::haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    const auto table = buildSizeTable(batchedLike(), {"m", "n", "k"});
    std::ostringstream body, expected;
    for (const std::vector<long long> x : {std::vector<long long>{2, 2, 2},
                                           {4, 8, 2},
                                           {16, 16, 16},
                                           {32, 32, 32},
                                           {30, 31, 29},
                                           {1, 1, 1},
                                           {5, 5, 5},
                                           {9, 2, 2}}) {
        body << "std::printf(\"%s\\n\", ktune_rules::selectKernel(" << x[0] << ", " << x[1] << ", " << x[2] << "));\n";
        expected << table.candidates[table.find(x).index] << "\n";
    }
    std::string error;
    const auto out = test::compileAndRun(emitTableCpp(table), body.str(), &error);
    ASSERT_TRUE(out.has_value()) << error;
    EXPECT_EQ(*out, expected.str());
    EXPECT_THROW(emitTableCpp(table, "1bad"), RuleInputError);
}
