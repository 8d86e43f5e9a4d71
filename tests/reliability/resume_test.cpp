// A run killed with SIGKILL mid-way is detected as interrupted and resumed from the store: every (point, size) is
// measured exactly once across both processes, and what was stored before the kill is kept unchanged.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <iostream>
#include <set>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tune_helpers.hpp"

namespace kt::test {
namespace {

pid_t spawnKtune(const std::vector<std::string>& args) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        std::vector<char*> argv{const_cast<char*>(KT_KTUNE_PATH)};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        const int devnull = ::open("/dev/null", O_WRONLY);
        ::dup2(devnull, 1);
        ::dup2(devnull, 2);
        ::execv(KT_KTUNE_PATH, argv.data());
        ::_exit(127);
    }
    return pid;
}

std::size_t countRows(const std::string& db) {
    try {
        return storedMeasurements(db, 1).size();
    } catch (const std::exception&) {
        return 0; // not created yet
    }
}

TEST(Resume, AfterKill9NoPointIsMeasuredTwice) {
    Scratch scratch;
    if (scratch.ktune("devices --json").output.find("\"cpu\"") == std::string::npos) GTEST_SKIP() << "no OpenCL CPU device";
    const std::string db = scratch.path("store.sqlite");
    const std::string space = scratch.write("space.json", kSmallTransposeSpace);
    // Many repetitions make each evaluation slow enough to kill the run in the middle.
    const std::vector<std::string> args = {"tune", "--db", db, "--device", "cpu", "--family", "transpose", "--space", space,
                                           "--strategy", "exhaustive", "--sizes", "128,160,192,224", "--runs", "200"};
    const pid_t pid = spawnKtune(args);
    ASSERT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (countRows(db) < 3 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before it could be killed; make it slower";

    const auto before = storedMeasurements(db, 1);
    ASSERT_GE(before.size(), 3u);
    ASSERT_LT(before.size(), 32u);
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Running); // nobody told the store: the process just vanished

    auto runs = scratch.ktune("runs --db '" + db + "'");
    EXPECT_NE(runs.output.find("interrupted"), std::string::npos) << runs.output;

    auto resumed = scratch.ktune("tune --db '" + db + "' --resume 1 --runs 3");
    ASSERT_EQ(resumed.rc, 0) << resumed.output;
    const auto after = storedMeasurements(db, 1);
    ASSERT_EQ(after.size(), 32u); // 8 points × 4 sizes, each exactly once
    std::set<std::string> keys;
    for (const auto& m : after) keys.insert(m.measurement.pointKey + "@" + m.measurement.size.label());
    EXPECT_EQ(keys.size(), after.size());
    for (std::size_t i = 0; i < before.size(); ++i) {
        EXPECT_EQ(after[i].id, before[i].id);
        EXPECT_EQ(after[i].measurement.medianMs, before[i].measurement.medianMs);
        EXPECT_EQ(after[i].measurement.timesMs.size(), 200u); // measured by the killed process, not again
    }
    EXPECT_NE(resumed.output.find(std::to_string(32 - before.size()) + " measured now"), std::string::npos) << resumed.output;
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Completed);
}

// Crash safety as a figure (issue 16, item 3, for the tuning process): 20 kill -9 in a row, each after one more
// stored measurement than the last (progress, not time, picks the moment, so the test does not depend on the
// machine's speed), each followed by a resume that is killed in turn; a last resume completes the run. Every
// measurement is present exactly once, what was stored before each kill is unchanged, and the store is sound.
TEST(Resume, TwentyKillsInARowLoseNothingAndMeasureNothingTwice) {
    Scratch scratch;
    if (scratch.ktune("devices --json").output.find("\"cpu\"") == std::string::npos) GTEST_SKIP() << "no OpenCL CPU device";
    const std::string db = scratch.path("store.sqlite");
    const std::string space = scratch.write("space.json", kSmallTransposeSpace);
    const std::vector<std::string> first = {"tune", "--db", db, "--device", "cpu", "--family", "transpose", "--space", space,
                                            "--strategy", "exhaustive", "--sizes", "128,160,192,224", "--runs", "100"};
    const std::vector<std::string> resume = {"tune", "--db", db, "--resume", "1", "--runs", "100"};
    std::vector<store::StoredMeasurement> kept; // rows seen stored before a kill: must survive unchanged
    int kills = 0;
    std::string trace; // rows stored after each kill, for docs/reliability.md
    for (int trial = 0; trial < 20; ++trial) {
        const std::size_t target = static_cast<std::size_t>(trial) + 1;
        const pid_t pid = spawnKtune(trial == 0 ? first : resume);
        ASSERT_GT(pid, 0);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        int status = 0;
        bool exited = false;
        while (countRows(db) < target && std::chrono::steady_clock::now() < deadline) {
            if (::waitpid(pid, &status, WNOHANG) == pid) {
                exited = true;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        if (!exited) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
        }
        ASSERT_TRUE(exited || WIFSIGNALED(status));
        kills += !exited;
        const auto now = storedMeasurements(db, 1);
        ASSERT_GE(now.size(), kept.size());
        for (std::size_t i = 0; i < kept.size(); ++i) {
            EXPECT_EQ(now[i].id, kept[i].id) << "trial " << trial;
            EXPECT_EQ(now[i].measurement.pointKey, kept[i].measurement.pointKey) << "trial " << trial;
            EXPECT_EQ(now[i].measurement.medianMs, kept[i].measurement.medianMs) << "trial " << trial;
        }
        kept = now;
        trace += std::to_string(now.size()) + (exited ? "(done) " : " ");
        if (exited) break; // the run finished before this kill could land: nothing left to interrupt
    }
    std::cout << "kills: " << kills << ", rows stored after each: " << trace << "\n";
    EXPECT_GE(kills, 15) << "the run was too fast to be killed often; make it slower";
    auto last = scratch.ktune("tune --db '" + db + "' --resume 1 --runs 3");
    const auto after = storedMeasurements(db, 1);
    ASSERT_EQ(after.size(), 32u) << last.output; // 8 points × 4 sizes, each exactly once
    std::set<std::string> keys;
    for (const auto& m : after) keys.insert(m.measurement.pointKey + "@" + m.measurement.size.label());
    EXPECT_EQ(keys.size(), after.size());
    for (std::size_t i = 0; i < kept.size(); ++i) EXPECT_EQ(after[i].measurement.medianMs, kept[i].measurement.medianMs);
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Completed) << last.output;
    EXPECT_TRUE(store::Database::open(db).integrityProblems().empty());
}

} // namespace
} // namespace kt::test
