// Device lookup via the registry, so the tests exercise the real OpenCL / CUDA backends.
#include "tests/kernels/gemm/test_device.hpp"

#include <algorithm>
#include <cctype>

#include "devices/registry.hpp"

namespace kt::test {
namespace {
const std::vector<std::unique_ptr<Backend>>& backends() {
    static const auto all = devices::allBackends(); // devices may refer to their backend
    return all;
}
} // namespace

std::unique_ptr<Device> openPoclDevice() {
    for (const auto& found : devices::enumerateAll(backends())) {
        std::string platform = found.info.platform;
        std::transform(platform.begin(), platform.end(), platform.begin(),
                       [](unsigned char c) { return std::tolower(c); });
        if (found.info.backend == BackendKind::OpenCL &&
            (platform.find("portable") != std::string::npos || platform.find("pocl") != std::string::npos))
            return found.backend->open(found.info);
    }
    return nullptr;
}

std::unique_ptr<Device> openCudaDevice() {
    for (const auto& found : devices::enumerateAll(backends()))
        if (found.info.backend == BackendKind::Cuda) return found.backend->open(found.info);
    return nullptr;
}

std::unique_ptr<Device> openTestDevice() {
#ifdef KT_GEMM_TEST_CUDA
    return openCudaDevice();
#else
    return openPoclDevice();
#endif
}
} // namespace kt::test
