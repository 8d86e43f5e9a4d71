// GEMM family on a device: every generator parameter value, layout, op type and precision against OpenBLAS.
// Built twice: on PoCL (label pocl) and, with KT_GEMM_TEST_CUDA, on the first CUDA device (label gpu).
#include <gtest/gtest.h>

#include <limits>
#include <numeric>
#include <optional>
#include <tuple>

#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_layout.hpp"
#include "kernels/gemm/gemm_plan.hpp"
#include "kernels/gemm/gemm_routine.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::gemm;
using namespace kt::test;
using blas::Op;
using blas::Order;

// One suite name per backend, so ctest names stay unique across the two executables.
#ifdef KT_GEMM_TEST_CUDA
#define GemmPocl GemmCuda
#endif

namespace {

class GemmPocl : public SharedDeviceTest<GemmPocl, test::openTestDevice> {};
template <class T> std::vector<T> download(Device& d, const Buffer& b, std::size_t count) {
    std::vector<T> v(count);
    d.read(b, v.data(), count * sizeof(T));
    return v;
}

// Runs the generated TN kernel on host-packed operands of an m x n x k problem; returns the verification.
// `packA` overrides the layout A is packed in (to show that a mismatch is detected).
template <class T> VerifyResult runTn(Device& dev, const GemmParams& p, std::int64_t m, std::int64_t n, std::int64_t k,
                                      std::optional<Layout> packA = std::nullopt) {
    const std::int64_t M = roundUp(m, p.ml), N = roundUp(n, p.nl), K = roundUp(k, p.kMultiple());
    const auto A = test::randomMatrix<T>(std::size_t(k * m), 11), B = test::randomMatrix<T>(std::size_t(k * n), 12);
    const auto C = test::randomMatrix<T>(std::size_t(m * n), 13);
    // Direct reads take the operands as they are; otherwise they are packed into the kernel's layouts.
    auto bufA = upload(dev, p.direct ? A : packOperand(A.data(), m, k, m, packA.value_or(p.layoutA), K, M, p.kl, p.ml));
    auto bufB = upload(dev, p.direct ? B : packOperand(B.data(), n, k, n, p.layoutB, K, N, p.kl, p.nl));
    auto bufC = upload(dev, C);
    const double alpha = 1.5, beta = -0.75;
    test::runTnOnPacked<T>(dev, p, m, n, k, alpha, beta, *bufA, *bufB, *bufC);
    const auto got = download<T>(dev, *bufC, C.size());
    GemmCall call{Order::RowMajor, Op::T, Op::N, m, n, k, alpha, beta, m, n, n};
    const auto e = test::expectedGemm(call, A, B, C);
    return kernels::compareBounded(got, e.c, e.bound, m, n, n, k);
}

} // namespace

TEST_F(GemmPocl, TnKernelEveryParameterValueMatchesOpenBlas) {
    std::size_t ran = 0, tooBig = 0;
    for (auto p : kVariants) {
        SCOPED_TRACE(p.describe());
        ASSERT_EQ(p.invalidReason(), "");
        // A register cap is a compiler option only CUDA / NVIDIA OpenCL take; elsewhere the same text runs uncapped.
        if (s_device->info().registerFileForCap() == 0) p.maxRegs = 0;
        // Three variants use 64 KiB of local memory: more than CUDA's 48 KiB of static shared memory.
        if (std::uint64_t(p.localMemBytes()) > s_device->info().localMemBytes) {
            ++tooBig;
            continue;
        }
        if (p.precision == D && !s_device->info().fp64) continue;
        // At least two blocks in m and n, three k-blocks, ragged everywhere (padding and store guards).
        const std::int64_t m = p.ml + p.ml / 2 + 1, n = p.nl + 3, k = 2 * p.kl + 1;
        const auto r = p.precision == F ? runTn<float>(*s_device, p, m, n, k) : runTn<double>(*s_device, p, m, n, k);
        EXPECT_TRUE(r.ok) << r.message;
        ++ran;
    }
#ifndef KT_GEMM_TEST_CUDA
    EXPECT_EQ(ran, kVariants.size()); // PoCL has fp64 and megabytes of local memory: nothing may be left out
#else
    EXPECT_EQ(ran + tooBig, kVariants.size()); // every variant that fits the device ran (CUDA GPUs have fp64)
    EXPECT_LE(tooBig, 3u);
#endif
}

TEST_F(GemmPocl, PrefetchSchedulesMatchOpenBlasForEveryKBlockCount) {
    // The prefetch schedules (1: one tile buffer; 2: two, the next tile stored at the k-block's end; 3: two, stored
    // at the next one's start and loaded two ahead; 4: as 3, guard-free k-blocks and the last two peeled) with and
    // without the fragment pipeline (with one buffer: the tile stored between two barriers at the last k-step, loaded
    // two ahead), in both precisions: one to five k-blocks (the prologue's second tile, the buffer parity, the last
    // block's guards; prefetch 4: zero to three steady k-blocks before the peeled ones; 5: as 4, in pairs and an odd
    // one; 6: prefetch 1's fragment schedule peeled as 4), split-K parts of one and two
    // blocks, ragged m, n and k.
    std::size_t ran = 0;
    for (Precision prec : {F, D})
        for (int prefetch : {1, 2, 3, 4, 5, 6})
            for (int frags : {0, 1})
                for (int ksplit : {1, 2}) {
                    if (prefetch == 6 && !frags) continue; // 6 is the fragment pipeline
                    GemmParams p = microKernel(variant(32, 64, 4, 4, 4, 1, 2, "AB", "", CBL, RBL, prec), 4, 1, frags);
                    p.prefetch = prefetch, p.ksplit = ksplit;
                    SCOPED_TRACE(p.describe());
                    ASSERT_EQ(p.invalidReason(), "");
                    if (prec == D && !s_device->info().fp64) continue;
                    for (std::int64_t blocks = 1; blocks <= 5; ++blocks) {
                        const std::int64_t m = 2 * p.ml - 5, n = p.nl + 7, k = (blocks - 1) * p.kl + 3;
                        SCOPED_TRACE("k = " + std::to_string(k));
                        const auto r = prec == F ? runTn<float>(*s_device, p, m, n, k) : runTn<double>(*s_device, p, m, n, k);
                        EXPECT_TRUE(r.ok) << r.message;
                        ++ran;
                    }
                }
    EXPECT_GT(ran, 0u);
}

TEST_F(GemmPocl, LayoutMismatchIsDetected) {
    // The checks above can fail: A packed as ROW for a kernel that reads CBL gives wrong results.
    const auto p = variant(16, 16, 4, 2, 2, 2, 2, "", "", CBL, ROW, F);
    const auto r = runTn<float>(*s_device, p, 40, 20, 9, ROW);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("expected"), std::string::npos) << r.message;
}

TEST_F(GemmPocl, CopyKernelsMatchHostPacking) {
    const std::int64_t r = 37, c = 45, br = 8, bc = 16, R = roundUp(r, br), Cc = roundUp(c, bc);
    // Work-groups of tile x rows: one element per work-item (8 x 8) and four (8 x 2).
    for (const auto& [tile, rows] : {std::pair{8, 8}, std::pair{8, 2}})
    for (bool transpose : {false, true})
        for (Layout layout : {ROW, CBL, RBL}) {
            SCOPED_TRACE(std::string(transpose ? "transposed " : "plain ") + toString(layout) + " tile " +
                         std::to_string(tile) + "x" + std::to_string(rows));
            // Source: r x c logical matrix; stored c x r (stride r + 2) when transposing, else r x c (stride c + 3).
            const std::int64_t ld = transpose ? r + 2 : c + 3;
            const auto src = test::randomMatrix<double>(std::size_t((transpose ? c : r) * ld), 5);
            std::vector<double> logical(std::size_t(r * c));
            for (std::int64_t p = 0; p < r; ++p)
                for (std::int64_t i = 0; i < c; ++i)
                    logical[std::size_t(p * c + i)] =
                        transpose ? src[std::size_t(i * ld + p)] : src[std::size_t(p * ld + i)];
            const auto expected = packOperand(logical.data(), c, r, c, layout, R, Cc, br, bc);
            kernels::CopyParams cp;
            cp.conversion.transpose = transpose, cp.layout = layout, cp.blockRows = int(br), cp.blockCols = int(bc);
            cp.shape = {tile, tile, tile / rows, 1, tile / rows, 1}, cp.precision = D;
            // A plan of one copy launch, its sizes given as inputs.
            KernelPlan plan;
            plan.precision = D;
            plan.inputs = {"R", "Cc", "r", "c", "ld"};
            plan.buffers = {{"src", BufferRole::Input, "ld * " + std::to_string(transpose ? c : r)},
                            {"dst", BufferRole::Output, "R * Cc"}};
            kernels::addCopyLaunch(plan, cp, {"src", "dst", "R", "Cc", "r", "c", "ld", "0"}, LaunchPhase::Timed);
            PlanExecutor copier(*s_device, test::programsOf(*s_device), plan);
            copier.bindInputs({{"R", R}, {"Cc", Cc}, {"r", r}, {"c", c}, {"ld", ld}});
            auto bufSrc = upload(*s_device, src);
            auto bufDst = s_device->allocate(std::size_t(R * Cc) * sizeof(double));
            s_device->fill(*bufDst, 0xff); // NaN everywhere: the padding must be written as zeros
            copier.bindBuffer("src", *bufSrc);
            copier.bindBuffer("dst", *bufDst);
            copier.runTimed();
            const auto got = download<double>(*s_device, *bufDst, expected.size());
            for (std::size_t x = 0; x < got.size(); ++x) ASSERT_EQ(got[x], expected[x]) << "index " << x;
        }
}

namespace {
struct Shape {
    std::int64_t m, n, k;
};
const std::vector<Shape> kShapes = {{1, 1, 1},    {7, 7, 7},    {33, 33, 33}, {255, 255, 255}, {1, 7, 33},
                                    {33, 255, 7}, {255, 1, 33}, {7, 33, 1},   {100, 40, 0}};

// Every element of `v` outside the outer x inner matrix at `offset` with rows `ld` apart becomes NaN.
template <class T>
void nanOutside(std::vector<T>& v, std::int64_t offset, std::int64_t outer, std::int64_t inner, std::int64_t ld) {
    for (std::int64_t x = 0; x < std::int64_t(v.size()); ++x) {
        const std::int64_t rel = x - offset;
        if (rel < 0 || rel / ld >= outer || rel % ld >= inner) v[std::size_t(x)] = std::numeric_limits<T>::quiet_NaN();
    }
}

// `poison`: every element of the A and B buffers outside the matrices (before the offset, the ld padding, a tail after
// the end) is NaN, so a kernel that reads one (direct reads at the matrices' edges) shows it in C even where it
// multiplies it by zero.
template <class T> void checkRoutine(Device& dev, GemmRoutine& routine, const GemmCall& call, bool poison = false) {
    const bool row = call.order == Order::RowMajor;
    // Stored shapes (rows x cols in the storage order) of A, B, C; each matrix starts at its offset in its buffer.
    const std::int64_t aOuter = (call.opA == Op::N) == row ? call.m : call.k;
    const std::int64_t bOuter = (call.opB == Op::N) == row ? call.k : call.n;
    const std::int64_t cOuter = row ? call.m : call.n;
    const std::int64_t tail = poison ? 5 : 0;
    auto A = test::randomMatrix<T>(std::size_t(call.offA + aOuter * call.lda + tail), 21);
    auto B = test::randomMatrix<T>(std::size_t(call.offB + bOuter * call.ldb + tail), 22);
    const auto C = test::randomMatrix<T>(std::size_t(call.offC + cOuter * call.ldc), 23);
    if (poison) {
        nanOutside(A, call.offA, aOuter, (call.opA == Op::N) == row ? call.k : call.m, call.lda);
        nanOutside(B, call.offB, bOuter, (call.opB == Op::N) == row ? call.n : call.k, call.ldb);
    }
    auto bufA = upload(dev, A), bufB = upload(dev, B), bufC = upload(dev, C);
    routine.run(call, *bufA, *bufB, *bufC);
    const auto got = download<T>(dev, *bufC, C.size());
    auto from = [](const std::vector<T>& v, std::int64_t offset) { return std::vector<T>(v.begin() + offset, v.end()); };
    const auto e = test::expectedGemm(call, from(A, call.offA), from(B, call.offB), from(C, call.offC));
    const auto r = kernels::compareBounded(from(got, call.offC), e.c, e.bound, cOuter, row ? call.n : call.m, call.ldc, call.k);
    EXPECT_TRUE(r.ok) << r.message;
    // Nothing outside the m x n block (the elements before the offset, the ld padding) may change.
    for (std::int64_t o = 0; o < call.offC; ++o) ASSERT_EQ(got[std::size_t(o)], C[std::size_t(o)]);
    for (std::int64_t o = 0; o < cOuter; ++o)
        for (std::int64_t x = row ? call.n : call.m; x < call.ldc; ++x)
            ASSERT_EQ(got[std::size_t(call.offC + o * call.ldc + x)], C[std::size_t(call.offC + o * call.ldc + x)]);
}

template <class T> void routineAllCalls(Device& dev, const GemmParams& p) {
    GemmRoutine routine(dev, test::programsOf(dev), p);
    int variantIndex = 0;
    for (Order order : {Order::RowMajor, Order::ColMajor})
        for (Op opA : {Op::N, Op::T})
            for (Op opB : {Op::N, Op::T})
                for (const auto& s : kShapes) {
                    GemmCall call{order, opA, opB, s.m, s.n, s.k, 1.25, ++variantIndex % 2 ? 0.5 : -1.0};
                    const bool row = order == Order::RowMajor;
                    const std::int64_t aCols = (opA == Op::N) == row ? s.k : s.m;
                    const std::int64_t bCols = (opB == Op::N) == row ? s.n : s.k;
                    call.lda = std::max<std::int64_t>(1, aCols) + variantIndex % 3; // sometimes padded rows
                    call.ldb = std::max<std::int64_t>(1, bCols) + variantIndex % 2;
                    call.ldc = (row ? s.n : s.m) + variantIndex % 4;
                    // Sub-matrices: operands at offsets in their buffers (0 in some calls, so the copy-free path too).
                    call.offA = variantIndex % 5, call.offB = variantIndex % 3 * 7, call.offC = variantIndex % 4 * 3;
                    SCOPED_TRACE(call.describe() + " " + p.describe());
                    // SIMT direct reads: NaN around the operands (the tensor-core kernels' zero fill is cp.async's).
                    checkRoutine<T>(dev, routine, call, p.direct && !p.mma);
                    if (p.direct) { // no layout copy, whatever the call
                        EXPECT_FALSE(routine.copiedA());
                        EXPECT_FALSE(routine.copiedB());
                    }
                }
}

// Direct reads, beyond routineAllCalls: calls on the blocks with ld and offsets multiples of directAlign() run the
// exact-fit program (`exactOps` 4: every op and order; 1: the column-major TN call alone, whose row-major operands are
// both k-major; 0: none), a misaligned offset the general one; a ragged call with NaN around the operands; beta 0
// never reads C (NaN there), alpha 0 leaves beta C. PoCL compiles a program at its first launch (seconds for these
// kernels), so callers choose how many programs run.
template <class T> void directReadCalls(Device& dev, const GemmParams& p, int exactOps) {
    GemmRoutine routine(dev, test::programsOf(dev), p);
    // m and n multiples of ml and nl in both orders (a column-major call swaps them).
    const std::int64_t blocks = std::lcm(p.ml, p.nl), m = 2 * blocks, n = blocks, k = 3 * p.kMultiple();
    const std::int64_t align = p.directAlign();
    for (Order order : {Order::RowMajor, Order::ColMajor})
        for (Op opA : {Op::N, Op::T})
            for (Op opB : {Op::N, Op::T}) {
                if (exactOps < 4 && (exactOps == 0 || order == Order::RowMajor || opA == Op::N || opB == Op::T))
                    continue;
                const bool row = order == Order::RowMajor;
                GemmCall fit{order, opA, opB, m, n, k, 0.75, -0.5};
                fit.lda = roundUp((opA == Op::N) == row ? k : m, align) + align; // padded, still aligned
                fit.ldb = roundUp((opB == Op::N) == row ? n : k, align) + 2 * align;
                fit.ldc = (row ? n : m) + 1;
                fit.offA = 3 * align, fit.offB = align, fit.offC = 3;
                SCOPED_TRACE("exact fit " + fit.describe() + " " + p.describe());
                checkRoutine<T>(dev, routine, fit, true);
                EXPECT_TRUE(routine.ranExactFit());
                fit.offB = 1; // misaligned rows (unless loads are single elements): the general program
                checkRoutine<T>(dev, routine, fit, true);
                EXPECT_EQ(routine.ranExactFit(), align == 1);
                EXPECT_FALSE(routine.copiedA());
                EXPECT_FALSE(routine.copiedB());
            }
    // Ragged, padded ld, odd offsets, NaN around the operands; several k-blocks (split-K: several per part).
    GemmCall ragged{Order::ColMajor,       Op::T, Op::N, p.ml + p.ml / 2 + 1, 2 * p.nl - 3,
                    3 * p.kMultiple() - 1, -1.25, 0.5};
    ragged.lda = ragged.k + 3, ragged.ldb = ragged.k + 1, ragged.ldc = ragged.m + 2;
    ragged.offA = 5, ragged.offB = 2, ragged.offC = 1;
    {
        SCOPED_TRACE("ragged " + ragged.describe() + " " + p.describe());
        checkRoutine<T>(dev, routine, ragged, true);
        EXPECT_FALSE(routine.ranExactFit());
    }
    // C full of NaN: beta 0 writes alpha op(A) op(B) (alpha 0: zeros), never reading C; alpha 0 with beta != 0 scales
    // C.
    const std::int64_t sm = p.ml + 3, sn = p.nl - 1, sk = p.kl + 2;
    for (const auto& [alpha, beta] : {std::pair{1.5, 0.0}, std::pair{0.0, 0.0}, std::pair{0.0, -2.0}}) {
        GemmCall call{Order::ColMajor, Op::T, Op::N, sm, sn, sk, alpha, beta, sk, sk, sm};
        SCOPED_TRACE("alpha " + std::to_string(alpha) + " beta " + std::to_string(beta) + " " + p.describe());
        const auto A = test::randomMatrix<T>(std::size_t(sk * sm), 1),
                   B = test::randomMatrix<T>(std::size_t(sk * sn), 2);
        std::vector<T> C = test::randomMatrix<T>(std::size_t(sm * sn), 3);
        if (beta == 0) std::fill(C.begin(), C.end(), std::numeric_limits<T>::quiet_NaN());
        auto bufA = upload(dev, A), bufB = upload(dev, B), bufC = upload(dev, C);
        routine.run(call, *bufA, *bufB, *bufC);
        const auto got = download<T>(dev, *bufC, C.size());
        if (alpha == 0) {
            for (std::size_t x = 0; x < got.size(); ++x) ASSERT_EQ(got[x], T(beta) * (beta == 0 ? T(0) : C[x])) << x;
            continue;
        }
        const auto e = test::expectedGemm(call, A, B, std::vector<T>(C.size(), T(0)));
        const auto r = kernels::compareBounded(got, e.c, e.bound, sn, sm, sm, sk);
        EXPECT_TRUE(r.ok) << r.message;
    }
}
} // namespace

TEST_F(GemmPocl, RoutineAllOpsOrdersSizesSingle) {
    routineAllCalls<float>(*s_device, variant(32, 16, 8, 4, 2, 2, 2, "B", "", CBL, RBL, F));
}

TEST_F(GemmPocl, RoutineAllOpsOrdersSizesDouble) {
    routineAllCalls<double>(*s_device, variant(16, 32, 4, 2, 4, 1, 2, "AB", "A", RBL, CBL, D));
}

TEST_F(GemmPocl, RoutineAllOpsOrdersSizesSplitK) {
    // Four work-groups per block of C along k, double-buffered tiles: every op, order, ragged shape and ld.
    routineAllCalls<double>(*s_device, split(variant(16, 16, 4, 2, 2, 1, 2, "ABD", "", CBL, CBL, D), 4));
    routineAllCalls<float>(*s_device, split(variant(16, 32, 8, 2, 4, 2, 2, "B", "B", ROW, RBL, F), 3));
}

TEST_F(GemmPocl, TensorCoreVariantsMatchOpenBlasEveryOpLayoutAndRaggedSize) {
    // FP64 tensor cores (CUDA, compute capability >= 8.0 / 9.0): the kernel alone on ragged sizes (two or more blocks
    // in m and n, a partial one in each, several k-blocks per split-K part), then the routine for every op, order,
    // ragged shape, ld and offset; with direct reads also whole blocks with a ragged k (the general program's
    // exact-fit main loop behind a partial first k-block).
    const auto& info = s_device->info();
    const int cc = info.computeCapabilityMajor * 10 + info.computeCapabilityMinor;
    if (info.backend != BackendKind::Cuda || cc < 80) GTEST_SKIP() << "no FP64 tensor cores on " << info.label();
    int ran = 0, expected = 0;
    for (const auto& p : kMmaVariants) expected += cc >= p.mmaMinCc();
    for (const auto& p : kMmaVariants) {
        if (cc < p.mmaMinCc() || std::uint64_t(p.localMemBytes()) > info.localMemOptInBytes) continue;
        SCOPED_TRACE(p.describe());
        for (const auto& [m, n, k] : {std::tuple{2 * p.ml + p.ml / 2 + 1, p.nl + 3, 5 * p.kl * p.ksplit + 1},
                                      std::tuple{p.ml - 1, 2 * p.nl + 7, p.kl * p.ksplit - 3}, std::tuple{1, 1, 1}}) {
            const auto r = runTn<double>(*s_device, p, m, n, k);
            EXPECT_TRUE(r.ok) << m << "x" << n << "x" << k << ": " << r.message;
        }
        routineAllCalls<double>(*s_device, p);
        if (p.direct) { // a ragged column-major NN call with padded ld at an offset: still no copy
            GemmRoutine routine(*s_device, test::programsOf(*s_device), p);
            GemmCall call{Order::ColMajor, Op::N, Op::N, 77, 45, 33, 1.5, 0.25, 80, 35, 79};
            call.offA = 3, call.offB = 1, call.offC = 2;
            checkRoutine<double>(*s_device, routine, call);
            EXPECT_FALSE(routine.copiedA());
            EXPECT_FALSE(routine.copiedB());
            EXPECT_FALSE(routine.ranExactFit());
            // Calls on the blocks with even ld and offsets take the exact-fit program, every op and order. A
            // column-major call is the kernel's transposed one (its m is the call's n), so m and n are multiples of
            // both ml and nl.
            const std::int64_t tile = std::lcm(p.ml, p.nl), m = 2 * tile, n = tile, k = 3 * p.kMultiple();
            for (Order order : {Order::RowMajor, Order::ColMajor})
                for (Op opA : {Op::N, Op::T})
                    for (Op opB : {Op::N, Op::T}) {
                        const bool row = order == Order::RowMajor;
                        GemmCall fit{order, opA, opB, m, n, k, 0.75, -0.5};
                        fit.lda = ((opA == Op::N) == row ? k : m) + 2;
                        fit.ldb = ((opB == Op::N) == row ? n : k) + 4;
                        fit.ldc = (row ? n : m) + 1;
                        fit.offA = 6, fit.offB = 2, fit.offC = 3;
                        SCOPED_TRACE("exact fit " + fit.describe());
                        checkRoutine<double>(*s_device, routine, fit);
                        EXPECT_TRUE(routine.ranExactFit());
                        fit.offB = 1; // an odd offset: 8-byte rows, the general program
                        checkRoutine<double>(*s_device, routine, fit);
                        EXPECT_FALSE(routine.ranExactFit());
                        // A ragged k on whole blocks: the general program, whose work-groups run the exact-fit copies
                        // in their main loop after a first, partial k-block (kShift 2: even, every orientation; 1:
                        // odd, k-major operands then take the tested copies throughout).
                        fit.offB = 2;
                        for (const std::int64_t shift : {2, 1}) {
                            fit.k = k - shift;
                            fit.lda = ((opA == Op::N) == row ? fit.k : m) + 2;
                            fit.ldb = ((opB == Op::N) == row ? n : fit.k) + 4;
                            if (fit.lda % 2) ++fit.lda;
                            if (fit.ldb % 2) ++fit.ldb;
                            SCOPED_TRACE("first k-block partial " + fit.describe());
                            checkRoutine<double>(*s_device, routine, fit);
                            EXPECT_FALSE(routine.ranExactFit());
                        }
                    }
        }
        ++ran;
    }
    EXPECT_EQ(ran, expected);
}

TEST_F(GemmPocl, SimtDirectReadsMatchOpenBlasEveryScheduleOpOrderAndRaggedSize) {
    // Direct reads on the SIMT kernel (no layout copies). PoCL compiles each program at its first launch, seconds
    // apiece, so the work is split where the kernel text splits: the tile loads are one function whatever the
    // schedule (k-rows or k-major stores), and the schedules place them alike for both orientations.
    // - Two variants, one per precision: the tuning candidate's kernel (k-rows operands in place) on ragged sizes with
    //   several k-blocks, then every op, order, ragged shape (1, 7, 33, 100, 255, k 0), padded ld and offset with NaN
    //   around the operands (routineAllCalls), the exact fit (FP32: of every op).
    // - Every variant (each prefetch schedule, load width, split-K): the routine's both-k-major program (column-major
    //   TN) on a ragged call with NaN around the operands and with beta 0 / alpha 0 and NaN in C; sf5w0's schedule
    //   also on the blocks (exact fit).
    // On CUDA (gemm_cuda_test) every variant takes everything.
    int ran = 0;
    for (std::size_t i = 0; i < kSimtDirectVariants.size(); ++i) {
        const GemmParams& p = kSimtDirectVariants[i];
        SCOPED_TRACE(p.describe());
        ASSERT_EQ(p.invalidReason(), "");
        if (p.precision == D && !s_device->info().fp64) continue;
        if (std::uint64_t(p.localMemBytes()) > s_device->info().localMemBytes) continue;
#ifdef KT_GEMM_TEST_CUDA
        const bool everyOp = true;
        const int exactOps = 4;
#else
        const bool everyOp = i == 1 || i == 2;
        const int exactOps = i == 2 ? 4 : i == 1 || i == 5 ? 1 : 0;
#endif
        if (everyOp) {
            for (const auto& [m, n, k] :
                 {std::tuple{2 * p.ml + p.ml / 2 + 1, p.nl + 3, 4 * p.kl * p.ksplit + 1},
                  std::tuple{p.ml - 1, 2 * p.nl + 7, p.kl * p.ksplit - 1}, std::tuple{1, 1, 1}}) {
                const auto r =
                    p.precision == F ? runTn<float>(*s_device, p, m, n, k) : runTn<double>(*s_device, p, m, n, k);
                EXPECT_TRUE(r.ok) << m << "x" << n << "x" << k << ": " << r.message;
            }
        }
        if (p.precision == F) {
            if (everyOp) routineAllCalls<float>(*s_device, p);
            directReadCalls<float>(*s_device, p, exactOps);
        } else {
            if (everyOp) routineAllCalls<double>(*s_device, p);
            directReadCalls<double>(*s_device, p, exactOps);
        }
        ++ran;
    }
#ifndef KT_GEMM_TEST_CUDA
    EXPECT_EQ(ran, int(kSimtDirectVariants.size())); // PoCL has fp64 and room for every tile
#endif
}

TEST_F(GemmPocl, RoutineSkipsCopiesWhenInputsFitAndStillMatches) {
    const auto p = variant(16, 16, 8, 2, 2, 2, 2, "", "", ROW, ROW, F);
    GemmRoutine routine(*s_device, test::programsOf(*s_device), p);
    // Row-major A^T B with sizes on the blocks and dense rows: both operands are used in place.
    GemmCall call{Order::RowMajor, Op::T, Op::N, 32, 48, 16, 2.0, 1.0, 32, 48, 48};
    checkRoutine<float>(*s_device, routine, call);
    EXPECT_FALSE(routine.copiedA());
    EXPECT_FALSE(routine.copiedB());
    // Same shapes with op(A) = A need the transposing copy of A only.
    call.opA = Op::N, call.lda = 16;
    checkRoutine<float>(*s_device, routine, call);
    EXPECT_TRUE(routine.copiedA());
    EXPECT_FALSE(routine.copiedB());
    // A ragged k forces padding: both copied.
    call.k = 15, call.lda = 15;
    checkRoutine<float>(*s_device, routine, call);
    EXPECT_TRUE(routine.copiedA());
    EXPECT_TRUE(routine.copiedB());
    // With split-K, k must fill kl * ksplit: k = 16 fits kl = 8 but not 8 x 4, so both operands are padded.
    GemmRoutine splitRoutine(*s_device, test::programsOf(*s_device), split(p, 4));
    call = GemmCall{Order::RowMajor, Op::T, Op::N, 32, 48, 16, 2.0, 1.0, 32, 48, 48};
    checkRoutine<float>(*s_device, splitRoutine, call);
    EXPECT_TRUE(splitRoutine.copiedA());
    EXPECT_TRUE(splitRoutine.copiedB());
    call.k = 32, call.lda = 32, call.ldb = 48; // now it fits: used in place
    checkRoutine<float>(*s_device, splitRoutine, call);
    EXPECT_FALSE(splitRoutine.copiedA());
    EXPECT_FALSE(splitRoutine.copiedB());

    // Block layouts with a single column block coincide with row-major: m == ml (CBL) and n == nl (RBL) fit.
    GemmRoutine blocked(*s_device, test::programsOf(*s_device), variant(32, 16, 8, 4, 2, 2, 2, "B", "", CBL, RBL, F));
    GemmCall one{Order::RowMajor, Op::T, Op::N, 32, 16, 24, 1.0, 0.5, 32, 16, 16};
    checkRoutine<float>(*s_device, blocked, one);
    EXPECT_FALSE(blocked.copiedA());
    EXPECT_FALSE(blocked.copiedB());
    one.m = 33, one.lda = 33; // two column blocks of A: CBL differs from row-major now
    checkRoutine<float>(*s_device, blocked, one);
    EXPECT_TRUE(blocked.copiedA());
    EXPECT_FALSE(blocked.copiedB());
}

TEST_F(GemmPocl, BetaZeroIgnoresNanInC) {
  for (int ksplit : {1, 4}) { // with split-K only the reduction reads C
    SCOPED_TRACE("ksplit " + std::to_string(ksplit));
    const auto p = split(variant(16, 16, 4, 2, 2, 2, 2, "AB", "", CBL, CBL, F), ksplit);
    GemmRoutine routine(*s_device, test::programsOf(*s_device), p);
    GemmCall call{Order::RowMajor, Op::N, Op::N, 9, 10, 11, 1.0, 0.0, 11, 10, 10};
    const auto A = test::randomMatrix<float>(99, 1), B = test::randomMatrix<float>(110, 2);
    std::vector<float> C(90, std::numeric_limits<float>::quiet_NaN());
    auto bufA = upload(*s_device, A), bufB = upload(*s_device, B), bufC = upload(*s_device, C);
    routine.run(call, *bufA, *bufB, *bufC);
    const auto got = download<float>(*s_device, *bufC, C.size());
    const auto e = test::expectedGemm(call, A, B, std::vector<float>(90, 0.0f));
    const auto r = kernels::compareBounded(got, e.c, e.bound, 9, 10, 10, 11);
    EXPECT_TRUE(r.ok) << r.message;
  }
}

TEST_F(GemmPocl, InconsistentCallsAreRejectedWithTheField) {
    GemmRoutine routine(*s_device, test::programsOf(*s_device), variant(16, 16, 4, 2, 2, 2, 2, "", "", ROW, ROW, F));
    auto buf = s_device->allocate(4096);
    GemmCall call{Order::RowMajor, Op::N, Op::N, 8, 8, 8, 1.0, 0.0, 4, 8, 8};
    try {
        routine.enqueue(call, *buf, *buf, *buf);
        FAIL() << "lda=4 < k=8 accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("lda"), std::string::npos) << e.what();
    }
    call.lda = 8, call.m = 1000;
    EXPECT_THROW(routine.enqueue(call, *buf, *buf, *buf), std::invalid_argument); // buffer too small
    call.m = 8, call.offA = -1;
    EXPECT_THROW(routine.enqueue(call, *buf, *buf, *buf), std::invalid_argument); // negative offset
    call.offA = 0, call.offC = 4096 / 4 - 8 * 8 + 1; // C would end one element past the buffer
    try {
        routine.enqueue(call, *buf, *buf, *buf);
        FAIL() << "C beyond its buffer accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("buffer C too small"), std::string::npos) << e.what();
    }
    call.offC -= 1; // exactly fits
    EXPECT_NO_THROW(routine.enqueue(call, *buf, *buf, *buf));
    s_device->finish();
}
