// Shared helpers of the GEMM tests: random non-zero matrices and reference results with error bounds.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <vector>

#include "core/engine/plan_executor.hpp"
#include "kernels/common/bounded_compare.hpp"
#include "kernels/gemm/gemm_plan.hpp"
#include "kernels/gemm/gemm_routine.hpp"
#include "kernels/reference/cblas_reference.hpp"

namespace kt::test {

// One program cache per device for the whole test binary (as the bench and the measurer share one).
inline std::map<Device*, std::unique_ptr<ProgramCache>>& programCaches() {
    static std::map<Device*, std::unique_ptr<ProgramCache>> caches;
    return caches;
}
inline ProgramCache& programsOf(Device& device) {
    auto& slot = programCaches()[&device];
    if (!slot) slot = std::make_unique<ProgramCache>(device);
    return *slot;
}
// Drops the device's programs while the device is still open: a suite that closes its device must call it first,
// or a later suite's device opened at the same address would find programs of a closed context (and their
// modules would be unloaded at exit after the driver's context is gone).
inline void releasePrograms(Device& device) { programCaches().erase(&device); }

// The TN kernel of `p` (its tuning plan's timed launches) on operands packed on the host: `packedA` (K x M) and
// `packedB` (K x N) take the place of the setup copies' workspaces (with direct reads: the k x m and k x n operands
// themselves); C (m x n) is updated in place.
template <class T> void runTnOnPacked(Device& dev, const gemm::GemmParams& p, std::int64_t m, std::int64_t n,
                                      std::int64_t k, double alpha, double beta, Buffer& packedA, Buffer& packedB,
                                      Buffer& C) {
    PlanExecutor plan(dev, programsOf(dev), gemm::tnTuningPlan(p, dev.info()));
    plan.bindInputs({{"m", m}, {"n", n}, {"k", k}});
    // Direct reads: the candidate reads its k x m and k x n operands in place (no layout, no padding).
    plan.bindBuffer(p.direct ? "A" : "Ap", packedA);
    plan.bindBuffer(p.direct ? "B" : "Bp", packedB);
    plan.bindBuffer("C", C);
    plan.setScalar("alpha", alpha);
    plan.setScalar("beta", beta);
    plan.allocate(); // A, B, C0 (unused here) and the split-K workspace
    plan.runTimed();
}

// Values in [-1, -0.25] U [0.25, 1]: never zero, so a skipped term always shows.
template <class T> std::vector<T> randomMatrix(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> mag(0.25, 1.0);
    std::vector<T> v(count);
    for (auto& x : v) x = T(rng() & 1 ? mag(rng) : -mag(rng));
    return v;
}

template <class T> std::vector<T> absolute(std::vector<T> v) {
    for (auto& x : v) x = std::fabs(x);
    return v;
}

// Reference C and the rounding bound of `call` computed with CBLAS; A, B, C as the routine sees them.
template <class T> struct Expected { std::vector<T> c, bound; };
template <class T> Expected<T> expectedGemm(const gemm::GemmCall& call, const std::vector<T>& A,
                                            const std::vector<T>& B, const std::vector<T>& C) {
    Expected<T> e{C, absolute(C)};
    reference::gemm(call.order, call.opA, call.opB, call.m, call.n, call.k, T(call.alpha), A.data(), call.lda, B.data(),
                    call.ldb, T(call.beta), e.c.data(), call.ldc);
    const auto absA = absolute(A), absB = absolute(B);
    reference::gemm(call.order, call.opA, call.opB, call.m, call.n, call.k, T(std::fabs(call.alpha)), absA.data(),
                    call.lda, absB.data(), call.ldb, T(std::fabs(call.beta)), e.bound.data(), call.ldc);
    return e;
}

// A variant from the papers' parameters; `local` and `image` name the operands ("", "A", "B", "AB"); a 'P' in
// `local` adds the register prefetch of the shared tiles, a 'D' the prefetch with double-buffered tiles, an 'E' the
// double-buffered tiles stored at the next k-block's start (prefetch 3), a 'T' that with the last two k-blocks peeled
// off a guard-free loop (prefetch 4), a 'U' that with two k-blocks per trip of the loop (prefetch 5), a 'V' one tile
// buffer with the fragment pipeline peeled the same way (prefetch 6, with microKernel's frags 1).
inline gemm::GemmParams variant(int ml, int nl, int kl, int ms, int ns, int ks, int vw, const char* local,
                                const char* image, gemm::Layout la, gemm::Layout lb, Precision prec) {
    gemm::GemmParams p;
    p.ml = ml, p.nl = nl, p.kl = kl, p.ms = ms, p.ns = ns, p.ks = ks, p.vw = vw;
    p.localA = std::strchr(local, 'A'), p.localB = std::strchr(local, 'B'), p.prefetch = std::strchr(local, 'V') ? 6 : std::strchr(local, 'U') ? 5 : std::strchr(local, 'T') ? 4 : std::strchr(local, 'E') ? 3 : std::strchr(local, 'D') ? 2 : std::strchr(local, 'P') ? 1 : 0;
    p.imageA = std::strchr(image, 'A'), p.imageB = std::strchr(image, 'B');
    p.layoutA = la, p.layoutB = lb, p.precision = prec;
    return p;
}

// What the CUDA backend reports for an H100 / H200 (the space's device constraints, the compiler's options).
inline DeviceInfo gpuLike(bool fp64 = true) {
    DeviceInfo d;
    d.backend = BackendKind::Cuda;
    d.type = DeviceType::Gpu;
    d.localMemBytes = 48 * 1024;
    d.localMemOptInBytes = 227 * 1024; // dynamic shared memory by opting in (the tensor-core kernels)
    d.maxWorkGroupSize = 1024;
    d.maxWorkItemSizes = {1024, 1024, 64};
    d.computeUnits = 132;
    d.fp64 = fp64;
    d.maxAllocBytes = 80ull << 30;
    d.images = true; // __ldg on plain pointers: only the allocation limits the "image" operands
    d.maxImageBufferTexels = d.maxAllocBytes / 4;
    return d;
}

// The same variant with split-K: `ksplit` work-groups per block of C, a reduction kernel after them.
inline gemm::GemmParams split(gemm::GemmParams p, int ksplit) {
    p.ksplit = ksplit;
    return p;
}

// The same variant with a register cap (GEMM_MAXREGS): a compiler option, so only CUDA / NVIDIA OpenCL apply it.
inline gemm::GemmParams capped(gemm::GemmParams p, int maxRegs) {
    p.maxRegs = maxRegs;
    return p;
}

// The same variant with the SIMT micro-kernel options after CUTLASS (warp patches, FMA order, double-buffered
// fragments).
inline gemm::GemmParams microKernel(gemm::GemmParams p, int warpM, int order, int frags) {
    p.warpM = warpM, p.order = order, p.frags = frags;
    return p;
}

inline constexpr auto F = Precision::F32;
inline constexpr auto D = Precision::F64;
inline constexpr auto ROW = gemm::Layout::Row;
inline constexpr auto CBL = gemm::Layout::Cbl;
inline constexpr auto RBL = gemm::Layout::Rbl;

// Together these take every value of every parameter at least once (checked by gemm_family_test):
// ml/nl 8 16 32 48 64 96 128 256; kl 2..256; ms/ns 1 2 3 4 6 8 12 16; ks 1 2 4 8; vw 1 2 4 8;
// local -, A, B, AB (without prefetch, with it, with it and double-buffered tiles stored at the k-block's end or at the
// next one's start, the latter also with a guard-free loop); image -, A, B, AB; layouts ROW/CBL/RBL for A and for B; f32 and f64;
// register caps 0 64 80 96 128 168, a superset of the space's (applied where the device compiler takes a cap);
// split-K 1 2 4 8 (with the register prefetch, the double-buffered tiles and an odd k-block count per part);
// warp patches 0 2 4 8, FMA orders 0 1, double-buffered fragments 0 1 (also with split-K, and over one tile buffer).
inline const std::vector<gemm::GemmParams> kVariants = {
    variant(16, 16, 4, 1, 1, 1, 1, "", "", ROW, ROW, F),
    variant(32, 64, 8, 2, 4, 2, 2, "A", "A", CBL, RBL, D),
    split(variant(64, 32, 16, 4, 2, 4, 2, "BP", "B", RBL, CBL, F), 2),
    capped(variant(128, 128, 32, 8, 8, 8, 4, "ABP", "", CBL, CBL, F), 128),
    variant(256, 16, 2, 16, 1, 2, 1, "", "AB", ROW, CBL, D),
    variant(16, 256, 64, 1, 16, 1, 1, "B", "", RBL, ROW, F),
    variant(64, 64, 128, 8, 8, 4, 8, "AB", "AB", RBL, RBL, F),
    split(variant(32, 32, 256, 4, 4, 8, 4, "A", "", ROW, RBL, D), 4),
    capped(variant(48, 96, 8, 3, 6, 2, 1, "ABP", "B", CBL, ROW, D), 96),
    variant(96, 48, 16, 12, 3, 1, 1, "B", "A", RBL, CBL, F),
    capped(variant(64, 64, 8, 8, 8, 2, 8, "", "", ROW, CBL, D), 168),
    variant(96, 48, 4, 6, 12, 4, 2, "AP", "", CBL, CBL, F),
    variant(256, 8, 16, 4, 4, 2, 2, "", "", ROW, ROW, D), // paper 003 Table II, DGEMM TN row-major
    split(variant(16, 32, 4, 2, 4, 2, 2, "ABD", "", CBL, RBL, F), 8),
    variant(8, 32, 16, 1, 2, 4, 1, "AB", "A", RBL, ROW, F),
    capped(variant(64, 32, 8, 4, 4, 2, 2, "ABD", "", CBL, RBL, D), 64), // double-buffered tiles
    capped(variant(32, 64, 16, 4, 8, 4, 4, "BD", "B", ROW, CBL, F), 80), // double-buffered B, A from global memory
    // Prefetch 3 (tiles stored at the next k-block's start): one shared operand of either kind, split-K with the
    // double-buffered fragments, and the CUTLASS-shaped DGEMM candidate.
    variant(32, 64, 8, 4, 8, 2, 2, "AE", "B", RBL, CBL, D),
    capped(variant(64, 32, 4, 8, 4, 4, 4, "BE", "", CBL, ROW, F), 96),
    microKernel(split(variant(64, 32, 16, 4, 4, 1, 4, "ABE", "", ROW, CBL, F), 2), 8, 1, 1),
    microKernel(variant(128, 128, 8, 8, 8, 1, 2, "ABE", "", RBL, RBL, D), 4, 1, 1),
    // Prefetch 4 (prefetch 3 with a guard-free loop and running tile starts): image offsets and ROW / RBL steps, one
    // shared operand, split-K with the fragments, and the CUTLASS-shaped DGEMM candidate (CBL steps).
    variant(32, 64, 8, 4, 8, 2, 2, "ABT", "AB", ROW, RBL, D),
    variant(64, 32, 4, 8, 4, 4, 4, "BT", "", CBL, ROW, F),
    microKernel(split(variant(64, 32, 16, 4, 4, 1, 4, "ABT", "", RBL, ROW, F), 2), 8, 1, 1),
    microKernel(variant(128, 128, 8, 8, 8, 1, 2, "ABT", "", CBL, CBL, D), 4, 1, 1),
    // Prefetch 5 (prefetch 4 over pairs of k-blocks): image offsets, one shared operand, split-K with the fragments, the
    // DGEMM candidate.
    variant(32, 64, 8, 4, 8, 2, 2, "AU", "A", CBL, ROW, D),
    microKernel(split(variant(64, 32, 16, 4, 4, 1, 4, "ABU", "", CBL, RBL, F), 2), 4, 1, 1),
    microKernel(variant(128, 128, 8, 8, 8, 1, 2, "ABU", "", CBL, CBL, D), 4, 1, 1),
    // Prefetch 6 (one buffer, fragments, peeled): images with ROW / RBL steps, split-K, the DGEMM candidate.
    microKernel(variant(32, 64, 8, 4, 8, 1, 2, "ABV", "AB", ROW, RBL, D), 4, 1, 1),
    microKernel(split(variant(64, 32, 16, 4, 4, 1, 4, "ABV", "", RBL, CBL, F), 2), 8, 0, 1),
    microKernel(variant(128, 128, 8, 8, 8, 1, 2, "ABV", "", CBL, CBL, D), 4, 1, 1),
    microKernel(variant(64, 64, 8, 4, 4, 1, 4, "ABP", "", CBL, RBL, F), 4, 1, 1), // fragments over one tile buffer
    // CUTLASS's SIMT DGEMM: 128 x 128 x 8, 4 x 8 work-items per warp, serpentine FMAs, double-buffered fragments.
    microKernel(variant(128, 128, 8, 8, 8, 1, 2, "ABD", "", CBL, CBL, D), 4, 1, 1),
    microKernel(split(variant(64, 32, 16, 4, 4, 1, 4, "ABD", "", RBL, ROW, F), 2), 8, 0, 1), // 8 x 4, split-K
    microKernel(variant(64, 64, 8, 4, 4, 2, 2, "ABP", "", ROW, CBL, F), 2, 1, 0),           // 2 x 16, serpentine
};

// Direct operand reads (GEMM_DIRECT 1) on a variant: its layouts must be ROW/ROW (SIMT: both tiles local, no images).
inline gemm::GemmParams directReads(gemm::GemmParams p) {
    p.direct = 1;
    return p;
}

// A tensor-core variant (GEMM_MMA): FP64, tiles in shared memory, ks 1, vw 2; ms x ns is the warp tile's share per
// work-item, wm its rows.
inline gemm::GemmParams mmaVariant(int mma, int ml, int nl, int kl, int ms, int ns, int wm, int stages, int swizzle,
                                   gemm::Layout la, gemm::Layout lb, int ksplit = 1) {
    gemm::GemmParams p = variant(ml, nl, kl, ms, ns, 1, 2, "AB", "", la, lb, Precision::F64);
    p.mma = mma, p.wm = wm, p.stages = stages, p.swizzle = swizzle, p.ksplit = ksplit;
    return p;
}

// The second round's mainloop options on a tensor-core variant.
inline gemm::GemmParams mainloop(gemm::GemmParams p, int dbuf, int lds128, int minBlocks = 0) {
    p.dbuf = dbuf, p.lds128 = lds128, p.minBlocks = minBlocks;
    return p;
}

// The store of C staged through shared memory (GemmParams::cstage).
inline gemm::GemmParams stagedC(gemm::GemmParams p) {
    p.cstage = 1;
    return p;
}

// Direct reads on the SIMT kernel (ROW/ROW, both tiles local; GemmParams::direct): every prefetch schedule (0..6), with
// and without the fragment pipeline, both precisions, loads of 1, 2 and 4 elements (vw 8: two loads of 4 per vector
// group; kl 2 below the chunk: k-major loads of 2), split-K, warp patches, tiles of fewer loads than work-items; kl 16
// in FP32, where the k-major tile's pad leaves 2-way bank conflicts (GemmParams::kMajorPad). Small
// blocks: PoCL compiles each program at its first launch, and 8 x 8 accumulators with the peeled schedules take it
// half a minute.
inline const std::vector<gemm::GemmParams> kSimtDirectVariants = {
    directReads(variant(16, 32, 4, 2, 4, 2, 1, "AB", "", ROW, ROW, F)),  // no prefetch, element loads, partial rounds
    directReads(variant(32, 16, 8, 4, 2, 1, 2, "ABP", "", ROW, ROW, D)), // loads of 2 doubles
    directReads(microKernel(variant(32, 32, 8, 4, 4, 1, 4, "ABD", "", ROW, ROW, F), 4, 1, 1)),
    directReads(split(variant(32, 64, 8, 4, 8, 2, 2, "ABE", "", ROW, ROW, D), 2)),
    directReads(microKernel(variant(32, 32, 16, 4, 4, 1, 4, "ABT", "", ROW, ROW, F), 8, 0, 1)), // k-major pad: 2-way
    directReads(microKernel(variant(32, 32, 8, 4, 4, 1, 4, "ABU", "", ROW, ROW, F), 0, 1, 1)),  // sf5w0's schedule
    directReads(microKernel(variant(32, 32, 8, 4, 4, 1, 2, "ABV", "", ROW, ROW, D), 4, 1, 1)),
    directReads(variant(32, 32, 2, 8, 8, 2, 8, "ABP", "", ROW, ROW, F)), // vw 8, kl 2: k-major loads of 2
};

// Together they take every value of the tensor-core parameters: mma 1..4, wm 16 32 64, stages 2 3 4, swizzle 0..3,
// dbuf 0 1, lds128 0 1, minblocks 0 2, direct 0 1, with every layout of A and of B and split-K; several beyond CUDA's
// 48 KiB of static shared memory.
inline const std::vector<gemm::GemmParams> kMmaVariants = {
    mmaVariant(1, 64, 64, 8, 4, 4, 16, 2, 0, CBL, CBL),      // m8n8k4 (sm_80), warp 16 x 32
    mmaVariant(2, 128, 64, 4, 8, 4, 32, 3, 1, ROW, ROW),     // m16n8k4, warp 32 x 32, padded rows
    mmaVariant(3, 128, 128, 8, 8, 8, 64, 3, 2, RBL, CBL),    // m16n8k8, warp 64 x 32, swizzled, 48 KiB
    mmaVariant(4, 64, 128, 16, 4, 8, 32, 2, 2, CBL, ROW),    // m16n8k16, warp 32 x 32
    mmaVariant(3, 64, 64, 8, 4, 4, 16, 4, 1, ROW, RBL, 2),   // four stages, split-K
    mmaVariant(4, 128, 64, 16, 8, 4, 64, 2, 0, RBL, RBL),    // warp 64 x 16
    mmaVariant(4, 128, 128, 16, 8, 8, 64, 3, 2, CBL, CBL),   // 96 KiB: CUTLASS's SM90 DGEMM shape
    mmaVariant(3, 128, 64, 32, 8, 8, 32, 3, 1, ROW, CBL, 4), // 156 KiB, padded, warp 32 x 64, 4 warps, split-K
    // Double-buffered fragments: 16-byte loads (every m16 shape), 8-byte loads over swizzle 3 (m16 and m8n8k4),
    // the launch bounds' two blocks per SM, split-K.
    mainloop(mmaVariant(2, 128, 64, 16, 8, 8, 64, 3, 3, CBL, CBL), 1, 1),      // CUTLASS's SM90 tile, m16n8k4, 72 KiB
    mainloop(mmaVariant(3, 128, 128, 16, 8, 8, 64, 3, 3, RBL, ROW), 1, 0),     // 8-byte loads, swizzle 3
    mainloop(mmaVariant(4, 64, 64, 32, 4, 4, 32, 2, 3, ROW, CBL, 2), 1, 1, 2), // warp 32 x 16, split-K
    mainloop(mmaVariant(1, 64, 64, 8, 4, 4, 16, 2, 3, RBL, RBL), 1, 0, 2),     // m8n8k4, swizzle 3
    mainloop(mmaVariant(3, 64, 128, 16, 4, 8, 32, 4, 3, CBL, RBL), 0, 1),      // 16-byte loads alone, four stages
    // Direct reads (no layout copies): the best H100 shape (k-major pad 2 under lds128), k step 4 (k-major rows
    // unpadded; pad 6 under lds128), m8n8k4, padded k-rows tiles with split-K.
    directReads(mainloop(mmaVariant(2, 128, 128, 16, 8, 8, 64, 3, 3, ROW, ROW), 1, 1)),
    directReads(mmaVariant(2, 64, 64, 4, 4, 4, 32, 3, 0, ROW, ROW)),
    directReads(mainloop(mmaVariant(2, 64, 64, 4, 4, 4, 32, 4, 3, ROW, ROW), 0, 1)),
    directReads(mmaVariant(1, 64, 64, 8, 4, 4, 16, 2, 2, ROW, ROW)),
    directReads(mainloop(mmaVariant(4, 64, 64, 32, 4, 4, 32, 3, 1, ROW, ROW, 2), 1, 0)),
    // C stored through shared memory: m8n8k4 (slabs of 8 rows); the H200's k = 64 table kernel (16-byte fragment
    // loads, two blocks per SM, direct reads); warp tiles 128 wide whose slabs (132 KiB) outgrow the ring (16 KiB),
    // with split-K.
    stagedC(mmaVariant(1, 64, 64, 8, 4, 4, 16, 2, 0, CBL, CBL)),
    stagedC(directReads(mainloop(mmaVariant(2, 128, 64, 16, 8, 4, 16, 3, 3, ROW, ROW), 1, 1, 2))),
    stagedC(mmaVariant(2, 128, 128, 4, 8, 8, 16, 2, 2, RBL, CBL, 2)),
};

} // namespace kt::test
