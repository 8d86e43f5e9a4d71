// Lookup with a clear error for embedded kernel sources.
#include "kernels/common/embedded.hpp"

#include <stdexcept>

namespace kt::kernels {
std::string embeddedSource(const std::string& relativePath) {
    const auto& all = embeddedSources();
    auto it = all.find(relativePath);
    if (it == all.end())
        throw std::out_of_range("kernel source not embedded: " + relativePath);
    return std::string(it->second);
}
} // namespace kt::kernels
