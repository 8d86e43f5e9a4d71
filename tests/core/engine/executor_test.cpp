// The isolated executor end to end through `ktune worker` on PoCL: a hung kernel is killed by the watchdog, a crashing
// kernel kills only the worker, and the executor keeps going with a fresh worker for the next candidate.
#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>

#include <unistd.h>

#include <gtest/gtest.h>

#include "core/engine/executor.hpp"
#include "kernels/builtin_families.hpp"
#include "test_device.hpp"
#include "tests/reliability/child_processes.hpp"

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

// A worker that dies while it waits for the next request (the OOM killer, a kill -9, a driver thread crashing after the
// last reply) has not started that candidate: the candidate must be measured by a new worker, not stored as a crash,
// and the candidates after it must not fail on the dead worker's closed pipe. The worker-kill test once hit this
// under load, when its kill landed between two requests (every later candidate failed with "worker pipe closed").
TEST_F(IsolatedExecutorTest, AWorkerThatDiesBetweenCandidatesCostsNoCandidate) {
    auto executor = makeIsolatedExecutor(m_config);
    auto first = executor->measure(selftestPoint(0), {{{256}}});
    ASSERT_EQ(first.at(0).status, MeasurementStatus::Ok) << first.at(0).error;
    const auto workers = test::childrenOf(::getpid());
    ASSERT_EQ(workers.size(), 1u) << "the executor's idle worker is this test's only child";
    ASSERT_EQ(::kill(workers[0], SIGKILL), 0);
    // Exited, every thread included (the leader reads 'Z' while PoCL's threads still hold its pipes open), but not
    // reaped: the executor reaps it.
    auto exited = [&] {
        return test::processState(workers[0]) == 'Z' &&
               std::distance(std::filesystem::directory_iterator("/proc/" + std::to_string(workers[0]) + "/task"),
                             std::filesystem::directory_iterator{}) == 1;
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!exited() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_TRUE(exited());
    for (int i = 0; i < 2; ++i) {
        auto next = executor->measure(selftestPoint(0), {{{256}}});
        ASSERT_EQ(next.size(), 1u);
        EXPECT_EQ(next[0].status, MeasurementStatus::Ok) << "candidate " << i << " after the kill: " << next[0].error;
    }
    const auto now = test::childrenOf(::getpid());
    ASSERT_EQ(now.size(), 1u);
    EXPECT_NE(now[0], workers[0]);
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
