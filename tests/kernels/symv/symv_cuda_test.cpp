// SYMV_PDL 1 on a CUDA GPU (label gpu; skips without one, or below compute capability 9.0): the tiled kernel launched
// overlapping symv_scale (programmatic dependent launch) against OpenBLAS, through the routine on user operands and
// through the tuning measurer (timed spans), and the device's decision where an overlapping launch may overlap.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/engine/candidate_measurer.hpp"
#include "core/engine/program_cache.hpp"
#include "core/engine/routine.hpp"
#include "devices/cuda/cuda_device.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/reference/cblas_reference.hpp"
#include "kernels/symv/symv_family.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::symv;

namespace {

class SymvCuda : public test::SharedDeviceTest<SymvCuda, &test::openCudaDevice> {
protected:
    void SetUp() override {
        test::SharedDeviceTest<SymvCuda, &test::openCudaDevice>::SetUp();
        if (IsSkipped()) return;
        if (s_device->info().computeCapabilityMajor < 9)
            GTEST_SKIP() << s_device->info().label() << " is below compute capability 9.0: no SYMV_PDL";
    }
    static devices::cuda::CudaDevice& cuda() { return dynamic_cast<devices::cuda::CudaDevice&>(*s_device); }
};

// The run-U rule's tiled point (docs/perf/h200-2026-11-28/run-U/rule-cuda.json), and one with two-row vector loads
// and one column group (row sums added straight from the work-items).
Point pdlPoint(int pdl, bool vectors = false) {
    const std::string shape = vectors ? "SYMV_BLOCK_SIZE=64,SYMV_UX=16,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=2,SYMV_CG=1"
                                      : "SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,SYMV_CG=4";
    return Point::fromKey("SYMV_ALGO=3," + shape + ",SYMV_CHUNK=4,SYMV_FUSE=0,SYMV_ONE_LAUNCH=0,SYMV_PDL=" +
                          std::to_string(pdl));
}

struct Layout {
    std::int64_t ldaPad = 0, offA = 0, offx = 0, incx = 1, offy = 0, incy = 1;
};

// `calls` calls of the routine in a row on the same buffers (no wait between them), compared with OpenBLAS applied
// as often: each call must see the previous one's y whole (beta y of the second call reads it). beta = 0 puts NaN
// in y first (BLAS: y is then not read).
template <class T>
void checkRoutine(Device& device, ProgramCache& programs, const SymvFamily& family, const Point& point,
                  std::int64_t n, double alpha, double beta, int calls, const Layout& l = {}) {
    SCOPED_TRACE(family.name() + " n " + std::to_string(n) + " alpha " + std::to_string(alpha) + " beta " +
                 std::to_string(beta) + " calls " + std::to_string(calls));
    const std::int64_t lda = n + l.ldaPad;
    std::vector<T> a(std::size_t(l.offA + lda * n)), x(std::size_t(l.offx + l.incx * n)),
        y(std::size_t(l.offy + l.incy * n));
    unsigned seed = 7 + unsigned(n);
    auto next = [&] { return T(int((seed = seed * 1103515245u + 12345u) >> 16) % 200 - 100) / T(64); };
    for (auto* v : {&a, &x, &y})
        for (auto& e : *v) e = next();
    std::vector<T> start = y;
    if (beta == 0)
        for (std::int64_t i = 0; i < n; ++i) start[std::size_t(l.offy + i * l.incy)] = std::numeric_limits<T>::quiet_NaN();
    auto A = test::upload(device, a), X = test::upload(device, x), Y = test::upload(device, start);
    blas::BlasCall call;
    call.routine = std::string(blas::routine::kSymv);
    call.precision = family.precision();
    call.order = blas::Order::ColMajor;
    call.uplo = family.uplo();
    call.n = n, call.alpha = alpha, call.beta = beta;
    blas::BlasOperands ops;
    ops.a = {A.get(), lda, l.offA}, ops.b = {X.get(), l.incx, l.offx}, ops.c = {Y.get(), l.incy, l.offy};
    auto routine = family.makeRoutine(device, programs, point);
    ASSERT_TRUE(routine);
    for (int c = 0; c < calls; ++c) routine->enqueue(call, ops);
    device.finish();
    std::vector<T> got(y.size());
    device.read(*Y, got.data(), got.size() * sizeof(T));
    std::vector<T> ref = start;
    for (int c = 0; c < calls; ++c) {
        if (beta == 0)
            for (std::int64_t i = 0; i < n; ++i) ref[std::size_t(l.offy + i * l.incy)] = 0;
        reference::symv(blas::Order::ColMajor, call.uplo, n, T(alpha), a.data() + l.offA, lda, x.data() + l.offx,
                        l.incx, T(beta), ref.data() + l.offy, l.incy);
    }
    // |A|, |x|, |y| <= 100/64, |alpha|, |beta| <= 1.25: each call's error grows with n; calls add theirs.
    const double tol = calls * (2 * std::sqrt(double(n)) + 8) * std::numeric_limits<T>::epsilon() * (5.0 * n + 4);
    int bad = 0;
    for (std::size_t i = 0; i < y.size(); ++i) {
        const bool entry = i >= std::size_t(l.offy) && (i - std::size_t(l.offy)) % std::size_t(l.incy) == 0;
        if (!entry) {
            EXPECT_EQ(got[i], start[i]) << "element " << i << " between y's entries was written";
            continue;
        }
        if (!(std::abs(double(got[i]) - double(ref[i])) <= tol) && ++bad <= 5)
            ADD_FAILURE() << "y element " << i << ": " << got[i] << ", OpenBLAS " << ref[i] << " (tolerance " << tol
                          << ")";
    }
    EXPECT_EQ(bad, 0);
}

} // namespace

// Every size (1 row, fewer rows than a tile, a non-multiple of the column block, 4096 and past it), both triangles
// and precisions, two calls in a row; alpha = 0 and beta = 0 (NaN in y) at a few sizes; one padded, strided layout.
TEST_F(SymvCuda, PdlRoutineMatchesOpenBlas) {
    ProgramCache programs(*s_device);
    const int before = cuda().overlappedLaunches();
    for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper}) {
        const SymvFamily d(Precision::F64, uplo), s(Precision::F32, uplo);
        for (bool vectors : {false, true}) {
            const Point point = pdlPoint(1, vectors);
            SCOPED_TRACE(point.key());
            for (std::int64_t n : {1, 7, 33, 100, 1000, 1001, 4096, 4100}) {
                checkRoutine<double>(*s_device, programs, d, point, n, 1.25, -0.5, 2);
                checkRoutine<float>(*s_device, programs, s, point, n, -0.75, 1.25, 2);
            }
            for (std::int64_t n : {7, 1000, 4096}) {
                checkRoutine<double>(*s_device, programs, d, point, n, 0.0, -0.5, 2);
                checkRoutine<double>(*s_device, programs, d, point, n, 1.25, 0.0, 1);
                checkRoutine<float>(*s_device, programs, s, point, n, 1.25, 0.0, 1);
                checkRoutine<double>(*s_device, programs, d, point, n, 0.0, 0.0, 1);
            }
            Layout padded;
            padded.ldaPad = 3, padded.offA = 5, padded.offx = 2, padded.incx = 2, padded.offy = 1, padded.incy = 3;
            checkRoutine<double>(*s_device, programs, d, point, 777, 1.25, -0.5, 2, padded);
        }
    }
    // The tiled kernels went out with the attribute (symv_scale, the first of each call, never does).
    EXPECT_GT(cuda().overlappedLaunches(), before);
}

// Many calls in a row with beta = -1 alternate the sign of the previous y: a call whose adds began before the
// previous call's scaling finished would show as a wrong sign or a doubled term.
TEST_F(SymvCuda, PdlManyCallsInARowSeeEachOthersY) {
    ProgramCache programs(*s_device);
    for (std::int64_t n : {33, 1000, 4096})
        checkRoutine<double>(*s_device, programs, SymvFamily(Precision::F64, blas::Uplo::Lower), pdlPoint(1), n, 0.5,
                             -1.0, 25);
}

// SYMV_PDL 0 never overlaps; SYMV_PDL 1 through the tuning measurer (warm-up and timed runs in timed spans, each
// verified against OpenBLAS).
TEST_F(SymvCuda, PdlThroughTheMeasurerAndNoOverlapWithout) {
    ProgramCache programs(*s_device);
    const SymvFamily family(Precision::F64, blas::Uplo::Upper);
    int before = cuda().overlappedLaunches();
    checkRoutine<double>(*s_device, programs, family, pdlPoint(0), 1000, 1.25, -0.5, 2);
    EXPECT_EQ(cuda().overlappedLaunches(), before);
    MeasureOptions options;
    options.warmupRuns = 2;
    options.timedRuns = 5;
    for (auto precision : {Precision::F32, Precision::F64}) {
        auto measured = std::make_shared<SymvFamily>(precision, blas::Uplo::Lower);
        CandidateMeasurer measurer(*s_device, measured);
        before = cuda().overlappedLaunches();
        const auto results = measurer.measure(pdlPoint(1), {{{100}}, {{1001}}, {{4096}}}, options);
        ASSERT_EQ(results.size(), 3u);
        for (const auto& m : results) EXPECT_EQ(m.status, MeasurementStatus::Ok) << m.size.label() << ": " << m.error;
        EXPECT_GT(cuda().overlappedLaunches(), before);
    }
}

// The device overlaps a launch only right after one of its caller's kernels: not after a transfer, not as the first
// work of a timed span (behind the launch gate's kernel and the start event), not as a single timed launch.
TEST_F(SymvCuda, DeviceOverlapsOnlyRightAfterTheCallersKernel) {
    auto program = s_device->build(kernels::withPreamble(R"(
KT_KERNEL void release(KT_GLOBAL float* y) { KT_LET_DEPENDENTS_LAUNCH(); y[get_global_id(0)] = 1.0f; }
KT_KERNEL void waiting(KT_GLOBAL float* y) { KT_WAIT_FOR_PREVIOUS_GRID(); y[get_global_id(0)] += 2.0f; }
)"),
                                   {});
    auto release = program->kernel("release"), waiting = program->kernel("waiting");
    std::vector<float> zeros(256, 0.0f);
    auto y = test::upload(*s_device, zeros);
    const std::vector<KernelArg> args = {y.get()};
    int count = cuda().overlappedLaunches();
    s_device->enqueueOverlapping(*waiting, 256, 64, args); // after the upload: plain
    EXPECT_EQ(cuda().overlappedLaunches(), count);
    s_device->enqueue(*release, 256, 64, args);
    s_device->enqueueOverlapping(*waiting, 256, 64, args); // after a kernel: overlapped
    EXPECT_EQ(cuda().overlappedLaunches(), count + 1);
    s_device->timeSpan([&] {
        s_device->enqueueOverlapping(*release, 256, 64, args); // the span's first: plain
        EXPECT_EQ(cuda().overlappedLaunches(), count + 1);
        s_device->enqueueOverlapping(*waiting, 256, 64, args); // after the span's first kernel: overlapped
        EXPECT_EQ(cuda().overlappedLaunches(), count + 2);
    });
    s_device->launch(*release, 256, 64, args);
    s_device->enqueueOverlapping(*waiting, 256, 64, args); // after the single launch's stop event: plain
    EXPECT_EQ(cuda().overlappedLaunches(), count + 2);
    s_device->finish();
    std::vector<float> got(256);
    s_device->read(*y, got.data(), got.size() * sizeof(float));
    for (float v : got) EXPECT_EQ(v, 3.0f); // every wait saw its release's write
}
