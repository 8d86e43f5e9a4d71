// Live/stored device merge; matching is by DeviceInfo::stableId(), the store's device key.
#include "app/gui/models/device_merge.hpp"

#include <set>

#include "devices/simulated/simulated_backend.hpp"

namespace kt::gui {

std::vector<DeviceSource> withStoredProfiles(std::vector<DeviceSource> live, const std::vector<DeviceInfo>& stored) {
    for (auto& source : live)
        for (auto& device : source.devices) {
            const std::string id = device.stableId();
            for (const auto& s : stored)
                if (s.profile && s.stableId() == id) {
                    // ISO-8601 UTC times compare as text. A store read begun before this device's latest profile
                    // was saved must not bring the older one back.
                    if (!device.profile || s.profile->measuredAt > device.profile->measuredAt) device.profile = s.profile;
                    break;
                }
        }
    return live;
}

std::vector<DeviceSource> storedOnlySources(const std::vector<DeviceInfo>& stored, const std::vector<DeviceSource>& live,
                                            const std::string& storeName) {
    std::set<std::string> liveIds;
    for (const auto& source : live)
        for (const auto& device : source.devices) liveIds.insert(device.stableId());
    std::vector<DeviceSource> out;
    for (BackendKind kind : {BackendKind::OpenCL, BackendKind::Cuda, BackendKind::Simulated}) {
        DeviceSource source;
        source.origin = DeviceOrigin::Stored;
        source.kind = kind;
        source.storeName = storeName;
        for (const auto& device : stored)
            if (device.backend == kind && !liveIds.count(device.stableId())) source.devices.push_back(device);
        if (!source.devices.empty()) out.push_back(std::move(source));
    }
    return out;
}

std::vector<DeviceSource> simulatedSources(const std::vector<DeviceInfo>& stored, const std::string& storeName) {
    DeviceSource source;
    source.origin = DeviceOrigin::Simulated;
    source.kind = BackendKind::Simulated;
    source.storeName = storeName;
    for (const auto& device : stored)
        if (device.backend != BackendKind::Simulated) source.devices.push_back(devices::simulatedTwin(device));
    if (source.devices.empty()) return {};
    return {std::move(source)};
}

} // namespace kt::gui
