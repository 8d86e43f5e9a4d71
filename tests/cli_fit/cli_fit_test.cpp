// `ktune fit`: the happy path and every bad-input case (exit code 2, message naming file and line).
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "cli_helper.hpp"

using kt::test::Scratch;

namespace {

const char* kGood = "size,value\n100,10\n140,14.5\n140,13.5\n220,30\n300,20\n";
const char* kGrid = "--from 100 --to 300 --step 20";

std::vector<std::pair<long long, double>> parseFit(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "size,value");
    std::vector<std::pair<long long, double>> rows;
    while (std::getline(in, line)) {
        const auto comma = line.find(',');
        rows.push_back({std::stoll(line.substr(0, comma)), std::stod(line.substr(comma + 1))});
    }
    return rows;
}

} // namespace

TEST(CliFit, HappyPathWritesOneRowPerGridPoint) {
    Scratch s;
    s.write("S.csv", kGood);
    for (const std::string alpha : {"0", "2.5", "auto"}) {
        const auto r = s.ktune("fit --samples S.csv " + std::string(kGrid) + " --alpha " + alpha + " --out F.csv");
        ASSERT_EQ(r.rc, 0) << r.output;
        EXPECT_NE(r.output.find("alpha:"), std::string::npos);
        const auto rows = parseFit(s.read("F.csv"));
        ASSERT_EQ(rows.size(), 11u);
        for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].first, 100 + 20 * static_cast<long long>(i));
        if (alpha == "0") { // interpolation: through the samples, repeats averaged
            EXPECT_NEAR(rows[0].second, 10.0, 1e-9);
            EXPECT_NEAR(rows[2].second, 14.0, 1e-9);
            EXPECT_NEAR(rows[6].second, 30.0, 1e-9);
        }
        for (const auto& row : rows) EXPECT_TRUE(std::isfinite(row.second));
    }
}

TEST(CliFit, StepDefaultsToOneAndProposeSuggestsASize) {
    Scratch s;
    s.write("S.csv", "size,value\n1,1\n2,4\n3,9\n10,100\n");
    const auto r = s.ktune("fit --samples S.csv --from 1 --to 10 --alpha 1 --out F.csv --propose");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_EQ(parseFit(s.read("F.csv")).size(), 10u);
    EXPECT_NE(r.output.find("next sample: size "), std::string::npos);
}

TEST(CliFit, BadInputExitsWithTwoAndNamesFileAndLine) {
    struct Case {
        std::string samples, args, expect;
    };
    const std::vector<Case> cases{
        {"size,value\n100,1\n300,2\n120,3\n", kGrid, "S.csv:4: size 120 is smaller"},      // unsorted
        {"size,value\n100,1\n130,2\n", kGrid, "S.csv:3: size 130 is not on the grid"},     // off grid
        {"size,value\n100,1\n400,2\n", kGrid, "S.csv:3: size 400 is not on the grid"},     // outside
        {"", kGrid, "S.csv: the file is empty"},                                           // empty file
        {"size,value\n", kGrid, "S.csv: no samples"},                                      // header only
        {"size,value\n100,1\nabc,2\n", kGrid, "S.csv:3: size 'abc' is not an integer"},    // non-numeric size
        {"size,value\n100,1\n120,fast\n", kGrid, "S.csv:3: value 'fast' is not a finite"}, // non-numeric value
        {"size,value\n100,1\n120,inf\n", kGrid, "S.csv:3: value 'inf'"},                   // not finite
        {"size,value\n100,1\n", kGrid, "at least 2 samples"},                              // one sample
        {"size,value\n100,1\n100,2\n", kGrid, "2 distinct sizes"},                         // one size
        {"x,y\n100,1\n120,2\n", kGrid, "S.csv:1: expected the header 'size,value'"},       // header
        {"size,value\n100,1\n120\n", kGrid, "S.csv:3: expected 2 fields"},                 // short row
        {kGood, "--from 100 --to 310 --step 20", "not reachable"},                         // N1 unreachable
        {kGood, "--from 100 --to 300 --step 0", "step must be positive"},
        {kGood, "--from 300 --to 100", "larger than grid end"},
        {kGood, "--from x --to 300", "--from: 'x' is not an integer"},
    };
    for (const auto& c : cases) {
        Scratch s;
        s.write("S.csv", c.samples);
        s.write("F.csv", "precious\n");
        const auto r = s.ktune("fit --samples S.csv " + c.args + " --alpha 1 --out F.csv");
        EXPECT_EQ(r.rc, 2) << c.expect << "\n" << r.output;
        EXPECT_NE(r.output.find(c.expect), std::string::npos) << r.output;
        EXPECT_EQ(s.read("F.csv"), "precious\n") << "bad input must not touch the output file";
    }
}

TEST(CliFit, BadArgumentsExitWithTwo) {
    Scratch s;
    s.write("S.csv", kGood);
    const std::string base = "fit --samples S.csv " + std::string(kGrid);
    for (const std::string& args :
         {base + " --alpha -1 --out F.csv", base + " --alpha soft --out F.csv", base + " --out F.csv",
          base + " --alpha 1", std::string("fit --from 1 --to 2 --alpha 1 --out F.csv"),
          base + " --alpha 1 --out F.csv --bogus", base + " --alpha 1 --out F.csv extra",
          std::string("fit --samples missing.csv --from 1 --to 2 --alpha 1 --out F.csv")}) {
        const auto r = s.ktune(args);
        EXPECT_EQ(r.rc, 2) << args << "\n" << r.output;
        EXPECT_FALSE(r.output.empty());
    }
    EXPECT_FALSE(s.exists("F.csv"));
    const auto missing = s.ktune("fit --samples missing.csv --from 1 --to 2 --alpha 1 --out F.csv");
    EXPECT_NE(missing.output.find("missing.csv: cannot open"), std::string::npos) << missing.output;
}

TEST(CliFit, HelpDocumentsTheContract) {
    Scratch s;
    const auto r = s.ktune("fit --help");
    EXPECT_EQ(r.rc, 0);
    EXPECT_NE(r.output.find("--alpha A|auto"), std::string::npos);
    EXPECT_NE(r.output.find("size,value"), std::string::npos);
}
