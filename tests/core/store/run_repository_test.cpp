// RunRepository: round trip, life cycle, heartbeats and detection of runs whose process died.
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/run_repository.hpp"
#include "core/store/store_error.hpp"
#include "store_test_support.hpp"

namespace kt::store {
namespace {

class RunRepositoryTest : public test::TempDir {
protected:
    void SetUp() override {
        TempDir::SetUp();
        m_db = std::make_unique<Database>(Database::open(dbPath()));
        DeviceRepository(*m_db).upsert(m_device);
    }
    void TearDown() override {
        m_db.reset();
        TempDir::TearDown();
    }
    NewRun newRun(const std::string& family = "gemm") const {
        NewRun run;
        run.deviceId = m_device.stableId();
        run.family = family;
        run.strategy = "random";
        run.space = {{"name", "gemm-small"}, {"parameters", {{{"name", "MWG"}, {"values", {16, 32}}}}}};
        run.sizes = {{256, 256, 256}, {1024, 1024, 1024}};
        run.budget = {{"max_candidates", 100}};
        run.notes = "first try";
        return run;
    }
    void rawSql(const std::string& sql) const { m_db->exec(sql); }

    DeviceInfo m_device = test::sampleDevice();
    std::unique_ptr<Database> m_db;
};

// A pid that certainly belonged to a process that has exited (reaped, so not even a zombie).
std::int64_t deadPid() {
    pid_t child = fork();
    if (child == 0) _exit(0);
    int status = 0;
    waitpid(child, &status, 0);
    return child;
}

TEST_F(RunRepositoryTest, CreateAndGetRoundTrip) {
    RunRepository runs(*m_db);
    const NewRun spec = newRun();
    const auto id = runs.create(spec);
    const auto run = runs.get(id);
    ASSERT_TRUE(run);
    EXPECT_EQ(run->deviceId, m_device.stableId());
    EXPECT_EQ(run->family, "gemm");
    EXPECT_EQ(run->familyVersion, 1);
    EXPECT_EQ(run->strategy, "random");
    EXPECT_EQ(run->space, spec.space);
    EXPECT_EQ(run->sizes, spec.sizes);
    EXPECT_EQ(run->budget, spec.budget);
    EXPECT_EQ(run->status, RunStatus::Running);
    EXPECT_EQ(run->pid, static_cast<std::int64_t>(getpid()));
    EXPECT_EQ(run->host, currentHost());
    ASSERT_TRUE(run->heartbeatAt);
    EXPECT_EQ(run->notes, "first try");
    EXPECT_FALSE(runs.get(id + 1));
}

TEST_F(RunRepositoryTest, UnknownDeviceIsRefusedWithItsName) {
    NewRun spec = newRun();
    spec.deviceId = "cuda:ghost:gpu:3";
    try {
        RunRepository(*m_db).create(spec);
        FAIL();
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("cuda:ghost:gpu:3"), std::string::npos) << e.what();
    }
}

TEST_F(RunRepositoryTest, StatusHeartbeatNotesAndList) {
    RunRepository runs(*m_db);
    const auto a = runs.create(newRun("gemm"));
    const auto b = runs.create(newRun("symv"));
    const auto before = runs.get(a)->heartbeatAt;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    runs.heartbeat(a);
    EXPECT_GT(*runs.get(a)->heartbeatAt, *before);
    runs.updateStatus(a, RunStatus::Completed);
    runs.setNotes(b, "changed");
    EXPECT_EQ(runs.get(a)->status, RunStatus::Completed);
    EXPECT_EQ(runs.get(b)->notes, "changed");
    EXPECT_THROW(runs.heartbeat(12345), StoreError);
    EXPECT_THROW(runs.updateStatus(12345, RunStatus::Failed), StoreError);

    EXPECT_EQ(runs.list().size(), 2u);
    EXPECT_EQ(runs.list().front().id, b) << "newest first";
    const auto gemm = runs.list({std::nullopt, std::string("gemm"), std::nullopt, 0});
    ASSERT_EQ(gemm.size(), 1u);
    EXPECT_EQ(gemm[0].id, a);
    EXPECT_EQ(runs.list({std::nullopt, std::nullopt, RunStatus::Running, 0}).size(), 1u);
    EXPECT_EQ(runs.list({m_device.stableId(), std::nullopt, std::nullopt, 1}).size(), 1u);
    EXPECT_TRUE(runs.list({std::string("opencl:x:y:0"), std::nullopt, std::nullopt, 0}).empty());
}

TEST_F(RunRepositoryTest, StatusNamesRoundTrip) {
    for (auto s : {RunStatus::Running, RunStatus::Paused, RunStatus::Cancelled, RunStatus::Completed, RunStatus::Failed,
                   RunStatus::Interrupted})
        EXPECT_EQ(runStatusFromString(toString(s)), s);
    EXPECT_THROW(runStatusFromString("sleeping"), std::invalid_argument);
}

TEST_F(RunRepositoryTest, DetectsRunsWhoseProcessDied) {
    RunRepository runs(*m_db);
    const auto alive = runs.create(newRun());       // owned by this test process
    const auto crashed = runs.create(newRun());     // owner exited on this host
    const auto remoteFresh = runs.create(newRun()); // other machine, recent heartbeat
    const auto remoteStale = runs.create(newRun()); // other machine, silent for hours
    const auto pausedDead = runs.create(newRun());  // paused runs are resumable as they are
    const auto finished = runs.create(newRun());
    runs.setOwner(crashed, deadPid(), currentHost());
    runs.setOwner(remoteFresh, 1, "some-other-host");
    runs.setOwner(remoteStale, 1, "some-other-host");
    rawSql("UPDATE tuning_runs SET heartbeat_at = '2000-01-01T00:00:00.000Z' WHERE id = " +
           std::to_string(remoteStale));
    runs.setOwner(pausedDead, deadPid(), currentHost());
    runs.updateStatus(pausedDead, RunStatus::Paused);
    runs.setOwner(finished, deadPid(), currentHost());
    runs.updateStatus(finished, RunStatus::Completed);

    auto marked = runs.markInterruptedIfDead(std::chrono::minutes(10));
    std::sort(marked.begin(), marked.end());
    EXPECT_EQ(marked, (std::vector<std::int64_t>{crashed, remoteStale}));
    EXPECT_EQ(runs.get(crashed)->status, RunStatus::Interrupted);
    EXPECT_EQ(runs.get(remoteStale)->status, RunStatus::Interrupted);
    EXPECT_EQ(runs.get(alive)->status, RunStatus::Running);
    EXPECT_EQ(runs.get(remoteFresh)->status, RunStatus::Running);
    EXPECT_EQ(runs.get(pausedDead)->status, RunStatus::Paused);
    EXPECT_EQ(runs.get(finished)->status, RunStatus::Completed);
    EXPECT_TRUE(runs.markInterruptedIfDead().empty()) << "a second pass finds nothing new";

    // Resuming makes this process the owner again.
    runs.updateStatus(crashed, RunStatus::Running);
    EXPECT_EQ(runs.get(crashed)->pid, static_cast<std::int64_t>(getpid()));
    EXPECT_TRUE(runs.markInterruptedIfDead().empty());
}

TEST_F(RunRepositoryTest, SilentOwnerOnThisHostIsStaleToo) {
    // The pid may have been reused by an unrelated live process: the heartbeat still tells.
    RunRepository runs(*m_db);
    const auto id = runs.create(newRun());
    rawSql("UPDATE tuning_runs SET heartbeat_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-120 seconds') WHERE id = " +
           std::to_string(id));
    EXPECT_TRUE(runs.markInterruptedIfDead(std::chrono::seconds(300)).empty());
    EXPECT_EQ(runs.markInterruptedIfDead(std::chrono::seconds(60)), std::vector<std::int64_t>{id});
}

} // namespace
} // namespace kt::store
