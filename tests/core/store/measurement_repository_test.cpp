// MeasurementRepository: round trip, duplicate refusal, resume look-ups, filters and rankings.
#include <gtest/gtest.h>

#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"
#include "core/store/store_error.hpp"
#include "store_test_support.hpp"

namespace kt::store {
namespace {

class MeasurementRepositoryTest : public test::TempDir {
protected:
    void SetUp() override {
        TempDir::SetUp();
        m_db = std::make_unique<Database>(Database::open(dbPath()));
        DeviceRepository(*m_db).upsert(m_device);
        DeviceRepository(*m_db).upsert(m_other);
        m_run = newRun(m_device, "gemm");
    }
    void TearDown() override {
        m_db.reset();
        TempDir::TearDown();
    }
    std::int64_t newRun(const DeviceInfo& device, const std::string& family, int version = 1) {
        NewRun run;
        run.deviceId = device.stableId();
        run.family = family;
        run.familyVersion = version;
        run.strategy = "exhaustive";
        return RunRepository(*m_db).create(run);
    }
    static Measurement ok(const std::string& point, ProblemSize size, double value) {
        Measurement m;
        m.pointKey = point;
        m.size = std::move(size);
        m.value = value;
        m.timesMs = {1.0, 1.5, 2.0};
        m.medianMs = 1.5;
        return m;
    }

    DeviceInfo m_device = test::sampleDevice("GPU A", 0);
    DeviceInfo m_other = test::sampleDevice("GPU B", 1);
    std::unique_ptr<Database> m_db;
    std::int64_t m_run = 0;
};

const ProblemSize kSmall{{256, 256, 256}};
const ProblemSize kLarge{{1024, 1024, 1024}};

TEST_F(MeasurementRepositoryTest, RoundTripOfEveryField) {
    MeasurementRepository repo(*m_db);
    Measurement m;
    m.deviceId = m_device.stableId();
    m.family = "gemm";
    m.pointKey = "MWG=64,NWG=64";
    m.size = kSmall;
    m.status = MeasurementStatus::WrongResult;
    m.timesMs = {0.51, 0.5, 0.52, 0.49};
    m.medianMs = 0.505;
    m.minMs = 0.49;
    m.spreadMs = 0.02;
    m.value = 66.4;
    m.maxError = 0.125;
    m.error = "C[17,3] = 2.5 expected 3.0 — ünïcode ok";
    m.compileMs = 123.25;
    const auto id = repo.insert(m_run, m);
    const auto stored = repo.byRun(m_run);
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored[0].id, id);
    EXPECT_EQ(stored[0].runId, m_run);
    const Measurement& r = stored[0].measurement;
    EXPECT_EQ(r.deviceId, m.deviceId);
    EXPECT_EQ(r.family, m.family);
    EXPECT_EQ(r.pointKey, m.pointKey);
    EXPECT_EQ(r.size, m.size);
    EXPECT_EQ(r.status, m.status);
    EXPECT_EQ(r.timesMs, m.timesMs);
    EXPECT_DOUBLE_EQ(r.medianMs, m.medianMs);
    EXPECT_DOUBLE_EQ(r.minMs, m.minMs);
    EXPECT_DOUBLE_EQ(r.spreadMs, m.spreadMs);
    EXPECT_DOUBLE_EQ(r.value, m.value);
    EXPECT_DOUBLE_EQ(r.maxError, m.maxError);
    EXPECT_EQ(r.error, m.error);
    EXPECT_DOUBLE_EQ(r.compileMs, m.compileMs);
    EXPECT_FALSE(stored[0].createdAt.empty());
    // The point's parameters were stored as JSON for SQL users.
    auto params = m_db->prepare("SELECT params FROM parameter_sets WHERE point_key = 'MWG=64,NWG=64'");
    ASSERT_TRUE(params.step());
    EXPECT_EQ(nlohmann::json::parse(params.columnText(0)), (nlohmann::json{{"MWG", 64}, {"NWG", 64}}));
}

TEST_F(MeasurementRepositoryTest, DuplicateInOneRunIsRefusedClearly) {
    MeasurementRepository repo(*m_db);
    repo.insert(m_run, ok("MWG=32", kSmall, 10));
    try {
        repo.insert(m_run, ok("MWG=32", kSmall, 11));
        FAIL() << "the same point and size were stored twice in one run";
    } catch (const StoreError& e) {
        const std::string message = e.what();
        EXPECT_TRUE(e.isConstraintViolation()) << message;
        EXPECT_NE(message.find("already has a measurement of point 'MWG=32' at size 256x256x256"), std::string::npos)
            << message;
    }
    EXPECT_EQ(repo.byRun(m_run).size(), 1u);
    EXPECT_DOUBLE_EQ(repo.byRun(m_run)[0].measurement.value, 10) << "the stored value survived";
    // Another size, or the same point in a later run, is fine.
    repo.insert(m_run, ok("MWG=32", kLarge, 12));
    repo.insert(newRun(m_device, "gemm"), ok("MWG=32", kSmall, 13));
}

TEST_F(MeasurementRepositoryTest, RefusesMismatchedOrOrphanMeasurements) {
    MeasurementRepository repo(*m_db);
    Measurement wrongDevice = ok("MWG=32", kSmall, 1);
    wrongDevice.deviceId = m_other.stableId();
    EXPECT_THROW(repo.insert(m_run, wrongDevice), StoreError);
    Measurement wrongFamily = ok("MWG=32", kSmall, 1);
    wrongFamily.family = "symv";
    EXPECT_THROW(repo.insert(m_run, wrongFamily), StoreError);
    try {
        repo.insert(9999, ok("MWG=32", kSmall, 1));
        FAIL();
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("run 9999 does not exist"), std::string::npos) << e.what();
    }
    EXPECT_THROW(repo.insert(m_run, ok("MWG=32", ProblemSize{}, 1)), StoreError);
    EXPECT_THROW(repo.insert(m_run, ok("not a key", kSmall, 1)), StoreError);
    EXPECT_TRUE(repo.byRun(m_run).empty()) << "refused inserts left nothing behind";
}

TEST_F(MeasurementRepositoryTest, ForeignKeysAreEnforced) {
    auto q = m_db->prepare("INSERT INTO measurements (run_id, device_id, family_id, parameter_set_id, size_label, "
                           "size_dims, status, created_at) VALUES (?, 424242, 1, 1, '1', '[1]', 'ok', 'now')");
    q.bind(1, m_run);
    try {
        q.run();
        FAIL() << "a measurement of a device that does not exist was stored";
    } catch (const StoreError& e) {
        EXPECT_TRUE(e.isConstraintViolation());
        EXPECT_NE(std::string(e.what()).find("FOREIGN KEY constraint failed"), std::string::npos) << e.what();
    }
}

TEST_F(MeasurementRepositoryTest, HasMeasurementAcrossRunsPreventsRemeasuring) {
    MeasurementRepository repo(*m_db);
    const std::string dev = m_device.stableId();
    EXPECT_FALSE(repo.hasMeasurement(dev, "gemm", "MWG=32", kSmall));
    Measurement failed = ok("MWG=32", kSmall, 0);
    failed.status = MeasurementStatus::CompileError;
    repo.insert(m_run, failed);
    // A resumed or new run asks before measuring: already known, whatever the outcome was.
    EXPECT_TRUE(repo.hasMeasurement(dev, "gemm", "MWG=32", kSmall));
    EXPECT_FALSE(repo.hasMeasurement(dev, "gemm", "MWG=32", kLarge));
    EXPECT_FALSE(repo.hasMeasurement(dev, "gemm", "MWG=64", kSmall));
    EXPECT_FALSE(repo.hasMeasurement(m_other.stableId(), "gemm", "MWG=32", kSmall));
    EXPECT_FALSE(repo.hasMeasurement(dev, "symv", "MWG=32", kSmall));
    EXPECT_FALSE(repo.hasMeasurement(dev, "gemm", "MWG=32", kSmall, 2)) << "new kernel version: measure again";

    // A resume loop that consults hasMeasurement stores each (point, size) exactly once.
    const auto second = newRun(m_device, "gemm");
    int stored = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (const char* point : {"MWG=32", "MWG=64"})
            for (const auto& size : {kSmall, kLarge})
                if (!repo.hasMeasurement(dev, "gemm", point, size)) {
                    repo.insert(second, ok(point, size, 1));
                    ++stored;
                }
    EXPECT_EQ(stored, 3);

    const auto earlier = repo.findEarlier(dev, "gemm", "MWG=32", kSmall);
    ASSERT_TRUE(earlier);
    EXPECT_EQ(earlier->measurement.status, MeasurementStatus::CompileError);
    EXPECT_FALSE(repo.findEarlier(dev, "gemm", "MWG=99", kSmall));
}

TEST_F(MeasurementRepositoryTest, MeasuredKeysOfARun) {
    MeasurementRepository repo(*m_db);
    repo.insert(m_run, ok("MWG=32", kSmall, 1));
    repo.insert(m_run, ok("MWG=32", kLarge, 1));
    repo.insert(m_run, ok("MWG=64", kSmall, 1));
    repo.insert(newRun(m_device, "gemm"), ok("MWG=128", kSmall, 1));
    const std::set<MeasurementKey> expected{
        {"MWG=32", "256x256x256"}, {"MWG=32", "1024x1024x1024"}, {"MWG=64", "256x256x256"}};
    EXPECT_EQ(repo.measuredKeys(m_run), expected);
    EXPECT_TRUE(repo.measuredKeys(4242).empty());
}

TEST_F(MeasurementRepositoryTest, RemovingARunRemovesItsMeasurementsOnly) {
    MeasurementRepository repo(*m_db);
    const auto keep = newRun(m_device, "gemm");
    repo.insert(m_run, ok("MWG=32", kSmall, 1));
    repo.insert(m_run, ok("MWG=64", kSmall, 1));
    repo.insert(keep, ok("MWG=32", kLarge, 1));
    RunRepository(*m_db).remove(m_run);
    EXPECT_FALSE(RunRepository(*m_db).get(m_run));
    EXPECT_TRUE(repo.byRun(m_run).empty());
    EXPECT_EQ(repo.byRun(keep).size(), 1u);
    EXPECT_FALSE(repo.hasMeasurement(m_device.stableId(), "gemm", "MWG=32", kSmall));
    EXPECT_THROW(RunRepository(*m_db).remove(m_run), StoreError);
}

TEST_F(MeasurementRepositoryTest, QueryFilters) {
    MeasurementRepository repo(*m_db);
    const std::string dev = m_device.stableId();
    repo.insert(m_run, ok("MWG=32", kSmall, 1));
    repo.insert(m_run, ok("MWG=64", kSmall, 2));
    Measurement timeout = ok("MWG=128", kLarge, 0);
    timeout.status = MeasurementStatus::Timeout;
    repo.insert(m_run, timeout);
    const auto later = newRun(m_device, "gemm");
    repo.insert(later, ok("MWG=32", kLarge, 3));
    repo.insert(newRun(m_other, "gemm"), ok("MWG=32", kSmall, 4));

    EXPECT_EQ(repo.query(dev, "gemm").size(), 4u);
    MeasurementFilter f;
    f.runId = later;
    EXPECT_EQ(repo.query(dev, "gemm", f).size(), 1u);
    f = {};
    f.pointKey = "MWG=32";
    EXPECT_EQ(repo.query(dev, "gemm", f).size(), 2u);
    f = {};
    f.size = kSmall;
    EXPECT_EQ(repo.query(dev, "gemm", f).size(), 2u);
    f = {};
    f.status = MeasurementStatus::Timeout;
    const auto timeouts = repo.query(dev, "gemm", f);
    ASSERT_EQ(timeouts.size(), 1u);
    EXPECT_EQ(timeouts[0].measurement.pointKey, "MWG=128");
    f = {};
    f.limit = 2;
    EXPECT_EQ(repo.query(dev, "gemm", f).size(), 2u);
    f = {};
    f.familyVersion = 2;
    EXPECT_TRUE(repo.query(dev, "gemm", f).empty());
}

TEST_F(MeasurementRepositoryTest, BestPerSizeIgnoresFailuresAndOrdersBySize) {
    MeasurementRepository repo(*m_db);
    const std::string dev = m_device.stableId();
    const ProblemSize kMid{{512, 512, 512}};
    repo.insert(m_run, ok("MWG=32", kLarge, 900));
    repo.insert(m_run, ok("MWG=64", kLarge, 1500));
    repo.insert(m_run, ok("MWG=32", kSmall, 300));
    repo.insert(m_run, ok("MWG=64", kMid, 700));
    Measurement wrong = ok("MWG=128", kSmall, 99999); // fast but wrong: never "best"
    wrong.status = MeasurementStatus::WrongResult;
    repo.insert(m_run, wrong);
    repo.insert(newRun(m_device, "gemm"), ok("MWG=16", kSmall, 350)); // a later run may win a size
    repo.insert(newRun(m_other, "gemm"), ok("MWG=16", kLarge, 5000)); // another device never counts

    const auto best = repo.bestPerSize(dev, "gemm");
    ASSERT_EQ(best.size(), 3u);
    EXPECT_EQ(best[0].measurement.size, kSmall); // 256 < 512 < 1024 although "1024…" < "256…" as text
    EXPECT_EQ(best[0].measurement.pointKey, "MWG=16");
    EXPECT_EQ(best[1].measurement.size, kMid);
    EXPECT_EQ(best[2].measurement.pointKey, "MWG=64");
    EXPECT_DOUBLE_EQ(best[2].measurement.value, 1500);
    EXPECT_TRUE(repo.bestPerSize(dev, "symv").empty());
}

TEST_F(MeasurementRepositoryTest, TopCandidatesAreDistinctPointsBestFirst) {
    MeasurementRepository repo(*m_db);
    const std::string dev = m_device.stableId();
    repo.insert(m_run, ok("MWG=16", kSmall, 100));
    repo.insert(m_run, ok("MWG=32", kSmall, 300));
    repo.insert(m_run, ok("MWG=64", kSmall, 200));
    repo.insert(m_run, ok("MWG=128", kLarge, 999)); // other size
    const auto rerun = newRun(m_device, "gemm");
    repo.insert(rerun, ok("MWG=16", kSmall, 400)); // the same point measured again, faster this time
    Measurement crash = ok("MWG=8", kSmall, 5000);
    crash.status = MeasurementStatus::WorkerCrash;
    repo.insert(rerun, crash);

    const auto top = repo.topCandidates(dev, "gemm", kSmall, 2);
    ASSERT_EQ(top.size(), 2u);
    EXPECT_EQ(top[0].measurement.pointKey, "MWG=16");
    EXPECT_DOUBLE_EQ(top[0].measurement.value, 400);
    EXPECT_EQ(top[1].measurement.pointKey, "MWG=32");
    EXPECT_EQ(repo.topCandidates(dev, "gemm", kSmall, 10).size(), 3u) << "each point once, failures excluded";
    EXPECT_TRUE(repo.topCandidates(dev, "gemm", kSmall, 0).empty());
}

} // namespace
} // namespace kt::store
