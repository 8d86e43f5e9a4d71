// What we know about one compute device, independent of the backend that drives it.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace kt {

enum class BackendKind { OpenCL, Cuda, Simulated };
std::string toString(BackendKind kind);
BackendKind backendKindFromString(const std::string& text); // throws std::invalid_argument

enum class DeviceType { Gpu, Cpu, Accelerator, Other };
std::string toString(DeviceType type);
DeviceType deviceTypeFromString(const std::string& text);

// Measured by the profile microbenchmarks (devices/…/profile); absent until measured.
struct DeviceProfile {
    double copyBandwidthGBs = 0; // device-to-device copy, bytes read + written per second
    double fp32PeakGFlops = 0;   // FMA-chain microbenchmark, 2 flops per FMA
    double fp64PeakGFlops = 0;   // 0 when the device has no fp64
    std::string measuredAt;      // ISO-8601 UTC
};

struct DeviceInfo {
    BackendKind backend = BackendKind::OpenCL;
    DeviceType type = DeviceType::Other;
    int platformIndex = 0; // OpenCL platform index; 0 for CUDA
    int deviceIndex = 0;   // index within the platform (OpenCL) or CUDA ordinal
    std::string platform;  // "Portable Computing Language", "NVIDIA CUDA", "CUDA"
    std::string vendor;
    std::string name;
    std::string driverVersion;
    std::string runtimeVersion; // OpenCL version string, or CUDA driver API / NVRTC version
    int computeUnits = 0;
    int clockMHz = 0;
    std::uint64_t globalMemBytes = 0;
    std::uint64_t localMemBytes = 0; // what one work-group may declare
    // Local (shared) memory of one compute unit, shared by its resident groups (CUDA: per multiprocessor); 0 when
    // the backend does not say. Families that shape occupancy through their local-memory request use it.
    std::uint64_t localMemPerComputeUnitBytes = 0;
    // Local memory a kernel may take beyond the static limit by opting in (CUDA: dynamic shared memory up to
    // CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, see KT_DYNAMIC_LOCAL); 0 where there is no such opt-in.
    std::uint64_t localMemOptInBytes = 0;
    std::uint64_t maxAllocBytes = 0;
    std::uint64_t maxWorkGroupSize = 0;
    std::array<std::uint64_t, 3> maxWorkItemSizes{0, 0, 0};
    bool fp64 = false;
    bool atomics64 = false;
    // Read-only 1-D images over buffers (OpenCL CL_DEVICE_IMAGE_SUPPORT; kernels' KT_IMAGE1D parameters) and the
    // most texels such an image may have (CL_DEVICE_IMAGE_MAX_BUFFER_SIZE). CUDA kernels read the plain pointer
    // there (__ldg), so CUDA devices have images and only the allocation limits them (maxAllocBytes / 4 texels).
    bool images = false;
    std::uint64_t maxImageBufferTexels = 0;
    int computeCapabilityMajor = 0; // CUDA only
    int computeCapabilityMinor = 0;
    std::optional<DeviceProfile> profile;
    std::string replayOf; // simulated devices only: stable id of the stored device whose results they replay

    // Stable across runs and machines with the same hardware/driver stack:
    // "<backend>:<vendor>:<name>" plus the ordinal among identical devices, lower-cased, spaces → '-'.
    // Used as the store's device key and for `--device`. Simulated devices: "simulated:" + replayOf.
    std::string stableId() const;
    // Registers per compute unit when the kernel compiler takes a per-kernel register cap (NVRTC --maxrregcount,
    // NVIDIA OpenCL -cl-nv-maxrregcount; 64 K 32-bit registers per SM on every NVIDIA GPU since Kepler), else 0.
    int registerFileForCap() const;
    // Short human label, e.g. "NVIDIA H200 (CUDA)".
    std::string label() const;
};

void to_json(nlohmann::json& j, const DeviceInfo& d);
void from_json(const nlohmann::json& j, DeviceInfo& d);
void to_json(nlohmann::json& j, const DeviceProfile& p);
void from_json(const nlohmann::json& j, DeviceProfile& p);

} // namespace kt
