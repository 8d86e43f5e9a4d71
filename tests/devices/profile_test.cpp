// Device profile microbenchmarks on the local OpenCL device (PoCL) and, where present, CUDA.
#include <gtest/gtest.h>

#include "kernels/profile/device_profiler.hpp"
#include "tests/devices/test_devices.hpp"

namespace kt {
namespace {

void checkProfile(BackendKind kind) {
    auto opened = test::openFirst(kind);
    if (!opened.device) GTEST_SKIP() << opened.whyNot;
    auto options = kernels::defaultProfileOptions(opened.device->info());
    if (opened.device->info().type != DeviceType::Gpu) {
        options.maxCopyBytes = std::size_t{8} << 20; // keeps the CPU run to a second or two
        options.repetitions = 2;
        options.targetMs = 20;
    }
    DeviceProfile p = kernels::profileDevice(*opened.device, options);
    EXPECT_GT(p.copyBandwidthGBs, 0.0);
    EXPECT_LT(p.copyBandwidthGBs, 100000.0) << "more than 100 TB/s is a timing error";
    EXPECT_GT(p.fp32PeakGFlops, 0.0);
    EXPECT_LT(p.fp32PeakGFlops, 1e6);
    if (opened.device->info().fp64)
        EXPECT_GT(p.fp64PeakGFlops, 0.0);
    else
        EXPECT_EQ(p.fp64PeakGFlops, 0.0);
    EXPECT_EQ(p.measuredAt.size(), 20u) << p.measuredAt; // 2026-11-22T03:00:00Z
    std::cout << opened.device->info().label() << ": copy " << p.copyBandwidthGBs << " GB/s, fp32 " << p.fp32PeakGFlops
              << " GF/s, fp64 " << p.fp64PeakGFlops << " GF/s\n";
}

TEST(DeviceProfile, OpenCLPositiveNumbers) { checkProfile(BackendKind::OpenCL); }

TEST(DeviceProfile, DefaultOptionsAreSmallOnCpus) {
    DeviceInfo cpu;
    cpu.type = DeviceType::Cpu;
    DeviceInfo gpu;
    gpu.type = DeviceType::Gpu;
    EXPECT_TRUE(kernels::defaultProfileOptions(cpu).quick);
    EXPECT_LT(kernels::defaultProfileOptions(cpu).maxCopyBytes, kernels::defaultProfileOptions(gpu).maxCopyBytes);
    EXPECT_FALSE(kernels::defaultProfileOptions(gpu).quick);
}

} // namespace
} // namespace kt
