// The isolated executor end to end through `ktune worker` on PoCL: a hung kernel is killed by the watchdog, a crashing
// kernel kills only the worker, and the executor keeps going with a fresh worker for the next candidate.
#include <chrono>

#include <gtest/gtest.h>

#include "core/engine/executor.hpp"
#include "kernels/builtin_families.hpp"
#include "test_device.hpp"

namespace kt {
namespace {

Point selftestPoint(int mode) {
    auto names = std::make_shared<const std::vector<std::string>>(std::vector<std::string>{"SELFTEST_MODE", "SELFTEST_WG"});
    return Point(names, {mode, 32});
}

class IsolatedExecutorTest : public ::testing::Test {
protected:
    void SetUp() override {
        auto dev = test::openPoclDevice();
        if (!dev) GTEST_SKIP() << "no OpenCL CPU device";
        m_config.deviceId = dev->found.info.stableId();
        m_config.family = "selftest";
        m_config.workerPath = KT_KTUNE_PATH;
        m_config.kernelTimeoutSeconds = 3;
        m_config.compileTimeoutSeconds = 60;
        m_config.measure.timedRuns = 2;
    }
    ExecutorConfig m_config;
};

TEST_F(IsolatedExecutorTest, GoodCandidateMeasuredInWorker) {
    auto executor = makeIsolatedExecutor(m_config);
    auto results = executor->measure(selftestPoint(0), {{{256}}, {{512}}});
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0].status, MeasurementStatus::Ok) << results[0].error;
    EXPECT_EQ(results[1].status, MeasurementStatus::Ok) << results[1].error;
    EXPECT_EQ(results[1].size, (ProblemSize{{512}}));
    EXPECT_EQ(results[0].deviceId, m_config.deviceId);
}

TEST_F(IsolatedExecutorTest, HungKernelIsKilledByTheWatchdogAndTheRunGoesOn) {
    auto executor = makeIsolatedExecutor(m_config);
    const auto start = std::chrono::steady_clock::now();
    auto hung = executor->measure(selftestPoint(3), {{{256}}, {{512}}});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(hung.size(), 2u);
    EXPECT_EQ(hung[0].status, MeasurementStatus::Timeout) << hung[0].error;
    EXPECT_NE(hung[0].error.find("size 256"), std::string::npos) << hung[0].error;
    EXPECT_EQ(hung[1].status, MeasurementStatus::Skipped);
    EXPECT_LT(seconds, 60); // killed, not waited for
    auto after = executor->measure(selftestPoint(0), {{{256}}});
    ASSERT_EQ(after.size(), 1u);
    EXPECT_EQ(after[0].status, MeasurementStatus::Ok) << after[0].error;
}

TEST_F(IsolatedExecutorTest, CrashingKernelKillsOnlyTheWorker) {
    auto executor = makeIsolatedExecutor(m_config);
    auto crashed = executor->measure(selftestPoint(4), {{{256}}});
    ASSERT_EQ(crashed.size(), 1u);
    EXPECT_EQ(crashed[0].status, MeasurementStatus::WorkerCrash) << crashed[0].error;
    EXPECT_NE(crashed[0].error.find("signal"), std::string::npos) << crashed[0].error;
    auto after = executor->measure(selftestPoint(0), {{{256}}});
    EXPECT_EQ(after.at(0).status, MeasurementStatus::Ok) << after.at(0).error;
}

TEST_F(IsolatedExecutorTest, MissingWorkerExecutableIsReportedPerCandidate) {
    m_config.workerPath = "/nonexistent/ktune";
    auto executor = makeIsolatedExecutor(m_config);
    auto results = executor->measure(selftestPoint(0), {{{256}}});
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].status, MeasurementStatus::WorkerCrash);
    EXPECT_FALSE(results[0].error.empty());
}

TEST_F(IsolatedExecutorTest, UnknownDeviceIsReportedNotFatal) {
    m_config.deviceId = "opencl:nobody:no-such-device:9";
    auto executor = makeIsolatedExecutor(m_config);
    auto results = executor->measure(selftestPoint(0), {{{256}}});
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].status, MeasurementStatus::WorkerCrash);
    EXPECT_NE(results[0].error.find("cannot open the device"), std::string::npos) << results[0].error;
}

} // namespace
} // namespace kt
