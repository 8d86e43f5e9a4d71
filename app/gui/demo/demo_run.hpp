// Made-up stores for screenshots and GUI tests (tuning_run_demo, fits_demo) record their runs the same way: one
// completed exhaustive run of a family on a stored device.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/family.hpp"

namespace kt::store {
class Database;
}

namespace kt::gui {

// A made-up OpenCL GPU ("KernelTune" vendor, "Demo platform", 32 compute units, 64 KiB local memory), no profile.
DeviceInfo demoGpu(const std::string& name);

// Stores `device` and a run of `family` over its space for the device at `sizes`; returns the run id.
std::int64_t createDemoRun(store::Database& db, const Family& family, const DeviceInfo& device,
                           const std::vector<ProblemSize>& sizes, const std::string& notes);

} // namespace kt::gui
