// Names for OpenCL status codes, so errors say "CL_INVALID_WORK_GROUP_SIZE" rather than "-54".
#pragma once
#include <string>

namespace kt::devices::opencl {
std::string clErrorName(int code);
} // namespace kt::devices::opencl
