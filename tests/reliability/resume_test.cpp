// A run killed with SIGKILL mid-way is detected as interrupted and resumed from the store: every (point, size) is
// measured exactly once across both processes, and what was stored before the kill is kept unchanged. The kills land
// where the run stops itself (KT_FAULT_INJECTION stop-timing, in-process), not where a clock happens to be: the
// earlier form polled the store every 20-50 ms and killed after a row count, so under load it could kill late or
// find the run already finished.
#include <gtest/gtest.h>

#include <csignal>
#include <set>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/space/parameter_space.hpp"
#include "tune_helpers.hpp"

extern char** environ;

namespace kt::test {
namespace {

// The points of kSmallTransposeSpace in the order an exhaustive run measures them.
std::vector<std::string> pointOrder() {
    std::vector<std::string> keys;
    ParameterSpace::fromJson(kSmallTransposeSpace).forEachValid([&](const Point& p) {
        keys.push_back(p.key());
        return true;
    });
    return keys;
}

// `ktune ARGS` in-process (--no-isolation) with KT_FAULT_INJECTION="stop-timing@POINT": the tuning process stops
// itself (SIGSTOP) when it is about to time POINT at the first size it has not stored yet. The environment is built
// before fork: the child only calls execve.
pid_t spawnStoppingAt(std::vector<std::string> args, const std::string& point) {
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e)
        if (std::string(*e).rfind("KT_FAULT_INJECTION=", 0) != 0) env.emplace_back(*e);
    env.push_back("KT_FAULT_INJECTION=stop-timing@" + point);
    std::vector<char*> envp;
    for (auto& v : env) envp.push_back(v.data());
    envp.push_back(nullptr);
    args.insert(args.begin(), KT_KTUNE_PATH);
    args.push_back("--no-isolation");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int devnull = ::open("/dev/null", O_WRONLY);
        ::dup2(devnull, 1);
        ::dup2(devnull, 2);
        ::execve(KT_KTUNE_PATH, argv.data(), envp.data());
        ::_exit(127);
    }
    return pid;
}

// Waits until `pid` stops itself (true) or ends (false); then kills a stopped one with SIGKILL and reaps it. No clock:
// the process decides where it stops, however loaded the machine is.
bool killWhenStopped(pid_t pid) {
    int status = 0;
    if (::waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status)) return false;
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

constexpr std::size_t kPoints = 8, kSizes = 4; // kSmallTransposeSpace's valid points × "128,160,192,224"

TEST(Resume, AfterKill9NoPointIsMeasuredTwice) {
    Scratch scratch;
    if (scratch.ktune("devices --json").output.find("\"cpu\"") == std::string::npos) GTEST_SKIP() << "no OpenCL CPU device";
    const std::string db = scratch.path("store.sqlite");
    const std::string space = scratch.write("space.json", kSmallTransposeSpace);
    const auto keys = pointOrder();
    ASSERT_EQ(keys.size(), kPoints);
    // Points inside the sizes: the run measures every point at 128, then at 160, …; it stops when it is about to time
    // point 3 at 128, with points 0-2 at 128 stored.
    const pid_t pid = spawnStoppingAt({"tune", "--db", db, "--device", "cpu", "--family", "transpose", "--space", space,
                                       "--strategy", "exhaustive", "--sizes", "128,160,192,224", "--runs", "20"},
                                      keys[3]);
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(killWhenStopped(pid)) << "the run ended before it reached the stopping point";

    const auto before = storedMeasurements(db, 1);
    ASSERT_EQ(before.size(), 3u);
    for (std::size_t i = 0; i < before.size(); ++i) EXPECT_EQ(before[i].measurement.pointKey, keys[i]);
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Running); // nobody told the store: the process just vanished

    auto runs = scratch.ktune("runs --db '" + db + "'");
    EXPECT_NE(runs.output.find("interrupted"), std::string::npos) << runs.output;

    auto resumed = scratch.ktune("tune --db '" + db + "' --resume 1 --runs 3");
    ASSERT_EQ(resumed.rc, 0) << resumed.output;
    const auto after = storedMeasurements(db, 1);
    ASSERT_EQ(after.size(), kPoints * kSizes); // each exactly once
    std::set<std::string> stored;
    for (const auto& m : after) stored.insert(m.measurement.pointKey + "@" + m.measurement.size.label());
    EXPECT_EQ(stored.size(), after.size());
    for (std::size_t i = 0; i < before.size(); ++i) {
        EXPECT_EQ(after[i].id, before[i].id);
        EXPECT_EQ(after[i].measurement.medianMs, before[i].measurement.medianMs);
        EXPECT_EQ(after[i].measurement.timesMs.size(), 20u); // measured by the killed process, not again
    }
    for (std::size_t i = before.size(); i < after.size(); ++i) EXPECT_EQ(after[i].measurement.timesMs.size(), 3u);
    EXPECT_NE(resumed.output.find(std::to_string(kPoints * kSizes - before.size()) + " measured now"),
              std::string::npos)
        << resumed.output;
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Completed);
}

// Crash safety as a figure (issue 16, item 3, for the tuning process): 20 kill -9 in a row, each after exactly one
// more stored measurement than the last, each of the resumes killed in turn; a last resume completes the run. The
// kills are placed by the run itself: trial t stops (stop-timing) at the point of evaluation t + 1 in the run's order
// (points inside sizes), whose first unstored size is then that evaluation's. Every measurement is present exactly
// once, what was stored before each kill is unchanged, and the store is sound.
TEST(Resume, TwentyKillsInARowLoseNothingAndMeasureNothingTwice) {
    Scratch scratch;
    if (scratch.ktune("devices --json").output.find("\"cpu\"") == std::string::npos) GTEST_SKIP() << "no OpenCL CPU device";
    const std::string db = scratch.path("store.sqlite");
    const std::string space = scratch.write("space.json", kSmallTransposeSpace);
    const auto keys = pointOrder();
    ASSERT_EQ(keys.size(), kPoints);
    const std::vector<std::string> first = {
        "tune",       "--db",       db,        "--device",        "cpu",    "--family", "transpose", "--space", space,
        "--strategy", "exhaustive", "--sizes", "128,160,192,224", "--runs", "20"};
    const std::vector<std::string> resume = {"tune", "--db", db, "--resume", "1", "--runs", "20"};
    std::vector<store::StoredMeasurement> kept; // rows seen stored before a kill: must survive unchanged
    for (std::size_t trial = 0; trial < 20; ++trial) {
        const pid_t pid = spawnStoppingAt(trial == 0 ? first : resume, keys[(trial + 1) % kPoints]);
        ASSERT_GT(pid, 0);
        ASSERT_TRUE(killWhenStopped(pid)) << "trial " << trial << ": the run ended before its stopping point";
        const auto now = storedMeasurements(db, 1);
        ASSERT_EQ(now.size(), trial + 1) << "rows stored when trial " << trial << " stopped";
        const auto& last = now.back().measurement;
        EXPECT_EQ(last.pointKey, keys[trial % kPoints]) << "trial " << trial;
        EXPECT_EQ(last.size.label(), std::to_string(128 + 32 * (trial / kPoints))) << "trial " << trial;
        for (std::size_t i = 0; i < kept.size(); ++i) {
            EXPECT_EQ(now[i].id, kept[i].id) << "trial " << trial;
            EXPECT_EQ(now[i].measurement.pointKey, kept[i].measurement.pointKey) << "trial " << trial;
            EXPECT_EQ(now[i].measurement.medianMs, kept[i].measurement.medianMs) << "trial " << trial;
        }
        kept = now;
    }
    auto last = scratch.ktune("tune --db '" + db + "' --resume 1 --runs 3");
    const auto after = storedMeasurements(db, 1);
    ASSERT_EQ(after.size(), kPoints * kSizes) << last.output; // each exactly once
    std::set<std::string> stored;
    for (const auto& m : after) stored.insert(m.measurement.pointKey + "@" + m.measurement.size.label());
    EXPECT_EQ(stored.size(), after.size());
    for (std::size_t i = 0; i < kept.size(); ++i) EXPECT_EQ(after[i].measurement.medianMs, kept[i].measurement.medianMs);
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Completed) << last.output;
    EXPECT_TRUE(store::Database::open(db).integrityProblems().empty());
}

} // namespace
} // namespace kt::test
