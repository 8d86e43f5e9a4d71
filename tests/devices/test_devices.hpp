// Test helper: opens a device of a backend (the first GPU, else the first device), or says why there is none.
#pragma once
#include <memory>
#include <string>

#include "core/engine/backend.hpp"
#include "devices/registry.hpp"

namespace kt::test {

struct OpenedDevice {
    std::unique_ptr<Backend> backend;
    std::unique_ptr<Device> device; // null when unavailable
    std::string whyNot;
};

inline std::unique_ptr<Backend> makeBackend(BackendKind kind) {
    return kind == BackendKind::Cuda ? devices::makeCudaBackend() : devices::makeOpenCLBackend();
}

inline OpenedDevice openFirst(BackendKind kind) {
    OpenedDevice out;
    out.backend = makeBackend(kind);
    if (!out.backend) {
        out.whyNot = toString(kind) + " backend not built (KT_CUDA=OFF)";
        return out;
    }
    if (auto reason = out.backend->unavailableReason(); !reason.empty()) {
        out.whyNot = toString(kind) + " unavailable: " + reason;
        return out;
    }
    auto infos = out.backend->enumerate();
    if (infos.empty()) {
        out.whyNot = toString(kind) + ": no devices";
        return out;
    }
    // A GPU when there is one (on the GPU machine OpenCL lists PoCL first, NVIDIA second).
    auto chosen = infos.front();
    for (const auto& info : infos)
        if (info.type == DeviceType::Gpu) {
            chosen = info;
            break;
        }
    out.device = out.backend->open(chosen);
    return out;
}

} // namespace kt::test
