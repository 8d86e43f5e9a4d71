// CandidateMeasurer on PoCL: statuses for good, wrong and non-compiling candidates; compile cache; timing sanity.
#include <gtest/gtest.h>

#include "core/engine/candidate_measurer.hpp"
#include "kernels/builtin_families.hpp"
#include "test_device.hpp"

namespace kt {
namespace {

Point measurerSelftestPoint(int mode, int wg = 32) {
    auto names = std::make_shared<const std::vector<std::string>>(std::vector<std::string>{"SELFTEST_MODE", "SELFTEST_WG"});
    return Point(names, {mode, wg});
}

class CandidateMeasurerTest : public ::testing::Test {
protected:
    void SetUp() override {
        kernels::registerBuiltinFamilies();
        m_dev = test::openPoclDevice();
        if (!m_dev) GTEST_SKIP() << "no OpenCL CPU device";
    }
    std::unique_ptr<test::OpenedDevice> m_dev;
};

TEST_F(CandidateMeasurerTest, CorrectCandidateIsOkWithEventTimes) {
    CandidateMeasurer measurer(*m_dev->device, FamilyRegistry::instance().find("selftest"));
    MeasureOptions options;
    options.timedRuns = 4;
    auto results = measurer.measure(measurerSelftestPoint(0), {{{1000}}, {{4096}}}, options);
    ASSERT_EQ(results.size(), 2u);
    for (const auto& m : results) {
        EXPECT_EQ(m.status, MeasurementStatus::Ok) << m.error;
        EXPECT_EQ(m.timesMs.size(), 4u);
        EXPECT_GT(m.medianMs, 0);
        EXPECT_GT(m.value, 0);
        EXPECT_GE(m.medianMs, m.minMs);
    }
    EXPECT_EQ(results[1].size, (ProblemSize{{4096}}));
}

TEST_F(CandidateMeasurerTest, WrongResultIsCaughtWithTheElement) {
    CandidateMeasurer measurer(*m_dev->device, FamilyRegistry::instance().find("selftest"));
    auto results = measurer.measure(measurerSelftestPoint(1), {{{1000}}}, {});
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].status, MeasurementStatus::WrongResult);
    EXPECT_NE(results[0].error.find("y[500]"), std::string::npos) << results[0].error;
    EXPECT_TRUE(results[0].timesMs.empty()); // a wrong candidate is never timed
}

TEST_F(CandidateMeasurerTest, CompileErrorKeepsTheLog) {
    CandidateMeasurer measurer(*m_dev->device, FamilyRegistry::instance().find("selftest"));
    auto results = measurer.measure(measurerSelftestPoint(2), {{{64}}, {{128}}}, {});
    ASSERT_EQ(results.size(), 2u);
    for (const auto& m : results) {
        EXPECT_EQ(m.status, MeasurementStatus::CompileError);
        EXPECT_NE(m.error.find("error"), std::string::npos) << m.error; // the compiler's message is kept
        EXPECT_NE(m.error.find(":8:"), std::string::npos) << m.error;   // pointing at the kernel body's line 8
    }
}

TEST_F(CandidateMeasurerTest, IdenticalSourceCompiledOnceInParallel) {
    CandidateMeasurer measurer(*m_dev->device, FamilyRegistry::instance().find("selftest"));
    // SELFTEST_WG changes only the launch, not the source: 4 points, 2 distinct programs.
    measurer.compile({measurerSelftestPoint(0, 32), measurerSelftestPoint(0, 64), measurerSelftestPoint(1, 32), measurerSelftestPoint(1, 64)}, 2);
    EXPECT_EQ(measurer.cacheSize(), 2u);
    EXPECT_EQ(measurer.cacheHits(), 2u);
}

TEST_F(CandidateMeasurerTest, CompilingAheadMeasuresEachCandidateAsItsProgramIsReady) {
    CandidateMeasurer measurer(*m_dev->device, FamilyRegistry::instance().find("selftest"));
    const std::vector<Point> batch = {measurerSelftestPoint(0, 32), measurerSelftestPoint(1, 32), measurerSelftestPoint(2, 32),
                                      measurerSelftestPoint(0, 64)};
    measurer.compileAhead(batch, 2); // returns while compiling; measure() waits for its candidate only
    std::vector<MeasurementStatus> statuses;
    for (const auto& p : batch) statuses.push_back(measurer.measure(p, {{{256}}}, {}).front().status);
    EXPECT_EQ(statuses, (std::vector<MeasurementStatus>{MeasurementStatus::Ok, MeasurementStatus::WrongResult,
                                                        MeasurementStatus::CompileError, MeasurementStatus::Ok}));
    EXPECT_EQ(measurer.cacheSize(), 3u) << "each distinct program built once, whoever came first";
    // A second batch while nothing is pending, and a candidate never asked for ahead, work the same way.
    measurer.compileAhead({measurerSelftestPoint(1, 64)}, 2);
    EXPECT_EQ(measurer.measure(measurerSelftestPoint(1, 64), {{{256}}}, {}).front().status, MeasurementStatus::WrongResult);
    EXPECT_EQ(measurer.measure(measurerSelftestPoint(0, 128), {{{256}}}, {}).front().status, MeasurementStatus::Ok);
    EXPECT_EQ(measurer.cacheSize(), 3u);
}

} // namespace
} // namespace kt
