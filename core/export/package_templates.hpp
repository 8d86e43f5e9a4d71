// The runtime of exported packages (core/export/package/**), embedded into the library at build time.
#pragma once
#include <map>
#include <string>
#include <string_view>

namespace kt::exporter {
// Key: path relative to core/export/package ("src/ktp_opencl.cpp", "CMakeLists.txt").
const std::map<std::string, std::string_view>& packageTemplates();
// The KernelTune version this library was built as ("0.1.0").
std::string kerneltuneVersion();
} // namespace kt::exporter
