// Device profile microbenchmarks (copy bandwidth, FP32/FP64 FMA peak) run through any kt::Device.
#pragma once
#include <cstddef>

#include "core/engine/backend.hpp"

namespace kt::kernels {

struct ProfileOptions {
    std::size_t maxCopyBytes = std::size_t{1} << 30; // per buffer; also capped by maxAlloc and globalMem/4
    int repetitions = 5;                             // best of this many timed runs per configuration
    double targetMs = 20;                            // FMA kernels are calibrated to run about this long
    bool quick = false;                              // one launch configuration only (CPU devices, tests)
};

// Full sizes for GPUs; small, single-configuration runs for CPU devices so a profile takes seconds there.
ProfileOptions defaultProfileOptions(const DeviceInfo& info);

// GB/s of a device-to-device copy, counting bytes read + written; best over launch configurations and runs.
// Throws BackendError (also when the copied data is wrong).
double measureCopyBandwidth(Device& device, const ProfileOptions& options);
// GFlop/s of FMA chains (2 flops per FMA); fp64 needs info().fp64 (returns 0 otherwise).
double measureFmaPeak(Device& device, bool fp64, const ProfileOptions& options);

// The three measurements plus the time they were taken (ISO-8601 UTC). This is the hook to store profiles:
// callers persist the returned value (the store keeps it per device id).
DeviceProfile profileDevice(Device& device, const ProfileOptions& options);
inline DeviceProfile profileDevice(Device& device) {
    return profileDevice(device, defaultProfileOptions(device.info()));
}

} // namespace kt::kernels
