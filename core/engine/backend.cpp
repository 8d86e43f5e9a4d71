// Helpers shared by the backends (see backend.hpp).
#include "core/engine/backend.hpp"

namespace kt {

void checkBufferRange(const Buffer& b, std::size_t bytes, std::size_t offset, const char* what) {
    if (offset > b.bytes() || bytes > b.bytes() - offset)
        throw BackendError(std::string(what) + ": " + std::to_string(bytes) + " bytes at offset " +
                           std::to_string(offset) + " exceed the buffer of " + std::to_string(b.bytes()) + " bytes");
}

std::unique_ptr<Buffer> Device::view(Buffer&, std::size_t, std::size_t) {
    throw BackendError("this device has no buffer views (no guard regions)");
}

ProgramImage Device::compileImage(const std::string&, const std::vector<std::string>&) {
    throw BackendError(info().label() + " builds programs only in-process (no separable compilation)");
}

std::unique_ptr<Program> Device::loadImage(const ProgramImage&) {
    throw BackendError(info().label() + " builds programs only in-process (no separable compilation)");
}

} // namespace kt
