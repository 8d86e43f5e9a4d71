// DeviceRepository: devices and device_profiles tables.
#include "core/store/device_repository.hpp"

#include <nlohmann/json.hpp>

#include "core/store/database.hpp"
#include "core/store/lookup.hpp"
#include "core/store/store_error.hpp"
#include "core/store/transaction.hpp"

namespace kt::store {

namespace {

StoredDevice readDevice(const Statement& q) {
    StoredDevice device;
    device.rowId = q.columnInt64(0);
    try {
        device.info = parseStoredJson(q.columnText(1), "devices.info").get<DeviceInfo>();
    } catch (const nlohmann::json::exception& e) {
        throw StoreError("stored device '" + q.columnText(4) + "' has an unreadable description: " + e.what());
    } catch (const std::invalid_argument& e) {
        throw StoreError("stored device '" + q.columnText(4) + "': " + e.what());
    }
    device.firstSeen = q.columnText(2);
    device.lastSeen = q.columnText(3);
    return device;
}

const char* const kSelectDevice = "SELECT id, info, first_seen, last_seen, stable_id FROM devices";

} // namespace

std::int64_t DeviceRepository::upsert(const DeviceInfo& info) {
    nlohmann::json json = info;
    json.erase("profile"); // profiles live in device_profiles, with their history
    const std::string stableId = info.stableId();
    const std::string now = utcNow();
    Transaction tx(m_db);
    auto q = m_db.prepare("INSERT INTO devices (stable_id, backend, name, vendor, info, first_seen, last_seen) "
                          "VALUES (:id, :backend, :name, :vendor, :info, :now, :now) "
                          "ON CONFLICT (stable_id) DO UPDATE SET backend = excluded.backend, name = excluded.name, "
                          "vendor = excluded.vendor, info = excluded.info, last_seen = excluded.last_seen");
    q.bind(":id", stableId)
        .bind(":backend", toString(info.backend))
        .bind(":name", info.name)
        .bind(":vendor", info.vendor)
        .bind(":info", json.dump())
        .bind(":now", now);
    q.run();
    const std::int64_t row = requireDeviceRow(m_db, stableId); // lastInsertId is stale after the UPDATE branch
    if (info.profile) {
        auto existing = m_db.prepare("SELECT 1 FROM device_profiles WHERE device_id = ? AND measured_at = ?");
        existing.bind(1, row).bind(2, info.profile->measuredAt);
        if (info.profile->measuredAt.empty() || !existing.step()) addProfile(stableId, *info.profile);
    }
    tx.commit();
    return row;
}

std::optional<StoredDevice> DeviceRepository::get(const std::string& stableId) const {
    auto q = m_db.prepare(std::string(kSelectDevice) + " WHERE stable_id = ?");
    q.bind(1, stableId);
    if (!q.step()) return std::nullopt;
    StoredDevice device = readDevice(q);
    device.info.profile = latestProfile(stableId);
    return device;
}

std::vector<StoredDevice> DeviceRepository::list() const {
    std::vector<StoredDevice> devices;
    auto q = m_db.prepare(std::string(kSelectDevice) + " ORDER BY stable_id");
    while (q.step()) devices.push_back(readDevice(q));
    for (auto& device : devices) device.info.profile = latestProfile(device.info.stableId());
    return devices;
}

std::int64_t DeviceRepository::addProfile(const std::string& stableId, const DeviceProfile& profile) {
    const std::int64_t device = requireDeviceRow(m_db, stableId);
    auto q = m_db.prepare("INSERT INTO device_profiles (device_id, measured_at, copy_bandwidth_gbs, fp32_peak_gflops, "
                          "fp64_peak_gflops) VALUES (?, ?, ?, ?, ?)");
    q.bind(1, device)
        .bind(2, profile.measuredAt.empty() ? utcNow() : profile.measuredAt)
        .bind(3, profile.copyBandwidthGBs)
        .bind(4, profile.fp32PeakGFlops)
        .bind(5, profile.fp64PeakGFlops);
    q.run();
    return m_db.lastInsertId();
}

namespace {
DeviceProfile readProfile(const Statement& q) {
    DeviceProfile p;
    p.measuredAt = q.columnText(0);
    p.copyBandwidthGBs = q.columnDouble(1);
    p.fp32PeakGFlops = q.columnDouble(2);
    p.fp64PeakGFlops = q.columnDouble(3);
    return p;
}
const char* const kSelectProfile = "SELECT p.measured_at, p.copy_bandwidth_gbs, p.fp32_peak_gflops, p.fp64_peak_gflops "
                                   "FROM device_profiles p JOIN devices d ON d.id = p.device_id WHERE d.stable_id = ? ";
} // namespace

std::optional<DeviceProfile> DeviceRepository::latestProfile(const std::string& stableId) const {
    auto q = m_db.prepare(std::string(kSelectProfile) + "ORDER BY p.measured_at DESC, p.id DESC LIMIT 1");
    q.bind(1, stableId);
    if (!q.step()) return std::nullopt;
    return readProfile(q);
}

std::vector<DeviceProfile> DeviceRepository::profileHistory(const std::string& stableId) const {
    std::vector<DeviceProfile> profiles;
    auto q = m_db.prepare(std::string(kSelectProfile) + "ORDER BY p.measured_at, p.id");
    q.bind(1, stableId);
    while (q.step()) profiles.push_back(readProfile(q));
    return profiles;
}

} // namespace kt::store
