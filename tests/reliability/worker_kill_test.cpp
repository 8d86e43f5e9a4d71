// Crash safety for the worker process (issue 16, item 3): `ktune tune` runs candidates in an isolated worker; the test
// kills that worker with SIGKILL 20 times while it works (right after each newly stored measurement, when the next
// candidate is being compiled or timed). The tuning process must record the candidate in hand as a worker crash,
// start a new worker and go on: at the end every (point, size) is stored exactly once, rows stored before a kill are
// unchanged, no candidate is measured twice, the run completes and the store passes its integrity check.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include <dirent.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tune_helpers.hpp"

namespace kt::test {
namespace {

// 3 tiles × 4 work-per-thread × local on/off × padding on/off = 48 points, one size each: a kill costs at most the one
// candidate in hand.
const char* kWorkerKillSpace = R"({"parameters": [
    {"name": "TRA_TILE", "values": [8, 16, 32]}, {"name": "TRA_WPT", "values": [1, 2, 4, 8]},
    {"name": "TRA_LOCAL", "values": [0, 1]}, {"name": "TRA_PAD", "values": [0, 1]}],
  "constraints": [{"expr": "TRA_TILE % TRA_WPT == 0"}]})";

// The children of `parent` (the worker is the tuning process's only child).
std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> out;
    DIR* proc = ::opendir("/proc");
    if (!proc) return out;
    while (auto* e = ::readdir(proc)) {
        const pid_t pid = static_cast<pid_t>(std::atoi(e->d_name));
        if (pid <= 0) continue;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        // pid (comm) state ppid …: comm may hold spaces, so read after the last ')'.
        std::istringstream rest(line.substr(line.rfind(')') + 2));
        char state = 0;
        long ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent && state != 'Z') out.push_back(pid);
    }
    ::closedir(proc);
    return out;
}

std::size_t countRows(const std::string& db) {
    try {
        return storedMeasurements(db, 1).size();
    } catch (const std::exception&) {
        return 0;
    }
}

TEST(WorkerKill, TwentyKillsOfTheWorkerMidRunLoseNothingAndMeasureNothingTwice) {
    Scratch scratch;
    if (scratch.ktune("devices --json").output.find("\"cpu\"") == std::string::npos)
        GTEST_SKIP() << "no OpenCL CPU device";
    const std::string db = scratch.path("store.sqlite");
    const std::string space = scratch.write("space.json", kWorkerKillSpace);
    const std::string out = scratch.path("tune.out");
    const pid_t tuner = ::fork();
    if (tuner == 0) {
        const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::execl(KT_KTUNE_PATH, KT_KTUNE_PATH, "tune", "--db", db.c_str(), "--device", "cpu", "--family", "transpose",
                "--space", space.c_str(), "--strategy", "exhaustive", "--sizes", "256", "--runs", "200",
                "--compile-threads", "1", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ASSERT_GT(tuner, 0);
    std::vector<store::StoredMeasurement> kept;
    int kills = 0, status = 0;
    bool exited = false;
    std::string trace; // rows stored before each kill, for docs/reliability.md
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
    while (kills < 20 && std::chrono::steady_clock::now() < deadline) {
        // Wait for one more stored row (the worker then starts on the next candidate), then kill the worker.
        const std::size_t target = kept.size() + 1;
        while (countRows(db) < target && std::chrono::steady_clock::now() < deadline) {
            if (::waitpid(tuner, &status, WNOHANG) == tuner) exited = true;
            if (exited) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (exited) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10 + 7 * (kills % 4))); // into the next candidate
        const auto workers = childrenOf(tuner);
        const auto now = storedMeasurements(db, 1);
        for (std::size_t i = 0; i < kept.size(); ++i) {
            EXPECT_EQ(now[i].id, kept[i].id) << "kill " << kills;
            EXPECT_EQ(now[i].measurement.medianMs, kept[i].measurement.medianMs) << "kill " << kills;
        }
        kept = now;
        if (workers.empty()) continue; // between two workers: try after the next row
        for (pid_t w : workers) ::kill(w, SIGKILL);
        ++kills;
        trace += std::to_string(now.size()) + " ";
    }
    if (!exited) {
        ASSERT_EQ(::waitpid(tuner, &status, 0), tuner);
    }
    std::ifstream log(out);
    const std::string output((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    ASSERT_TRUE(WIFEXITED(status)) << "the tuning process died with its worker\n" << output;
    EXPECT_EQ(WEXITSTATUS(status), 0) << output;
    EXPECT_EQ(kills, 20) << "the run ended before 20 kills; rows at each: " << trace;

    const auto after = storedMeasurements(db, 1);
    ASSERT_EQ(after.size(), 48u) << output; // every point at the one size, exactly once
    std::set<std::string> keys;
    int crashes = 0, ok = 0;
    for (const auto& m : after) {
        keys.insert(m.measurement.pointKey + "@" + m.measurement.size.label());
        if (m.measurement.status == MeasurementStatus::WorkerCrash) {
            ++crashes;
            EXPECT_NE(m.measurement.error.find("signal 9"), std::string::npos) << m.measurement.error;
        } else if (m.measurement.status == MeasurementStatus::Ok) {
            ++ok;
            EXPECT_EQ(m.measurement.timesMs.size(), 200u);
        } else {
            ADD_FAILURE() << m.measurement.pointKey << ": " << toString(m.measurement.status) << " "
                          << m.measurement.error;
        }
    }
    EXPECT_EQ(keys.size(), after.size());
    for (std::size_t i = 0; i < kept.size(); ++i)
        EXPECT_EQ(after[i].measurement.medianMs, kept[i].measurement.medianMs);
    // A kill during a batch compilation costs no row (the batch is compiled again, one candidate at a time); a kill
    // during a candidate's own compilation or its timing stores that candidate as a worker crash.
    EXPECT_LE(crashes, kills);
    EXPECT_GE(crashes, 1);
    EXPECT_EQ(ok + crashes, 48);
    std::cout << "worker kills: " << kills << ", rows stored before each: " << trace
              << "\nworker-crash rows: " << crashes << ", measured rows: " << ok << "\n";
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Completed);
    EXPECT_TRUE(store::Database::open(db).integrityProblems().empty());
}

} // namespace
} // namespace kt::test
