// DeviceInfo naming, stable ids and JSON conversion.
#include "core/model/device_info.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace kt {

std::string toString(BackendKind kind) {
    switch (kind) {
    case BackendKind::OpenCL: return "opencl";
    case BackendKind::Cuda: return "cuda";
    case BackendKind::Simulated: return "simulated";
    }
    return "unknown";
}

BackendKind backendKindFromString(const std::string& text) {
    if (text == "opencl") return BackendKind::OpenCL;
    if (text == "cuda") return BackendKind::Cuda;
    if (text == "simulated") return BackendKind::Simulated;
    throw std::invalid_argument("unknown backend '" + text + "' (expected opencl, cuda or simulated)");
}

std::string toString(DeviceType type) {
    switch (type) {
    case DeviceType::Gpu: return "gpu";
    case DeviceType::Cpu: return "cpu";
    case DeviceType::Accelerator: return "accelerator";
    case DeviceType::Other: return "other";
    }
    return "other";
}

DeviceType deviceTypeFromString(const std::string& text) {
    if (text == "gpu") return DeviceType::Gpu;
    if (text == "cpu") return DeviceType::Cpu;
    if (text == "accelerator") return DeviceType::Accelerator;
    return DeviceType::Other;
}

static std::string slug(const std::string& text) {
    std::string out;
    bool dash = false;
    for (unsigned char c : text) {
        if (std::isalnum(c)) {
            out.push_back(static_cast<char>(std::tolower(c)));
            dash = false;
        } else if (!dash && !out.empty()) {
            out.push_back('-');
            dash = true;
        }
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

int DeviceInfo::registerFileForCap() const {
    if (type != DeviceType::Gpu) return 0;
    if (backend == BackendKind::Cuda) return 65536;
    std::string v = vendor;
    for (auto& c : v) c = char(std::tolower(static_cast<unsigned char>(c)));
    return backend == BackendKind::OpenCL && v.find("nvidia") != std::string::npos ? 65536 : 0;
}

std::string DeviceInfo::stableId() const {
    if (backend == BackendKind::Simulated && !replayOf.empty()) return "simulated:" + replayOf;
    // The device index is kept because two identical cards must get different ids; platform names vary
    // between PoCL versions ("pthread-…", "cpu-…"), so the id uses the vendor and the device name only.
    return toString(backend) + ":" + slug(vendor) + ":" + slug(name) + ":" + std::to_string(deviceIndex);
}

std::string DeviceInfo::label() const {
    std::string backendName = backend == BackendKind::Cuda ? "CUDA" : backend == BackendKind::OpenCL ? "OpenCL" : "simulated";
    return name + " (" + backendName + ")";
}

void to_json(nlohmann::json& j, const DeviceProfile& p) {
    j = {{"copy_bandwidth_gbs", p.copyBandwidthGBs},
         {"fp32_peak_gflops", p.fp32PeakGFlops},
         {"fp64_peak_gflops", p.fp64PeakGFlops},
         {"measured_at", p.measuredAt}};
}

void from_json(const nlohmann::json& j, DeviceProfile& p) {
    p.copyBandwidthGBs = j.value("copy_bandwidth_gbs", 0.0);
    p.fp32PeakGFlops = j.value("fp32_peak_gflops", 0.0);
    p.fp64PeakGFlops = j.value("fp64_peak_gflops", 0.0);
    p.measuredAt = j.value("measured_at", std::string());
}

void to_json(nlohmann::json& j, const DeviceInfo& d) {
    j = {{"id", d.stableId()},
         {"backend", toString(d.backend)},
         {"type", toString(d.type)},
         {"platform_index", d.platformIndex},
         {"device_index", d.deviceIndex},
         {"platform", d.platform},
         {"vendor", d.vendor},
         {"name", d.name},
         {"driver_version", d.driverVersion},
         {"runtime_version", d.runtimeVersion},
         {"compute_units", d.computeUnits},
         {"clock_mhz", d.clockMHz},
         {"global_mem_bytes", d.globalMemBytes},
         {"local_mem_bytes", d.localMemBytes},
         {"local_mem_per_cu_bytes", d.localMemPerComputeUnitBytes},
         {"local_mem_optin_bytes", d.localMemOptInBytes},
         {"max_alloc_bytes", d.maxAllocBytes},
         {"max_work_group_size", d.maxWorkGroupSize},
         {"max_work_item_sizes", d.maxWorkItemSizes},
         {"fp64", d.fp64},
         {"atomics64", d.atomics64},
         {"images", d.images},
         {"max_image_buffer_texels", d.maxImageBufferTexels}};
    if (d.backend == BackendKind::Cuda)
        j["compute_capability"] = std::to_string(d.computeCapabilityMajor) + "." + std::to_string(d.computeCapabilityMinor);
    if (d.profile) j["profile"] = *d.profile;
    if (!d.replayOf.empty()) j["replay_of"] = d.replayOf;
}

void from_json(const nlohmann::json& j, DeviceInfo& d) {
    d.backend = backendKindFromString(j.at("backend").get<std::string>());
    d.type = deviceTypeFromString(j.value("type", std::string("other")));
    d.platformIndex = j.value("platform_index", 0);
    d.deviceIndex = j.value("device_index", 0);
    d.platform = j.value("platform", std::string());
    d.vendor = j.value("vendor", std::string());
    d.name = j.at("name").get<std::string>();
    d.driverVersion = j.value("driver_version", std::string());
    d.runtimeVersion = j.value("runtime_version", std::string());
    d.computeUnits = j.value("compute_units", 0);
    d.clockMHz = j.value("clock_mhz", 0);
    d.globalMemBytes = j.value("global_mem_bytes", std::uint64_t{0});
    d.localMemBytes = j.value("local_mem_bytes", std::uint64_t{0});
    d.localMemPerComputeUnitBytes = j.value("local_mem_per_cu_bytes", std::uint64_t{0});
    d.localMemOptInBytes = j.value("local_mem_optin_bytes", std::uint64_t{0});
    d.maxAllocBytes = j.value("max_alloc_bytes", std::uint64_t{0});
    d.maxWorkGroupSize = j.value("max_work_group_size", std::uint64_t{0});
    if (j.contains("max_work_item_sizes")) d.maxWorkItemSizes = j.at("max_work_item_sizes").get<std::array<std::uint64_t, 3>>();
    d.fp64 = j.value("fp64", false);
    d.atomics64 = j.value("atomics64", false);
    // Stored before image reads existed: CUDA devices always had them (__ldg), OpenCL devices are not known to.
    const bool cuda = d.backend == BackendKind::Cuda;
    d.images = j.value("images", cuda);
    d.maxImageBufferTexels = j.value("max_image_buffer_texels", cuda ? d.maxAllocBytes / 4 : std::uint64_t{0});
    if (j.contains("compute_capability")) {
        auto cc = j.at("compute_capability").get<std::string>();
        auto dot = cc.find('.');
        d.computeCapabilityMajor = std::stoi(cc.substr(0, dot));
        d.computeCapabilityMinor = dot == std::string::npos ? 0 : std::stoi(cc.substr(dot + 1));
    }
    if (j.contains("profile")) d.profile = j.at("profile").get<DeviceProfile>();
    d.replayOf = j.value("replay_of", std::string());
}

} // namespace kt
