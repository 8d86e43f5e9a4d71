// Every backend this build knows, in listing order (OpenCL, CUDA). Programs enumerate devices through this.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"

namespace kt::devices {

std::unique_ptr<Backend> makeOpenCLBackend();
std::unique_ptr<Backend> makeCudaBackend(); // nullptr when built without KT_CUDA

std::vector<std::unique_ptr<Backend>> allBackends();

// The image Device::compileImage() gives for a target from Device::imageTarget(), in any process and without the
// device (the compile worker, core/engine/image_compiler.hpp). Throws BuildError, or BackendError for a target this
// build cannot compile for.
ProgramImage compileImageFor(const std::string& target, const std::string& source,
                             const std::vector<std::string>& options);

struct FoundDevice {
    const Backend* backend;
    DeviceInfo info;
};
// Every device of every available backend, in order.
std::vector<FoundDevice> enumerateAll(const std::vector<std::unique_ptr<Backend>>& backends);
// Resolves a user's --device argument: a stable id, a unique prefix of one, an index into `ktune devices`,
// a case-insensitive substring of the label, or a device type ("cpu", "gpu") when that names one device. Throws std::invalid_argument listing the candidates.
FoundDevice selectDevice(const std::vector<FoundDevice>& devices, const std::string& selector);

} // namespace kt::devices
