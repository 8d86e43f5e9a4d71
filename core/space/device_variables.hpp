// Device-dependent variables usable in constraints (DEV_LOCAL_MEM, DEV_MAX_WG, …) computed from a DeviceInfo.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/device_info.hpp"
#include "core/model/precision.hpp"
#include "core/space/parameter_space.hpp"

namespace kt {

// DEV_LOCAL_MEM (bytes), DEV_LOCAL_MEM_OPTIN (bytes a kernel may take by opting in, >= DEV_LOCAL_MEM), DEV_MAX_WG,
// DEV_MAX_WI0..2, DEV_CU, DEV_FP64 (0/1), DEV_ATOMICS64 (0/1), DEV_IMAGES (0/1: read-only 1-D images over buffers, see
// DeviceInfo::images), DEV_GLOBAL_MEM_MB, DEV_MAX_ALLOC_MB, DEV_IS_GPU, DEV_IS_CPU, DEV_CC (CUDA compute capability ×
// 10, else 0), DEV_IS_CUDA, DEV_REG_FILE (registers per compute unit where a kernel's register use can be capped, else
// 0).
std::map<std::string, ParamValue> deviceVariables(const DeviceInfo& device);
// Every name deviceVariables() defines (so a space loaded without a device can still reject typos).
const std::vector<std::string>& deviceVariableNames();
bool isDeviceVariable(std::string_view name);
// Sets every device variable on `space`.
void applyDeviceVariables(ParameterSpace& space, const DeviceInfo& device);
// "DEV_FP64 == 1" for double precision, nothing for single: the device requirement every family of a precision has
// (Family::deviceRequirements).
std::vector<Constraint> fp64Requirements(Precision precision);

} // namespace kt
