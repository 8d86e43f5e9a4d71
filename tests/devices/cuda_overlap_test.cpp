// The CUDA device's choice between a programmatic dependent launch and a plain one (launch_overlap.hpp), no GPU.
#include <gtest/gtest.h>

#include <string>

#include "devices/cuda/launch_overlap.hpp"

using namespace kt::devices::cuda;

namespace {
OverlapState hopperAfterItsKernel() {
    OverlapState s;
    s.launchEx = true, s.ccMajor = 9, s.previousIsKernel = true;
    return s;
}
} // namespace

TEST(CudaOverlap, ProgrammaticOnSm90AfterTheCallersKernel) {
    EXPECT_TRUE(useProgrammaticLaunch(hopperAfterItsKernel()));
    EXPECT_EQ(std::string(plainLaunchReason(hopperAfterItsKernel())), "");
    OverlapState blackwell = hopperAfterItsKernel();
    blackwell.ccMajor = 10;
    EXPECT_TRUE(useProgrammaticLaunch(blackwell));
}

TEST(CudaOverlap, PlainWhereAnyConditionFailsWithItsReason) {
    OverlapState ampere = hopperAfterItsKernel();
    ampere.ccMajor = 8;
    EXPECT_FALSE(useProgrammaticLaunch(ampere));
    EXPECT_NE(std::string(plainLaunchReason(ampere)).find("9.0"), std::string::npos);
    OverlapState oldDriver = hopperAfterItsKernel();
    oldDriver.launchEx = false;
    EXPECT_FALSE(useProgrammaticLaunch(oldDriver));
    EXPECT_NE(std::string(plainLaunchReason(oldDriver)).find("cuLaunchKernelEx"), std::string::npos);
    // After the launch gate's kernel, an event (a timed span's start) or a transfer: never overlapped.
    OverlapState afterGate = hopperAfterItsKernel();
    afterGate.previousIsKernel = false;
    EXPECT_FALSE(useProgrammaticLaunch(afterGate));
    EXPECT_NE(std::string(plainLaunchReason(afterGate)).find("previous operation"), std::string::npos);
    OverlapState off = hopperAfterItsKernel();
    off.disabled = true;
    EXPECT_FALSE(useProgrammaticLaunch(off));
    EXPECT_NE(std::string(plainLaunchReason(off)).find("off"), std::string::npos);
    EXPECT_FALSE(useProgrammaticLaunch(OverlapState{}));
}
