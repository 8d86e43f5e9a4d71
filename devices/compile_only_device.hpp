// A device that only compiles: images for a described device, without its driver (`ktune compile-bench --device-info`),
// so the compile path — compile-worker processes included — runs and is timed on a machine without that GPU.
#pragma once
#include <memory>

#include "core/engine/backend.hpp"

namespace kt::devices {

// Compiles what the device `info` describes would compile (for CUDA: NVRTC's image for its compute capability, the
// same bytes as on the device) and "loads" each image as a program that launches nothing; memory and launches throw.
// Throws BackendError when this build cannot compile images for the device (only CUDA's NVRTC can, where loadable).
std::unique_ptr<Device> openCompileOnly(const DeviceInfo& info);

} // namespace kt::devices
