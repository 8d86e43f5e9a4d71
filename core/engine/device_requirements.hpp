// A family's device requirements (Family::deviceRequirements) applied to spaces and points that come from a user:
// a --space file, a preset, the GUI's edited space, a --point key. The family's own space() has them already.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/family.hpp"
#include "core/model/device_info.hpp"
#include "core/space/parameter_space.hpp"

namespace kt {

// The family's requirements as constraints of `space`: a parameter the space lacks is replaced in the expression by
// its absent value in the family's space on `device` (the value its kernels take without it), so "GEMM_MMA == 0 ||
// …" over a SIMT-only space reads "(0) == 0 || …". A name the space does not know and the family gives no absent
// value for stays, and validate() names it.
std::vector<Constraint> deviceRequirementsFor(const ParameterSpace& space, const Family& family,
                                              const DeviceInfo& device);

// Adds those of deviceRequirementsFor() that `space` does not hold already (same expression), after its own
// constraints. Idempotent: a space bound twice (the CLI, then the engine) keeps one copy of each. Returns how many
// it added.
std::size_t addDeviceRequirements(ParameterSpace& space, const Family& family, const DeviceInfo& device);

// A user's space made ready for `device` as the family's space() is: addDeviceRequirements, then every device variable.
void bindSpaceToDevice(ParameterSpace& space, const Family& family, const DeviceInfo& device);

// For a message when `space` (bound to `device`) has no valid point: the description (else the expression) of a
// requirement of the family that the first point valid without the requirements breaks; nullopt when no
// requirement is to blame (the space is empty without them too) or the space has a valid point. Costs at most
// one more walk to the first valid point of the space without its requirements.
std::optional<std::string> emptySpaceRequirement(const ParameterSpace& space, const Family& family,
                                                 const DeviceInfo& device);

// The first requirement of the family that `point` breaks on `device` (parameters the point lacks take their absent
// values in the family's space; an expression that cannot be evaluated counts as broken); nullopt when it keeps
// them all. For points given by key (`ktune bench --point`), which no space checks against the device.
std::optional<Constraint> brokenDeviceRequirement(const Family& family, const Point& point, const DeviceInfo& device);
// brokenDeviceRequirement as a message: "cannot run on <device>: <the requirement's description, else expression>";
// nullopt when the point keeps every requirement.
std::optional<std::string> cannotRunOn(const Family& family, const Point& point, const DeviceInfo& device);

} // namespace kt
