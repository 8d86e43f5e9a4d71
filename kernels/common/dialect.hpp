// Composes kernel text in the KernelTune dialect: preamble + family source, ready for Device::build.
#pragma once
#include <string>

namespace kt::kernels {
// The dialect preamble (kernels/common/preamble.cl); see that file for what kernels may use.
const std::string& dialectPreamble();
// preamble + "\n" + body, with a #line so compiler messages point into the body.
std::string withPreamble(const std::string& body);
} // namespace kt::kernels
