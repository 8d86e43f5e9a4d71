// Where a routine built from several tuned parts (the GEMM routine's copy kernels, a BLAS3 routine's copy and TN
// kernel) finds the stored winner of another family for its device: a lookup the application installs over its
// store (the CLI's bench does), so kernels/ reads no store and names no application. Without one, or when the
// lookup finds nothing, routines use their default parts.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "core/model/device_info.hpp"
#include "core/space/parameter_space.hpp"

namespace kt {

// The best stored point of `family` on `device`, or nullopt.
using TunedPartLookup = std::function<std::optional<Point>(const std::string& family, const DeviceInfo& device)>;

// Installs the process-wide lookup (an empty function removes it). Thread-safe.
void setTunedPartLookup(TunedPartLookup lookup);
// Asks the installed lookup; nullopt without one or when it throws (a store that cannot be read means defaults).
std::optional<Point> tunedPart(const std::string& family, const DeviceInfo& device);

} // namespace kt
