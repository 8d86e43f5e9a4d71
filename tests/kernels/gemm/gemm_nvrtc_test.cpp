// The generated GEMM and copy kernels compile with NVRTC for sm_90 (the CUDA backend's compiler; no driver needed).
#include <gtest/gtest.h>

#include "core/engine/backend.hpp"
#include "devices/cuda/nvrtc_compiler.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/blas3_plan.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_plan.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"

using namespace kt;
using namespace kt::gemm;
using namespace kt::test;

namespace {
// Compiles or skips when NVRTC cannot be loaded; returns the build log on failure.
std::string compile(const std::string& source, const std::vector<std::string>& options, int ccMajor = 9) {
    try {
        devices::cuda::compileNvrtc(source, options, ccMajor, 0);
        return {};
    } catch (const BuildError& e) { return std::string(e.what()) + "\n" + e.log(); }
}

bool nvrtcAvailable(std::string& why) {
    try {
        devices::cuda::compileNvrtc(kernels::withPreamble("KT_KERNEL void probe(KT_GLOBAL float* x) { x[0] = 1.0f; }"),
                                    {}, 9, 0);
        return true;
    } catch (const BuildError&) {
        return true; // loadable; the probe itself failing is reported by the tests below
    } catch (const BackendError& e) {
        why = e.what();
        return false;
    }
}
} // namespace

TEST(GemmNvrtc, EveryFittingVariantCopyKernelAndFamilySourceCompiles) {
    std::string why;
    if (!nvrtcAvailable(why)) GTEST_SKIP() << "NVRTC not loadable here: " << why;
    for (const auto& p : kVariants) {
        if (p.localMemBytes() > 48 * 1024) continue; // static shared memory limit of a CUDA block
        SCOPED_TRACE(p.describe());
        EXPECT_EQ(compile(tnKernelSource(p), tnKernelOptions(p, gpuLike())), "");
        // Every program of the family's candidate plan: the TN kernel, the layout copies, the restore of C.
        const auto plan = GemmFamily(p.precision).plan(pointFromParams(p), gpuLike());
        ASSERT_TRUE(plan);
        for (const auto& src : plan->programs) EXPECT_EQ(compile(src.source, src.options), "") << src.kernels.front();
    }
    for (bool transpose : {false, true})
        for (Layout layout : {ROW, CBL, RBL})
            for (Precision prec : {F, D}) {
                kernels::CopyParams cp;
                cp.conversion.transpose = transpose, cp.layout = layout, cp.blockRows = 8, cp.blockCols = 32;
                cp.precision = prec;
                EXPECT_EQ(compile(kernels::copySource(), kernels::copyOptions(cp)), "") << toString(layout);
            }
    // Every vector width of the copies (real2/real4 loads and stores, double4 included), every kind of conversion.
    const kernels::CopyConversion kinds[] = {{false, kernels::CopyFill::None, blas::Uplo::Lower, false},
                                             {true, kernels::CopyFill::None, blas::Uplo::Lower, false},
                                             {false, kernels::CopyFill::Symmetric, blas::Uplo::Upper, false},
                                             {true, kernels::CopyFill::Triangular, blas::Uplo::Lower, true}};
    int turn = 0;
    for (int vw : {1, 2, 4})
        for (const auto& kind : kinds)
            for (Precision prec : {F, D}) {
                kernels::CopyParams cp;
                cp.conversion = kind, cp.layout = Layout(turn++ % 3), cp.blockRows = 8, cp.blockCols = 32;
                cp.shape.vw = vw, cp.precision = prec;
                EXPECT_EQ(compile(kernels::copySource(), kernels::copyOptions(cp)), "") << "vw " << vw;
            }
}

TEST(GemmNvrtc, EveryTensorCoreVariantCompilesForTheArchitecturesThatHaveIt) {
    std::string why;
    if (!nvrtcAvailable(why)) GTEST_SKIP() << "NVRTC not loadable here: " << why;
    auto hopper = gpuLike();
    hopper.computeCapabilityMajor = 9;
    for (const auto& p : kMmaVariants) {
        SCOPED_TRACE(p.describe());
        ASSERT_LE(p.localMemBytes(), 227 * 1024);
        const auto source = tnKernelSource(p);
        EXPECT_NE(source.find("mma.sync.aligned"), std::string::npos);
        EXPECT_EQ(compile(source, tnKernelOptions(p, hopper)), "");
        // m8n8k4 is sm_80's shape; the m16n8k* shapes need sm_90, which the space's DEV_CC constraint encodes.
        const std::string onAmpere = compile(source, tnKernelOptions(p, hopper), 8);
        EXPECT_EQ(onAmpere.empty(), p.mma == 1) << onAmpere;
        const auto plan = GemmFamily(D).plan(pointFromParams(p), hopper);
        ASSERT_TRUE(plan);
        for (const auto& src : plan->programs) EXPECT_EQ(compile(src.source, src.options), "") << src.kernels.front();
    }
}

// Direct reads: every orientation of A and B (k-rows or k-major), general and exact-fit, compiles for every direct
// variant, and the family's routine plans (what the package exports) hold no layout copy, only the TN program and its
// split-K reduction.
TEST(GemmNvrtc, DirectReadVariantsCompileInEveryOrientationAndNeedNoCopies) {
    std::string why;
    if (!nvrtcAvailable(why)) GTEST_SKIP() << "NVRTC not loadable here: " << why;
    auto hopper = gpuLike();
    hopper.computeCapabilityMajor = 9;
    int direct = 0;
    for (const auto& p : kMmaVariants) {
        if (!p.direct) continue;
        ++direct;
        SCOPED_TRACE(p.describe());
        for (bool aK : {false, true})
            for (bool bK : {false, true})
                for (bool exact : {false, true}) {
                    TnVariant v;
                    v.aKMajor = aK, v.bKMajor = bK, v.exactFit = exact;
                    const auto program = tnProgram(p, hopper, v);
                    EXPECT_EQ(compile(program.source, program.options), "") << aK << bK << exact;
                }
        for (const auto& r : GemmFamily(D).routinePlans(pointFromParams(p), hopper)) {
            ASSERT_EQ(r.plan.programs.size(), 2u); // the general and the exact-fit program
            EXPECT_EQ(r.plan.launches.size(), p.ksplit > 1 ? 4u : 2u) << "a copy launch in a direct plan";
            for (const auto& program : r.plan.programs) EXPECT_EQ(compile(program.source, program.options), "");
        }
    }
    EXPECT_GE(direct, 3);
}

// Direct reads on the SIMT kernel compile for sm_90 in both precisions: every orientation of A and B (k-rows or
// k-major), general and exact-fit, for the H200 winners sf5w0 / df5w0 with ROW layouts (tools/gpu-points.sh); the
// general both-k-major program and the exact-fit both-k-rows one for the PoCL test variants (every schedule; the
// orientations share the tile-load text). The family's routine plans hold no copy.
TEST(GemmNvrtc, SimtDirectReadVariantsCompileInEveryOrientationAndNeedNoCopies) {
    std::string why;
    if (!nvrtcAvailable(why)) GTEST_SKIP() << "NVRTC not loadable here: " << why;
    auto variants = kSimtDirectVariants;
    for (Precision prec : {F, D}) { // sf5w0 / df5w0: 128 x 128 x 8, 8 x 8 per work-item, prefetch 5, frags
        GemmParams winner =
            microKernel(variant(128, 128, 8, 8, 8, 1, prec == F ? 4 : 2, "ABU", "", ROW, ROW, prec), 0, 1, 1);
        winner.direct = 1;
        variants.push_back(winner);
    }
    bool f32 = false, f64 = false;
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const GemmParams& p = variants[i];
        const bool winner = i >= kSimtDirectVariants.size();
        SCOPED_TRACE(p.describe());
        ASSERT_LE(p.localMemBytes(), 48 * 1024);
        (p.precision == F ? f32 : f64) = true;
        for (bool aK : {false, true})
            for (bool bK : {false, true})
                for (bool exact : {false, true}) {
                    if (!winner && (aK != bK || aK == exact)) continue;
                    TnVariant v;
                    v.aKMajor = aK, v.bKMajor = bK, v.exactFit = exact;
                    const auto program = tnProgram(p, gpuLike(), v);
                    EXPECT_EQ(compile(program.source, program.options), "") << aK << bK << exact;
                }
        for (const auto& r : GemmFamily(p.precision).routinePlans(pointFromParams(p), gpuLike())) {
            ASSERT_EQ(r.plan.programs.size(), 2u); // the general and the exact-fit program
            EXPECT_EQ(r.plan.launches.size(), p.ksplit > 1 ? 4u : 2u) << "a copy launch in a direct plan";
        }
    }
    EXPECT_TRUE(f32 && f64);
}

// The BLAS3 routines' TN kernels on tensor cores: every triangle and k range of the variant, and every program of
// every routine's plan (symmetric-fill and triangular copies included), compile for sm_90; the variant's text is in.
TEST(GemmNvrtc, Blas3TensorCoreVariantsCompile) {
    std::string why;
    if (!nvrtcAvailable(why)) GTEST_SKIP() << "NVRTC not loadable here: " << why;
    auto hopper = gpuLike();
    hopper.computeCapabilityMajor = 9;
    const GemmParams p = kMmaVariants[3]; // m16n8k16, 64 x 128 blocks, k step 16
    ASSERT_EQ(p.ksplit, 1);
    const std::vector<TnVariant> variants = {
        {TnTriangle::Lower, TnKRange::All},        {TnTriangle::Upper, TnKRange::All},
        {TnTriangle::All, TnKRange::FromRowBlock}, {TnTriangle::All, TnKRange::ToRowBlock},
        {TnTriangle::All, TnKRange::FromColBlock}, {TnTriangle::All, TnKRange::ToColBlock}};
    for (const auto& v : variants) {
        const auto program = tnProgram(p, hopper, v);
        EXPECT_NE(program.source.find("mma.sync.aligned"), std::string::npos);
        for (const auto& line : tnVariantPrologue(v)) EXPECT_NE(program.source.find(line), std::string::npos) << line;
        EXPECT_NE(program.source.find(tnVariantStoreCondition(v)), std::string::npos);
        // Where the k range ends at the diagonal, the raster is reversed along that dimension (heaviest first).
        const bool rowsReversed = program.source.find("bm = (int)gridDim.y - 1 - bm0") != std::string::npos;
        const bool colsReversed = program.source.find("bn = (int)gridDim.x - 1 - bn0") != std::string::npos;
        EXPECT_EQ(rowsReversed, v.kRange == TnKRange::ToRowBlock) << int(v.kRange);
        EXPECT_EQ(colsReversed, v.kRange == TnKRange::ToColBlock) << int(v.kRange);
        EXPECT_EQ(compile(program.source, program.options), "") << int(v.triangle) << " " << int(v.kRange);
    }
    GemmParams split = p;
    split.ksplit = 2;
    EXPECT_THROW(tnProgram(split, hopper, variants[0]), std::invalid_argument);
    for (const char* routine : {"symm", "syrk", "syr2k", "trmm"}) {
        const Blas3Shape shape{routine, blas::Side::Right, blas::Uplo::Upper, blas::Op::T, blas::Diag::Unit};
        const auto plan = blas3Plan(shape, p, {}, hopper);
        for (const auto& src : plan.programs) EXPECT_EQ(compile(src.source, src.options), "") << routine;
    }
}

TEST(GemmNvrtc, TooMuchSharedMemoryIsABuildError) {
    std::string why;
    if (!nvrtcAvailable(why)) GTEST_SKIP() << "NVRTC not loadable here: " << why;
    // 64 KiB of static shared memory: what the space's DEV_LOCAL_MEM constraint keeps out on CUDA.
    const auto p = variant(64, 64, 128, 8, 8, 4, 8, "AB", "AB", RBL, RBL, F);
    ASSERT_GT(p.localMemBytes(), 48 * 1024);
    EXPECT_NE(compile(tnKernelSource(p), tnKernelOptions(p, gpuLike())), "");
}
