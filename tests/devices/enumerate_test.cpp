// Backend enumeration: the OpenCL ICD (PoCL here) and the CUDA driver (present or explained).
#include <gtest/gtest.h>

#include "devices/registry.hpp"

namespace kt {
namespace {

TEST(OpenCLBackend, EnumeratesDevicesWithCompleteInfo) {
    auto backend = devices::makeOpenCLBackend();
    ASSERT_EQ(backend->unavailableReason(), "") << "this machine has PoCL; the ICD must be found";
    auto infos = backend->enumerate();
    ASSERT_FALSE(infos.empty());
    bool sawPocl = false;
    for (const auto& info : infos) {
        EXPECT_EQ(info.backend, BackendKind::OpenCL);
        EXPECT_FALSE(info.name.empty());
        EXPECT_FALSE(info.vendor.empty());
        EXPECT_FALSE(info.driverVersion.empty());
        EXPECT_EQ(info.runtimeVersion.rfind("OpenCL ", 0), 0u) << info.runtimeVersion;
        EXPECT_GT(info.computeUnits, 0);
        EXPECT_GT(info.globalMemBytes, 0u);
        EXPECT_GT(info.localMemBytes, 0u);
        EXPECT_GT(info.maxAllocBytes, 0u);
        EXPECT_LE(info.maxAllocBytes, info.globalMemBytes);
        EXPECT_GT(info.maxWorkGroupSize, 0u);
        EXPECT_GT(info.maxWorkItemSizes[0], 0u);
        EXPECT_EQ(info.stableId().rfind("opencl:", 0), 0u);
        if (info.platform.find("Portable Computing Language") != std::string::npos) {
            sawPocl = true;
            EXPECT_EQ(info.type, DeviceType::Cpu);
            EXPECT_TRUE(info.fp64) << "PoCL reports cl_khr_fp64";
            EXPECT_TRUE(info.atomics64) << "PoCL reports cl_khr_int64_base_atomics";
        }
    }
    EXPECT_TRUE(sawPocl) << "expected the PoCL platform among the OpenCL platforms";
}

TEST(OpenCLBackend, OpenRejectsUnknownDevice) {
    auto backend = devices::makeOpenCLBackend();
    DeviceInfo ghost;
    ghost.backend = BackendKind::OpenCL;
    ghost.vendor = "nobody";
    ghost.name = "no such device";
    EXPECT_THROW(backend->open(ghost), BackendError);
}

TEST(CudaBackend, AvailableWithDevicesOrExplainsWhy) {
    auto backend = devices::makeCudaBackend();
    if (!backend) GTEST_SKIP() << "built without KT_CUDA";
    std::string why = backend->unavailableReason();
    auto infos = backend->enumerate();
    if (!why.empty()) {
        EXPECT_TRUE(infos.empty()) << "an unavailable backend lists no devices";
        EXPECT_NE(why.find("lib"), std::string::npos) << why; // names the missing library or the failed call
        DeviceInfo cudaDevice;
        cudaDevice.backend = BackendKind::Cuda;
        cudaDevice.name = "any";
        EXPECT_THROW(backend->open(cudaDevice), BackendError);
        return;
    }
    ASSERT_FALSE(infos.empty());
    for (const auto& info : infos) {
        EXPECT_EQ(info.backend, BackendKind::Cuda);
        EXPECT_GE(info.computeCapabilityMajor, 3);
        EXPECT_GT(info.computeUnits, 0);
        EXPECT_GT(info.clockMHz, 0);
        EXPECT_GE(info.maxWorkGroupSize, 512u);
        EXPECT_GT(info.localMemBytes, 0u);
        EXPECT_NE(info.runtimeVersion.find("NVRTC"), std::string::npos) << info.runtimeVersion;
        EXPECT_EQ(info.stableId().rfind("cuda:nvidia-corporation:", 0), 0u) << info.stableId();
    }
}

} // namespace
} // namespace kt
