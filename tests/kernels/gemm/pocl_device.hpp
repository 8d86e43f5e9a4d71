// Opens the PoCL OpenCL device through kt::devices for the GEMM tests (nullptr when there is none).
#pragma once
#include <memory>

#include "core/engine/backend.hpp"

namespace kt::test {
std::unique_ptr<Device> openPoclDevice();
}
