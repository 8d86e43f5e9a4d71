// Built-in parameter-space presets (resources/presets/*.json, embedded at build time).
#pragma once
#include <string>
#include <vector>

#include "core/space/parameter_space.hpp"

namespace kt::kernels {
std::vector<std::string> presetNames(); // "gemm", "transpose", …
// Throws std::invalid_argument listing the known presets when `name` is unknown.
ParameterSpace presetSpace(const std::string& name);
} // namespace kt::kernels
