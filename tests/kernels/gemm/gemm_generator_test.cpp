// The TN generator without a device: validation, what the text contains per parameter, and that the text
// compiles as CUDA with nvcc (the NVRTC dialect) when the toolkit is installed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_layout.hpp"
#include "kernels/gemm/gemm_plan.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"

using namespace kt;
using namespace kt::gemm;
using namespace kt::test;

TEST(GemmGenerator, RejectsInvalidParametersNamingThem) {
    GemmParams p;
    p.ms = 3; // 64 % 3 != 0
    EXPECT_NE(p.invalidReason().find("ms"), std::string::npos);
    EXPECT_THROW(generateTnKernel(p), std::invalid_argument);
    p = GemmParams{};
    p.vw = 8, p.ms = 4; // ms not a multiple of vw
    EXPECT_NE(p.invalidReason().find("vw"), std::string::npos);
    p = GemmParams{};
    p.vw = 3;
    EXPECT_NE(p.invalidReason().find("vw"), std::string::npos);
    p = GemmParams{};
    p.kl = 12, p.ks = 8;
    EXPECT_NE(p.invalidReason().find("kl"), std::string::npos);
    EXPECT_EQ(GemmParams{}.invalidReason(), "");
}

TEST(GemmGenerator, TextFollowsTheParameters) {
    GemmParams p = variant(64, 32, 16, 4, 2, 4, 2, "B", "A", RBL, CBL, F);
    const std::string s = generateTnKernel(p);
    EXPECT_NE(s.find("KT_KERNEL GEMM_BOUNDS void gemm_tn("), std::string::npos);
    EXPECT_NE(s.find("reqd_work_group_size(GEMM_WGN, GEMM_WGM, 1)"), std::string::npos);
    EXPECT_NE(s.find("#define GEMM_ML 64"), std::string::npos);
    EXPECT_NE(s.find("#define GEMM_KS 4"), std::string::npos);
    EXPECT_EQ(s.find("lA["), std::string::npos); // A not shared
    EXPECT_NE(s.find("KT_LOCAL float2 lB"), std::string::npos);
    // A is read as an image of float2 texels (one per load), B through a pointer.
    EXPECT_NE(s.find("KT_IMAGE1D(float2, A), const KT_GLOBAL float* KT_RESTRICT B,"), std::string::npos);
    EXPECT_NE(s.find("KT_READ_IMAGE(float2, A, (Ablk + "), std::string::npos);
    EXPECT_NE(s.find("const size_t Ablk = "), std::string::npos);
    EXPECT_EQ(s.find("KT_READ_IMAGE(float2, B"), std::string::npos);
    EXPECT_NE(s.find("RBL: rows of a tile are ml apart"), std::string::npos);
    EXPECT_EQ(s.find("double"), std::string::npos);
    EXPECT_EQ(s, generateTnKernel(p)); // deterministic: the compile cache keys on it

    // The SIMT micro-kernel options: warp patches, serpentine FMAs, fragments in two register sets.
    const std::string plain = generateTnKernel(kVariants.at(kVariants.size() - 3));
    EXPECT_NE(plain.find("#define GEMM_WARP_M 4"), std::string::npos);
    EXPECT_NE(plain.find("const int i = (j & 1) ? GEMM_MS - 1 - ii : ii;"), std::string::npos);
    EXPECT_NE(plain.find("double a[2][GEMM_MS];"), std::string::npos);
    EXPECT_NE(plain.find("lA[pk == GEMM_KL - 1 ? cur ^ 1 : cur][next]"), std::string::npos);
    GemmParams rows = kVariants.at(kVariants.size() - 3);
    rows.warpM = 0, rows.order = 0, rows.frags = 0;
    const std::string r = generateTnKernel(rows);
    EXPECT_EQ(r.find("GEMM_WARP_M"), std::string::npos);
    EXPECT_EQ(r.find("GEMM_MS - 1 - ii"), std::string::npos);
    EXPECT_EQ(r.find("a[2][GEMM_MS]"), std::string::npos);

    // Prefetch 3: the next tile is stored into the other buffer before the k-block's first step, the one after it
    // loaded two k-blocks ahead; the k-block keeps its one barrier (before the last step's FMAs with fragments).
    for (int frags : {0, 1}) {
        GemmParams e = kVariants.at(kVariants.size() - 3);
        e.prefetch = 3, e.frags = frags;
        const std::string t = generateTnKernel(e);
        const auto loop = t.find("for (int kb = kbBegin; kb < kbEnd; ++kb)");
        ASSERT_NE(loop, std::string::npos);
        const auto store = t.find("lA[cur ^ 1][row][col] = pA[r];", loop);
        const auto ahead = t.find("if (kb + 2 < kbEnd)", loop);
        const auto firstStep = t.find("for (int pk = 0; pk < GEMM_KL;", loop);
        EXPECT_LT(store, ahead);
        EXPECT_LT(ahead, firstStep);
        EXPECT_EQ(t.find("lA[cur ^ 1][row][col]", store + 1), std::string::npos); // stored once per k-block
        std::size_t barriers = 0;
        for (auto at = t.find("KT_BARRIER();", loop); at != std::string::npos; at = t.find("KT_BARRIER();", at + 1))
            ++barriers;
        EXPECT_EQ(barriers, 1u);
        EXPECT_NE(e.describe().find("early-store"), std::string::npos);
    }
    GemmParams bad = kVariants.at(kVariants.size() - 3);
    bad.prefetch = 0; // the fragment schedule moves prefetched tiles
    EXPECT_NE(bad.invalidReason().find("frags"), std::string::npos);
    // Prefetch 1 with fragments: one buffer, stored between two barriers at the last k-step, whose fragments are
    // already in registers; the tile after the next is loaded after the second barrier.
    GemmParams one = kVariants.at(kVariants.size() - 3);
    one.prefetch = 1;
    ASSERT_EQ(one.invalidReason(), "");
    const std::string o = generateTnKernel(one);
    EXPECT_NE(o.find("KT_LOCAL double2 lA[GEMM_KL]"), std::string::npos);
    const auto lastStep = o.find("if (pk == GEMM_KL - 1)");
    ASSERT_NE(lastStep, std::string::npos);
    const auto firstBarrier = o.find("KT_BARRIER();", lastStep), store = o.find("lA[row][col] = pA[r];", lastStep);
    const auto secondBarrier = o.find("KT_BARRIER();", firstBarrier + 1), ahead = o.find("if (kb + 2 < kbEnd)", lastStep);
    EXPECT_LT(firstBarrier, store);
    EXPECT_LT(store, secondBarrier);
    EXPECT_LT(secondBarrier, ahead);
    EXPECT_LT(ahead, o.find("const int next = (pk + 1) % GEMM_KL;", lastStep));
    bad.prefetch = 3, bad.kl = 3; // odd kl: the next block's first fragments would land in the wrong slot
    EXPECT_NE(bad.invalidReason().find("an even kl"), std::string::npos);
    bad.kl = 8, bad.prefetch = 7;
    EXPECT_NE(bad.invalidReason().find("prefetch must be 0..6"), std::string::npos);
    // Prefetch 4: the steady loop moves the tiles without guards and loads from running starts; the peeled loop after
    // it stores under the guard and loads nothing. Prefetch 5: the steady k-blocks in pairs with constant buffers.
    for (int prefetch : {4, 5, 6}) {
        GemmParams e = kVariants.at(kVariants.size() - 3);
        e.prefetch = prefetch;
        SCOPED_TRACE(e.describe());
        const std::string t = generateTnKernel(e);
        const auto steady = t.find(prefetch == 5 ? "for (; kb < kbEnd - 3; ++kb)" : "for (; kb < kbEnd - 2; ++kb)");
        const auto tail = t.find("for (; kb < kbEnd; ++kb)");
        ASSERT_NE(steady, std::string::npos);
        ASSERT_NE(tail, std::string::npos);
        const std::string steadyText = t.substr(steady, tail - steady), tailText = t.substr(tail);
        EXPECT_EQ(steadyText.find("if (kb + "), std::string::npos);
        EXPECT_NE(steadyText.find("Afetch += (size_t)GEMM_KL * GEMM_ML;"), std::string::npos);
        EXPECT_NE(tailText.find("if (kb + 1 < kbEnd)"), std::string::npos);
        EXPECT_EQ(tailText.find("pA[r] = "), std::string::npos);
        EXPECT_EQ(steadyText.find("const int cur = 1;") != std::string::npos, prefetch == 5);
    }

    p = variant(64, 64, 8, 8, 8, 2, 8, "", "", ROW, ROW, D);
    const std::string d = generateTnKernel(p);
    EXPECT_NE(d.find("double2 v"), std::string::npos); // vw 8 in f64: loads of two doubles
    EXPECT_NE(d.find("#define GEMM_CHUNK 2"), std::string::npos);
    EXPECT_EQ(d.find("KT_LOCAL"), std::string::npos);
    EXPECT_EQ(d.find("KT_IMAGE1D"), std::string::npos);
    EXPECT_EQ(d.find("KT_READ_IMAGE"), std::string::npos);
    EXPECT_NE(d.find("const int strideA = M;"), std::string::npos);
    EXPECT_EQ(tnKernelOptions(p, DeviceInfo{}), std::vector<std::string>{"-DKT_DOUBLE=1"});
    EXPECT_TRUE(tnKernelOptions(variant(16, 16, 4, 1, 1, 1, 1, "", "", ROW, ROW, F), DeviceInfo{}).empty());

    // Prefetch: register staging of the shared tile, loads of the next k-block behind a bound check.
    const std::string pf = generateTnKernel(variant(64, 32, 16, 4, 2, 4, 2, "BP", "", RBL, CBL, F));
    EXPECT_NE(pf.find("float2 pB["), std::string::npos);
    EXPECT_NE(pf.find("if (kb + 1 < kbEnd)"), std::string::npos);
    EXPECT_NE(pf.find("const int kbEnd = K / GEMM_KL;"), std::string::npos);
    EXPECT_EQ(pf.find("get_group_id(2)"), std::string::npos); // no split-K: the k range is whole

    // Split-K: part z of the third dimension takes its share of the k-blocks and its own workspace slice; the
    // program text carries the reduction kernel.
    const auto sk = split(variant(64, 32, 16, 4, 2, 4, 2, "BD", "", RBL, CBL, F), 4);
    const std::string sp = generateTnKernel(sk);
    EXPECT_NE(sp.find("#define GEMM_KSPLIT 4"), std::string::npos);
    EXPECT_NE(sp.find("const int kbBegin = (int)get_group_id(2) * (K / GEMM_KL / GEMM_KSPLIT);"), std::string::npos);
    EXPECT_NE(sp.find("C += (size_t)get_group_id(2) * mC * ldc;"), std::string::npos);
    EXPECT_NE(sp.find("const int cur = (kb - kbBegin) & 1;"), std::string::npos); // parity from the part's start
    EXPECT_NE(tnKernelSource(sk).find("gemm_splitk_reduce"), std::string::npos);
    EXPECT_EQ(tnKernelSource(split(sk, 1)).find("gemm_splitk_reduce"), std::string::npos);
    EXPECT_EQ(tnGlobalRange(sk, 128, 64)[2], 4u);
    EXPECT_NE(split(sk, 0).invalidReason().find("ksplit"), std::string::npos);
    EXPECT_EQ(pf.find("pA["), std::string::npos);
    EXPECT_EQ(s.find("pB["), std::string::npos);
    EXPECT_NE(variant(16, 16, 4, 1, 1, 1, 1, "P", "", ROW, ROW, F).invalidReason().find("prefetch"), std::string::npos);
}

// Direct reads (tensor cores, no layout copies): the kernel takes where the operands lie, zero-fills through
// cp.async's source size, keeps a k-major operand as padded k-contiguous rows, and its plans launch no copy.
TEST(GemmGenerator, DirectReadsTextPlansAndLimits) {
    const GemmParams p = directReads(mainloop(mmaVariant(2, 128, 128, 16, 8, 8, 64, 3, 3, ROW, ROW), 1, 1));
    ASSERT_EQ(p.invalidReason(), "");
    EXPECT_EQ(p.mmaPadK(), 2); // lds128's row mapping: a row stride of 2 modulo 8
    TnVariant v;
    v.aKMajor = true;
    const std::string s = generateTnKernel(p, v);
    EXPECT_NE(s.find("const int kA, const int lda, const int offA, const int ldb, const int offB"), std::string::npos);
    EXPECT_NE(s.find("A(p, i) = A[offA + i * lda + p], B(p, j) = B[offB + p * ldb + j]"), std::string::npos);
    EXPECT_NE(s.find("#define GEMM_LDAK (GEMM_KL + 2)"), std::string::npos);
    EXPECT_NE(s.find("#define GEMM_ASTAGE 2304 "), std::string::npos); // 128 rows of 16 + 2
    EXPECT_NE(s.find("#define GEMM_BSTAGE 2048"), std::string::npos);  // 16 rows of 128
    EXPECT_NE(s.find("KT_DYNAMIC_LOCAL(gemm_tn, " + std::to_string((2304 + 2048) * 8 * 3) + ")"), std::string::npos);
    EXPECT_NE(s.find("cp.async.cg.shared.global [%0], [%1], 16, %2;"), std::string::npos);
    EXPECT_NE(s.find("cp.async.ca.shared.global [%0], [%1], 8, %2;"), std::string::npos);
    EXPECT_NE(s.find("* GEMM_LDAK +"), std::string::npos); // A's fragments from the k-major tile
    EXPECT_EQ(s.find("* GEMM_LDBK +"), std::string::npos); // B's from k-rows
    EXPECT_NE(s.find("gemm_cp16z(sB + k * GEMM_LDB + (col ^ GEMM_SWZ(k))"), std::string::npos);
    EXPECT_NE(s.find("gemm_cp16z(sA + col * GEMM_LDAK + k"), std::string::npos);
    // The exact bound of the space: the larger tile of either orientation of each operand.
    EXPECT_EQ(p.localMemBytes(), std::int64_t(2304 + 2304) * 8 * 3);
    v = {};
    const std::string rows = generateTnKernel(p, v);
    EXPECT_NE(rows.find("#define GEMM_ASTAGE 2048 "), std::string::npos);
    EXPECT_EQ(rows.find("* GEMM_LDAK +"), std::string::npos);
    EXPECT_NE(rows.find("A(p, i) = A[offA + p * lda + i]"), std::string::npos);
    // Row-major op pairs: op(A) = A makes A k-major, op(B) = B^T makes B k-major; no plan copies an operand.
    for (blas::Op opA : {blas::Op::N, blas::Op::T})
        for (blas::Op opB : {blas::Op::N, blas::Op::T}) {
            const auto plan = routinePlan(p, DeviceInfo{}, {opA, opB, true, true});
            // The general program and the exact-fit one, each launched only where the plan's `exact` says.
            ASSERT_EQ(plan.launches.size(), 2u);
            ASSERT_EQ(plan.programs.size(), 2u);
            EXPECT_EQ(plan.launches[0].when, "!exact");
            EXPECT_EQ(plan.launches[1].when, "exact");
            EXPECT_NE(plan.launches[0].program, plan.launches[1].program);
            for (const auto& program : plan.programs) {
                EXPECT_EQ(program.source.find("A(p, i) = A[offA + i * lda + p]") != std::string::npos,
                          opA == blas::Op::N);
                EXPECT_EQ(program.source.find("B(p, j) = B[offB + j * ldb + p]") != std::string::npos,
                          opB == blas::Op::T);
            }
            for (const auto& launch : plan.launches) EXPECT_EQ(launch.args.size(), 17u);
            EXPECT_EQ(plan.programs[plan.launches[0].program].source.find("gemm_cp8z(s") == std::string::npos, false);
            EXPECT_EQ(plan.programs[plan.launches[1].program].source.find("gemm_cp8z(s"), std::string::npos);
            EXPECT_EQ(plan.invalidReason(), "");
        }
    // The exact-fit program: the packed kernel's 16-byte copies alone, no bounds or alignment test.
    TnVariant exact;
    exact.exactFit = true;
    const std::string ex = generateTnKernel(p, exact);
    EXPECT_EQ(ex.find("gemm_cp16z(s"), std::string::npos); // the zero-filling copies are defined, never called
    EXPECT_EQ(ex.find("gemm_cp8z(s"), std::string::npos);
    EXPECT_NE(s.find("gemm_cp8z(s"), std::string::npos);
    EXPECT_NE(ex.find("gemm_cp16(sA + k * GEMM_LDA + (col ^ GEMM_SWZ(k)), tile + k * ld + col);"), std::string::npos);
    // The tuning candidate reads its k x m and k x n operands in place: the restore of C and the TN launches of the
    // general and the exact-fit program, as the routine runs them.
    const auto tuning = tnTuningPlan(p, DeviceInfo{});
    ASSERT_EQ(tuning.launches.size(), 3u);
    EXPECT_TRUE(tuning.programs[tuning.launches[1].program].source.find(rows) != std::string::npos);
    EXPECT_EQ(tuning.programs[tuning.launches[2].program].source.find("gemm_cp8z(s"), std::string::npos);
    EXPECT_EQ(tuning.launches[2].when, "exact");
    // Refused: direct reads with block layouts, on a SIMT kernel without both tiles local; k-major tiles without direct
    // reads.
    GemmParams simt = kVariants[1]; // local A only, CBL/RBL
    simt.direct = 1;
    EXPECT_NE(simt.invalidReason().find("ROW/ROW"), std::string::npos);
    simt.layoutA = simt.layoutB = ROW;
    EXPECT_NE(simt.invalidReason().find("local=AB"), std::string::npos) << simt.invalidReason();
    simt.localB = true;
    EXPECT_NE(simt.invalidReason().find("no images"), std::string::npos) << simt.invalidReason(); // image A
    simt.imageA = false;
    EXPECT_EQ(simt.invalidReason(), "");
    GemmParams blocked = p;
    blocked.layoutA = CBL;
    EXPECT_NE(blocked.invalidReason().find("ROW/ROW"), std::string::npos);
    GemmParams packed = p;
    packed.direct = 0;
    TnVariant kMajor;
    kMajor.bKMajor = true;
    EXPECT_THROW(generateTnKernel(packed, kMajor), std::invalid_argument);
}

// Direct reads on the SIMT kernel: the tile loads per orientation (k-rows as the packed kernel's with ld, k-major along
// k and stored transposed into padded rows), the bounds only in the general program, the plans without copies.
TEST(GemmGenerator, SimtDirectReadsLoadFromTheCallersMatricesWithoutCopies) {
    // sf5w0 with ROW layouts and direct reads (the H200 SGEMM winner, tools/gpu-points.sh).
    GemmParams p = microKernel(variant(128, 128, 8, 8, 8, 1, 4, "ABU", "", ROW, ROW, F), 0, 1, 1);
    p.direct = 1;
    ASSERT_EQ(p.invalidReason(), "");
    // The transposed stores of a k-major tile: two loads of 4 along k per column, so a warp's 16 columns x 2 k-halves
    // hit 4-row-apart tile rows; 4 floats of pad put the halves in different banks (conflict-free); FP64 (loads of
    // 2 doubles, four per column of kl 8) the same with 2.
    EXPECT_EQ(p.kMajorChunk(), 4);
    EXPECT_EQ(p.kMajorPad(128), 4);
    GemmParams d = p;
    d.precision = D, d.vw = 2;
    EXPECT_EQ(d.kMajorPad(128), 2);
    EXPECT_EQ(p.localMemBytes(), std::int64_t(132 + 132) * 8 * 4 * 2);
    TnVariant v;
    v.aKMajor = true;
    const std::string s = generateTnKernel(p, v);
    EXPECT_NE(s.find("A(p, i) = A[offA + i * lda + p], B(p, j) = B[offB + p * ldb + j]"), std::string::npos);
    EXPECT_NE(s.find("#define GEMM_LDLA (GEMM_ML + 4)"), std::string::npos);
    EXPECT_NE(s.find("#define GEMM_LDLB (GEMM_NL + 0)"), std::string::npos);
    EXPECT_NE(s.find("KT_LOCAL float4 lA[2][GEMM_KL][GEMM_LDLA / GEMM_CHUNK];"), std::string::npos);
    EXPECT_NE(s.find("const int offB)"), std::string::npos);
    // A: columns of 8 k-elements, two float4 loads each, stored element by element; B: tile rows with ld.
    EXPECT_NE(s.find("const int col = idx / 2, kc = idx % 2;"), std::string::npos);
    EXPECT_NE(s.find("((KT_LOCAL float*)lA[cur ^ 1])[(kc * 4 + 3) * GEMM_LDLA + col] = pA[r].w;"), std::string::npos);
    EXPECT_NE(s.find("pB[r] = *((const KT_GLOBAL float4*)(Bfetch + row * strideB + col * 4));"), std::string::npos);
    EXPECT_NE(s.find("const bool fullA = bm * GEMM_ML + GEMM_ML <= mC && ((lda | offA) & 3) == 0"), std::string::npos);
    EXPECT_NE(s.find("v.y = k0 + kc * 4 + 1 < kA && bm * GEMM_ML + col < mC ? Afetch[col * strideA + kc * 4 + 1]"),
              std::string::npos);
    EXPECT_NE(s.find("Afetch += (size_t)GEMM_KL;"), std::string::npos);
    EXPECT_NE(s.find("Bfetch += (size_t)GEMM_KL * ldb;"), std::string::npos);
    // The exact-fit program: whole-vector loads alone.
    v.exactFit = true;
    const std::string ex = generateTnKernel(p, v);
    EXPECT_EQ(ex.find("fullA"), std::string::npos);
    EXPECT_EQ(ex.find("< kA"), std::string::npos);
    EXPECT_NE(ex.find("pA[r] = *((const KT_GLOBAL float4*)(Afetch + col * strideA + kc * 4));"), std::string::npos);
    // The packed kernel's text is unchanged by the option's existence: no pads, no extra arguments.
    GemmParams packed = p;
    packed.direct = 0;
    const std::string pk = generateTnKernel(packed);
    EXPECT_EQ(pk.find("GEMM_LDL"), std::string::npos);
    EXPECT_EQ(pk.find("kA"), std::string::npos);
    EXPECT_THROW(generateTnKernel(packed, v), std::invalid_argument);
    // Plans: the candidate reads its operands in place (restore of C, the general and the exact-fit launch); the
    // routine copies nothing for any op, and its exact fit needs ld and offsets multiples of 4 (float4 loads).
    const auto tuning = tnTuningPlan(p, DeviceInfo{});
    ASSERT_EQ(tuning.launches.size(), 3u);
    EXPECT_EQ(tuning.launches[2].when, "exact");
    for (blas::Op opA : {blas::Op::N, blas::Op::T})
        for (blas::Op opB : {blas::Op::N, blas::Op::T}) {
            const auto plan = routinePlan(p, DeviceInfo{}, {opA, opB, true, true});
            ASSERT_EQ(plan.launches.size(), 2u);
            ASSERT_EQ(plan.programs.size(), 2u);
            EXPECT_EQ(plan.buffers.size(), 3u); // A, B, C: no workspace
            for (const auto& program : plan.programs)
                EXPECT_EQ(program.source.find("A(p, i) = A[offA + i * lda + p]") != std::string::npos,
                          opA == blas::Op::N);
            bool alignedLd = false;
            for (const auto& var : plan.variables)
                alignedLd =
                    alignedLd || (var.name == "exact" && var.expression.find("(lda) % 4 == 0") != std::string::npos);
            EXPECT_TRUE(alignedLd);
        }
}

// The BLAS3 variants (triangle of C, k range) reach the SIMT and the tensor-core kernels through the same text, at
// the kernels' edges; the plain kernels carry none of it; split-K with a variant is refused by both.
TEST(GemmGenerator, Blas3VariantsReachBothKernels) {
    const std::vector<TnVariant> variants = {
        {TnTriangle::Lower, TnKRange::All},        {TnTriangle::Upper, TnKRange::All},
        {TnTriangle::All, TnKRange::FromRowBlock}, {TnTriangle::All, TnKRange::ToRowBlock},
        {TnTriangle::All, TnKRange::FromColBlock}, {TnTriangle::All, TnKRange::ToColBlock}};
    for (const GemmParams& p : {kVariants[1], kMmaVariants[3]}) {
        SCOPED_TRACE(p.describe());
        const std::string plain = generateTnKernel(p);
        EXPECT_EQ(plain.find("diagonal"), std::string::npos);
        EXPECT_EQ(plain.find("gi >= gj"), std::string::npos);
        for (const auto& v : variants) {
            const std::string s = generateTnKernel(p, v);
            // The SIMT kernel launches only groups inside the triangle (tn_triangle_grid.hpp): no "wholly" return.
            const bool triangle = v.triangle != TnTriangle::All, folded = triangle && p.mma == 0;
            for (const auto& line : tnVariantPrologue(v, folded)) EXPECT_NE(s.find(line), std::string::npos) << line;
            EXPECT_NE(s.find(tnVariantStoreCondition(v)), std::string::npos);
            // Lower/Upper return whole work-groups (or launch none outside) and mask the store; the k ranges do
            // neither.
            EXPECT_EQ(s.find("return; // wholly") != std::string::npos, triangle && !folded);
            EXPECT_EQ(s.find("Folded grid") != std::string::npos, folded);
            EXPECT_EQ(s.find(v.triangle == TnTriangle::Upper ? "gi <= gj" : "gi >= gj") != std::string::npos, triangle);
            EXPECT_EQ(s.find("zeros ") != std::string::npos, !triangle);
            EXPECT_EQ(s.find("mma.sync") != std::string::npos, p.mma > 0);
        }
        GemmParams split = p;
        split.ksplit = 2;
        EXPECT_THROW(generateTnKernel(split, variants[0]), std::invalid_argument);
        EXPECT_THROW(tnKernelBody(split, variants[2]), std::invalid_argument);
    }
}

TEST(GemmGenerator, LaunchGeometry) {
    const auto p = variant(64, 32, 16, 4, 2, 4, 2, "B", "", RBL, CBL, F);
    EXPECT_EQ(p.wgSize(), 16 * 16);
    const Range g = tnGlobalRange(p, 128, 96), l = tnLocalRange(p);
    EXPECT_EQ(g[0], 3u * 16u); // along n: 96 / 32 blocks of 16 work-items
    EXPECT_EQ(g[1], 2u * 16u);
    EXPECT_EQ(l[0], 16u);
    EXPECT_EQ(l[1], 16u);
    EXPECT_EQ(p.localMemBytes(), 16 * 32 * 4);
}

TEST(GemmGenerator, HostLayoutsArePermutations) {
    // Every (p, i) maps to a distinct index below R * Cc, for every layout, with the papers' block shapes.
    const std::int64_t R = 24, Cc = 48, br = 8, bc = 16;
    for (Layout layout : {ROW, CBL, RBL}) {
        std::vector<int> seen(std::size_t(R * Cc), 0);
        for (std::int64_t p = 0; p < R; ++p)
            for (std::int64_t i = 0; i < Cc; ++i) ++seen.at(layoutIndex(layout, p, i, R, Cc, br, bc));
        for (int s : seen) ASSERT_EQ(s, 1) << toString(layout);
    }
    // CBL keeps a column block contiguous: (p, 15) and (p + 1, 0) are neighbours inside block 0.
    EXPECT_EQ(layoutIndex(CBL, 1, 0, R, Cc, br, bc), layoutIndex(CBL, 0, 15, R, Cc, br, bc) + 1);
    // RBL keeps a kl x ml block contiguous: the block (0..7, 16..31) starts right after (7, 15).
    EXPECT_EQ(layoutIndex(RBL, 0, 16, R, Cc, br, bc), layoutIndex(RBL, 7, 15, R, Cc, br, bc) + 1);
}

namespace {
std::string nvccPath() {
    if (const char* env = std::getenv("KT_NVCC")) return env;
    return "/usr/local/cuda/bin/nvcc";
}

// Compiles `source` as CUDA for sm_90; returns the compiler output, empty on success.
struct NvccResult {
    int rc = 0;
    std::string output;
};

// Compiles `source` as CUDA for sm_90 with `options`; the exit status and everything nvcc/ptxas printed.
NvccResult runNvcc(const std::string& source, const std::vector<std::string>& options, const std::string& tag) {
    const auto dir = std::filesystem::temp_directory_path() / ("kt_gemm_nvcc_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file = dir / (tag + ".cu"), log = dir / (tag + ".log");
    std::ofstream(file) << source;
    std::string cmd = nvccPath() + " -arch=sm_90 -c -x cu -o /dev/null";
    for (const auto& o : options) cmd += " " + o;
    cmd += " " + file.string() + " > " + log.string() + " 2>&1";
    NvccResult r;
    r.rc = std::system(cmd.c_str());
    std::ifstream in(log);
    r.output.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    std::filesystem::remove_all(dir);
    return r;
}

// Empty on success, else the compiler output.
std::string nvccCompile(const std::string& source, const std::vector<std::string>& options, const std::string& tag) {
    const auto r = runNvcc(source, options, tag);
    return r.rc == 0 ? std::string() : "nvcc failed (" + std::to_string(r.rc) + "):\n" + r.output;
}

// Registers ptxas gives the TN kernel of `p` built with the CUDA options (-Xptxas -v), or -1 (output in `log`).
int tnKernelRegisters(const GemmParams& p, std::string& log) {
    auto options = tnKernelOptions(p, gpuLike());
    options.push_back("-Xptxas -v");
    const auto r = runNvcc(tnKernelSource(p), options, "regs");
    log = r.output;
    // "Compiling entry function 'gemm_tn' ... Used 220 registers": the report follows the entry's name.
    const auto entry = log.find("'gemm_tn'");
    const auto used = entry == std::string::npos ? entry : log.find("Used ", entry);
    return r.rc != 0 || used == std::string::npos ? -1 : std::stoi(log.substr(used + 5));
}
} // namespace

TEST(GemmGenerator, SameTextCompilesAsCuda) {
    if (!std::filesystem::exists(nvccPath())) GTEST_SKIP() << "nvcc not found at " << nvccPath();
    // Every test variant that fits the 48 KiB of static shared memory a CUDA block may declare (the space's
    // DEV_LOCAL_MEM constraint keeps the others out on CUDA devices).
    for (std::size_t i = 0; i < kVariants.size(); ++i) {
        const auto& p = kVariants[i];
        if (p.localMemBytes() > 48 * 1024) continue;
        SCOPED_TRACE(p.describe());
        EXPECT_EQ(nvccCompile(tnKernelSource(p), tnKernelOptions(p, gpuLike()), "tn" + std::to_string(i)), "");
    }
    for (bool transpose : {false, true})
        for (Layout layout : {CBL, RBL}) {
            kernels::CopyParams cp;
            cp.conversion.transpose = transpose, cp.layout = layout, cp.blockRows = 16, cp.blockCols = 64;
            cp.precision = transpose ? D : F;
            EXPECT_EQ(nvccCompile(kernels::copySource(), kernels::copyOptions(cp), "copy"), "") << toString(layout);
        }
}

TEST(GemmGenerator, RegisterCapIsACompilerOptionPtxasHonours) {
    // CUDA: the launch bounds ask for 65536 / (96 * 64) = 10 work-groups per SM (NVRTC ignores --maxrregcount
    // where launch bounds exist); NVIDIA OpenCL: a compiler option; devices without a cap refuse it.
    auto p = capped(variant(64, 64, 8, 8, 8, 1, 2, "ABP", "", CBL, CBL, D), 96);
    const std::string text = generateTnKernel(p);
    EXPECT_NE(text.find("__launch_bounds__(GEMM_WG, GEMM_MIN_WG_PER_SM)"), std::string::npos);
    EXPECT_NE(text.find("#define GEMM_MAXREGS 96"), std::string::npos);
    EXPECT_EQ(generateTnKernel(capped(p, 0)).find("GEMM_MIN_WG_PER_SM"), std::string::npos);
    EXPECT_EQ(tnKernelOptions(p, gpuLike()), std::vector<std::string>{"-DKT_DOUBLE=1"});
    DeviceInfo nvidiaOpenCl = gpuLike();
    nvidiaOpenCl.backend = BackendKind::OpenCL;
    nvidiaOpenCl.vendor = "NVIDIA Corporation";
    EXPECT_EQ(tnKernelOptions(p, nvidiaOpenCl),
              (std::vector<std::string>{"-DKT_DOUBLE=1", "-cl-nv-maxrregcount=96"}));
    DeviceInfo pocl;
    pocl.type = DeviceType::Cpu;
    pocl.vendor = "The pocl project";
    EXPECT_THROW(tnKernelOptions(p, pocl), std::invalid_argument);
    EXPECT_NE(capped(p, 300).invalidReason().find("maxregs"), std::string::npos);
    EXPECT_NE(capped(p, 16).invalidReason().find("maxregs"), std::string::npos);

    if (!std::filesystem::exists(nvccPath())) GTEST_SKIP() << "nvcc not found at " << nvccPath();
    std::string log;
    const int free = tnKernelRegisters(capped(p, 0), log);
    ASSERT_GT(free, 0) << log;
    ASSERT_GT(free, 96) << "the uncapped 8x8 double kernel should need more than the cap: " << log;
    const int cappedRegs = tnKernelRegisters(p, log);
    ASSERT_GT(cappedRegs, 0) << log;
    EXPECT_LE(cappedRegs, 96) << log;
}
