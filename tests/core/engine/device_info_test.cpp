// DeviceInfo JSON: the image fields and the opt-in local memory round-trip, and JSON stored before they existed loads
// with honest defaults.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/model/device_info.hpp"
#include "core/space/device_variables.hpp"

namespace kt {
namespace {

DeviceInfo sample(BackendKind backend) {
    DeviceInfo d;
    d.backend = backend;
    d.type = DeviceType::Gpu;
    d.name = "Some GPU";
    d.maxAllocBytes = 1ull << 32;
    return d;
}

TEST(DeviceInfoJson, ImageFieldsRoundTrip) {
    DeviceInfo d = sample(BackendKind::OpenCL);
    d.images = true;
    d.maxImageBufferTexels = 134217728;
    const nlohmann::json j = d;
    EXPECT_EQ(j.at("images"), true);
    EXPECT_EQ(j.at("max_image_buffer_texels"), 134217728u);
    const auto back = j.get<DeviceInfo>();
    EXPECT_TRUE(back.images);
    EXPECT_EQ(back.maxImageBufferTexels, 134217728u);
    EXPECT_EQ(deviceVariables(back).at("DEV_IMAGES"), 1);
    d.images = false;
    EXPECT_EQ(deviceVariables(d).at("DEV_IMAGES"), 0);
}

TEST(DeviceInfoJson, OptInLocalMemoryRoundTripsAndBoundsTheVariable) {
    DeviceInfo d = sample(BackendKind::Cuda);
    d.localMemBytes = 48 * 1024;
    d.localMemOptInBytes = 227 * 1024;
    const auto back = nlohmann::json(d).get<DeviceInfo>();
    EXPECT_EQ(back.localMemOptInBytes, 227u * 1024);
    EXPECT_EQ(deviceVariables(back).at("DEV_LOCAL_MEM_OPTIN"), 227 * 1024);
    // Stored before the field existed, or a device without an opt-in: the variable is the static limit.
    nlohmann::json old = d;
    old.erase("local_mem_optin_bytes");
    EXPECT_EQ(deviceVariables(old.get<DeviceInfo>()).at("DEV_LOCAL_MEM_OPTIN"), 48 * 1024);
}

TEST(DeviceInfoJson, JsonWithoutImageFieldsLoadsPerBackend) {
    for (BackendKind backend : {BackendKind::OpenCL, BackendKind::Cuda}) {
        nlohmann::json j = sample(backend);
        j.erase("images");
        j.erase("max_image_buffer_texels");
        const auto d = j.get<DeviceInfo>();
        if (backend == BackendKind::Cuda) {
            // CUDA "images" were always __ldg on plain pointers: limited only by the allocation.
            EXPECT_TRUE(d.images);
            EXPECT_EQ(d.maxImageBufferTexels, (1ull << 32) / 4);
        } else {
            EXPECT_FALSE(d.images); // not known to have image1d_buffer_t
            EXPECT_EQ(d.maxImageBufferTexels, 0u);
        }
    }
}

} // namespace
} // namespace kt
