// Curves CSV: parsing in any row order and the file:line errors.
#include <gtest/gtest.h>

#include "core/rules/curve_table.hpp"

using namespace kt::rules;

namespace {
std::string errorOf(const std::string& text) {
    try {
        parseCurvesCsv(text, "C.csv");
    } catch (const RuleInputError& e) {
        return e.what();
    }
    return "";
}
} // namespace

TEST(CurveTable, ParsesRowsInAnyOrder) {
    const auto t = parseCurvesCsv("size,candidate,value\n20,b,1\n10,a,2\n20,a,3\n\"10\",\"x,y\",4\n", "C.csv");
    EXPECT_EQ(t.sizes, (std::vector<long long>{10, 20}));
    EXPECT_EQ(t.candidates, (std::vector<std::string>{"b", "a", "x,y"}));
    EXPECT_FALSE(t.has(0, 0));
    EXPECT_DOUBLE_EQ(t.value[1][1], 3.0);
    EXPECT_EQ(t.best(0), 2u);
}

TEST(CurveTable, ErrorsNameFileAndLine) {
    EXPECT_NE(errorOf("").find("C.csv: the file is empty"), std::string::npos);
    EXPECT_NE(errorOf("size,value\n").find("C.csv:1: expected the header 'size,candidate,value'"), std::string::npos);
    EXPECT_NE(errorOf("size,candidate,value\n").find("no curve rows"), std::string::npos);
    EXPECT_NE(errorOf("size,candidate,value\n1,a,2\nq,a,3\n").find("C.csv:3: size 'q'"), std::string::npos);
    EXPECT_NE(errorOf("size,candidate,value\n1,a,fast\n").find("C.csv:2: value 'fast'"), std::string::npos);
    EXPECT_NE(errorOf("size,candidate,value\n1,,2\n").find("C.csv:2: empty candidate"), std::string::npos);
    EXPECT_NE(errorOf("size,candidate,value\n1,a,2\n1,a,3\n").find("C.csv:3: candidate 'a' already has a value"),
              std::string::npos);
    EXPECT_NE(errorOf("size,candidate,value\n1,a\n").find("C.csv:2: expected 3 fields"), std::string::npos);
}
