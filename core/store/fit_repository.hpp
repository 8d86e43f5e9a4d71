// Fits over problem size (d-spline and others) of one candidate point on one device: the grid and fitted values.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kt::store {

class Database;

struct FitRecord {
    std::int64_t id = 0; // set by add()
    std::string deviceId;
    std::string family;
    int familyVersion = 1;
    std::string pointKey; // the candidate whose performance curve was fitted
    std::string method = "dspline";
    double alpha = 0;                                // smoothing parameter
    nlohmann::json grid = nlohmann::json::array();   // the sizes the fit is evaluated on
    nlohmann::json values = nlohmann::json::array(); // fitted value at each grid entry
    std::string createdAt;                           // set by add()
};

class FitRepository {
public:
    explicit FitRepository(const Database& db) : m_db(db) {}

    std::int64_t add(const FitRecord& fit); // the device must be stored; family and point are created when new
    std::optional<FitRecord> get(std::int64_t id) const;
    // Fits of a device and family, newest first; pointKey narrows to one candidate.
    std::vector<FitRecord> list(const std::string& deviceId, const std::string& family,
                                const std::optional<std::string>& pointKey = std::nullopt, int familyVersion = 1) const;

private:
    const Database& m_db;
};

} // namespace kt::store
