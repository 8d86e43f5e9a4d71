// Access to the kernel source files (*.cl under kernels/) embedded into the library at build time.
#pragma once
#include <map>
#include <string>
#include <string_view>

namespace kt::kernels {
// Key: path relative to kernels/, e.g. "common/preamble.cl".
const std::map<std::string, std::string_view>& embeddedSources();
// Throws std::out_of_range with the name when the file was not embedded.
std::string embeddedSource(const std::string& relativePath);
} // namespace kt::kernels

namespace kt::kernels {
// resources/presets/*.json keyed by file name ("gemm.json").
const std::map<std::string, std::string_view>& embeddedPresets();
} // namespace kt::kernels
