// BudgetTracker: exact counts, wall-time trimming with a fake clock, cancellation; the papers' default sizes.
#include <gtest/gtest.h>

#include "core/model/paper_sizes.hpp"
#include "core/strategies/budget.hpp"

using namespace kt;

TEST(BudgetTracker, GrantsExactlyTheEvaluationsLeft) {
    BudgetTracker t({10, 0});
    EXPECT_EQ(t.grant(4), 4u);
    t.charge(4, 0);
    EXPECT_EQ(t.grant(16), 6u);
    t.charge(6, 0);
    EXPECT_TRUE(t.exhausted());
    EXPECT_EQ(t.reason(), StopReason::Evaluations);
    EXPECT_EQ(t.grant(1), 0u);
}

TEST(BudgetTracker, WallTimeTrimsByTheMeasuredRate) {
    double now = 100;
    BudgetTracker t({0, 10}, [&] { return now; });
    EXPECT_EQ(t.grant(4), 1u); // no rate known yet: one candidate measures it
    now += 1;
    t.charge(1, 1); // 1 s per evaluation
    EXPECT_EQ(t.grant(3), 3u);
    now += 3;
    t.charge(3, 3);
    EXPECT_EQ(t.grant(100), 6u);
    now += 6;
    t.charge(6, 6);
    EXPECT_TRUE(t.exhausted());
    EXPECT_EQ(t.reason(), StopReason::WallTime);
}

TEST(BudgetTracker, CancelStopsAtOnce) {
    std::atomic<bool> cancel{false};
    BudgetTracker t({}, {}, &cancel);
    EXPECT_FALSE(t.exhausted());
    EXPECT_EQ(t.grant(1000), 1000u); // unlimited
    cancel = true;
    EXPECT_TRUE(t.exhausted());
    EXPECT_EQ(t.reason(), StopReason::Cancelled);
    EXPECT_EQ(t.grant(1), 0u);
}

TEST(PaperSizes, MatchThePapers) {
    auto gpu = twoStageStageSizes(DeviceType::Gpu, 3);
    ASSERT_EQ(gpu.size(), 2u);
    EXPECT_EQ(gpu[0].dims, (std::vector<std::int64_t>{1536, 1536, 1536}));
    EXPECT_EQ(gpu[1].dims[0], 4096);
    EXPECT_EQ(twoStageStageSizes(DeviceType::Cpu, 1)[0].dims, (std::vector<std::int64_t>{768}));
    auto sweep = twoStageSweepSizes(3);
    EXPECT_EQ(sweep.size(), 32u); // 256, 512, …, 8192
    EXPECT_EQ(sweep.back().dims[0], 8192);
    auto detail = sieveDetailSizes(1);
    EXPECT_EQ(detail.size(), 48u);
    EXPECT_EQ(detail.front().dims[0], 100);
    EXPECT_EQ(detail.back().dims[0], 10000);
    EXPECT_EQ(sieveRepresentativeSizes(1).size(), 6u);
}
