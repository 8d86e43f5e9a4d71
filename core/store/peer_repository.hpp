// Performance of vendor libraries (cuBLAS, CLBlast) on the same routines and sizes, for comparison plots.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/measurement.hpp"

namespace kt::store {

class Database;

struct PeerMeasurement {
    std::int64_t id = 0;
    std::string deviceId;
    std::string peer;    // "cublas", "clblast"
    std::string routine; // "sgemm", "dsymv", …
    ProblemSize size;
    double value = 0; // GFlop/s or GB/s, same metric as the family it is compared with
    double medianMs = 0;
    std::string createdAt;
};

class PeerRepository {
public:
    explicit PeerRepository(const Database& db) : m_db(db) {}

    std::int64_t add(const PeerMeasurement& peer);
    // Ordered by size (dims), then peer, then oldest first; an empty peer means every peer.
    std::vector<PeerMeasurement> list(const std::string& deviceId, const std::string& routine,
                                      const std::optional<std::string>& peer = std::nullopt) const;
    // The routines measured on a device, sorted ("sgemm_nn", "transpose", …): what comparison views can offer.
    std::vector<std::string> routines(const std::string& deviceId) const;

private:
    const Database& m_db;
};

} // namespace kt::store
