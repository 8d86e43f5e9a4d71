// One group of devices shown in the device tree: a live backend (with why it is unavailable), a store's devices, or
// the simulated twins of a store's devices.
#pragma once
#include <string>
#include <vector>

#include "core/model/device_info.hpp"

namespace kt {
class Backend;
}

namespace kt::gui {

// Live devices come from enumeration; stored ones from a results database (devices measured elsewhere); simulated
// ones are twins of stored devices whose runs replay the stored measurements (no kernels run).
enum class DeviceOrigin { Live, Stored, Simulated };

struct DeviceSource {
    DeviceOrigin origin = DeviceOrigin::Live;
    BackendKind kind = BackendKind::OpenCL;
    std::string unavailableReason; // non-empty: the backend cannot be used here, shown instead of devices
    std::vector<DeviceInfo> devices;
    std::string diagnostics; // Backend::diagnostics(): platforms/devices left out during enumeration, and why
    // The backend that can open these devices; null for stored devices. Owned by the enumeration result.
    const Backend* backend = nullptr;
    std::string storeName; // for stored and simulated sources: the database file the devices were read from
};

} // namespace kt::gui
