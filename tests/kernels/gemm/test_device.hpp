// Opens the devices the GEMM tests run on through kt::devices (nullptr when there is none).
#pragma once
#include <memory>

#include "core/engine/backend.hpp"

namespace kt::test {
std::unique_ptr<Device> openPoclDevice();
std::unique_ptr<Device> openCudaDevice(); // the first CUDA device (the GPU machine)
// PoCL, or CUDA when the test executable is built with KT_GEMM_TEST_CUDA (label gpu).
std::unique_ptr<Device> openTestDevice();
} // namespace kt::test
