// Emitters: JSON round trip, the GUI table, and generated C++ that compiles and agrees with the rule.
#include <gtest/gtest.h>

#include <sstream>

#include "compile_helper.hpp"
#include "core/rules/rule_emit.hpp"

using namespace kt::rules;

namespace {

SizeRule sampleRule(std::size_t intervals) {
    SizeRule r;
    long long lo = 64;
    for (std::size_t i = 0; i < intervals; ++i) {
        const long long hi = lo + 17 + static_cast<long long>(i * 13 % 40);
        r.intervals.push_back({lo, hi, "cand_" + std::to_string(i % 5) + (i % 2 ? "" : "x")});
        lo = hi;
    }
    return r;
}

// main body: print the candidate for every size from lo−3 to hi+3.
std::string loopMain(const SizeRule& r, const std::string& call) {
    std::ostringstream m;
    m << "for (long long s = " << r.intervals.front().lo - 3 << "; s <= " << r.intervals.back().hi + 3
      << "; ++s) std::printf(\"%lld %s\\n\", s, " << call << "(s));";
    return m.str();
}

std::string expectedLines(const SizeRule& r) {
    std::ostringstream e;
    for (long long s = r.intervals.front().lo - 3; s <= r.intervals.back().hi + 3; ++s)
        e << s << " " << r.select(s) << "\n";
    return e.str();
}

} // namespace

TEST(RuleEmit, JsonRoundTripAndValidation) {
    const auto r = sampleRule(4);
    const auto j = ruleToJson(r);
    EXPECT_EQ(j["format"], "ktune-rules/1");
    ASSERT_TRUE(j["intervals"].is_array());
    EXPECT_EQ(j["intervals"][0]["lo"], 64);
    EXPECT_EQ(ruleFromJson(nlohmann::json::parse(j.dump())).intervals, r.intervals);
    auto gap = j;
    gap["intervals"][1]["lo"] = gap["intervals"][1]["lo"].get<long long>() + 1;
    EXPECT_THROW(ruleFromJson(gap), RuleInputError);
    EXPECT_THROW(ruleFromJson(nlohmann::json::array()), RuleInputError);
    auto empty = j;
    empty["intervals"][0]["hi"] = 64;
    EXPECT_THROW(ruleFromJson(empty), RuleInputError);
}

TEST(RuleEmit, TableSpellsOutRanges) {
    const auto rows = ruleTable(SizeRule{{{100, 8059, "a"}, {8059, 8060, "b"}}});
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].range, "8059 \u2264 N < 8060");
    EXPECT_EQ(rows[1].candidate, "b");
    EXPECT_EQ(rows[0].hi, 8059);
}

TEST(RuleEmit, StringLiteralsAndIdentifiers) {
    EXPECT_EQ(cppStringLiteral("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    EXPECT_EQ(cppStringLiteral(std::string("x\x01y")), "\"x\\001y\"");
    EXPECT_TRUE(isCppIdentifier("select_2"));
    EXPECT_FALSE(isCppIdentifier("2select"));
    EXPECT_FALSE(isCppIdentifier("a-b"));
    EXPECT_THROW(emitCpp(sampleRule(2), {"bad name", "ns", CppStyle::Auto}), RuleInputError);
    EXPECT_THROW(emitCpp(sampleRule(2), {"f", "a::", CppStyle::Auto}), RuleInputError);
    EXPECT_THROW(emitCpp(SizeRule{}), RuleInputError);
}

TEST(RuleEmit, GeneratedCppCompilesAndAgreesWithTheRule) {
    if (!test::haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    for (CppStyle style : {CppStyle::IfChain, CppStyle::BinarySearch}) {
        for (std::size_t n : {1u, 3u, 12u}) {
            const auto r = sampleRule(n);
            const auto header = emitCpp(r, {"pick", "gen::rules", style});
            if (n > 1)
                EXPECT_NE(header.find(style == CppStyle::IfChain ? "if (size <" : "std::upper_bound"),
                          std::string::npos);
            std::string error;
            const auto out = test::compileAndRun(header, loopMain(r, "gen::rules::pick"), &error);
            ASSERT_TRUE(out.has_value()) << error;
            EXPECT_EQ(*out, expectedLines(r)) << "style " << int(style) << " n=" << n;
        }
    }
}

TEST(RuleEmit, GeneratedCppKeepsAwkwardCandidateNames) {
    if (!test::haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    SizeRule r{{{0, 10, "say \"hi\"\\"}, {10, 20, "tri??=graph"}, {20, 21, "tab\there"}}};
    std::string error;
    const auto out = test::compileAndRun(emitCpp(r, {"f", "", CppStyle::Auto}), loopMain(r, "f"), &error);
    ASSERT_TRUE(out.has_value()) << error;
    EXPECT_EQ(*out, expectedLines(r));
}

TEST(RuleEmit, MergedRuleCppPicksTheKindsIntervals) {
    if (!test::haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    const SizeRule main = sampleRule(3), tn = sampleRule(12);
    std::vector<KindIntervals> kinds{{"tn", tn}, {"tt", SizeRule{{{0, 5, "only"}}}}};
    const auto header = emitKindsCpp(main, kinds, {"pick", "gen::rules", CppStyle::Auto});
    std::string error;
    const auto out = test::compileAndRun(
        header,
        "for (long long s = -2; s <= 200; ++s) std::printf(\"%lld %s %s %s %s %s\\n\", s, gen::rules::pick(s), "
        "gen::rules::pick(s, \"tn\"), gen::rules::pick(s, \"tt\"), gen::rules::pick(s, nullptr), "
        "gen::rules::pick(s, \"nt\"));",
        &error);
    ASSERT_TRUE(out.has_value()) << error;
    std::ostringstream want;
    for (long long s = -2; s <= 200; ++s)
        want << s << " " << main.select(s) << " " << tn.select(s) << " only " << main.select(s) << " "
             << main.select(s) << "\n";
    EXPECT_EQ(*out, want.str());
    EXPECT_THROW(emitKindsCpp(main, {{"t-n", tn}}), RuleInputError);
}

TEST(RuleEmit, AlignedRuleCppTakesTheMultiplesFirst) {
    if (!test::haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    const SizeRule main = sampleRule(3), tn = sampleRule(12);
    const AlignedIntervals aligned{
        8, SizeRule{{{8, 64, "aligned-a"}, {64, 129, "aligned-b"}}}, {{"tt", SizeRule{{{0, 5, "aligned-tt"}}}}}};
    const auto header = emitKindsCpp(main, {{"tn", tn}}, {"pick", "gen", CppStyle::Auto}, &aligned);
    std::string error;
    const auto out = test::compileAndRun(
        header,
        "for (long long s = -9; s <= 200; ++s) std::printf(\"%lld %s %s %s %s\\n\", s, gen::pick(s, nullptr), "
        "gen::pick(s, \"tn\"), gen::pick(s, \"tt\"), gen::pick(s));",
        &error);
    ASSERT_TRUE(out.has_value()) << error;
    // As RuleFile::select: positive multiples of 8 take the aligned intervals (tt its own, tn the aligned main);
    // the one-argument function stays the main intervals'.
    std::ostringstream want;
    for (long long s = -9; s <= 200; ++s) {
        const bool a = aligned.takes(s);
        want << s << " " << (a ? aligned.rule.select(s) : main.select(s)) << " "
             << (a ? aligned.rule.select(s) : tn.select(s)) << " " << (a ? "aligned-tt" : main.select(s)) << " "
             << main.select(s) << "\n";
    }
    EXPECT_EQ(*out, want.str());
    EXPECT_TRUE(aligned.takes(8) && aligned.takes(200) && !aligned.takes(0) && !aligned.takes(-8) && !aligned.takes(9));
}
