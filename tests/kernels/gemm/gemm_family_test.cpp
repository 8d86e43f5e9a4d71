// sgemm/dgemm as kt::Family: the space (size, device constraints, presets), sizes, and candidates run on PoCL.
#include <gtest/gtest.h>

#include <array>
#include <map>

#include "core/engine/program_cache.hpp"

#include <fstream>
#include <random>
#include <sstream>

#include "core/engine/candidate_measurer.hpp"
#include "core/engine/executor.hpp"
#include "core/engine/family_bound.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/gemm/blas3_family.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "kernels/presets.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::gemm;
using namespace kt::test;

namespace {

std::uint64_t countUpTo(const ParameterSpace& space, std::uint64_t limit) {
    std::uint64_t n = 0;
    space.forEachValid([&](const Point&) { return ++n < limit; });
    return n;
}
} // namespace

TEST(GemmFamily, GpuSpaceHasThePapersTenThousandVariants) {
    for (Precision prec : {F, D}) {
        SCOPED_TRACE(toString(prec));
        const DeviceInfo gpu = gpuLike();
        EXPECT_GE(countUpTo(gemmSpace(prec, true, &gpu), 10000), 10000u);
        EXPECT_GE(countUpTo(GemmFamily(prec).space(gpuLike()), 10000), 10000u);
    }
}

TEST(GemmFamily, TestVariantsCoverEveryValueOfEveryParameter) {
    // gemm_pocl_test runs kVariants on PoCL; together they must take every value of the extended space.
    const auto space = gemmSpace(F, false);
    for (const auto& param : space.parameters())
        for (ParamValue value : param.values) {
            bool found = false;
            for (const auto& p : kVariants) found = found || pointFromParams(p)[param.name] == value;
            // The tensor-core parameters are run by gemm_cuda_test (kMmaVariants; CUDA only).
            for (const auto& p : kMmaVariants) found = found || pointFromParams(p)[param.name] == value;
            EXPECT_TRUE(found) << param.name << "=" << value << " is not tested";
        }
    bool f32 = false, f64 = false;
    for (const auto& p : kVariants) (p.precision == F ? f32 : f64) = true;
    EXPECT_TRUE(f32 && f64);
}

TEST(GemmFamily, ValidPointsGenerateAndRespectTheDevice) {
    // Random valid points of the extended space: the generator accepts them, and the device limits hold.
    for (Precision prec : {F, D}) {
        const auto device = gpuLike();
        const auto space = GemmFamily(prec).space(device);
        std::mt19937_64 rng(7);
        int valid = 0;
        // The tensor-core parameters are the last digits of the index; SIMT points have them at 0 (their first value).
        std::uint64_t tail = 1;
        for (const char* name : {"GEMM_MMA", "GEMM_WM", "GEMM_STAGES", "GEMM_SWIZZLE", "GEMM_DBUF", "GEMM_LDS128",
                                 "GEMM_MINB", "GEMM_DIRECT", "GEMM_WARP_M", "GEMM_ORDER", "GEMM_FRAGS",
                                 "GEMM_CSTAGE"})
            tail *= space.parameters()[std::size_t(space.parameterIndex(name))].values.size();
        for (int tries = 0; tries < 200000 && valid < 300; ++tries) {
            const Point point = space.pointAt(rng() % (space.cartesianSize() / tail) * tail);
            if (!space.isValid(point)) continue;
            ++valid;
            const GemmParams p = paramsFromPoint(point, prec);
            ASSERT_EQ(p.invalidReason(), "") << point.key();
            ASSERT_LE(p.localMemBytes(), std::int64_t(device.localMemBytes)) << point.key();
            ASSERT_LE(p.wgSize(), 1024) << point.key();
            ASSERT_GE(p.wgSize(), 32) << point.key();
            if (p.imageA || p.imageB) {
                ASSERT_LE(p.vw * p.realBytes(), 16) << point.key();
            }
            ASSERT_FALSE(GemmFamily(prec).generate(point, device).source.empty());
        }
        EXPECT_EQ(valid, 300);
    }
    // Random tensor-core points of the dgemm space on an H100-like device (SIMT-only parameters at the one setting
    // the path takes): within the device's limits, one warp tile per 32 work-items, and they generate.
    auto hopper = gpuLike();
    hopper.computeCapabilityMajor = 9;
    const auto space = GemmFamily(D).space(hopper);
    const std::map<std::string, ParamValue> fixed = {{"GEMM_KS", 1},       {"GEMM_VW", 2},      {"GEMM_LOCAL_A", 1},
                                                     {"GEMM_LOCAL_B", 1},  {"GEMM_IMAGE_A", 0}, {"GEMM_IMAGE_B", 0},
                                                     {"GEMM_PREFETCH", 0}, {"GEMM_MAXREGS", 0}, {"GEMM_WARP_M", 0},
                                                     {"GEMM_ORDER", 0},    {"GEMM_FRAGS", 0}};
    std::mt19937_64 rng(11);
    std::array<int, 5> perShape{};
    int valid = 0;
    for (int tries = 0; tries < 200000 && valid < 300; ++tries) {
        std::vector<ParamValue> values;
        for (const auto& param : space.parameters()) {
            const auto f = fixed.find(param.name);
            values.push_back(f != fixed.end() ? f->second : param.values[rng() % param.values.size()]);
        }
        const Point point = space.makePoint(values);
        if (point["GEMM_MMA"] == 0 || !space.isValid(point)) continue;
        ++valid;
        const GemmParams p = paramsFromPoint(point, D);
        ++perShape[std::size_t(p.mma)];
        ASSERT_EQ(p.invalidReason(), "") << point.key();
        ASSERT_LE(p.localMemBytes(), std::int64_t(hopper.localMemOptInBytes)) << point.key();
        ASSERT_EQ(p.wgSize(), 32 * (p.ml / p.wm) * (p.nl / p.wn())) << point.key();
        ASSERT_NE(GemmFamily(D).generate(point, hopper).source.find("mma.sync"), std::string::npos);
    }
    EXPECT_EQ(valid, 300);
    for (int shape = 1; shape <= 4; ++shape) EXPECT_GT(perShape[std::size_t(shape)], 0) << "mma " << shape;
}

// The parameters refuse p naming `rule`, and the space refuses its point too.
static void expectRefused(const ParameterSpace& space, const GemmParams& p, const std::string& rule) {
    SCOPED_TRACE(p.describe());
    EXPECT_NE(p.invalidReason().find(rule), std::string::npos) << p.invalidReason();
    EXPECT_FALSE(space.isValid(pointFromParams(p)));
}

TEST(GemmFamily, MainloopOptionsRefusedWhereTheKernelCannotTakeThem) {
    // The second round's options (double-buffered fragments, 16-byte fragment loads, launch bounds): the space and the
    // parameters refuse the same points, with the rule named.
    auto hopper = gpuLike();
    hopper.computeCapabilityMajor = 9;
    const auto space = GemmFamily(D).space(hopper);
    const GemmParams base = mainloop(mmaVariant(3, 128, 64, 16, 8, 8, 64, 3, 3, CBL, CBL), 1, 1, 2);
    ASSERT_EQ(base.invalidReason(), "");
    EXPECT_TRUE(space.isValid(pointFromParams(base))) << space.brokenConstraint(pointFromParams(base)).value_or("");
    auto refused = [&](const GemmParams& p, const std::string& rule) { expectRefused(space, p, rule); };
    GemmParams oneStep = base; // m16n8k8 with kl 8: one k-step, so the two register sets would swap roles per block
    oneStep.kl = 8;
    refused(oneStep, "even number of k-steps");
    GemmParams swizzle2 = base; // 16-byte pairs over rows k..k+3 need the 4-row swizzle to avoid bank conflicts
    swizzle2.swizzle = 2;
    refused(swizzle2, "16-byte fragment loads");
    GemmParams m8 = base; // m8n8k4 has one A value per thread: nothing to pair
    m8.mma = 1;
    refused(m8, "16-byte fragment loads");
    GemmParams narrow = mainloop(mmaVariant(3, 128, 64, 16, 4, 4, 64, 3, 3, CBL, CBL), 0, 1); // warp tile 64 x 8
    refused(narrow, "multiple of 16");
    GemmParams minBlocks = base;
    minBlocks.minBlocks = 3;
    EXPECT_NE(minBlocks.invalidReason().find("minblocks"), std::string::npos);
    GemmParams simt = kVariants.front(); // SIMT points keep them at 0
    simt.dbuf = 1;
    refused(simt, "tensor-core path");
}

TEST(GemmFamily, StagedStoreOfCTakesTheLargerOfRingAndSlabs) {
    // GEMM_CSTAGE: tensor cores only (the space and the parameters refuse it on SIMT points); its slabs (a warp's MMA
    // m rows, padded by one) share the ring's shared memory, so the kernel reserves the larger of the two, and the
    // space refuses slabs beyond the opt-in limit.
    auto hopper = gpuLike();
    hopper.computeCapabilityMajor = 9;
    hopper.localMemOptInBytes = 227 * 1024;
    const auto space = GemmFamily(D).space(hopper);
    GemmParams simt = kVariants.front();
    simt.cstage = 1;
    expectRefused(space, simt, "cstage");
    const GemmParams wide = stagedC(mmaVariant(2, 128, 128, 4, 8, 8, 16, 2, 2, RBL, CBL, 2)); // 8 warps, tiles 16 x 128
    ASSERT_EQ(wide.invalidReason(), "");
    EXPECT_EQ(wide.cstageBytes(), 8 * 16 * 129 * 8);
    EXPECT_EQ(wide.localMemBytes(), wide.cstageBytes()); // the ring is 16 KiB
    EXPECT_TRUE(space.isValid(pointFromParams(wide)));
    GemmParams unstaged = wide;
    unstaged.cstage = 0;
    EXPECT_EQ(unstaged.localMemBytes(), (128 + 128) * 4 * 8 * 2);
    const auto source = GemmFamily(D).generate(pointFromParams(wide), hopper).source;
    EXPECT_NE(source.find("KT_DYNAMIC_LOCAL(gemm_tn, " + std::to_string(wide.cstageBytes()) + ")"), std::string::npos);
    EXPECT_NE(source.find("#define GEMM_CSTAGE 1"), std::string::npos);
    // 32 warps with tiles of 16 x 128: slabs of 16 x 129 doubles, 528 KiB, beyond the opt-in limit (unstaged: valid).
    GemmParams huge = stagedC(mmaVariant(2, 256, 256, 4, 8, 8, 16, 2, 2, RBL, CBL));
    EXPECT_GT(huge.cstageBytes(), std::int64_t(hopper.localMemOptInBytes));
    EXPECT_FALSE(space.isValid(pointFromParams(huge)));
    huge.cstage = 0;
    EXPECT_TRUE(space.isValid(pointFromParams(huge)));
}

TEST(GemmFamily, MicroKernelOptionsRefusedWhereTheKernelCannotTakeThem) {
    // The SIMT micro-kernel options: the space and the parameters refuse the same points, with the rule named.
    const auto space = GemmFamily(D).space(gpuLike());
    const GemmParams base = microKernel(variant(128, 128, 8, 8, 8, 1, 2, "ABD", "", CBL, CBL, D), 4, 1, 1);
    ASSERT_EQ(base.invalidReason(), "");
    EXPECT_TRUE(space.isValid(pointFromParams(base))) << space.brokenConstraint(pointFromParams(base)).value_or("");
    auto refused = [&](const GemmParams& p, const std::string& rule) { expectRefused(space, p, rule); };
    GemmParams narrow = base; // 16 x 8 work-items: warps of 8 x 4 tile it, warps of 2 x 16 do not
    narrow.nl = 64;
    narrow.warpM = 2;
    refused(narrow, "must tile");
    GemmParams noPrefetch = base; // the schedule moves prefetched tiles (prefetch 1: one buffer, 2 and 3: two)
    noPrefetch.prefetch = 0;
    refused(noPrefetch, "prefetch 1 to 6");
    GemmParams peeledNoFrags = base; // prefetch 6 is the one-buffer fragment schedule, peeled
    peeledNoFrags.prefetch = 6, peeledNoFrags.frags = 0;
    refused(peeledNoFrags, "it needs frags 1");
    for (int prefetch : {1, 3}) {
        GemmParams other = base;
        other.prefetch = prefetch;
        EXPECT_EQ(other.invalidReason(), "");
        EXPECT_TRUE(space.isValid(pointFromParams(other))) << prefetch;
    }
    GemmParams oddKl = base; // the fragment slots alternate by k-step: an odd kl would swap them every k-block
    oddKl.kl = 6;
    EXPECT_EQ(oddKl.invalidReason(), "");
    oddKl.kl = 3;
    EXPECT_NE(oddKl.invalidReason().find("an even kl"), std::string::npos);
    GemmParams twoSteps = base;
    twoSteps.ks = 2;
    refused(twoSteps, "ks 1");
    // Direct reads on the SIMT kernel: ROW/ROW, both tiles local (frags needs them too), no images; in both spaces
    // (the pad of a k-major tile counted in the local-memory bound).
    GemmParams direct = base;
    direct.direct = 1;
    refused(direct, "ROW/ROW");
    direct.layoutA = direct.layoutB = ROW;
    EXPECT_EQ(direct.invalidReason(), "");
    EXPECT_TRUE(space.isValid(pointFromParams(direct))) << space.brokenConstraint(pointFromParams(direct)).value_or("");
    GemmParams plain = direct; // no fragment pipeline, prefetch 0: the local=AB rule itself
    plain.frags = 0, plain.prefetch = 0, plain.localA = false;
    refused(plain, "local=AB");
    plain.localA = true, plain.imageB = true;
    refused(plain, "no images");
    for (Precision prec : {F, D}) {
        GemmParams winner = direct; // sf5w0 / df5w0 with direct reads (tools/gpu-sgemm-direct.sh)
        winner.precision = prec, winner.vw = prec == F ? 4 : 2, winner.prefetch = 5, winner.warpM = 0;
        EXPECT_TRUE(GemmFamily(prec).space(gpuLike()).isValid(pointFromParams(winner))) << toString(prec);
        EXPECT_LE(winner.localMemBytes(), 48 * 1024);
    }
    GemmParams tensor = mmaVariant(3, 128, 64, 16, 8, 8, 64, 3, 3, CBL, CBL);
    tensor.order = 1;
    EXPECT_NE(tensor.invalidReason().find("SIMT kernel"), std::string::npos) << tensor.invalidReason();
}

TEST(GemmFamily, PapersFastestKernelsAreInThePaperSpace) {
    DeviceInfo tahiti; // Radeon HD 7970 (paper 003, Table I) as its OpenCL driver reports it
    tahiti.type = DeviceType::Gpu;
    tahiti.localMemBytes = 32 * 1024;
    tahiti.maxWorkGroupSize = 256;
    tahiti.maxWorkItemSizes = {256, 256, 256};
    tahiti.fp64 = true;
    for (Precision prec : {F, D}) {
        const auto space = gemmSpace(prec, true, &tahiti);
        const auto best = paperBestTn(prec);
        ASSERT_EQ(best.size(), 3u);
        for (const auto& p : best) {
            EXPECT_EQ(p.invalidReason(), "") << p.describe();
            const auto point = space.adopt(pointFromParams(p));
            ASSERT_TRUE(point.has_value());
            EXPECT_TRUE(space.isValid(*point)) << p.describe();
        }
    }
}

TEST(GemmFamily, TensorCorePointsOnlyOnCudaDevicesThatHaveThem) {
    auto hopper = gpuLike(), ampere = gpuLike(), opencl = gpuLike();
    hopper.computeCapabilityMajor = 9, ampere.computeCapabilityMajor = 8;
    opencl.computeCapabilityMajor = 9, opencl.backend = BackendKind::OpenCL;
    const auto onHopper = GemmFamily(D).space(hopper), onAmpere = GemmFamily(D).space(ampere);
    const auto onOpenCl = GemmFamily(D).space(opencl), sgemm = GemmFamily(F).space(hopper);
    for (const auto& p : kMmaVariants) {
        SCOPED_TRACE(p.describe());
        ASSERT_EQ(p.invalidReason(), "");
        const Point point = pointFromParams(p);
        EXPECT_TRUE(onHopper.isValid(point)) << onHopper.brokenConstraint(point).value_or("");
        EXPECT_EQ(onAmpere.isValid(point), p.mma == 1); // m8n8k4 from sm_80, the m16n8k* shapes from sm_90
        EXPECT_FALSE(onOpenCl.isValid(point));          // OpenCL keeps the SIMT path
        GemmParams f32 = p;
        f32.precision = F;
        EXPECT_NE(f32.invalidReason(), ""); // SGEMM stays exact FP32
        EXPECT_FALSE(sgemm.isValid(pointFromParams(f32)));
        EXPECT_EQ(paramsFromPoint(point, D).describe(), p.describe());
        // A SIMT-only setting on a tensor-core point is refused by the space and by the parameters.
        GemmParams prefetch = p;
        prefetch.prefetch = 1;
        EXPECT_NE(prefetch.invalidReason(), "");
        EXPECT_FALSE(onHopper.isValid(pointFromParams(prefetch)));
    }
    // SIMT points keep the tensor-core parameters at 0.
    GemmParams simt = kVariants[1];
    simt.stages = 3;
    EXPECT_NE(simt.invalidReason(), "");
    EXPECT_FALSE(onHopper.isValid(pointFromParams(simt)));
}

// The double BLAS3 families take dgemm's tensor-core points (ksplit 1) where dgemm does, and no other device.
TEST(GemmFamily, Blas3FamiliesTakeTensorCorePointsWhereDgemmDoes) {
    auto hopper = gpuLike(), opencl = gpuLike();
    hopper.computeCapabilityMajor = 9;
    opencl.computeCapabilityMajor = 9, opencl.backend = BackendKind::OpenCL;
    for (const char* routine : {"symm", "syrk", "syr2k", "trmm"}) {
        SCOPED_TRACE(routine);
        const Blas3Family d(routine, D), s(routine, F);
        const auto onHopper = d.space(hopper), onOpenCl = d.space(opencl);
        for (const auto& p : kMmaVariants) {
            const Point point = pointFromParams(p);
            EXPECT_EQ(onHopper.isValid(point), p.ksplit == 1) << p.describe();
            EXPECT_FALSE(onOpenCl.isValid(point));
            if (p.ksplit == 1) EXPECT_EQ(paramsFromPoint(d.pointFromKey(point.key(), hopper), D).mma, p.mma);
            GemmParams f32 = p;
            f32.precision = F;
            EXPECT_FALSE(s.space(hopper).isValid(pointFromParams(f32))); // single precision stays SIMT
        }
    }
}

TEST(GemmFamily, DeviceConstraintsBite) {
    auto small = gpuLike();
    small.localMemBytes = 1024; // a tile of 16 x 16 floats is already too large with both shared
    const auto space = GemmFamily(F).space(small);
    GemmParams p = variant(64, 64, 16, 4, 4, 2, 2, "AB", "", CBL, CBL, F);
    EXPECT_FALSE(space.isValid(pointFromParams(p)));
    p.localA = p.localB = false;
    EXPECT_TRUE(space.isValid(pointFromParams(p)));
    // No fp64: dgemm has no valid point at all.
    EXPECT_EQ(countUpTo(GemmFamily(D).space(gpuLike(false)), 1), 0u);
}

TEST(GemmFamily, PresetFilesMatchTheBuiltInSpaces) {
    for (Precision prec : {F, D})
        for (bool paper : {false, true}) {
            const auto builtIn = gemmSpace(prec, paper);
            const std::string file = std::string(KT_SOURCE_DIR) + "/resources/presets/" + builtIn.name + ".json";
            SCOPED_TRACE(file);
            const auto preset = ParameterSpace::fromFile(file);
            ASSERT_EQ(preset.parameters().size(), builtIn.parameters().size());
            for (std::size_t i = 0; i < preset.parameters().size(); ++i) {
                EXPECT_EQ(preset.parameters()[i].name, builtIn.parameters()[i].name);
                EXPECT_EQ(preset.parameters()[i].values, builtIn.parameters()[i].values);
                EXPECT_EQ(preset.parameters()[i].absentValue, builtIn.parameters()[i].absentValue);
            }
            ASSERT_EQ(preset.constraints().size(), builtIn.constraints().size());
            for (std::size_t i = 0; i < preset.constraints().size(); ++i)
                EXPECT_EQ(preset.constraints()[i].expression, builtIn.constraints()[i].expression);
        }
    EXPECT_EQ(GemmFamily(F).presetNames(), (std::vector<std::string>{"sgemm", "sgemm-paper"}));
    // The family's preset names are the embedded presets `ktune tune --preset` loads.
    for (Precision prec : {F, D})
        for (const auto& name : GemmFamily(prec).presetNames())
            EXPECT_EQ(kernels::presetSpace(name).parameters().size(), gemmSpace(prec, false).parameters().size()) << name;
}

TEST(GemmFamily, SizesWorkAndPointConversion) {
    GemmFamily f(F);
    EXPECT_EQ(f.name(), "sgemm");
    EXPECT_EQ(GemmFamily(D).name(), "dgemm");
    EXPECT_EQ(f.defaultSizes(gpuLike()), (std::vector<ProblemSize>{{{1536, 1536, 1536}}, {{4096, 4096, 4096}}}));
    DeviceInfo cpu;
    cpu.type = DeviceType::Cpu;
    EXPECT_EQ(f.defaultSizes(cpu), (std::vector<ProblemSize>{{{768, 768, 768}}, {{1536, 1536, 1536}}}));
    const auto second = secondStageSizes(gpuLike());
    ASSERT_EQ(second.size(), 32u);
    EXPECT_EQ(second.front(), (ProblemSize{{256, 256, 256}}));
    EXPECT_EQ(second.back(), (ProblemSize{{8192, 8192, 8192}}));
    EXPECT_EQ(secondStageSizes(cpu).back(), (ProblemSize{{1536, 1536, 1536}}));
    EXPECT_DOUBLE_EQ(f.work({{100, 20, 3}}), 2.0 * 100 * 20 * 3);
    EXPECT_DOUBLE_EQ(f.flops({{100, 20, 3}}), 2.0 * 100 * 20 * 3);
    EXPECT_DOUBLE_EQ(f.bytes({{100, 20, 3}}), (100.0 * 3 + 3 * 20 + 2 * 100 * 20) * 4);
    EXPECT_EQ(f.precision(), Precision::F32);
    for (const auto& p : kVariants) {
        const auto back = paramsFromPoint(pointFromParams(p), p.precision);
        EXPECT_EQ(back.describe(), p.describe());
    }
    // A point that misses parameters keeps the defaults; a bad value names its parameter.
    const Point partial = Point::fromKey("GEMM_ML=32,GEMM_MS=2");
    EXPECT_EQ(paramsFromPoint(partial, F).ml, 32);
    EXPECT_EQ(paramsFromPoint(partial, F).nl, GemmParams{}.nl);
    try {
        paramsFromPoint(Point::fromKey("GEMM_LAYOUT_A=5"), F);
        FAIL() << "layout 5 accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("GEMM_LAYOUT_A"), std::string::npos);
    }
    EXPECT_FALSE(f.supports(pointFromParams(GemmParams{}), {{100000, 100000, 100000}}));
    EXPECT_TRUE(f.supports(pointFromParams(GemmParams{}), {{4096, 4096, 4096}}));
}

TEST(GemmFamily, ComputeBoundAtLargeSizesFromItsMetadata) {
    DeviceProfile profile;
    profile.copyBandwidthGBs = 3000;
    profile.fp32PeakGFlops = 50000;
    profile.fp64PeakGFlops = 25000;
    const GemmFamily s(F), d(D);
    EXPECT_EQ(boundFor(s, profile, {{8192, 8192, 8192}})->kind, BoundKind::ComputeF32);
    EXPECT_EQ(boundFor(d, profile, {{8192, 8192, 8192}})->kind, BoundKind::ComputeF64);
    EXPECT_DOUBLE_EQ(boundFor(d, profile, {{8192, 8192, 8192}})->value, 25000);
    // A skinny product (k = 1) moves far more than it computes.
    EXPECT_EQ(boundFor(s, profile, {{8192, 8192, 1}})->kind, BoundKind::Bandwidth);
}

TEST(GemmFamily, RegistersBothPrecisions) {
    registerGemmFamilies();
    ASSERT_NE(FamilyRegistry::instance().find("sgemm"), nullptr);
    ASSERT_NE(FamilyRegistry::instance().find("dgemm"), nullptr);
}

TEST(GemmFamily, CandidatesRunAndVerifyOnPocl) {
    auto device = openPoclDevice();
    if (!device) GTEST_SKIP() << "no PoCL device";
    // Test variants and the papers' best kernels; ragged sizes; several runs (C is restored).
    std::vector<GemmParams> candidates{kVariants.at(0), kVariants.at(1), kVariants.at(2), kVariants.at(8)};
    for (Precision prec : {F, D})
        for (const auto& p : paperBestTn(prec)) candidates.push_back(p);
    for (auto p : candidates) {
        SCOPED_TRACE(p.describe());
        p.maxRegs = 0; // PoCL takes no register cap (the space excludes one there)
        GemmFamily family(p.precision);
        const Point point = pointFromParams(p);
        ProgramCache programs(*device);
        auto run = family.instantiate(*device, point, programs);
        run->prepare({{37, 45, 29}}, 3);
        EXPECT_FALSE(run->verify().ok) << "the poisoned C must not pass before any run";
        for (int r = 0; r < 3; ++r) EXPECT_GE(run->run(), 0.0);
        const auto v = run->verify();
        EXPECT_TRUE(v.ok) << v.message;
        run->prepare({{1, 7, 1}}, 4); // the same candidate at another size
        run->run();
        EXPECT_TRUE(run->verify().ok);
    }
}

TEST(GemmFamily, EngineMeasuresAndVerifiesCandidatesOnPocl) {
    auto device = openPoclDevice();
    if (!device) GTEST_SKIP() << "no PoCL device";
    auto family = std::make_shared<GemmFamily>(D);
    CandidateMeasurer measurer(*device, family);
    MeasureOptions options;
    options.timedRuns = 3;
    const Point good = pointFromParams(variant(32, 16, 8, 4, 2, 2, 2, "AB", "A", RBL, CBL, D));
    const auto ok = measurer.measure(good, {{{65, 33, 40}}, {{7, 1, 255}}}, options);
    ASSERT_EQ(ok.size(), 2u);
    for (const auto& m : ok) {
        EXPECT_EQ(m.status, MeasurementStatus::Ok) << m.error;
        EXPECT_EQ(m.timesMs.size(), 3u);
        EXPECT_GT(m.value, 0.0);
    }
    // An invalid point (ms does not divide ml) becomes a recorded failure naming the parameter, not a crash.
    GemmParams bad = variant(48, 16, 8, 4, 2, 2, 2, "", "", ROW, ROW, D);
    bad.ms = 5;
    const auto failed = measurer.measure(pointFromParams(bad), {{{16, 16, 16}}}, options);
    ASSERT_EQ(failed.size(), 1u);
    EXPECT_NE(failed[0].status, MeasurementStatus::Ok);
    EXPECT_NE(failed[0].error.find("ms"), std::string::npos) << failed[0].error;
}

TEST(GemmFamily, IsolatedWorkerFindsAndMeasuresSgemm) {
    auto device = openPoclDevice();
    if (!device) GTEST_SKIP() << "no PoCL device";
    // `ktune worker` registers the built-in families itself: sgemm must be among them.
    ExecutorConfig config;
    config.deviceId = device->info().stableId();
    config.family = "sgemm";
    config.measure.timedRuns = 2;
    config.compileThreads = 1;
    config.workerPath = KT_KTUNE_PATH;
    auto executor = makeIsolatedExecutor(config);
    const auto result = executor->measure(pointFromParams(kVariants.at(2)), {{{50, 40, 30}}});
    ASSERT_EQ(result.size(), 1u);
    EXPECT_EQ(result[0].status, MeasurementStatus::Ok) << result[0].error;
    EXPECT_EQ(result[0].family, "sgemm");
    EXPECT_EQ(result[0].timesMs.size(), 2u);
    EXPECT_GT(result[0].value, 0.0);
}

TEST(GemmFamily, RegisterCapsOnlyWhereTheCompilerTakesThemAndBelowTheWorkGroupLimit) {
    const DeviceInfo cuda = gpuLike();
    DeviceInfo pocl;
    pocl.type = DeviceType::Cpu, pocl.vendor = "The pocl project", pocl.fp64 = true;
    pocl.localMemBytes = 4 << 20, pocl.maxWorkGroupSize = 4096, pocl.maxWorkItemSizes = {4096, 4096, 4096};
    // 8x8 doubles, 128 work-items, one register step: (64 + 16) x 2 registers + 8 for addresses fit 168.
    auto p = capped(variant(64, 128, 8, 8, 8, 1, 2, "ABP", "", CBL, CBL, D), 168);
    EXPECT_TRUE(gemmSpace(D, false, &cuda, true).isValid(pointFromParams(p)));
    EXPECT_FALSE(gemmSpace(D, false, &pocl, true).isValid(pointFromParams(p)));  // PoCL takes no cap
    EXPECT_TRUE(gemmSpace(D, false, &pocl, true).isValid(pointFromParams(capped(p, 0))));
    EXPECT_FALSE(gemmSpace(D, false, &cuda, true).isValid(pointFromParams(capped(p, 96))));  // accumulators would spill
    p.ks = 2; // two steps of A and B values: 192 + 8 registers do not fit 168
    EXPECT_FALSE(gemmSpace(D, false, &cuda, true).isValid(pointFromParams(capped(p, 168))));
    // 1024 work-items get at most 64 registers anyway: a cap of 64 or more would repeat the uncapped variant.
    const auto wide = capped(variant(128, 128, 8, 4, 4, 1, 2, "ABP", "", CBL, CBL, F), 64);
    EXPECT_FALSE(gemmSpace(F, false, &cuda, true).isValid(pointFromParams(wide)));
    EXPECT_TRUE(gemmSpace(F, false, &cuda, true).isValid(pointFromParams(capped(wide, 0))));
    // The default spaces leave the caps out (no gain on Hopper, four times the space); the register-cap space has them.
    const auto fits = capped(variant(64, 128, 8, 8, 8, 1, 2, "ABP", "", CBL, CBL, D), 168);
    EXPECT_TRUE(gemmSpace(D, false, &cuda, true).isValid(pointFromParams(fits)));
    EXPECT_FALSE(GemmFamily(D).space(cuda).isValid(pointFromParams(fits)));
    // Stored points from before the parameter existed mean "no cap".
    EXPECT_EQ(paramsFromPoint(Point(), D).maxRegs, 0);
}

TEST(GemmFamily, KeysStoredBeforeTheRegisterCapAndSplitKStillParse) {
    // Keys stored before 2026-11-22 round 3 name 14 parameters; the two added since mean "no cap" and "no split" when absent.
    const std::string old = "GEMM_ML=128,GEMM_NL=128,GEMM_KL=8,GEMM_MS=8,GEMM_NS=8,GEMM_KS=2,GEMM_VW=2,GEMM_LOCAL_A=1,"
                            "GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,GEMM_LAYOUT_B=1,GEMM_PREFETCH=1";
    const auto point = GemmFamily(D).space(gpuLike()).pointFromKey(old);
    EXPECT_EQ(point["GEMM_MAXREGS"], 0);
    EXPECT_EQ(point["GEMM_KSPLIT"], 1);
    EXPECT_EQ(paramsFromPoint(point, D).describe(), paramsFromPoint(Point::fromKey(old), D).describe());
    // Other parameters keep being required.
    EXPECT_THROW(GemmFamily(D).space(gpuLike()).pointFromKey("GEMM_ML=128"), std::invalid_argument);
}
