// SYMV_PDL under NVRTC (no GPU needed): the tiled program compiles for sm_90 with griddepcontrol in its PTX (the
// release in symv_scale, the wait in symv_tiled), sm_80 and SYMV_PDL 0 get none; the plan overlaps the tiled launch
// only for SYMV_PDL 1; the space allows it only on CUDA devices of compute capability 9.0 and newer.
#include <gtest/gtest.h>

#include <string>

#include "core/engine/backend.hpp"
#include "devices/cuda/nvrtc_compiler.hpp"
#include "kernels/symv/symv_family.hpp"

using namespace kt;
using namespace kt::symv;

namespace {

DeviceInfo cudaDevice(int ccMajor) {
    DeviceInfo d;
    d.backend = BackendKind::Cuda;
    d.type = DeviceType::Gpu, d.fp64 = true, d.atomics64 = true;
    d.localMemBytes = 48 << 10, d.maxWorkGroupSize = 1024, d.maxWorkItemSizes = {1024, 1024, 64};
    d.localMemPerComputeUnitBytes = 228 << 10;
    d.computeCapabilityMajor = ccMajor;
    return d;
}

// The tiled point of the 2026-11-28 run-U rule (docs/perf/h200-2026-11-28/run-U/rule-cuda.json) with SYMV_PDL.
Point tiledPoint(int pdl, int fuse = 0) {
    return Point::fromKey("SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,SYMV_VW=1,"
                          "SYMV_CG=4,SYMV_CHUNK=4,SYMV_FUSE=" +
                          std::to_string(fuse) + ",SYMV_ONE_LAUNCH=0,SYMV_PDL=" + std::to_string(pdl));
}

// PTX of the point's program for compute_<cc>0, or a skip reason in `why` when NVRTC cannot be loaded.
std::string ptxOf(const SymvFamily& family, const Point& point, int ccMajor, std::string& why) {
    const auto plan = family.plan(point, cudaDevice(ccMajor));
    if (!plan) return {};
    const auto& program = plan->programs.at(0);
    try {
        return devices::cuda::compileNvrtcPtx(program.source, program.options, ccMajor, 0);
    } catch (const BuildError& e) {
        ADD_FAILURE() << e.what() << "\n" << e.log();
    } catch (const BackendError& e) {
        why = e.what();
    }
    return {};
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

} // namespace

TEST(SymvNvrtc, PdlProgramHasGridDependencyControlOnSm90Only) {
    for (auto precision : {Precision::F32, Precision::F64})
        for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper}) {
            const SymvFamily family(precision, uplo);
            SCOPED_TRACE(family.name());
            std::string why;
            const std::string hopper = ptxOf(family, tiledPoint(1), 9, why);
            if (!why.empty()) GTEST_SKIP() << "NVRTC not loadable here: " << why;
            ASSERT_FALSE(hopper.empty());
            // One release (symv_scale) and one wait (symv_tiled); the kernels are the PTX's entries.
            EXPECT_EQ(count(hopper, "griddepcontrol.launch_dependents"), 1u) << hopper.substr(0, 2000);
            EXPECT_GE(count(hopper, "griddepcontrol.wait"), 1u);
            const auto scale = hopper.find(".entry symv_scale"), tiled = hopper.find(".entry symv_tiled");
            ASSERT_NE(scale, std::string::npos);
            ASSERT_NE(tiled, std::string::npos);
            // Each instruction lies in its kernel's body: the release after symv_scale's entry and before the next
            // entry, the wait after symv_tiled's.
            const auto release = hopper.find("griddepcontrol.launch_dependents", scale);
            EXPECT_LT(release, hopper.find(".entry", scale + 1));
            EXPECT_NE(hopper.find("griddepcontrol.wait", tiled), std::string::npos);
            // The same source for sm_80 (no such instructions there) and SYMV_PDL 0 on sm_90: none.
            const std::string ampere = ptxOf(family, tiledPoint(1), 8, why);
            ASSERT_FALSE(ampere.empty());
            EXPECT_EQ(count(ampere, "griddepcontrol"), 0u);
            const std::string plain = ptxOf(family, tiledPoint(0), 9, why);
            ASSERT_FALSE(plain.empty());
            EXPECT_EQ(count(plain, "griddepcontrol"), 0u);
            // And it assembles for the real architecture (a CUBIN for sm_90).
            const auto plan = family.plan(tiledPoint(1), cudaDevice(9));
            EXPECT_NO_THROW(devices::cuda::compileNvrtc(plan->programs[0].source, plan->programs[0].options, 9, 0));
        }
}

TEST(SymvNvrtc, PdlOverlapsTheTiledLaunchOnly) {
    const SymvFamily family(Precision::F64, blas::Uplo::Lower);
    for (int pdl : {0, 1}) {
        const auto plan = family.plan(tiledPoint(pdl), cudaDevice(9));
        ASSERT_TRUE(plan);
        ASSERT_EQ(plan->launches.size(), 2u);
        EXPECT_EQ(plan->launches[0].kernel, "symv_scale");
        EXPECT_FALSE(plan->launches[0].overlapsPrevious);
        EXPECT_EQ(plan->launches[1].kernel, "symv_tiled");
        EXPECT_EQ(plan->launches[1].overlapsPrevious, pdl == 1);
        // The routine runs the same plan.
        const auto routine = family.routinePlans(tiledPoint(pdl), cudaDevice(9));
        ASSERT_EQ(routine.size(), 1u);
        EXPECT_EQ(routine[0].plan.launches.back().overlapsPrevious, pdl == 1);
    }
    // SYMV_PDL 1 elsewhere is refused with its reason (the space never offers it there).
    EXPECT_THROW(family.plan(tiledPoint(1, 1), cudaDevice(9)), std::invalid_argument);
    EXPECT_THROW(family.plan(Point::fromKey("SYMV_ALGO=1,SYMV_BLOCK_SIZE=128,SYMV_UX=16,SYMV_MULTIPLICITY=4,SYMV_MX=0,"
                                            "SYMV_VW=1,SYMV_CG=1,SYMV_CHUNK=1,SYMV_FUSE=0,SYMV_ONE_LAUNCH=0,SYMV_PDL=1"),
                             cudaDevice(9)),
                 std::invalid_argument);
}

TEST(SymvNvrtc, SpaceOffersPdlOnCudaSm90AndTheUnfusedTiledAlgorithmOnly) {
    const SymvFamily family(Precision::F64, blas::Uplo::Lower);
    EXPECT_TRUE(family.space(cudaDevice(9)).isValid(tiledPoint(1)));
    EXPECT_TRUE(family.space(cudaDevice(10)).isValid(tiledPoint(1)));
    EXPECT_TRUE(family.space(cudaDevice(9)).isValid(tiledPoint(0)));
    EXPECT_FALSE(family.space(cudaDevice(8)).isValid(tiledPoint(1)));
    EXPECT_TRUE(family.space(cudaDevice(8)).isValid(tiledPoint(0)));
    DeviceInfo opencl = cudaDevice(9);
    opencl.backend = BackendKind::OpenCL;
    EXPECT_FALSE(family.space(opencl).isValid(tiledPoint(1)));
    EXPECT_FALSE(family.space(cudaDevice(9)).isValid(tiledPoint(1, 1)));
    EXPECT_FALSE(family.space(cudaDevice(9)).isValid(tiledPoint(1, 2)));
    // A key stored before SYMV_PDL existed plans as SYMV_PDL 0.
    const Point old = Point::fromKey("SYMV_ALGO=3,SYMV_BLOCK_SIZE=128,SYMV_UX=32,SYMV_MULTIPLICITY=8,SYMV_MX=0,"
                                     "SYMV_VW=1,SYMV_CG=4,SYMV_CHUNK=4,SYMV_FUSE=0,SYMV_ONE_LAUNCH=0");
    const auto plan = family.plan(old, cudaDevice(9));
    ASSERT_TRUE(plan);
    EXPECT_FALSE(plan->launches.back().overlapsPrevious);
}
