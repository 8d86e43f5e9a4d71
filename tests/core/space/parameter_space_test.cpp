// Parameter spaces: pruned enumeration vs brute force, keys, validity, unknown names.
#include <chrono>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "core/model/device_info.hpp"
#include "core/space/device_variables.hpp"
#include "core/space/expression.hpp"
#include "core/space/parameter_space.hpp"

using namespace kt;

namespace {

// Random small space with random constraints drawn from templates over random parameter names.
ParameterSpace randomSpace(std::mt19937& rng) {
    ParameterSpace s;
    int nparams = 2 + static_cast<int>(rng() % 4);
    std::vector<std::string> names;
    for (int i = 0; i < nparams; ++i) {
        Parameter p;
        p.name = std::string(1, static_cast<char>('A' + i));
        int nvalues = 1 + static_cast<int>(rng() % 6);
        while (static_cast<int>(p.values.size()) < nvalues) {
            ParamValue v = static_cast<ParamValue>(rng() % 17);
            if (std::find(p.values.begin(), p.values.end(), v) == p.values.end()) p.values.push_back(v);
        }
        names.push_back(p.name);
        s.addParameter(p);
    }
    const char* templates[] = {"X % max(1, Y) == 0", "X * Y <= 40 + K", "X + Y != Z", "X > Y || Z == 3",
                               "is_pow2(X + Y)",     "min(X, Y) * 2 >= Z ? 1 : X < 5", "X / max(Y, 1) <= K",
                               "!(X == Y)",          "X - Y * 2 < Z - K"};
    int ncons = static_cast<int>(rng() % 4);
    for (int c = 0; c < ncons; ++c) {
        std::string t = templates[rng() % std::size(templates)];
        std::string out;
        for (char ch : t) {
            if (ch == 'X' || ch == 'Y' || ch == 'Z') out += names[rng() % names.size()];
            else out += ch;
        }
        s.addConstraint({out, ""});
    }
    s.setVariable("K", static_cast<ParamValue>(rng() % 8));
    return s;
}

std::vector<std::uint64_t> bruteForce(const ParameterSpace& s) {
    std::vector<Expression> exprs;
    for (const auto& c : s.constraints()) exprs.push_back(Expression::parse(c.expression));
    std::vector<std::uint64_t> valid;
    for (std::uint64_t i = 0; i < s.cartesianSize(); ++i) {
        Point p = s.pointAt(i);
        bool ok = true;
        for (const auto& e : exprs) {
            auto v = e.evaluate([&](const std::string& n) -> std::optional<std::int64_t> {
                if (p.has(n)) return p[n];
                return s.variables().at(n);
            });
            if (!v || *v == 0) ok = false;
        }
        if (ok) valid.push_back(i);
    }
    return valid;
}

} // namespace

TEST(ParameterSpace, EnumerationMatchesBruteForceOnRandomSpaces) {
    std::mt19937 rng(12345);
    for (int trial = 0; trial < 300; ++trial) {
        ParameterSpace s = randomSpace(rng);
        auto expected = bruteForce(s);
        std::vector<std::uint64_t> got;
        s.forEachValid([&](const Point& p) {
            got.push_back(*s.indexOf(p));
            EXPECT_TRUE(s.isValid(p));
            return true;
        });
        ASSERT_EQ(got, expected) << "trial " << trial << "\n" << s.toJson();
        EXPECT_EQ(s.countValid(), expected.size());
        // Every invalid cartesian point is rejected by isValid.
        std::size_t next = 0;
        for (std::uint64_t i = 0; i < s.cartesianSize(); ++i) {
            bool isExpected = next < expected.size() && expected[next] == i;
            if (isExpected) ++next;
            EXPECT_EQ(s.isValid(s.pointAt(i)), isExpected);
        }
    }
}

TEST(ParameterSpace, CountsStopAtTheirCapOnRandomSpaces) {
    std::mt19937 rng(777);
    for (int trial = 0; trial < 200; ++trial) {
        ParameterSpace s = randomSpace(rng);
        const std::uint64_t all = bruteForce(s).size();
        for (std::uint64_t cap : {std::uint64_t{1}, std::uint64_t{2}, all, all + 1, all / 2 + 1})
            EXPECT_EQ(s.countValid(cap), std::min(all, cap)) << "trial " << trial << ", cap " << cap << "\n"
                                                              << s.toJson();
    }
}

TEST(ParameterSpace, VisitorCanStopEarly) {
    ParameterSpace s;
    s.addParameter({"A", {1, 2, 3, 4}, ""});
    s.addParameter({"B", {1, 2, 3, 4}, ""});
    int seen = 0;
    s.forEachValid([&](const Point&) { return ++seen < 5; });
    EXPECT_EQ(seen, 5);
}

TEST(ParameterSpace, LargeSparseSpaceCountsWithEarlyPruning) {
    // 10^7 cartesian points, 10^4 valid: A..G each 10 values; constraints pin most combinations early.
    ParameterSpace s;
    std::vector<ParamValue> ten{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    for (const char* n : {"A", "B", "C", "D", "E", "F", "G"}) s.addParameter({n, ten, ""});
    s.addConstraint({"A == B", ""});
    s.addConstraint({"C == D", ""});
    s.addConstraint({"E == F", ""});
    EXPECT_EQ(s.cartesianSize(), 10'000'000u);
    auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(s.countValid(), 10'000u);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("[ info ] counted 10^4 valid of 10^7 cartesian points in %.2f ms\n", ms);
}

TEST(ParameterSpace, KeysRoundTrip) {
    ParameterSpace s;
    s.addParameter({"ML", {16, 32, 64}, ""});
    s.addParameter({"VW", {1, 2, 4}, ""});
    Point p = s.makePoint({32, 4});
    EXPECT_EQ(p.key(), "ML=32,VW=4");
    Point q = Point::fromKey("ML=32,VW=4");
    EXPECT_EQ(q, p);
    EXPECT_EQ(q["VW"], 4);
    EXPECT_THROW(q["NOPE"], std::out_of_range);
    EXPECT_EQ(s.pointFromKey("VW=4,ML=32").key(), "ML=32,VW=4");
    EXPECT_EQ(Point::fromKey("A=-3")["A"], -3);
    EXPECT_THROW(Point::fromKey("ML=32,VW"), std::invalid_argument);
    EXPECT_THROW(Point::fromKey("ML=3x"), std::invalid_argument);
    EXPECT_THROW(Point::fromKey("ML=3,ML=4"), std::invalid_argument);
    EXPECT_THROW(s.pointFromKey("ML=32"), std::invalid_argument);
    EXPECT_THROW(s.pointFromKey("ML=32,VW=3"), std::invalid_argument); // 3 not in the list
    EXPECT_THROW(s.pointFromKey("ML=32,VW=4,X=1"), std::invalid_argument);
    EXPECT_EQ(s.pointAt(*s.indexOf(p)).key(), p.key());
    Point none;
    EXPECT_TRUE(none.names().empty());
    EXPECT_EQ(none.key(), "");
    EXPECT_FALSE(none.has("ML"));
    EXPECT_FALSE(s.isValid(none));
}

TEST(ParameterSpace, UnknownNameIsReportedNamingTheConstraint) {
    ParameterSpace s;
    s.addParameter({"ML", {16, 32}, ""});
    s.addConstraint({"ML * 4 <= DEV_LOCAL_MEM", ""});
    try {
        s.countValid();
        FAIL();
    } catch (const std::invalid_argument& e) {
        std::string what = e.what();
        EXPECT_NE(what.find("constraint 1 'ML * 4 <= DEV_LOCAL_MEM'"), std::string::npos) << what;
        EXPECT_NE(what.find("DEV_LOCAL_MEM"), std::string::npos) << what;
    }
    DeviceInfo d;
    d.localMemBytes = 100;
    applyDeviceVariables(s, d);
    EXPECT_EQ(s.countValid(), 1u); // 16*4 = 64 fits, 32*4 = 128 does not
    EXPECT_THROW(s.addConstraint({"ML %% 2", ""}), std::invalid_argument);
}

TEST(ParameterSpace, BadParametersAreRejected) {
    ParameterSpace s;
    EXPECT_THROW(s.addParameter({"1X", {1}, ""}), std::invalid_argument);
    EXPECT_THROW(s.addParameter({"X", {}, ""}), std::invalid_argument);
    EXPECT_THROW(s.addParameter({"X", {1, 1}, ""}), std::invalid_argument);
    s.addParameter({"X", {1}, ""});
    EXPECT_THROW(s.addParameter({"X", {2}, ""}), std::invalid_argument);
}

TEST(ParameterSpace, DeviceVariablesComeFromDeviceInfo) {
    DeviceInfo d;
    d.type = DeviceType::Gpu;
    d.localMemBytes = 49152;
    d.maxWorkGroupSize = 1024;
    d.maxWorkItemSizes = {1024, 512, 64};
    d.computeUnits = 132;
    d.fp64 = true;
    d.globalMemBytes = 80ull << 30;
    auto v = deviceVariables(d);
    EXPECT_EQ(v["DEV_LOCAL_MEM"], 49152);
    EXPECT_EQ(v["DEV_MAX_WG"], 1024);
    EXPECT_EQ(v["DEV_MAX_WI1"], 512);
    EXPECT_EQ(v["DEV_CU"], 132);
    EXPECT_EQ(v["DEV_FP64"], 1);
    EXPECT_EQ(v["DEV_ATOMICS64"], 0);
    EXPECT_EQ(v["DEV_IMAGES"], 0);
    EXPECT_EQ(v["DEV_GLOBAL_MEM_MB"], 80 * 1024);
    EXPECT_EQ(v["DEV_IS_GPU"], 1);
    EXPECT_EQ(v["DEV_IS_CPU"], 0);
    EXPECT_TRUE(isDeviceVariable("DEV_MAX_WI2"));
    EXPECT_FALSE(isDeviceVariable("DEV_NOPE"));
}

TEST(ParameterSpace, ConstantFalseConstraintEmptiesTheSpace) {
    ParameterSpace s;
    s.addParameter({"A", {1, 2}, ""});
    s.addConstraint({"DEV_FP64 == 1", ""});
    s.setVariable("DEV_FP64", 0);
    EXPECT_EQ(s.countValid(), 0u);
    EXPECT_FALSE(s.isValid(s.makePoint({1})));
    s.setVariable("DEV_FP64", 1);
    EXPECT_EQ(s.countValid(), 2u);
}

TEST(ParameterSpace, ConstQueriesAreSafeFromSeveralThreads) {
    // The compiled constraints are built lazily on first use; concurrent first uses must agree.
    for (int round = 0; round < 20; ++round) {
        ParameterSpace s;
        s.addParameter({"A", {1, 2, 3, 4, 5, 6, 7, 8}, ""});
        s.addParameter({"B", {1, 2, 3, 4, 5, 6, 7, 8}, ""});
        s.addConstraint({"A % B == 0", ""});
        std::vector<std::uint64_t> counts(4);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) threads.emplace_back([&, t] { counts[t] = s.countValid(); });
        for (auto& th : threads) th.join();
        for (auto c : counts) EXPECT_EQ(c, 20u); // divisor pairs within 1..8
    }
}
