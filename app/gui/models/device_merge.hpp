// Combines live enumeration with the devices recorded in the results database: stored profiles fill in live
// devices that have none yet, and stored devices not present here (measured on other machines) form their own
// groups, one per backend. Every stored device also gets a simulated twin, so a run can replay its measurements.
#pragma once
#include <string>
#include <vector>

#include "app/gui/models/device_source.hpp"

namespace kt::gui {

// Live sources with each device's stored profile applied where the device has no profile of its own or an older one
// (by measuredAt).
std::vector<DeviceSource> withStoredProfiles(std::vector<DeviceSource> live, const std::vector<DeviceInfo>& stored);
// Stored devices whose stable id is not among the live ones, grouped by backend in BackendKind order.
std::vector<DeviceSource> storedOnlySources(const std::vector<DeviceInfo>& stored, const std::vector<DeviceSource>& live,
                                            const std::string& storeName);
// One "Simulated" source holding the twin of every stored device that is not itself simulated (empty when none).
std::vector<DeviceSource> simulatedSources(const std::vector<DeviceInfo>& stored, const std::string& storeName);

} // namespace kt::gui
