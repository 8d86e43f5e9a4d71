// Maps DeviceInfo fields to the DEV_* constraint variables.
#include "core/space/device_variables.hpp"

#include <algorithm>

namespace kt {

std::map<std::string, ParamValue> deviceVariables(const DeviceInfo& d) {
    auto v = [](std::uint64_t x) { return static_cast<ParamValue>(std::min<std::uint64_t>(x, INT64_MAX)); };
    return {
        {"DEV_LOCAL_MEM", v(d.localMemBytes)},
        {"DEV_LOCAL_MEM_CU", v(d.localMemPerComputeUnitBytes)},
        {"DEV_LOCAL_MEM_OPTIN", v(std::max(d.localMemBytes, d.localMemOptInBytes))},
        {"DEV_MAX_WG", v(d.maxWorkGroupSize)},
        {"DEV_MAX_WI0", v(d.maxWorkItemSizes[0])},
        {"DEV_MAX_WI1", v(d.maxWorkItemSizes[1])},
        {"DEV_MAX_WI2", v(d.maxWorkItemSizes[2])},
        {"DEV_CU", d.computeUnits},
        {"DEV_FP64", d.fp64 ? 1 : 0},
        {"DEV_ATOMICS64", d.atomics64 ? 1 : 0},
        {"DEV_IMAGES", d.images ? 1 : 0},
        {"DEV_GLOBAL_MEM_MB", v(d.globalMemBytes >> 20)},
        {"DEV_MAX_ALLOC_MB", v(d.maxAllocBytes >> 20)},
        {"DEV_IS_GPU", d.type == DeviceType::Gpu ? 1 : 0},
        {"DEV_IS_CPU", d.type == DeviceType::Cpu ? 1 : 0},
        {"DEV_IS_CUDA", d.backend == BackendKind::Cuda ? 1 : 0},
        {"DEV_CC", d.computeCapabilityMajor * 10 + d.computeCapabilityMinor},
        {"DEV_REG_FILE", d.registerFileForCap()},
    };
}

const std::vector<std::string>& deviceVariableNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& [name, value] : deviceVariables(DeviceInfo{})) out.push_back(name);
        return out;
    }();
    return names;
}

bool isDeviceVariable(std::string_view name) {
    const auto& names = deviceVariableNames();
    return std::find(names.begin(), names.end(), name) != names.end();
}

void applyDeviceVariables(ParameterSpace& space, const DeviceInfo& device) {
    for (const auto& [name, value] : deviceVariables(device)) space.setVariable(name, value);
}

std::vector<Constraint> fp64Requirements(Precision precision) {
    if (precision == Precision::F64) return {{"DEV_FP64 == 1", "double precision needs fp64 support"}};
    return {};
}

} // namespace kt
