// BudgetTracker: exact counts, wall-time trimming with a fake clock, cancellation.
#include <gtest/gtest.h>

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
    EXPECT_EQ(t.grant(4), 4u); // no rate known yet
    now += 4;
    t.charge(4, 4); // 1 s per evaluation
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
