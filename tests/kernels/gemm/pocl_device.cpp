// PoCL device lookup via the registry, so the tests exercise the real OpenCL backend.
#include "tests/kernels/gemm/pocl_device.hpp"

#include <algorithm>
#include <cctype>

#include "devices/registry.hpp"

namespace kt::test {
std::unique_ptr<Device> openPoclDevice() {
    static const auto backends = devices::allBackends(); // devices may refer to their backend
    for (const auto& found : devices::enumerateAll(backends)) {
        std::string platform = found.info.platform;
        std::transform(platform.begin(), platform.end(), platform.begin(), [](unsigned char c) { return std::tolower(c); });
        if (found.info.backend == BackendKind::OpenCL &&
            (platform.find("portable") != std::string::npos || platform.find("pocl") != std::string::npos))
            return found.backend->open(found.info);
    }
    return nullptr;
}
} // namespace kt::test
