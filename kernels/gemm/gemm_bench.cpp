// Timing helpers for benchmarks (the GPU runs): random inputs, warm-up, device-timed repetitions.
#include "kernels/gemm/gemm_bench.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/engine/plan_run.hpp"
#include "kernels/common/bounded_compare.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_plan.hpp"
#include "kernels/reference/cblas_reference.hpp"

namespace kt::gemm {
namespace {

template <class T> std::vector<T> randomValues(std::size_t count, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> mag(0.25, 1.0);
    std::vector<T> v(count);
    for (auto& x : v) x = T(rng() & 1 ? mag(rng) : -mag(rng));
    return v;
}

template <class T> std::unique_ptr<Buffer> upload(Device& d, const std::vector<T>& v) {
    auto b = d.allocate(std::max<std::size_t>(1, v.size()) * sizeof(T));
    if (!v.empty()) d.write(*b, v.data(), v.size() * sizeof(T));
    return b;
}

void summarise(GemmTiming& t) {
    if (t.timesMs.empty()) return;
    auto sorted = t.timesMs;
    std::sort(sorted.begin(), sorted.end());
    t.minMs = sorted.front();
    const std::size_t n = sorted.size();
    t.medianMs = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

template <class T> VerifyResult check(Device& device, const Buffer& bufC, const GemmCall& call, const std::vector<T>& A,
                                      const std::vector<T>& B, const std::vector<T>& C0, std::int64_t outer,
                                      std::int64_t inner) {
    std::vector<T> got(C0.size()), ref = C0;
    device.read(bufC, got.data(), got.size() * sizeof(T));
    reference::gemm(call.order, call.opA, call.opB, call.m, call.n, call.k, T(call.alpha), A.data(), call.lda, B.data(),
                    call.ldb, T(call.beta), ref.data(), call.ldc);
    std::vector<T> bound(C0.size());
    for (std::size_t i = 0; i < bound.size(); ++i)
        bound[i] = T(std::fabs(call.alpha) * double(call.k) + std::fabs(call.beta) * std::fabs(double(C0[i])));
    return kernels::compareBounded(got, ref, bound, outer, inner, call.ldc, call.k);
}

template <class T> GemmTiming routine(Device& device, const GemmParams& params, GemmCall call, const BenchOptions& o) {
    const bool row = call.order == blas::Order::RowMajor;
    const std::int64_t aOuter = (call.opA == blas::Op::N) == row ? call.m : call.k;
    const std::int64_t aInner = (call.opA == blas::Op::N) == row ? call.k : call.m;
    const std::int64_t bOuter = (call.opB == blas::Op::N) == row ? call.k : call.n;
    const std::int64_t bInner = (call.opB == blas::Op::N) == row ? call.n : call.k;
    const std::int64_t cOuter = row ? call.m : call.n, cInner = row ? call.n : call.m;
    if (call.lda == 0) call.lda = std::max<std::int64_t>(1, aInner);
    if (call.ldb == 0) call.ldb = std::max<std::int64_t>(1, bInner);
    if (call.ldc == 0) call.ldc = std::max<std::int64_t>(1, cInner);
    std::mt19937_64 rng(o.seed);
    const auto A = randomValues<T>(std::size_t(aOuter * call.lda), rng);
    const auto B = randomValues<T>(std::size_t(bOuter * call.ldb), rng);
    const auto C0 = randomValues<T>(std::size_t(cOuter * call.ldc), rng);
    auto bufA = upload(device, A), bufB = upload(device, B), bufC = upload(device, C0);
    ProgramCache programs(device);
    GemmRoutine r(device, programs, params);
    GemmTiming t;
    for (int i = 0; i < o.warmupRuns; ++i) r.run(call, *bufA, *bufB, *bufC);
    // Every run starts from the same C so that the verified result is one application of the routine.
    const bool restore = o.verify || call.beta != 0;
    for (int i = 0; i < o.timedRuns; ++i) {
        if (restore) device.write(*bufC, C0.data(), C0.size() * sizeof(T));
        t.timesMs.push_back(r.run(call, *bufA, *bufB, *bufC));
    }
    summarise(t);
    if (o.verify) {
        if (o.timedRuns == 0) {
            device.write(*bufC, C0.data(), C0.size() * sizeof(T));
            r.run(call, *bufA, *bufB, *bufC);
        }
        t.verified = true;
        t.verification = check(device, *bufC, call, A, B, C0, cOuter, cInner);
    }
    return t;
}

// The tuning candidate's plan (the TN kernel on operands packed by its setup copies) with alpha = beta = 1.
GemmTiming tnOnly(Device& device, const GemmParams& p, std::int64_t m, std::int64_t n, std::int64_t k,
                  const BenchOptions& o) {
    const GemmFamily family(p.precision);
    ProgramCache programs(device);
    KernelPlan plan = tnTuningPlan(p, device.info());
    for (auto& s : plan.scalars) s.tuningValue = 1.0; // A^T B + C as in the papers
    PlanRun run(device, family, programs, std::move(plan));
    run.prepare({{m, n, k}}, o.seed);
    GemmTiming t;
    for (int i = 0; i < o.warmupRuns; ++i) run.run();
    for (int i = 0; i < o.timedRuns; ++i) t.timesMs.push_back(run.run());
    summarise(t);
    if (o.verify) {
        run.prepare({{m, n, k}}, o.seed);
        run.run();
        t.verified = true;
        t.verification = run.verify();
    }
    return t;
}

} // namespace

GemmTiming timeGemmRoutine(Device& device, const GemmParams& params, GemmCall call, const BenchOptions& options) {
    if (params.precision == Precision::F64) return routine<double>(device, params, call, options);
    return routine<float>(device, params, call, options);
}

GemmTiming timeTnKernel(Device& device, const GemmParams& params, std::int64_t m, std::int64_t n, std::int64_t k,
                        const BenchOptions& options) {
    return tnOnly(device, params, m, n, k, options);
}

} // namespace kt::gemm
