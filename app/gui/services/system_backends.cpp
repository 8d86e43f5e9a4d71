// The backends of this build (OpenCL, CUDA when built with it); separate so fake-backend tests skip them.
#include "app/gui/services/device_enumeration_service.hpp"
#include "devices/registry.hpp"

namespace kt::gui {

BackendFactory systemBackendFactory() {
    return [] { return devices::allBackends(); };
}

} // namespace kt::gui
