// Measurements of candidates (parameter points) at problem sizes: storage, resume look-ups and rankings.
#pragma once
#include <compare>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/model/measurement.hpp"

namespace kt::store {

class Database;

struct StoredMeasurement {
    std::int64_t id = 0;
    std::int64_t runId = 0;
    Measurement measurement;
    std::string createdAt;
};

// (point, size) pair, the unit of work of a run.
struct MeasurementKey {
    std::string pointKey;
    std::string sizeLabel;
    auto operator<=>(const MeasurementKey&) const = default;
};

struct MeasurementFilter {
    std::optional<std::int64_t> runId;
    std::optional<std::string> pointKey;
    std::optional<ProblemSize> size;
    std::optional<MeasurementStatus> status;
    int familyVersion = 1;
    int limit = 0; // 0: all
};

class MeasurementRepository {
public:
    explicit MeasurementRepository(const Database& db) : m_db(db) {}

    // Stores a measurement of run `runId`; the device and family are the run's (a non-empty m.deviceId or
    // m.family that differs is refused). A second measurement of the same point and size in one run is refused
    // with a StoreError (isConstraintViolation()) naming run, point and size. Returns the row id.
    std::int64_t insert(std::int64_t runId, const Measurement& m);

    // Whether any run already measured this point at this size on this device (any status: a point that failed
    // to compile fails again). Resume and new runs consult it so nothing is measured twice.
    bool hasMeasurement(const std::string& deviceId, const std::string& family, const std::string& pointKey,
                        const ProblemSize& size, int familyVersion = 1) const;
    // The most recent such measurement, to copy its result into a new run instead of re-measuring.
    std::optional<StoredMeasurement> findEarlier(const std::string& deviceId, const std::string& family,
                                                 const std::string& pointKey, const ProblemSize& size,
                                                 int familyVersion = 1) const;
    // What run `runId` has measured so far (resume skips these).
    std::set<MeasurementKey> measuredKeys(std::int64_t runId) const;

    std::vector<StoredMeasurement> byRun(std::int64_t runId) const; // in insertion order
    // Measurements of a device and family (all runs) matching the filter, in insertion order.
    std::vector<StoredMeasurement> query(const std::string& deviceId, const std::string& family,
                                         const MeasurementFilter& filter = {}) const;
    // For each size, the best ok measurement (highest value); ordered by size (dims, not text).
    std::vector<StoredMeasurement> bestPerSize(const std::string& deviceId, const std::string& family,
                                               int familyVersion = 1) const;
    // The k distinct points with the highest ok value at `size`, each with its best measurement; best first.
    std::vector<StoredMeasurement> topCandidates(const std::string& deviceId, const std::string& family,
                                                 const ProblemSize& size, int k, int familyVersion = 1) const;

private:
    const Database& m_db;
};

} // namespace kt::store
