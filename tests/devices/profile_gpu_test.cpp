// Device profile through CUDA on a GPU machine (skips without one).
#include <gtest/gtest.h>

#include "kernels/profile/device_profiler.hpp"
#include "tests/devices/test_devices.hpp"

namespace kt {
namespace {

TEST(DeviceProfileGpu, CudaPositiveNumbers) {
    auto opened = test::openFirst(BackendKind::Cuda);
    if (!opened.device) GTEST_SKIP() << opened.whyNot;
    DeviceProfile p = kernels::profileDevice(*opened.device);
    EXPECT_GT(p.copyBandwidthGBs, 0.0);
    EXPECT_GT(p.fp32PeakGFlops, 0.0);
    EXPECT_GT(p.fp64PeakGFlops, 0.0);
    std::cout << opened.device->info().label() << ": copy " << p.copyBandwidthGBs << " GB/s, fp32 " << p.fp32PeakGFlops
              << " GF/s, fp64 " << p.fp64PeakGFlops << " GF/s\n";
}

} // namespace
} // namespace kt
