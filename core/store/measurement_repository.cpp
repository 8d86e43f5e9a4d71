// MeasurementRepository: the measurements table (plus parameter_sets rows created on demand).
#include "core/store/measurement_repository.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/store/database.hpp"
#include "core/store/lookup.hpp"
#include "core/store/store_error.hpp"
#include "core/store/transaction.hpp"

namespace kt::store {

namespace {

const char* const kColumns =
    "m.id, m.run_id, d.stable_id, f.name, p.point_key, m.size_dims, m.status, m.times_ms, m.median_ms, m.min_ms, "
    "m.spread_ms, m.value, m.max_error, m.error, m.compile_ms, m.created_at";
const char* const kJoins = " FROM measurements m JOIN devices d ON d.id = m.device_id JOIN families f ON f.id = "
                           "m.family_id JOIN parameter_sets p ON p.id = m.parameter_set_id ";

StoredMeasurement readMeasurement(const Statement& q) {
    StoredMeasurement s;
    s.id = q.columnInt64(0);
    s.runId = q.columnInt64(1);
    Measurement& m = s.measurement;
    m.deviceId = q.columnText(2);
    m.family = q.columnText(3);
    m.pointKey = q.columnText(4);
    m.size = sizeFromJson(q.columnText(5), "measurements.size_dims");
    try {
        m.status = measurementStatusFromString(q.columnText(6));
    } catch (const std::invalid_argument& e) {
        throw StoreError(std::string("measurement ") + std::to_string(s.id) + ": " + e.what());
    }
    try {
        m.timesMs = parseStoredJson(q.columnText(7), "measurements.times_ms").get<std::vector<double>>();
    } catch (const nlohmann::json::exception&) {
        throw StoreError("measurement " + std::to_string(s.id) + ": times_ms is not a list of numbers");
    }
    m.medianMs = q.columnDouble(8);
    m.minMs = q.columnDouble(9);
    m.spreadMs = q.columnDouble(10);
    m.value = q.columnDouble(11);
    m.maxError = q.columnDouble(12);
    m.error = q.columnText(13);
    m.compileMs = q.columnDouble(14);
    s.createdAt = q.columnText(15);
    return s;
}

std::vector<StoredMeasurement> readAll(Statement& q) {
    std::vector<StoredMeasurement> out;
    while (q.step()) out.push_back(readMeasurement(q));
    return out;
}

} // namespace

std::int64_t MeasurementRepository::insert(std::int64_t runId, const Measurement& m) {
    Transaction tx(m_db);
    auto run =
        m_db.prepare("SELECT r.device_id, r.family_id, d.stable_id, f.name FROM tuning_runs r "
                     "JOIN devices d ON d.id = r.device_id JOIN families f ON f.id = r.family_id WHERE r.id = ?");
    run.bind(1, runId);
    if (!run.step())
        throw StoreError("cannot store a measurement: tuning run " + std::to_string(runId) + " does not exist");
    const std::int64_t device = run.columnInt64(0);
    const std::int64_t family = run.columnInt64(1);
    const std::string deviceId = run.columnText(2);
    const std::string familyName = run.columnText(3);
    if (!m.deviceId.empty() && m.deviceId != deviceId)
        throw StoreError("measurement is for device '" + m.deviceId + "' but run " + std::to_string(runId) +
                         " tunes device '" + deviceId + "'");
    if (!m.family.empty() && m.family != familyName)
        throw StoreError("measurement is for family '" + m.family + "' but run " + std::to_string(runId) +
                         " tunes family '" + familyName + "'");
    if (m.size.dims.empty())
        throw StoreError("measurement of point '" + m.pointKey + "' in run " + std::to_string(runId) +
                         " has no problem size");
    const std::int64_t point = parameterSetRow(m_db, family, m.pointKey);

    // SQLite stores NaN as NULL, which the NOT NULL columns refuse (a candidate writing NaN made its measurement
    // unstorable): NaN errors are stored as infinitely wrong, NaN timings and values as 0.
    const auto real = [](double v) { return std::isnan(v) ? 0.0 : v; };
    const double maxError = std::isnan(m.maxError) ? std::numeric_limits<double>::infinity() : m.maxError;
    std::vector<double> times;
    for (double t : m.timesMs) times.push_back(real(t));
    auto q = m_db.prepare(
        "INSERT INTO measurements (run_id, device_id, family_id, parameter_set_id, size_label, size_dims, status, "
        "median_ms, min_ms, spread_ms, times_ms, value, max_error, error, compile_ms, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, runId)
        .bind(2, device)
        .bind(3, family)
        .bind(4, point)
        .bind(5, m.size.label())
        .bind(6, sizeToJson(m.size).dump())
        .bind(7, toString(m.status))
        .bind(8, real(m.medianMs))
        .bind(9, real(m.minMs))
        .bind(10, real(m.spreadMs))
        .bind(11, nlohmann::json(times).dump())
        .bind(12, real(m.value))
        .bind(13, maxError)
        .bind(14, m.error)
        .bind(15, real(m.compileMs))
        .bind(16, utcNow());
    try {
        q.run();
    } catch (const StoreError& e) {
        if (!e.isConstraintViolation()) throw;
        // Only the unique key means "stored before"; another constraint is a bad value, said as it is.
        if (e.sqliteCode() != 2067 /* SQLITE_CONSTRAINT_UNIQUE */ && e.sqliteCode() != 1555 /* PRIMARYKEY */)
            throw StoreError("cannot store the measurement of point '" + m.pointKey + "' at size " + m.size.label() +
                                 " in run " + std::to_string(runId) + ": " + e.what(),
                             e.sqliteCode());
        throw StoreError("run " + std::to_string(runId) + " already has a measurement of point '" + m.pointKey +
                             "' at size " + m.size.label() + " (device '" + deviceId + "', family '" + familyName +
                             "'); not stored twice [" + e.what() + "]",
                         e.sqliteCode());
    }
    const std::int64_t id = m_db.lastInsertId();
    tx.commit();
    return id;
}

namespace {
struct PointRows {
    std::int64_t device, family, point;
};

// Resolves the ids first so the measurement look-up is an exact match on measurements_by_point; nullopt when
// any of them was never stored (then nothing was measured either).
std::optional<PointRows> findPointRows(const Database& db, const std::string& deviceId, const std::string& family,
                                       const std::string& pointKey, int familyVersion) {
    const auto device = findDeviceRow(db, deviceId);
    const auto familyId = device ? findFamilyRow(db, family, familyVersion) : std::nullopt;
    const auto point = familyId ? findParameterSetRow(db, *familyId, pointKey) : std::nullopt;
    if (!point) return std::nullopt;
    return PointRows{*device, *familyId, *point};
}
} // namespace

bool MeasurementRepository::hasMeasurement(const std::string& deviceId, const std::string& family,
                                           const std::string& pointKey, const ProblemSize& size,
                                           int familyVersion) const {
    const auto rows = findPointRows(m_db, deviceId, family, pointKey, familyVersion);
    if (!rows) return false;
    auto q = m_db.prepare("SELECT 1 FROM measurements WHERE device_id = ? AND family_id = ? AND parameter_set_id = ? "
                          "AND size_label = ? LIMIT 1");
    q.bind(1, rows->device).bind(2, rows->family).bind(3, rows->point).bind(4, size.label());
    return q.step();
}

std::optional<StoredMeasurement> MeasurementRepository::findEarlier(const std::string& deviceId,
                                                                    const std::string& family,
                                                                    const std::string& pointKey,
                                                                    const ProblemSize& size, int familyVersion) const {
    const auto rows = findPointRows(m_db, deviceId, family, pointKey, familyVersion);
    if (!rows) return std::nullopt;
    auto q = m_db.prepare(std::string("SELECT ") + kColumns + kJoins +
                          "WHERE m.device_id = ? AND m.family_id = ? AND m.parameter_set_id = ? AND m.size_label = ? "
                          "ORDER BY m.created_at DESC, m.id DESC LIMIT 1");
    q.bind(1, rows->device).bind(2, rows->family).bind(3, rows->point).bind(4, size.label());
    if (!q.step()) return std::nullopt;
    return readMeasurement(q);
}

std::set<MeasurementKey> MeasurementRepository::measuredKeys(std::int64_t runId) const {
    auto q = m_db.prepare("SELECT p.point_key, m.size_label FROM measurements m "
                          "JOIN parameter_sets p ON p.id = m.parameter_set_id WHERE m.run_id = ?");
    q.bind(1, runId);
    std::set<MeasurementKey> keys;
    while (q.step()) keys.insert({q.columnText(0), q.columnText(1)});
    return keys;
}

std::vector<StoredMeasurement> MeasurementRepository::byRun(std::int64_t runId) const {
    auto q = m_db.prepare(std::string("SELECT ") + kColumns + kJoins + "WHERE m.run_id = ? ORDER BY m.id");
    q.bind(1, runId);
    return readAll(q);
}

std::vector<StoredMeasurement> MeasurementRepository::query(const std::string& deviceId, const std::string& family,
                                                            const MeasurementFilter& filter) const {
    auto q = m_db.prepare(std::string("SELECT ") + kColumns + kJoins +
                          "WHERE d.stable_id = :device AND f.name = :family AND f.version = :version "
                          "AND (:run IS NULL OR m.run_id = :run) AND (:point IS NULL OR p.point_key = :point) "
                          "AND (:size IS NULL OR m.size_label = :size) AND (:status IS NULL OR m.status = :status) "
                          "ORDER BY m.id LIMIT :limit");
    q.bind(":device", deviceId).bind(":family", family).bind(":version", filter.familyVersion);
    q.bind(":run", filter.runId).bind(":point", filter.pointKey);
    if (filter.size)
        q.bind(":size", filter.size->label());
    else
        q.bind(":size", nullptr);
    if (filter.status)
        q.bind(":status", toString(*filter.status));
    else
        q.bind(":status", nullptr);
    q.bind(":limit", filter.limit > 0 ? static_cast<std::int64_t>(filter.limit) : std::int64_t{-1});
    return readAll(q);
}

std::vector<StoredMeasurement> MeasurementRepository::bestPerSize(const std::string& deviceId,
                                                                  const std::string& family, int familyVersion) const {
    // ROW_NUMBER picks one row per size even when two points tie; the id breaks ties toward the earliest.
    auto q = m_db.prepare(std::string("SELECT ") + kColumns +
                          " FROM (SELECT *, ROW_NUMBER() OVER "
                          "(PARTITION BY size_label ORDER BY value DESC, id) AS rank FROM measurements "
                          "WHERE status = 'ok' AND device_id = (SELECT id FROM devices WHERE stable_id = ?) "
                          "AND family_id = (SELECT id FROM families WHERE name = ? AND version = ?)) m "
                          "JOIN devices d ON d.id = m.device_id JOIN families f ON f.id = m.family_id "
                          "JOIN parameter_sets p ON p.id = m.parameter_set_id WHERE m.rank = 1");
    q.bind(1, deviceId).bind(2, family).bind(3, familyVersion);
    auto best = readAll(q);
    std::sort(best.begin(), best.end(),
              [](const auto& a, const auto& b) { return a.measurement.size < b.measurement.size; });
    return best;
}

std::vector<StoredMeasurement> MeasurementRepository::topCandidates(const std::string& deviceId,
                                                                    const std::string& family, const ProblemSize& size,
                                                                    int k, int familyVersion) const {
    if (k <= 0) return {};
    auto q = m_db.prepare(std::string("SELECT ") + kColumns +
                          " FROM (SELECT *, ROW_NUMBER() OVER "
                          "(PARTITION BY parameter_set_id ORDER BY value DESC, id) AS rank FROM measurements "
                          "WHERE status = 'ok' AND size_label = ? "
                          "AND device_id = (SELECT id FROM devices WHERE stable_id = ?) "
                          "AND family_id = (SELECT id FROM families WHERE name = ? AND version = ?)) m "
                          "JOIN devices d ON d.id = m.device_id JOIN families f ON f.id = m.family_id "
                          "JOIN parameter_sets p ON p.id = m.parameter_set_id WHERE m.rank = 1 "
                          "ORDER BY m.value DESC, m.id LIMIT ?");
    q.bind(1, size.label()).bind(2, deviceId).bind(3, family).bind(4, familyVersion).bind(5, k);
    return readAll(q);
}

} // namespace kt::store
