// Test helper: opens the first OpenCL CPU device (PoCL here), or skips the test when there is none.
#pragma once
#include <memory>

#include <gtest/gtest.h>

#include "devices/registry.hpp"

namespace kt::test {

struct OpenedDevice {
    std::vector<std::unique_ptr<Backend>> backends;
    devices::FoundDevice found{nullptr, {}};
    std::unique_ptr<Device> device;
};

// nullptr when no OpenCL device exists (the caller GTEST_SKIPs).
inline std::unique_ptr<OpenedDevice> openPoclDevice() {
    auto opened = std::make_unique<OpenedDevice>();
    opened->backends = devices::allBackends();
    for (auto& d : devices::enumerateAll(opened->backends)) {
        if (d.info.backend == BackendKind::OpenCL && d.info.type == DeviceType::Cpu) {
            opened->found = d;
            opened->device = d.backend->open(d.info);
            return opened;
        }
    }
    return nullptr;
}

} // namespace kt::test
