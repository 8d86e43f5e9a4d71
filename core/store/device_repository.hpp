// Devices seen by any backend (keyed by DeviceInfo::stableId) and the history of their measured profiles.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/device_info.hpp"

namespace kt::store {

class Database;

struct StoredDevice {
    std::int64_t rowId = 0;
    DeviceInfo info; // info.profile is the latest stored profile, if any
    std::string firstSeen;
    std::string lastSeen;
};

class DeviceRepository {
public:
    explicit DeviceRepository(const Database& db) : m_db(db) {}

    // Inserts the device or refreshes its description and last_seen; returns its row id. A profile in
    // info.profile is added to the history unless one with the same measuredAt is already stored.
    std::int64_t upsert(const DeviceInfo& info);
    std::optional<StoredDevice> get(const std::string& stableId) const;
    std::vector<StoredDevice> list() const; // ordered by stable id

    // Profiles are history (a driver update changes them): adding never replaces. An empty measuredAt becomes now.
    std::int64_t addProfile(const std::string& stableId, const DeviceProfile& profile);
    std::optional<DeviceProfile> latestProfile(const std::string& stableId) const;
    std::vector<DeviceProfile> profileHistory(const std::string& stableId) const; // oldest first

private:
    const Database& m_db;
};

} // namespace kt::store
