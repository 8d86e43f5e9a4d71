// Warm starts from a related family's stored winners (Family::seedFamilies, core/engine/stored_seeds) on made-up
// families: which stored points become seeds and in what order, which are skipped and why, the cap, and the tuning
// session measuring them first, keeping them for resume and falling back to the family's own seeds.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/engine/stored_seeds.hpp"
#include "core/engine/tuning_session.hpp"
#include "core/store/database.hpp"
#include "core/store/run_repository.hpp"
#include "tests/support/stored_run.hpp"

using namespace kt;

namespace {

// The family whose winners are stored (a "GEMM"): three size dimensions, X up to 8, S 1 or 2.
class SourceFamily final : public Family {
public:
    std::string name() const override { return "seeds_source"; }
    std::string title() const override { return name(); }
    std::string description() const override { return "test family whose winners seed another"; }
    Metric metric() const override { return Metric::GFlops; }
    std::vector<std::string> sizeDimensions() const override { return {"m", "n", "k"}; }
    ParameterSpace space(const DeviceInfo&) const override {
        ParameterSpace s;
        s.name = name();
        s.addParameter({"X", {1, 2, 4, 8}, "block"});
        s.addParameter({"S", {1, 2}, "split"});
        return s;
    }
    std::vector<ProblemSize> defaultSizes(const DeviceInfo&) const override { return {{{64, 64, 64}}}; }
    Precision precision() const override { return Precision::F64; }
    double flops(const ProblemSize&) const override { return 1; }
    double bytes(const ProblemSize&) const override { return 1; }
};

// The family that takes them (a "routine"): two size dimensions, X up to 4, S must be 1 (as BLAS3 needs
// GEMM_KSPLIT 1), and Y of its own, absent (0) in the source's keys.
class TargetFamily final : public Family {
public:
    std::string name() const override { return "seeds_target"; }
    std::string title() const override { return name(); }
    std::string description() const override { return "test family seeded from seeds_source"; }
    Metric metric() const override { return Metric::GFlops; }
    std::vector<std::string> sizeDimensions() const override { return {"n", "k"}; }
    ParameterSpace space(const DeviceInfo&) const override {
        ParameterSpace s;
        s.name = name();
        s.addParameter({"X", {1, 2, 4}, "block"});
        s.addParameter({"S", {1, 2}, "split"});
        s.addParameter({"Y", {0, 1}, "routine-only", 0});
        s.addConstraint({"S == 1", "no split here"});
        return s;
    }
    std::vector<ProblemSize> defaultSizes(const DeviceInfo&) const override { return {{{48, 80}}}; }
    Precision precision() const override { return Precision::F64; }
    double flops(const ProblemSize&) const override { return 1; }
    double bytes(const ProblemSize&) const override { return 1; }
    // The second one is also a stored winner: it is measured once.
    std::vector<Point> seedPoints(const DeviceInfo& device) const override {
        return {space(device).pointFromKey("X=2,S=1,Y=1"), space(device).pointFromKey("X=4,S=1,Y=0")};
    }
    std::vector<std::string> seedFamilies() const override { return {"seeds_missing", "seeds_source"}; }
};

// Measures X * 10 + Y and records the order of the points it measured.
class RecordingExecutor final : public Executor {
public:
    explicit RecordingExecutor(std::vector<std::string>* order) : m_order(order) {}
    void compile(const std::vector<Point>&) override {}
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        std::vector<Measurement> out;
        for (const auto& s : sizes) {
            Measurement m;
            m.size = s;
            m.value = double(point["X"] * 10 + point["Y"]);
            m.medianMs = m.minMs = 1;
            m.timesMs = {1};
            out.push_back(m);
        }
        m_order->push_back(point.key());
        return out;
    }

private:
    std::vector<std::string>* m_order;
};

class NoteRecorder final : public Observer {
public:
    void onNote(const std::string& text) override { notes.push_back(text); }
    void onMeasurement(const Measurement&, bool reused) override {
        if (!reused && cancelAfter > 0 && --cancelAfter == 0) control.cancel();
    }
    std::vector<std::string> notes;
    int cancelAfter = 0;
    RunControl control;
};

class StoredSeedsTest : public ::testing::Test {
protected:
    void SetUp() override {
        FamilyRegistry::instance().add(std::make_shared<SourceFamily>());
        FamilyRegistry::instance().add(std::make_shared<TargetFamily>());
        m_db = std::filesystem::temp_directory_path() /
               ("kt_stored_seeds_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite");
        std::filesystem::remove(m_db);
        m_device.name = "seed device";
        m_device.type = DeviceType::Gpu;
    }
    void TearDown() override { std::filesystem::remove(m_db); }

    // One completed run of seeds_source on the device holding `rows`.
    void storeSourceRun(const std::vector<test::StoredRow>& rows, const DeviceInfo* on = nullptr) {
        test::storeCompletedRun(store::Database::open(m_db), on ? *on : m_device, "seeds_source", rows);
    }

    // Nearest to 48 x 80 (geometric mean 62): 64³, then 256³, 8³, 1024³, 4096³. At 64³ the best two are not points
    // of the target (X=8 is outside its list, S=2 breaks its constraint); at 256³ the best names a parameter it
    // lacks; 8³'s best (X=2) is worse than the others but a seed, after 256³'s; at 1024³ and 4096³ the best is 64³'s
    // seed again.
    void storeTypicalSourceRun() {
        const ProblemSize s8{{8, 8, 8}}, s64{{64, 64, 64}}, s256{{256, 256, 256}}, s1024{{1024, 1024, 1024}},
            s4096{{4096, 4096, 4096}};
        storeSourceRun({{"X=8,S=1", s64, 90},
                        {"X=2,S=2", s64, 80},
                        {"X=4,S=1", s64, 70},
                        {"X=1,S=1", s64, 10},
                        {"X=2,S=1,Z=1", s256, 60},
                        {"X=1,S=1", s256, 50},
                        {"X=4,S=1", s1024, 100},
                        {"X=1,S=1", s1024, 20},
                        {"X=2,S=1", s8, 5},
                        {"X=4,S=1", s4096, 10},
                        {"X=1,S=1", s4096, 5}});
    }

    StoredSeeds seeds(std::size_t limit = kMaxStoredSeeds) {
        auto db = store::Database::open(m_db);
        const auto target = FamilyRegistry::instance().find("seeds_target");
        return storedSeeds(db, *target, m_device, target->space(m_device), {{{48, 80}}}, limit);
    }

    static std::vector<std::string> keys(const std::vector<Point>& points) {
        std::vector<std::string> out;
        for (const auto& p : points) out.push_back(p.key());
        return out;
    }
    static bool mentions(const std::vector<std::string>& notes, const std::string& a, const std::string& b = "") {
        for (const auto& n : notes)
            if (n.find(a) != std::string::npos && n.find(b) != std::string::npos) return true;
        return false;
    }

    TuningConfig tuning() {
        TuningConfig c;
        c.device = m_device;
        c.family = "seeds_target";
        c.strategy = "random";
        c.sizes = {{{48, 80}}};
        c.budget.maxEvaluations = 4;
        c.warmStart = true;
        c.database = m_db;
        c.makeExecutor = [this](const DeviceInfo&, const std::string&) {
            return std::make_unique<RecordingExecutor>(&m_measured);
        };
        return c;
    }

    std::filesystem::path m_db;
    DeviceInfo m_device;
    std::vector<std::string> m_measured;
};

} // namespace

TEST_F(StoredSeedsTest, BestValidPointPerStoredSizeNearestFirst) {
    storeTypicalSourceRun();
    const auto found = seeds();
    EXPECT_EQ(keys(found.points), (std::vector<std::string>{"X=4,S=1,Y=0", "X=1,S=1,Y=0", "X=2,S=1,Y=0"}));
    EXPECT_TRUE(mentions(found.notes, "no family 'seeds_missing'"));
    EXPECT_TRUE(mentions(found.notes, "skipped the stored seeds_source point X=8,S=1", "not in the parameter's value"));
    EXPECT_TRUE(mentions(found.notes, "skipped the stored seeds_source point X=2,S=2", "breaks the constraint S == 1"));
    EXPECT_TRUE(mentions(found.notes, "skipped the stored seeds_source point X=2,S=1,Z=1", "'Z'"));
    EXPECT_TRUE(mentions(found.notes, "3 seeds from the stored seeds_source winners"));
    EXPECT_TRUE(mentions(found.notes, "seed X=1,S=1 (the stored seeds_source best at 256x256x256)"));
}

TEST_F(StoredSeedsTest, AtMostTheLimit) {
    storeTypicalSourceRun();
    EXPECT_EQ(keys(seeds(2).points), (std::vector<std::string>{"X=4,S=1,Y=0", "X=1,S=1,Y=0"}));
    EXPECT_TRUE(seeds(0).points.empty());
}

TEST_F(StoredSeedsTest, OnlyThisDeviceAndOkMeasurements) {
    DeviceInfo other = m_device;
    other.name = "other device";
    storeSourceRun({{"X=4,S=1", {{64, 64, 64}}, 70}}, &other);
    const auto found = seeds();
    EXPECT_TRUE(found.points.empty());
    EXPECT_TRUE(mentions(found.notes, "no stored seeds_source measurements on this device"));
}

TEST_F(StoredSeedsTest, SessionMeasuresStoredWinnersFirstThenTheFamilySeeds) {
    storeTypicalSourceRun();
    NoteRecorder notes;
    const auto outcome = TuningSession(tuning(), &notes, nullptr).run();
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.message;
    // The family's X=4,Y=0 seed is the first stored winner already: measured once.
    EXPECT_EQ(m_measured, (std::vector<std::string>{"X=4,S=1,Y=0", "X=1,S=1,Y=0", "X=2,S=1,Y=0", "X=2,S=1,Y=1"}));
    EXPECT_TRUE(mentions(notes.notes, "skipped the stored seeds_source point X=8,S=1"));
    auto db = store::Database::open(m_db);
    const auto run = store::RunRepository(db).get(outcome.runId);
    ASSERT_TRUE(run);
    EXPECT_EQ(run->budget.value("store_seeds", std::vector<std::string>{}),
              (std::vector<std::string>{"X=4,S=1,Y=0", "X=1,S=1,Y=0", "X=2,S=1,Y=0"}));
}

TEST_F(StoredSeedsTest, WithoutStoredWinnersTheFamilySeedsAsBefore) {
    NoteRecorder notes;
    auto config = tuning();
    config.budget.maxEvaluations = 2;
    const auto outcome = TuningSession(config, &notes, nullptr).run();
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.message;
    EXPECT_EQ(m_measured, (std::vector<std::string>{"X=2,S=1,Y=1", "X=4,S=1,Y=0"}));
    EXPECT_TRUE(mentions(notes.notes, "no stored seeds_source measurements on this device"));
}

TEST_F(StoredSeedsTest, WithoutWarmStartNoStoredSeeds) {
    storeTypicalSourceRun();
    auto config = tuning();
    config.warmStart = false;
    config.budget.maxEvaluations = 1;
    NoteRecorder notes;
    const auto outcome = TuningSession(config, &notes, nullptr).run();
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.message;
    EXPECT_TRUE(notes.notes.empty());
    auto db = store::Database::open(m_db);
    EXPECT_FALSE(store::RunRepository(db).get(outcome.runId)->budget.contains("store_seeds"));
}

// A resume measures the seeds the run started with, even when the store has a better source point by then.
TEST_F(StoredSeedsTest, ResumeKeepsTheSeedsTheRunStartedWith) {
    storeTypicalSourceRun();
    NoteRecorder first;
    first.cancelAfter = 2;
    const auto cancelled = TuningSession(tuning(), &first, &first.control).run();
    ASSERT_EQ(cancelled.status, RunStatus::Cancelled) << cancelled.message;
    ASSERT_EQ(m_measured, (std::vector<std::string>{"X=4,S=1,Y=0", "X=1,S=1,Y=0"}));

    storeSourceRun({{"X=2,S=1", {{48, 80, 64}}, 1000}}); // nearer and better: would be the first seed of a new run
    auto resume = tuning();
    resume.resumeRunId = cancelled.runId;
    NoteRecorder second;
    const auto outcome = TuningSession(resume, &second, nullptr).run();
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.message;
    EXPECT_EQ(m_measured, (std::vector<std::string>{"X=4,S=1,Y=0", "X=1,S=1,Y=0", "X=2,S=1,Y=0", "X=2,S=1,Y=1"}));
    EXPECT_TRUE(second.notes.empty()); // nothing was looked up again
}
