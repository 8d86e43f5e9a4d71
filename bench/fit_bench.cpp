// kt_fit_bench: d-spline fitting cost at N up to 10⁶ grid points, against a memory-pass bound over N doubles.
#include <benchmark/benchmark.h>

#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "core/fit/d_spline.hpp"
#include "core/fit/d_spline_solver.hpp"

using namespace kt::fit;

namespace {

// k samples spread evenly over an N-point grid (k = N: every point sampled), a noisy smooth curve.
std::vector<Sample> makeSamples(const SizeGrid& g, std::size_t k) {
    std::mt19937 rng(1);
    std::normal_distribution<double> noise(0, 1);
    std::vector<Sample> s;
    const std::size_t n = g.count();
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t j = k >= n ? i : static_cast<std::size_t>(double(i) * double(n - 1) / double(k - 1));
        const double x = double(j) / double(n);
        s.push_back({g.sizeAt(j), 100 + 50 * std::sin(6 * x) + 1e3 * x + noise(rng)});
    }
    return s;
}

void setCounters(benchmark::State& state, std::size_t n) {
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
    state.counters["ns_per_point"] =
        benchmark::Counter(double(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// DSpline::fit(α): knot system + selected inverse (GCV trace, leverages) + filling the N-point grid.
void BM_Fit(benchmark::State& state) {
    const std::size_t n = static_cast<std::size_t>(state.range(0)), k = static_cast<std::size_t>(state.range(1));
    const SizeGrid grid(1, static_cast<long long>(n));
    const DSpline spline(grid, makeSamples(grid, k));
    for (auto _ : state) benchmark::DoNotOptimize(spline.fit(1e3).values.data());
    setCounters(state, n);
}
BENCHMARK(BM_Fit)
    ->Args({10000, 48})
    ->Args({1000000, 48})
    ->Args({1000000, 10000})
    ->Args({1000000, 1000000})
    ->Unit(benchmark::kMillisecond);

// fitAuto: 37 log-spaced α plus a golden-section refinement (GCV only, no grid fill), then one full fit.
void BM_FitAutoAlpha(benchmark::State& state) {
    const std::size_t n = static_cast<std::size_t>(state.range(0)), k = static_cast<std::size_t>(state.range(1));
    const SizeGrid grid(1, static_cast<long long>(n));
    const DSpline spline(grid, makeSamples(grid, k));
    for (auto _ : state) benchmark::DoNotOptimize(spline.fitAuto().alpha);
    setCounters(state, n);
}
BENCHMARK(BM_FitAutoAlpha)->Args({1000000, 48})->Args({1000000, 1000000})->Unit(benchmark::kMillisecond);

// The textbook alternative: banded LDLᵀ of the N×N pentadiagonal normal equations (every point sampled, where
// it is numerically safe), for comparison with the knot solver.
void BM_GridLdlt(benchmark::State& state) {
    const std::size_t n = static_cast<std::size_t>(state.range(0));
    IndexedData d;
    d.gridPoints = n;
    const SizeGrid grid(1, static_cast<long long>(n));
    for (const Sample& s : makeSamples(grid, n)) {
        d.index.push_back(*grid.indexOf(s.size));
        d.weight.push_back(1);
        d.mean.push_back(s.value);
    }
    for (auto _ : state) benchmark::DoNotOptimize(solveDSplineGrid<double>(d, 1e3).data());
    setCounters(state, n);
}
BENCHMARK(BM_GridLdlt)->Arg(1000000)->Unit(benchmark::kMillisecond);

// The bound: one pass that writes N doubles and reads them back (what producing the output costs at least).
void BM_MemoryPassBound(benchmark::State& state) {
    const std::size_t n = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        std::vector<double> v(n);
        std::iota(v.begin(), v.end(), 0.0);
        benchmark::DoNotOptimize(std::accumulate(v.begin(), v.end(), 0.0));
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * n * 2 * sizeof(double)));
    setCounters(state, n);
}
BENCHMARK(BM_MemoryPassBound)->Arg(1000000)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
