// PeerRepository: the peer_measurements table.
#include "core/store/peer_repository.hpp"

#include <algorithm>

#include "core/store/database.hpp"
#include "core/store/lookup.hpp"
#include "core/store/store_error.hpp"

namespace kt::store {

std::int64_t PeerRepository::add(const PeerMeasurement& peer) {
    if (peer.peer.empty() || peer.routine.empty())
        throw StoreError("peer measurement needs a peer name and a routine (got '" + peer.peer + "', '" + peer.routine +
                         "')");
    if (peer.size.dims.empty())
        throw StoreError("peer measurement of " + peer.peer + " " + peer.routine + " has no size");
    const std::int64_t device = requireDeviceRow(m_db, peer.deviceId);
    auto q = m_db.prepare("INSERT INTO peer_measurements (device_id, peer, routine, size_label, size_dims, value, "
                          "median_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, device)
        .bind(2, peer.peer)
        .bind(3, peer.routine)
        .bind(4, peer.size.label())
        .bind(5, sizeToJson(peer.size).dump())
        .bind(6, peer.value)
        .bind(7, peer.medianMs)
        .bind(8, peer.createdAt.empty() ? utcNow() : peer.createdAt);
    q.run();
    return m_db.lastInsertId();
}

std::vector<PeerMeasurement> PeerRepository::list(const std::string& deviceId, const std::string& routine,
                                                  const std::optional<std::string>& peer) const {
    auto q = m_db.prepare("SELECT x.id, d.stable_id, x.peer, x.routine, x.size_dims, x.value, x.median_ms, "
                          "x.created_at FROM peer_measurements x JOIN devices d ON d.id = x.device_id "
                          "WHERE d.stable_id = :device AND x.routine = :routine AND (:peer IS NULL OR x.peer = :peer) "
                          "ORDER BY x.id");
    q.bind(":device", deviceId).bind(":routine", routine).bind(":peer", peer);
    std::vector<PeerMeasurement> out;
    while (q.step()) {
        PeerMeasurement p;
        p.id = q.columnInt64(0);
        p.deviceId = q.columnText(1);
        p.peer = q.columnText(2);
        p.routine = q.columnText(3);
        p.size = sizeFromJson(q.columnText(4), "peer_measurements.size_dims");
        p.value = q.columnDouble(5);
        p.medianMs = q.columnDouble(6);
        p.createdAt = q.columnText(7);
        out.push_back(std::move(p));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.size != b.size ? a.size < b.size : a.peer < b.peer; });
    return out;
}

std::vector<std::string> PeerRepository::routines(const std::string& deviceId) const {
    auto q = m_db.prepare("SELECT DISTINCT x.routine FROM peer_measurements x JOIN devices d ON d.id = x.device_id "
                          "WHERE d.stable_id = ? ORDER BY x.routine");
    q.bind(1, deviceId);
    std::vector<std::string> out;
    while (q.step()) out.push_back(q.columnText(0));
    return out;
}

} // namespace kt::store
