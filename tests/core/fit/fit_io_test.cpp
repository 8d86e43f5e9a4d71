// Samples CSV parsing: each kind of bad input is refused with file and line in the message.
#include <gtest/gtest.h>

#include "core/fit/fit_io.hpp"

using namespace kt::fit;

namespace {
std::string errorOf(const std::string& text, const SizeGrid* grid = nullptr) {
    try {
        parseSamplesCsv(text, "S.csv", grid);
    } catch (const FitInputError& e) {
        return e.what();
    }
    return "";
}
} // namespace

TEST(FitIo, ParsesSortedSamplesWithRepeats) {
    const SizeGrid grid(0, 100, 10);
    const auto s = parseSamplesCsv("size,value\r\n10, 1.5\n10,2.5\n\n40,-3e2\n", "S.csv", &grid);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_EQ(s[1].size, 10);
    EXPECT_DOUBLE_EQ(s[2].value, -300.0);
}

TEST(FitIo, ErrorsNameFileAndLine) {
    const SizeGrid grid(0, 100, 10);
    EXPECT_EQ(errorOf(""), "S.csv: the file is empty (expected the header 'size,value')");
    EXPECT_NE(errorOf("sz,value\n1,2\n").find("S.csv:1: expected the header"), std::string::npos);
    EXPECT_EQ(errorOf("size,value\n"), "S.csv: no samples after the header");
    EXPECT_NE(errorOf("size,value\n10,1\n").find("at least 2 samples"), std::string::npos);
    EXPECT_NE(errorOf("size,value\n10,1\n10,2\n").find("2 distinct sizes"), std::string::npos);
    EXPECT_NE(errorOf("size,value\n10,1\nx,2\n").find("S.csv:3: size 'x' is not an integer"), std::string::npos);
    EXPECT_NE(errorOf("size,value\n10,1\n20,abc\n").find("S.csv:3: value 'abc'"), std::string::npos);
    EXPECT_NE(errorOf("size,value\n10,1\n20,nan\n").find("S.csv:3: value 'nan'"), std::string::npos);
    EXPECT_NE(errorOf("size,value\n10,1\n20\n").find("S.csv:3: expected 2 fields"), std::string::npos);
    EXPECT_NE(errorOf("size,value\n20,1\n10,1\n").find("S.csv:3: size 10 is smaller"), std::string::npos);
    EXPECT_NE(errorOf("size,value\n10,1\n25,1\n", &grid).find("S.csv:3: size 25 is not on the grid"),
              std::string::npos);
    EXPECT_NE(errorOf("size,value\n10,1\n2.5,1\n").find("S.csv:3: size '2.5' is not an integer"), std::string::npos);
}

TEST(FitIo, FitCsvHasOneRowPerGridPoint) {
    const SizeGrid grid(5, 11, 3);
    EXPECT_EQ(fitCsvText(grid, {1, 0.5, -2}), "size,value\n5,1\n8,0.5\n11,-2\n");
}
