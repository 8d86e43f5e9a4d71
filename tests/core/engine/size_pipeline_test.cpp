// The size pipeline on a made-up family whose performance is known exactly: the sieve's finalists, the rule at the
// curves' crossing, the rule on both sides of every boundary, incremental sampling, resume, and bad families.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "core/engine/size_pipeline.hpp"
#include "core/fit/curve_set.hpp"
#include "core/store/database.hpp"
#include "core/store/fit_repository.hpp"
#include "core/store/rule_repository.hpp"
#include "tests/core/engine/line_family.hpp"

using namespace kt;
using namespace kt::test;

namespace {

// Cancels the run after `after` measurements.
class CancelAfter final : public Observer {
public:
    CancelAfter(RunControl& control, int after) : m_control(control), m_left(after) {}
    void onMeasurement(const Measurement&, bool reused) override {
        if (!reused && --m_left == 0) m_control.cancel();
    }

private:
    RunControl& m_control;
    int m_left;
};

class SizePipelineTest : public ::testing::Test {
protected:
    void SetUp() override {
        FamilyRegistry::instance().add(std::make_shared<LineFamily>("pipeline_lines", 1));
        FamilyRegistry::instance().add(std::make_shared<LineFamily>("pipeline_plane", 2));
        m_db = std::filesystem::temp_directory_path() /
               ("kt_pipeline_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite");
        std::filesystem::remove(m_db);
    }
    void TearDown() override { std::filesystem::remove(m_db); }

    PipelineConfig config(const std::string& family = "pipeline_lines") {
        PipelineConfig c;
        c.tuning.family = family;
        c.tuning.device.name = "line device";
        c.tuning.device.type = DeviceType::Gpu;
        c.tuning.database = m_db;
        c.tuning.sizes = {{{1000}}, {{4000}}, {{8000}}};
        c.tuning.sweep = evenly(100, 10000, 16);
        c.ranks = 3;
        c.finalists = 3;
        c.tuning.makeExecutor = [this](const DeviceInfo&, const std::string&) {
            return std::make_unique<LineExecutor>(&m_measured);
        };
        return c;
    }
    static std::vector<ProblemSize> evenly(std::int64_t from, std::int64_t to, int count) {
        std::vector<ProblemSize> out;
        for (int i = 0; i < count; ++i) out.push_back({{from + (to - from) * i / (count - 1)}});
        return out;
    }
    static std::string key(int p) { return "P=" + std::to_string(p); }

    std::filesystem::path m_db;
    std::uint64_t m_measured = 0;
};

} // namespace

TEST_F(SizePipelineTest, RuleFollowsTheFitsOnBothSidesOfEveryBoundary) {
    const auto out = SizePipeline(config(), nullptr, nullptr).run();
    ASSERT_EQ(out.status, RunStatus::Completed) << out.message;
    // The sieve keeps the three curves that rank at the representative sizes; the slow ones never get detail sizes.
    std::set<std::string> finalists;
    for (const auto& f : out.finalists) finalists.insert(f.key);
    EXPECT_EQ(finalists, (std::set<std::string>{key(0), key(1), key(2)}));
    EXPECT_EQ(out.detailFull, 3u * 16);
    EXPECT_EQ(out.detailMeasured, out.detailFull);
    EXPECT_EQ(m_measured, 6u * 3 + 3 * 16); // every point at the 3 representative sizes, finalists at 16 more
    // P0 below the crossing at n = 3000, P1 above it.
    ASSERT_EQ(out.rule.intervals.size(), 2u);
    EXPECT_EQ(out.rule.intervals[0].candidate, key(0));
    EXPECT_EQ(out.rule.intervals[1].candidate, key(1));
    EXPECT_NEAR(double(out.rule.intervals[1].lo), 3000, 2);
    EXPECT_EQ(out.rule.intervals.front().lo, 100);
    EXPECT_EQ(out.rule.intervals.back().hi, 10001);
    // On both sides of every boundary the rule names the finalist with the best true (and fitted) value.
    for (std::size_t k = 1; k < out.rule.intervals.size(); ++k) {
        const long long b = out.rule.intervals[k].lo;
        for (long long n : {b - 1, b}) {
            const std::string& chosen = out.rule.select(n);
            const int p = chosen.back() - '0';
            for (int other : {0, 1, 2}) EXPECT_GE(truth(p, n), truth(other, n)) << "n " << n << " chose " << chosen;
        }
    }
    // The fits and the rule are in the store, the rule with what it was derived from.
    auto db = store::Database::open(m_db);
    const auto rule = store::RuleRepository(db).latest(config().tuning.device.stableId(), "pipeline_lines", "pipeline");
    ASSERT_TRUE(rule);
    EXPECT_EQ(rule->id, out.ruleId);
    EXPECT_EQ(rule->rule["run"], out.runId);
    EXPECT_EQ(rule->rule["intervals"].size(), 2u);
    EXPECT_EQ(rule->rule["sampling"]["detail_measured"], 48);
    EXPECT_EQ(store::FitRepository(db).list(config().tuning.device.stableId(), "pipeline_lines").size(), 3u);
}

TEST_F(SizePipelineTest, IncrementalSamplingSavesMeasurementsForTheSameRule) {
    const auto full = SizePipeline(config(), nullptr, nullptr).run();
    ASSERT_EQ(full.status, RunStatus::Completed) << full.message;
    std::filesystem::remove(m_db); // a fresh store: nothing reused
    m_measured = 0;
    auto c = config();
    c.incrementalInitial = 4;
    const auto incremental = SizePipeline(c, nullptr, nullptr).run();
    ASSERT_EQ(incremental.status, RunStatus::Completed) << incremental.message;
    EXPECT_LT(incremental.detailMeasured, full.detailMeasured);
    EXPECT_GE(incremental.detailMeasured, 3u * 4);
    EXPECT_EQ(incremental.rule.intervals.size(), full.rule.intervals.size());
    for (std::size_t k = 0; k < full.rule.intervals.size(); ++k) {
        EXPECT_EQ(incremental.rule.intervals[k].candidate, full.rule.intervals[k].candidate);
        EXPECT_NEAR(double(incremental.rule.intervals[k].lo), double(full.rule.intervals[k].lo), 2);
    }
    EXPECT_EQ(incremental.ruleJson["sampling"]["options"]["initial"], 4);
}

TEST_F(SizePipelineTest, ResumesACancelledRunWithoutMeasuringAgain) {
    RunControl control;
    CancelAfter observer(control, 10);
    const auto first = SizePipeline(config(), &observer, &control).run();
    ASSERT_EQ(first.status, RunStatus::Cancelled) << first.message;
    EXPECT_TRUE(first.rule.intervals.empty());
    const std::uint64_t before = m_measured;
    PipelineConfig resume;
    resume.tuning.database = m_db;
    resume.tuning.device = config().tuning.device;
    resume.tuning.resumeRunId = first.runId;
    resume.tuning.makeExecutor = config().tuning.makeExecutor;
    const auto second = SizePipeline(resume, nullptr, nullptr).run();
    ASSERT_EQ(second.status, RunStatus::Completed) << second.message;
    EXPECT_EQ(second.runId, first.runId);
    EXPECT_EQ(m_measured, 6u * 3 + 3 * 16) << "every evaluation once, over both calls";
    EXPECT_GT(m_measured, before);
    ASSERT_EQ(second.rule.intervals.size(), 2u);
    // A completed run is derived again, with other rule options and no measuring.
    resume.rule.tolerance = 0.5;
    const std::uint64_t measured = m_measured;
    const auto again = SizePipeline(resume, nullptr, nullptr).run();
    ASSERT_EQ(again.status, RunStatus::Completed) << again.message;
    EXPECT_EQ(m_measured, measured);
    EXPECT_NE(again.ruleId, second.ruleId);
}

TEST_F(SizePipelineTest, SaysWhenTheBudgetEndedBeforeTheDetailedSampling) {
    // 6 points x 3 representative sizes make the sieve; 10 evaluations end inside it, so no point reaches a detail
    // size beyond the representative ones and no rule can be fitted: the message says why.
    PipelineConfig c = config();
    c.tuning.budget.maxEvaluations = 10;
    const auto out = SizePipeline(c, nullptr, nullptr).run();
    EXPECT_TRUE(out.rule.intervals.empty());
    EXPECT_NE(out.message.find("ended before the detailed sampling (10 measurements"), std::string::npos)
        << out.message;
    EXPECT_NE(out.message.find("reuses the measurements this one stored"), std::string::npos) << out.message;
    EXPECT_EQ(m_measured, 10u);

    // As the message says: the same pipeline again without the budget measures only what the first run did not.
    const auto whole = SizePipeline(config(), nullptr, nullptr).run();
    ASSERT_EQ(whole.status, RunStatus::Completed) << whole.message;
    EXPECT_FALSE(whole.rule.intervals.empty());
    const std::uint64_t measuredAgain = m_measured - 10;
    std::filesystem::remove(m_db);
    m_measured = 0;
    const auto fresh = SizePipeline(config(), nullptr, nullptr).run();
    ASSERT_EQ(fresh.status, RunStatus::Completed) << fresh.message;
    EXPECT_EQ(measuredAgain + 10, m_measured) << "the second run should have reused the first run's 10 measurements";
}

TEST_F(SizePipelineTest, RefusesFamiliesWithSeveralSizeDimensionsAndUnknownOnes) {
    auto out = SizePipeline(config("pipeline_plane"), nullptr, nullptr).run();
    EXPECT_EQ(out.status, RunStatus::Failed);
    EXPECT_NE(out.message.find("one size dimension"), std::string::npos) << out.message;
    out = SizePipeline(config("no_such_family"), nullptr, nullptr).run();
    EXPECT_EQ(out.status, RunStatus::Failed);
    EXPECT_NE(out.message.find("unknown family"), std::string::npos) << out.message;
    EXPECT_EQ(m_measured, 0u);
}
