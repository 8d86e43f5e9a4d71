// d-spline solver: dense reference, exactness properties (lines, α → 0, α → ∞), stability at N = 10⁶, GCV.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/fit/d_spline.hpp"
#include "core/fit/d_spline_solver.hpp"
#include "dense_reference.hpp"

using namespace kt::fit;

namespace {

double maxAbs(const std::vector<double>& v) {
    double m = 0;
    for (double x : v) m = std::max(m, std::fabs(x));
    return m;
}

struct Reference {
    std::vector<double> f;
    double traceHat;
};

// f = (EᵀE + α²DᵀD)⁻¹Eᵀy straight from the definition (raw samples, repeats included), and tr(E·A⁻¹·Eᵀ).
Reference denseReference(std::size_t n, const std::vector<std::pair<std::size_t, double>>& raw, double alpha) {
    std::vector<test::Real> w(n, 0), rhs(n, 0);
    for (const auto& [j, y] : raw) w[j] += 1, rhs[j] += y;
    auto a = test::dSplineMatrix(n, w, alpha);
    test::choleskyFactor(a);
    const auto f = test::choleskySolve(a, rhs);
    Reference ref{std::vector<double>(f.begin(), f.end()), 0};
    test::Real tr = 0;
    for (std::size_t j = 0; j < n; ++j) {
        if (w[j] == 0) continue;
        std::vector<test::Real> e(n, 0);
        e[j] = 1;
        tr += w[j] * test::choleskySolve(a, e)[j];
    }
    ref.traceHat = static_cast<double>(tr);
    return ref;
}

std::vector<Sample> samplesAt(const SizeGrid& g, const std::vector<std::pair<std::size_t, double>>& raw) {
    std::vector<Sample> s;
    for (const auto& [j, y] : raw) s.push_back({g.sizeAt(j), y});
    return s;
}

} // namespace

TEST(DSpline, MatchesDenseReferenceOnRandomProblems) {
    std::mt19937 rng(2024);
    int checked = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const std::size_t n = std::uniform_int_distribution<std::size_t>(3, 90)(rng);
        const std::size_t k = std::uniform_int_distribution<std::size_t>(2, 2 * n)(rng);
        std::vector<std::pair<std::size_t, double>> raw;
        for (std::size_t i = 0; i < k; ++i)
            raw.push_back({std::uniform_int_distribution<std::size_t>(0, n - 1)(rng),
                           std::normal_distribution<double>(5, 3)(rng)});
        std::sort(raw.begin(), raw.end());
        if (raw.front().first == raw.back().first) continue; // one distinct size: rejected, tested elsewhere
        const double alpha = std::pow(10.0, std::uniform_real_distribution<double>(-3, 6)(rng));
        const SizeGrid grid(-40, -40 + 7 * static_cast<long long>(n - 1), 7);
        const DSplineFit fit = DSpline(grid, samplesAt(grid, raw)).fit(alpha);
        const Reference ref = denseReference(n, raw, alpha);
        double err = 0;
        for (std::size_t j = 0; j < n; ++j) err = std::max(err, std::fabs(fit.values[j] - ref.f[j]));
        EXPECT_LT(err / maxAbs(ref.f), 1e-9) << "trial " << trial << " n=" << n << " k=" << k << " alpha=" << alpha;
        EXPECT_NEAR(fit.traceHat, ref.traceHat, 1e-7 * ref.traceHat) << "trial " << trial << " alpha=" << alpha;
        ++checked;
    }
    EXPECT_GT(checked, 40);
}

TEST(DSpline, GridSolverAgreesWithKnotSolver) {
    std::mt19937 rng(5);
    IndexedData d;
    d.gridPoints = 400;
    for (std::size_t j = 3; j < 400; j += std::uniform_int_distribution<std::size_t>(1, 40)(rng)) {
        d.index.push_back(j);
        d.weight.push_back(std::uniform_int_distribution<int>(1, 3)(rng));
        d.mean.push_back(std::sin(j / 50.0) + std::normal_distribution<double>(0, 0.1)(rng));
    }
    for (double alpha : {1e-3, 1.0, 30.0, 1e4}) {
        const auto grid = solveDSplineGrid<long double>(d, alpha);
        const auto knots = solveDSpline<double>(d, alpha);
        for (std::size_t j = 0; j < d.gridPoints; ++j)
            EXPECT_NEAR(knots.values[j], static_cast<double>(grid[j]), 1e-10) << "alpha=" << alpha << " j=" << j;
    }
}

TEST(DSpline, ReproducesStraightLineForAnyAlpha) {
    for (std::size_t n : {5u, 1000u, 1000000u}) {
        const SizeGrid grid(100, 100 + 3 * static_cast<long long>(n - 1), 3);
        std::vector<Sample> s;
        for (std::size_t j = 0; j < n; j += std::max<std::size_t>(1, n / 37) + j % 3)
            s.push_back({grid.sizeAt(j), 2.5 - 0.75 * static_cast<double>(grid.sizeAt(j))});
        s.push_back(s.back()); // a repeat changes nothing on a line
        for (double alpha : {0.0, 1e-3, 1.0, 1e3, 1e6}) {
            const auto fit = DSpline(grid, s).fit(alpha);
            double err = 0;
            for (std::size_t j = 0; j < n; ++j)
                err = std::max(err, std::fabs(fit.values[j] - (2.5 - 0.75 * static_cast<double>(grid.sizeAt(j)))));
            EXPECT_LT(err / maxAbs(fit.values), 1e-12) << "n=" << n << " alpha=" << alpha;
        }
    }
}

TEST(DSpline, SmallAlphaInterpolatesSamples) {
    const SizeGrid grid(0, 499);
    std::vector<Sample> s;
    std::mt19937 rng(3);
    for (long long x = 4; x < 500; x += 13) s.push_back({x, std::normal_distribution<double>(10, 4)(rng)});
    for (double alpha : {0.0, 1e-3}) {
        const auto fit = DSpline(grid, s).fit(alpha);
        for (const auto& smp : s)
            EXPECT_NEAR(fit.values[*grid.indexOf(smp.size)], smp.value, alpha == 0 ? 1e-10 : 1e-5);
        EXPECT_NEAR(fit.traceHat, static_cast<double>(s.size()), 1e-4);
    }
}

TEST(DSpline, LargeAlphaTendsToLeastSquaresLine) {
    const SizeGrid grid(0, 299);
    std::vector<Sample> s;
    std::mt19937 rng(9);
    for (long long x = 0; x < 300; x += 7)
        s.push_back({x, std::sin(x / 40.0) * 5 + std::normal_distribution<double>()(rng)});
    // The least-squares line computed here independently (normal equations of a + b·x).
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const auto& p : s) sx += p.size, sy += p.value, sxx += double(p.size) * p.size, sxy += p.size * p.value;
    const double m = static_cast<double>(s.size());
    const double b = (m * sxy - sx * sy) / (m * sxx - sx * sx), a = (sy - b * sx) / m;
    // Far from the line for moderate α, then converging like α⁻² (the penalty dominates the data term).
    std::vector<double> dist;
    for (double alpha : {1.0, 1e4, 1e5, 1e6}) {
        const auto fit = DSpline(grid, s).fit(alpha);
        double d = 0;
        for (std::size_t j = 0; j < grid.count(); ++j) d = std::max(d, std::fabs(fit.values[j] - (a + b * j)));
        dist.push_back(d);
        if (alpha == 1e6) EXPECT_NEAR(fit.traceHat, 2.0, 1e-5);
    }
    EXPECT_GT(dist[0], 1.0);
    EXPECT_LT(dist[3], 1e-4);
    EXPECT_NEAR(dist[2] / dist[3], 100.0, 5.0);
    EXPECT_NEAR(dist[1] / dist[2], 100.0, 5.0);
}

TEST(DSpline, StableAtMillionPointsAcrossAlphaRange) {
    // The same algorithm in long double is the yardstick: double must agree to 1e-9 relative.
    std::mt19937 rng(1);
    const std::size_t n = 1000000;
    for (std::size_t k : {3u, 48u, 5000u, 1000000u}) {
        IndexedData d;
        d.gridPoints = n;
        for (std::size_t i = 0; i < k; ++i) {
            const std::size_t j = k == n ? i : static_cast<std::size_t>(double(i) * (n - 1) / (k - 1));
            const double x = double(j) / n;
            d.index.push_back(j);
            d.weight.push_back(1);
            d.mean.push_back(100 + 50 * std::sin(6 * x) + 1e3 * x + std::normal_distribution<double>()(rng));
        }
        for (double alpha : {1e-3, 1.0, 1e3, 1e6}) {
            const auto lo = solveDSpline<double>(d, alpha);
            const auto hi = solveDSpline<long double>(d, alpha);
            double err = 0, scale = 0;
            for (std::size_t j = 0; j < n; ++j) {
                err = std::max(err, static_cast<double>(std::fabs(lo.values[j] - hi.values[j])));
                scale = std::max(scale, static_cast<double>(std::fabs(hi.values[j])));
            }
            EXPECT_LT(err / scale, 1e-9) << "k=" << k << " alpha=" << alpha;
            EXPECT_NEAR(lo.traceHat, static_cast<double>(hi.traceHat), 1e-6 * static_cast<double>(hi.traceHat))
                << "k=" << k << " alpha=" << alpha;
        }
    }
}

TEST(DSpline, GcvBeatsTinyAndHugeAlphaOnNoisyCurves) {
    std::mt19937 rng(42);
    const SizeGrid grid(64, 64 + 4 * 999, 4);
    auto truth = [](double j) { return 200 + 80 * std::sin(j / 120.0) + 30 * std::cos(j / 37.0); };
    for (int trial = 0; trial < 5; ++trial) {
        std::vector<Sample> s;
        for (std::size_t j = 0; j < grid.count(); j += 6)
            s.push_back({grid.sizeAt(j), truth(double(j)) + std::normal_distribution<double>(0, 15)(rng)});
        const DSpline spline(grid, s);
        auto rmsError = [&](const DSplineFit& f) {
            double e = 0;
            for (std::size_t j = 0; j < grid.count(); ++j) e += std::pow(f.values[j] - truth(double(j)), 2);
            return std::sqrt(e / grid.count());
        };
        const auto best = spline.fitAuto();
        const double eAuto = rmsError(best), eTiny = rmsError(spline.fit(1e-3)), eHuge = rmsError(spline.fit(1e6));
        EXPECT_LT(eAuto, eTiny) << "trial " << trial << " alpha=" << best.alpha;
        EXPECT_LT(eAuto, eHuge) << "trial " << trial << " alpha=" << best.alpha;
        EXPECT_LT(eAuto, 10.0) << "trial " << trial; // well under the noise level σ = 15
        EXPECT_LE(best.gcv, spline.gcv(1e-3));
        EXPECT_LE(best.gcv, spline.gcv(1e6));
    }
}

TEST(DSpline, RepeatedSamplesAreAveragedByWeight) {
    const SizeGrid grid(0, 50);
    const std::vector<Sample> repeats{{0, 1}, {10, 4}, {10, 8}, {10, 0}, {30, 2}, {50, 5}};
    const std::vector<Sample> weighted{{0, 1}, {10, 4, 3}, {30, 2}, {50, 5}};
    const auto a = DSpline(grid, repeats).fit(3.0), b = DSpline(grid, weighted).fit(3.0);
    for (std::size_t j = 0; j < grid.count(); ++j) EXPECT_NEAR(a.values[j], b.values[j], 1e-12);
    EXPECT_EQ(a.sampleCount, 6u);
    EXPECT_EQ(a.distinctSizes, 4u);
    EXPECT_NEAR(a.rss - b.rss, 32.0, 1e-9); // the spread of 4, 8, 0 around 4 is RSS no fit can remove
}

TEST(DSpline, RejectsBadSamples) {
    const SizeGrid grid(10, 100, 10);
    EXPECT_THROW(DSpline(grid, {{10, 1}}), FitInputError);
    EXPECT_THROW(DSpline(grid, {{10, 1}, {10, 2}}), FitInputError);   // one distinct size
    EXPECT_THROW(DSpline(grid, {{10, 1}, {15, 2}}), FitInputError);   // off the grid
    EXPECT_THROW(DSpline(grid, {{10, 1}, {110, 2}}), FitInputError);  // outside the grid
    EXPECT_THROW(DSpline(grid, {{10, 1}, {20, NAN}}), FitInputError); // not finite
    EXPECT_THROW(DSpline(grid, {{10, 1}, {20, 1}}).fit(-1), FitInputError);
    EXPECT_THROW(SizeGrid(10, 15, 10), FitInputError);
    EXPECT_THROW(SizeGrid(10, 5, 1), FitInputError);
    EXPECT_THROW(SizeGrid(1, 5, 0), FitInputError);
}
