// Dispatch tables over sizes: one entry per key with its own best candidate (over the other dimensions too),
// exact and nearest lookup, JSON round trip, the rule file's choice and reason, and the emitted C++ compiled.
#include <gtest/gtest.h>

#include <functional>
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

namespace {

// The main table of batchedLike() with a "pointers" table that names "ptr" at (32, 32, 32) and "mid" at (2, 2, 2),
// and has no entry elsewhere.
SizeTable withPointers() {
    SizeTable ptr;
    ptr.dims = {"m", "n", "k"};
    ptr.keys = {{2, 2, 2}, {32, 32, 32}};
    ptr.candidates = {"mid", "ptr"};
    return withKindTable(buildSizeTable(batchedLike(), {"m", "n", "k"}), "pointers", ptr);
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const RuleInputError& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST(SizeTable, KindTableOverridesItsSizesOnlyAndFallsBackToTheMainTable) {
    const SizeTable table = withPointers();
    ASSERT_NE(table.kindTable("pointers"), nullptr);
    EXPECT_EQ(table.kindTable("strided"), nullptr);
    auto pick = [&](std::vector<long long> x, const std::string& kind) { return table.choose(x, kind); };
    EXPECT_EQ(pick({32, 32, 32}, "pointers").candidate, "ptr");
    EXPECT_EQ(pick({32, 32, 32}, "pointers").kind, "pointers");
    EXPECT_EQ(pick({32, 32, 32}, "").candidate, "big"); // the main kind: the main table
    EXPECT_EQ(pick({32, 32, 32}, "other").candidate, "big");
    EXPECT_EQ(pick({2, 2, 2}, "pointers").candidate, "mid");
    // A size the pointers table lacks: the main table's exact entry, then its nearest, never the kind's nearest.
    const auto strided = pick({16, 16, 16}, "pointers");
    EXPECT_EQ(strided.candidate, "mid");
    EXPECT_TRUE(strided.kind.empty());
    EXPECT_TRUE(strided.exact);
    const auto near = pick({31, 31, 31}, "pointers");
    EXPECT_EQ(near.candidate, "big");
    EXPECT_FALSE(near.exact);
    // Through a rule file: the reason names the kind's table, and a fallback says so.
    const RuleFile rule = ruleFileFromJson(tableToJson(table), "P.json");
    EXPECT_EQ(rule.kinds(), (std::vector<std::string>{"pointers"}));
    EXPECT_EQ(rule.candidates(), (std::vector<std::string>{"small", "mid", "big", "ptr"}));
    const std::vector<std::string> dims{"m", "n", "k", "batch"};
    auto c = rule.select(dims, {32, 32, 32, 7}, "pointers");
    EXPECT_EQ(c.candidate, "ptr");
    EXPECT_EQ(c.why, "m = 32, n = 32, k = 32 (pointers table)");
    EXPECT_EQ(c.kind, "pointers");
    c = rule.select(dims, {8, 8, 8, 7}, "pointers");
    EXPECT_EQ(c.candidate, "mid");
    EXPECT_EQ(c.kind, "");
    EXPECT_NE(c.note.find("has no pointers entry: the main table's is used"), std::string::npos) << c.note;
    EXPECT_EQ(rule.select(dims, {32, 32, 32, 7}).candidate, "big");
}

TEST(SizeTable, KindTablesRoundTripAndFilesWithoutThemReadAsBefore) {
    const SizeTable table = withPointers();
    const auto j = tableToJson(table);
    ASSERT_TRUE(j.contains("kinds"));
    EXPECT_EQ(j["kinds"]["pointers"]["entries"].size(), 2u);
    const auto back = tableFromJson(j);
    ASSERT_EQ(back.kinds.size(), 1u);
    EXPECT_EQ(back.kinds[0].kind, "pointers");
    EXPECT_EQ(back.kinds[0].keys, table.kinds[0].keys);
    EXPECT_EQ(back.kinds[0].candidates, table.kinds[0].candidates);
    // A table without kinds writes no "kinds" key (the files committed before kind tables are unchanged) and
    // answers every kind from its own entries.
    const auto plain = buildSizeTable(batchedLike(), {"m", "n", "k"});
    EXPECT_FALSE(tableToJson(plain).contains("kinds"));
    EXPECT_EQ(plain.choose({32, 32, 32}, "pointers").candidate, "big");
    EXPECT_TRUE(ruleFileFromJson(tableToJson(plain), "T.json").kinds().empty());
}

TEST(SizeTable, MalformedKindTablesAndMergesSayWhatIsWrong) {
    const SizeTable table = withPointers();
    auto bad = tableToJson(table);
    bad["kinds"]["pointers"]["entries"][1]["candidate"] = "";
    EXPECT_NE(errorOf([&] { tableFromJson(bad); }).find("kinds.pointers.entries[1].candidate"), std::string::npos);
    bad = tableToJson(table);
    bad["kinds"]["pointers"]["entries"][0]["size"] = nlohmann::json::array({2, 2});
    EXPECT_NE(errorOf([&] { tableFromJson(bad); }).find("kinds.pointers.entries[0].size: expected 3 integers"),
              std::string::npos);
    bad = tableToJson(table);
    bad["kinds"] = nlohmann::json::array();
    EXPECT_NE(errorOf([&] { tableFromJson(bad); }).find("kinds: expected an object"), std::string::npos);
    bad = tableToJson(table);
    bad["kinds"]["pointers"] = {{"rows", 1}};
    EXPECT_NE(errorOf([&] { tableFromJson(bad); }).find("kinds.pointers: expected an object with \"entries\""),
              std::string::npos);
    bad = tableToJson(table);
    bad["kinds"]["pointers"]["entries"] = nlohmann::json::array();
    EXPECT_NE(errorOf([&] { tableFromJson(bad); }).find("kinds.pointers.entries: expected a non-empty array"),
              std::string::npos);
    // Through a rule file the file's name leads the message.
    EXPECT_NE(errorOf([&] { ruleFileFromJson(bad, "R.json"); }).find("R.json: kinds.pointers.entries"),
              std::string::npos);
    // Merges: other dimensions, a kind already present, no name.
    SizeTable other;
    other.dims = {"m", "n"};
    other.keys = {{1, 1}};
    other.candidates = {"x"};
    EXPECT_NE(errorOf([&] { withKindTable(table, "strided", other); }).find("keyed on (m,n)"), std::string::npos);
    SizeTable same = other;
    same.dims = table.dims, same.keys = {{1, 1, 1}};
    EXPECT_NE(errorOf([&] { withKindTable(table, "pointers", same); }).find("has a pointers table already"),
              std::string::npos);
    EXPECT_THROW(withKindTable(table, "", same), RuleInputError);
    EXPECT_EQ(withKindTable(table, "aaa", same).kinds.front().kind, "aaa"); // kept sorted
}

TEST(SizeTable, GeneratedCppPicksByKind) {
    if (!test::haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    const SizeTable table = withPointers();
    std::ostringstream body, expected;
    for (const std::vector<long long> x :
         {std::vector<long long>{2, 2, 2}, {32, 32, 32}, {16, 16, 16}, {31, 31, 31}, {4, 8, 2}})
        for (const char* kind : {"pointers", "other", ""}) {
            body << "std::printf(\"%s\\n\", ktune_rules::selectKernel(" << x[0] << ", " << x[1] << ", " << x[2]
                 << ", \"" << kind << "\"));\n";
            expected << table.choose(x, kind).candidate << "\n";
        }
    body << "std::printf(\"%s\\n\", ktune_rules::selectKernel(32, 32, 32));\n"; // no kind: the main table
    expected << "big\n";
    std::string error;
    const std::string cpp = emitTableCpp(table);
    EXPECT_NE(cpp.find("const char* kind = nullptr"), std::string::npos);
    const auto out = test::compileAndRun(cpp, body.str(), &error);
    ASSERT_TRUE(out.has_value()) << error << "\n" << cpp;
    EXPECT_EQ(*out, expected.str());
    // A table without kinds keeps the signature it had.
    EXPECT_EQ(emitTableCpp(buildSizeTable(batchedLike(), {"m", "n", "k"})).find("kind"), std::string::npos);
}

TEST(SizeTable, CommittedStridedTablesLoadUnchanged) {
    // The H200's strided tables written before kind tables existed: they read as before, have no kind tables, and a
    // pointer-array call gets the strided entry.
    for (const char* file : {"docs/perf/h200-2026-11-28/run-X/table-s.json",
                             "docs/perf/h200-2026-11-25-batched/run-Y/call-2/table-d.json"}) {
        SCOPED_TRACE(file);
        const RuleFile rule = readRuleFile(std::string(KT_SOURCE_DIR) + "/" + file);
        ASSERT_TRUE(rule.table.has_value());
        EXPECT_TRUE(rule.kinds().empty());
        EXPECT_EQ(rule.table->keys.size(), 32u);
        const std::vector<std::string> dims{"m", "n", "k", "batch"};
        for (long long n : {1LL, 17LL, 32LL})
            EXPECT_EQ(rule.select(dims, {n, n, n, 9}, "pointers").candidate, rule.select(dims, {n, n, n, 9}).candidate);
        // Written back, the table is the same table.
        const auto again = tableFromJson(tableToJson(*rule.table));
        EXPECT_EQ(again.keys, rule.table->keys);
        EXPECT_EQ(again.candidates, rule.table->candidates);
    }
}
