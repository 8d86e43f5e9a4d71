// Reading `ktune rules` output back: interval and tree rules, what they select per size (and why), bad files.
#include <fstream>

#include <gtest/gtest.h>

#include "core/rules/rule_emit.hpp"
#include "core/rules/rule_file.hpp"

namespace {

using kt::rules::RuleInputError;
using nlohmann::json;

const std::vector<std::string> kGemmDims = {"m", "n", "k"};

json intervalRule() {
    return json::parse(R"({"format": "ktune-rules/1", "family": "sgemm",
        "intervals": [{"lo": 16, "hi": 40, "candidate": "A=1"}, {"lo": 40, "hi": 65, "candidate": "A=2"}]})");
}

std::string messageOf(const json& j) {
    try {
        kt::rules::ruleFileFromJson(j, "R.json");
    } catch (const RuleInputError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(RuleFile, IntervalRuleSelectsByCubeSizeAndSaysWhy) {
    const auto rule = kt::rules::ruleFileFromJson(intervalRule(), "R.json");
    EXPECT_EQ(rule.format, "ktune-rules/1");
    EXPECT_EQ(rule.family, "sgemm");
    EXPECT_EQ(rule.candidates(), (std::vector<std::string>{"A=1", "A=2"}));
    const auto a = rule.select(kGemmDims, {39, 39, 39});
    EXPECT_EQ(a.candidate, "A=1");
    EXPECT_EQ(a.why, "16 <= m = n = k < 40");
    EXPECT_TRUE(a.note.empty());
    const auto b = rule.select(kGemmDims, {40, 40, 40});
    EXPECT_EQ(b.candidate, "A=2");
    EXPECT_TRUE(b.note.empty());
    // One dimension: the value itself.
    EXPECT_EQ(rule.select({"n"}, {64}).candidate, "A=2");
    EXPECT_EQ(rule.select({"n"}, {64}).why, "40 <= n < 65");
}

TEST(RuleFile, SizesOutsideEveryIntervalTakeTheNearestAndSaySo) {
    const auto rule = kt::rules::ruleFileFromJson(intervalRule(), "R.json");
    const auto below = rule.select({"n"}, {8});
    EXPECT_EQ(below.candidate, "A=1");
    EXPECT_NE(below.note.find("below"), std::string::npos) << below.note;
    const auto past = rule.select({"n"}, {65});
    EXPECT_EQ(past.candidate, "A=2");
    EXPECT_NE(past.note.find("past"), std::string::npos) << past.note;
}

TEST(RuleFile, IntervalRuleRefusesNonCubeSizes) {
    const auto rule = kt::rules::ruleFileFromJson(intervalRule(), "R.json");
    try {
        rule.select(kGemmDims, {32, 16, 16});
        FAIL() << "a 32x16x16 size was accepted by a size rule";
    } catch (const RuleInputError& e) {
        EXPECT_NE(std::string(e.what()).find("32x16x16"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("R.json"), std::string::npos) << e.what();
    }
}

TEST(RuleFile, TreeRoundTripsAndSelectsWithItsPath) {
    kt::rules::DecisionTree tree;
    tree.dims = {"m", "k"};
    tree.nodes = {{0, 32, 1, 2, ""}, {-1, 0, -1, -1, "small"}, {1, 64, 3, 4, ""}, {-1, 0, -1, -1, "wide"},
                  {-1, 0, -1, -1, "deep"}};
    const auto j = kt::rules::treeToJson(tree);
    const auto back = kt::rules::treeFromJson(j);
    EXPECT_EQ(back.dims, tree.dims);
    EXPECT_EQ(kt::rules::treeToJson(back), j);

    const auto rule = kt::rules::ruleFileFromJson(j, "T.json");
    EXPECT_EQ(rule.candidates(), (std::vector<std::string>{"small", "wide", "deep"}));
    EXPECT_NO_THROW(rule.checkDimensions(kGemmDims));
    const auto c = rule.select(kGemmDims, {100, 7, 80}); // m = 100, k = 80
    EXPECT_EQ(c.candidate, "deep");
    EXPECT_EQ(c.why, "m >= 32, k >= 64");
    EXPECT_EQ(rule.select(kGemmDims, {100, 7, 63}).candidate, "wide");
    EXPECT_EQ(rule.select(kGemmDims, {31, 900, 900}).candidate, "small");
    EXPECT_THROW(rule.checkDimensions({"n"}), RuleInputError); // the tree splits on m and k
}

TEST(RuleFile, BadFilesNameTheProblem) {
    EXPECT_NE(messageOf(json::array()).find("object"), std::string::npos);
    EXPECT_NE(messageOf(json{{"intervals", json::array()}}).find("\"format\" missing"), std::string::npos);
    EXPECT_NE(messageOf(json{{"format", "ktune-rules/9"}}).find("ktune-rules/9"), std::string::npos);
    auto j = intervalRule();
    j["intervals"][1]["lo"] = 41;
    EXPECT_NE(messageOf(j).find("intervals[1]"), std::string::npos) << messageOf(j);
    j = intervalRule();
    j["intervals"][0]["candidate"] = "";
    EXPECT_NE(messageOf(j).find("empty candidate"), std::string::npos) << messageOf(j);
    j = intervalRule();
    j["family"] = 3;
    EXPECT_NE(messageOf(j).find("\"family\""), std::string::npos) << messageOf(j);
    const auto tree = json::parse(R"({"format": "ktune-tree/1", "dims": ["m"],
        "tree": {"dim": "m", "threshold": 8, "left": {"candidate": "a"}, "right": {"dim": "q", "threshold": 1,
                 "left": {"candidate": "b"}, "right": {"candidate": "c"}}}})");
    EXPECT_NE(messageOf(tree).find("tree.right.dim"), std::string::npos) << messageOf(tree);
    auto leafless = tree;
    leafless["tree"]["left"] = json::object();
    EXPECT_NE(messageOf(leafless).find("tree.left"), std::string::npos) << messageOf(leafless);
    EXPECT_NE(messageOf(leafless).find("R.json"), std::string::npos) << messageOf(leafless);
}

TEST(RuleFile, UnreadableAndMalformedFiles) {
    EXPECT_THROW(kt::rules::readRuleFile("/nonexistent/R.json"), RuleInputError);
    const std::string path = ::testing::TempDir() + "rule_file_test_bad.json";
    { std::ofstream(path) << "{\"format\": \"ktune-rules/1\", \"intervals\": ["; }
    try {
        kt::rules::readRuleFile(path);
        FAIL() << "malformed JSON accepted";
    } catch (const RuleInputError& e) {
        EXPECT_NE(std::string(e.what()).find("not JSON"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
}

} // namespace

TEST(RuleFile, IntervalRuleWithKindsSelectsByTheCallsKind) {
    // GEMM's merged rule: NN calls take the main intervals, TN calls their own at every size (outside them the
    // nearest of their own), a kind without intervals the main ones.
    auto j = intervalRule();
    j["kinds"]["tn"] = json::parse(R"({"intervals": [{"lo": 16, "hi": 24, "candidate": "A=3"},
        {"lo": 24, "hi": 65, "candidate": "A=1"}], "source": "tn.csv"})");
    const auto rule = kt::rules::ruleFileFromJson(j, "R.json");
    EXPECT_EQ(rule.kinds(), (std::vector<std::string>{"tn"}));
    EXPECT_EQ(rule.candidates(), (std::vector<std::string>{"A=1", "A=2", "A=3"}));
    const auto tn = rule.select(kGemmDims, {20, 20, 20}, "tn");
    EXPECT_EQ(tn.candidate, "A=3");
    EXPECT_EQ(tn.kind, "tn");
    EXPECT_EQ(tn.why, "16 <= m = n = k < 24 (tn intervals)");
    EXPECT_EQ(rule.select(kGemmDims, {20, 20, 20}).candidate, "A=1");
    EXPECT_EQ(rule.select(kGemmDims, {20, 20, 20}).kind, "");
    EXPECT_EQ(rule.select(kGemmDims, {50, 50, 50}, "tn").candidate, "A=1"); // main: A=2
    EXPECT_EQ(rule.select(kGemmDims, {50, 50, 50}, "nt").candidate, "A=2");
    const auto past = rule.select(kGemmDims, {900, 900, 900}, "tn");
    EXPECT_EQ(past.candidate, "A=1");
    EXPECT_NE(past.note.find("past"), std::string::npos) << past.note;
    // Bad kinds name where they are.
    auto bad = intervalRule();
    bad["kinds"] = json::array();
    EXPECT_NE(messageOf(bad).find("kinds: expected an object"), std::string::npos) << messageOf(bad);
    bad["kinds"] = json::parse(R"({"tn": {"intervals": [{"lo": 16, "hi": 24, "candidate": ""}]}})");
    EXPECT_NE(messageOf(bad).find("kinds.tn.intervals[0]: empty candidate"), std::string::npos) << messageOf(bad);
    bad["kinds"] = json::parse(R"({"tt": {"entries": []}})");
    EXPECT_NE(messageOf(bad).find("kinds.tt"), std::string::npos) << messageOf(bad);
}

TEST(RuleFile, AlignedIntervalsTakeTheMultiplesOnly) {
    // Main intervals (and tn's) from ragged sizes; "aligned" from multiples of 16, with tt intervals of its own.
    auto j = intervalRule();
    j["kinds"]["tn"] = json::parse(R"({"intervals": [{"lo": 16, "hi": 65, "candidate": "A=3"}]})");
    j["aligned"] = json::parse(R"({"multiple": 16, "intervals": [{"lo": 16, "hi": 48, "candidate": "B=1"},
        {"lo": 48, "hi": 65, "candidate": "B=2"}], "kinds": {"tt": {"intervals": [{"lo": 16, "hi": 65,
        "candidate": "B=3"}]}}, "source": "aligned.csv"})");
    const auto rule = kt::rules::ruleFileFromJson(j, "R.json");
    ASSERT_TRUE(rule.aligned.has_value());
    EXPECT_EQ(rule.aligned->multiple, 16);
    EXPECT_EQ(rule.kinds(), (std::vector<std::string>{"tn", "tt"}));
    EXPECT_EQ(rule.candidates(), (std::vector<std::string>{"A=1", "A=2", "A=3", "B=1", "B=2", "B=3"}));
    // Multiples of 16 take the aligned intervals (their kind's where they have them), every other size the main.
    const auto a = rule.select(kGemmDims, {32, 32, 32});
    EXPECT_EQ(a.candidate, "B=1");
    EXPECT_EQ(a.why, "16 <= m = n = k < 48 (aligned intervals, multiples of 16)");
    EXPECT_EQ(rule.select(kGemmDims, {33, 33, 33}).candidate, "A=1");
    EXPECT_EQ(rule.select(kGemmDims, {48, 48, 48}).candidate, "B=2");
    EXPECT_EQ(rule.select(kGemmDims, {47, 47, 47}).candidate, "A=2");
    const auto tt = rule.select(kGemmDims, {32, 32, 32}, "tt");
    EXPECT_EQ(tt.candidate, "B=3");
    EXPECT_EQ(tt.kind, "tt");
    EXPECT_EQ(tt.why, "16 <= m = n = k < 65 (tt aligned intervals, multiples of 16)");
    EXPECT_EQ(rule.select(kGemmDims, {33, 33, 33}, "tt").candidate, "A=1"); // tt has no main intervals
    EXPECT_EQ(rule.select(kGemmDims, {32, 32, 32}, "tn").candidate, "B=1"); // tn has no aligned intervals
    EXPECT_EQ(rule.select(kGemmDims, {33, 33, 33}, "tn").candidate, "A=3");
    // Past the aligned intervals: their last one, said so; below the first multiple: the main intervals.
    const auto past = rule.select(kGemmDims, {160, 160, 160});
    EXPECT_EQ(past.candidate, "B=2");
    EXPECT_NE(past.note.find("past"), std::string::npos) << past.note;
    EXPECT_EQ(rule.select(kGemmDims, {0, 0, 0}).candidate, "A=1");
    // Bad aligned parts name where they are.
    auto bad = intervalRule();
    bad["aligned"] = json::array();
    EXPECT_NE(messageOf(bad).find("aligned: expected an object"), std::string::npos) << messageOf(bad);
    for (const char* multiple : {R"({"intervals": []})", R"({"multiple": 1})", R"({"multiple": "16"})"}) {
        bad["aligned"] = json::parse(multiple);
        EXPECT_NE(messageOf(bad).find("aligned.multiple: expected an integer >= 2"), std::string::npos)
            << messageOf(bad);
    }
    bad["aligned"] = json::parse(R"({"multiple": 16, "intervals": [{"lo": 16, "hi": 24, "candidate": ""}]})");
    EXPECT_NE(messageOf(bad).find("aligned.intervals[0]: empty candidate"), std::string::npos) << messageOf(bad);
    bad["aligned"] = json::parse(R"({"multiple": 16, "intervals": [{"lo": 16, "hi": 24, "candidate": "B=1"}],
        "kinds": {"tt": {"intervals": [{"lo": 16, "hi": 24, "candidate": ""}]}}})");
    EXPECT_NE(messageOf(bad).find("aligned.kinds.tt.intervals[0]: empty candidate"), std::string::npos)
        << messageOf(bad);
}
