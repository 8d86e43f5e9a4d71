// Incremental sampling: the proposed next size goes where the fit or the winner is least certain.
#include <gtest/gtest.h>

#include <cmath>

#include "core/fit/d_spline.hpp"

using namespace kt::fit;

TEST(Proposal, SingleCurveProposesTheLargestGap) {
    const SizeGrid grid(0, 1000);
    std::vector<Sample> s;
    for (long long x = 0; x <= 300; x += 30) s.push_back({x, std::sqrt(double(x))});
    s.push_back({1000, std::sqrt(1000.0)}); // one far sample: 300…1000 is the big unknown
    const DSpline spline(grid, s);
    const auto fit = spline.fit(1.0);
    const auto p = proposeNextSample(spline, fit);
    ASSERT_TRUE(p.valid);
    EXPECT_GT(p.size, 450);
    EXPECT_LT(p.size, 850);
    const auto var = spline.posteriorVariance(fit);
    EXPECT_LT(var[30], var[650]); // sampled region is better known than the gap
}

TEST(Proposal, WinnerProposalGoesToTheCrossing) {
    const SizeGrid grid(0, 400);
    std::vector<Sample> a, b;
    // a wins below 200, b above; both sampled every 50 with the same pattern, so only the margin differs.
    for (long long x = 0; x <= 400; x += 50) {
        a.push_back({x, 300 - 0.5 * double(x) + (x % 100 == 0 ? 1 : -1)});
        b.push_back({x, 200 + 0.0 * double(x) + (x % 100 == 0 ? -1 : 1)});
    }
    const DSpline sa(grid, a), sb(grid, b);
    const auto fa = sa.fit(5.0), fb = sb.fit(5.0);
    const auto p = proposeNextSampleForWinner({{"a", &sa, &fa}, {"b", &sb, &fb}});
    ASSERT_TRUE(p.valid);
    EXPECT_NEAR(double(p.size), 200.0, 25.0);
    EXPECT_TRUE(p.candidate == "a" || p.candidate == "b");
    EXPECT_GT(p.score, 0.2); // near the crossing the winner is close to a coin flip
}
