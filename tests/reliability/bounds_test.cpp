// Regression tests for the defects of issue 16 that live in the Qt-free core (each named after its finding):
// hostile input must end in a precise error, never a crash, a hang or junk.
#include <gtest/gtest.h>

#include <string>

#include "core/space/expression.hpp"
#include "core/space/parameter_space.hpp"

namespace kt::test {
namespace {

// ---- finding 2: deep constraint expressions ----------------------------------------------------------------------

void expectRefused(const std::string& text, const std::string& why) {
    try {
        Expression::parse(text);
        ADD_FAILURE() << "accepted an expression of " << text.size() << " characters";
    } catch (const ExpressionError& e) {
        EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
}

TEST(Finding2DeepExpressions, TwentyThousandNestedParenthesesAreRefused) {
    expectRefused(std::string(20000, '(') + "1" + std::string(20000, ')'), "longer than 10000");
    expectRefused(std::string(4000, '(') + "1" + std::string(4000, ')'), "nests deeper than 256");
}

TEST(Finding2DeepExpressions, HundredThousandUnaryMinusAreRefused) {
    expectRefused(std::string(100000, '-') + "1", "longer than 10000");
    expectRefused(std::string(9000, '-') + "1", "nests deeper than 256");
    expectRefused(std::string(9000, '!') + "1", "nests deeper than 256");
    expectRefused(std::string(9000, '+') + "1", "nests deeper than 256");
}

TEST(Finding2DeepExpressions, FlatSumOfSixtyThousandTermsIsRefused) {
    std::string sum = "A";
    for (int i = 1; i < 60000; ++i) sum += "+A";
    expectRefused(sum, "longer than 10000");
    std::string shorter = "A";
    for (int i = 1; i < 4000; ++i) shorter += "+A";
    expectRefused(shorter, "nests deeper than 256");
    std::string ternaries = "A";
    for (int i = 1; i < 2000; ++i) ternaries += "?A:A";
    expectRefused(ternaries, "nests deeper than 256");
}

TEST(Finding2DeepExpressions, ExpressionsUpToTheBoundStillWork) {
    std::string sum = "A";
    for (int i = 1; i < 200; ++i) sum += "+A";
    auto e = Expression::parse(sum);
    EXPECT_EQ(e.evaluate([](const std::string&) { return std::optional<std::int64_t>(2); }), 400);
    const std::string nested = std::string(200, '(') + "1" + std::string(200, ')');
    EXPECT_EQ(Expression::parse(nested).evaluate([](const std::string&) { return std::nullopt; }), 1);
    EXPECT_EQ(Expression::parse(std::string(200, '-') + "5").evaluate([](const std::string&) { return std::nullopt; }), 5);
}

TEST(Finding2DeepExpressions, ASpaceFileWithADeepConstraintIsAFormatError) {
    const std::string deep = std::string(5000, '(') + "A" + std::string(5000, ')');
    const std::string json = R"({"parameters": [{"name": "A", "values": [1, 2]}], "constraints": [")" + deep + R"("]})";
    try {
        ParameterSpace::fromJson(json, "deep.json");
        ADD_FAILURE() << "accepted";
    } catch (const SpaceFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("deep.json: constraints[0]"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace kt::test

namespace kt::test {
namespace {

// ---- finding 3: long value lists ---------------------------------------------------------------------------------

// The pairwise duplicate check took 32 s at 500 000 values; now a list is at most kMaxValuesPerParameter long and
// checked in O(n log n). (No timing assertion: it would depend on the machine.)
TEST(Finding3ValueLists, TheLargestAllowedListIsAccepted) {
    Parameter p{"A", {}};
    for (std::size_t i = 0; i < kMaxValuesPerParameter; ++i) p.values.push_back(static_cast<ParamValue>(i * 7));
    ParameterSpace space;
    space.addParameter(p);
    EXPECT_EQ(space.countValid(), kMaxValuesPerParameter);
}

TEST(Finding3ValueLists, ListsBeyondTheBoundAreRefusedNamingIt) {
    Parameter p{"A", {}};
    for (std::size_t i = 0; i <= kMaxValuesPerParameter; ++i) p.values.push_back(static_cast<ParamValue>(i));
    ParameterSpace space;
    try {
        space.addParameter(p);
        ADD_FAILURE() << "accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("more than the 100000"), std::string::npos) << e.what();
    }
    std::string json = R"({"parameters": [{"name": "A", "values": [0)";
    for (std::size_t i = 1; i < 500000; ++i) json += "," + std::to_string(i);
    json += "]}]}";
    try {
        ParameterSpace::fromJson(json, "big.json");
        ADD_FAILURE() << "accepted";
    } catch (const SpaceFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("big.json: parameters[0].values has 500000 values"), std::string::npos)
            << e.what();
    }
}

TEST(Finding3ValueLists, DuplicatesAreStillFound) {
    ParameterSpace space;
    EXPECT_THROW(space.addParameter({"A", {5, 1, 3, 1}}), std::invalid_argument);
}

TEST(Finding3ValueLists, RangesNearTheLargestIntegerEnd) {
    auto space = ParameterSpace::fromJson(
        R"({"parameters": [{"name": "A", "range": {"from": 9223372036854775800, "to": 9223372036854775807, "step": 5}},
                           {"name": "B", "range": {"from": 4611686018427387904, "to": 9223372036854775807, "times": 2}}]})");
    EXPECT_EQ(space.parameters()[0].values, (std::vector<ParamValue>{9223372036854775800, 9223372036854775805}));
    EXPECT_EQ(space.parameters()[1].values, (std::vector<ParamValue>{4611686018427387904}));
}

TEST(Finding3ValueLists, ParameterAndConstraintCountsAreBounded) {
    ParameterSpace space;
    for (std::size_t i = 0; i < kMaxParameters; ++i) space.addParameter({"P" + std::to_string(i), {1}});
    EXPECT_THROW(space.addParameter({"ONE_MORE", {1}}), std::invalid_argument);
    for (std::size_t i = 0; i < kMaxConstraints; ++i) space.addConstraint({"P0 == 1"});
    EXPECT_THROW(space.addConstraint({"P0 == 1"}), std::invalid_argument);
}

} // namespace
} // namespace kt::test
