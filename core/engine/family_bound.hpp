// The roofline bound of a family on a profiled device at one problem size, in the family's metric: what the GUI
// draws as the best a kernel could reach. Read from the family's metadata (precision, flops, bytes), never its name.
#pragma once
#include <optional>
#include <string>

#include "core/engine/family.hpp"
#include "core/model/device_info.hpp"

namespace kt {

enum class BoundKind {
    ComputeF32, // the FP32 peak binds
    ComputeF64, // the FP64 peak binds
    Bandwidth,  // moving the bytes binds: the copy bandwidth (GB/s families), or bandwidth x flops/bytes (GFlop/s)
};
std::string toString(BoundKind kind); // "compute FP32 peak", "compute FP64 peak", "bandwidth"

struct Bound {
    double value = 0; // in the family's metric (GFlop/s or GB/s)
    BoundKind kind = BoundKind::Bandwidth;
};

// GB/s families: the copy bandwidth. GFlop/s families: min(the peak of the family's precision, copy bandwidth x
// flops/bytes), whichever binds. Absent when the profile lacks the figure needed (a zero peak or bandwidth: e.g. no
// FP64 on the device) or the family does no work at `size`.
std::optional<Bound> boundFor(const Family& family, const DeviceProfile& profile, const ProblemSize& size);

} // namespace kt
