// FitRepository: the fits table.
#include "core/store/fit_repository.hpp"

#include "core/store/database.hpp"
#include "core/store/lookup.hpp"
#include "core/store/store_error.hpp"
#include "core/store/transaction.hpp"

namespace kt::store {

namespace {
const char* const kSelectFit =
    "SELECT x.id, d.stable_id, f.name, f.version, p.point_key, x.method, x.alpha, x.grid, x.fit_values, x.created_at "
    "FROM fits x JOIN devices d ON d.id = x.device_id JOIN families f ON f.id = x.family_id "
    "JOIN parameter_sets p ON p.id = x.parameter_set_id ";

FitRecord readFit(const Statement& q) {
    FitRecord r;
    r.id = q.columnInt64(0);
    r.deviceId = q.columnText(1);
    r.family = q.columnText(2);
    r.familyVersion = q.columnInt(3);
    r.pointKey = q.columnText(4);
    r.method = q.columnText(5);
    r.alpha = q.columnDouble(6);
    r.grid = parseStoredJson(q.columnText(7), "fits.grid");
    r.values = parseStoredJson(q.columnText(8), "fits.fit_values");
    r.createdAt = q.columnText(9);
    return r;
}
} // namespace

std::int64_t FitRepository::add(const FitRecord& fit) {
    if (fit.method.empty()) throw StoreError("fit of point '" + fit.pointKey + "' has no method name");
    Transaction tx(m_db);
    const std::int64_t device = requireDeviceRow(m_db, fit.deviceId);
    const std::int64_t family = familyRow(m_db, fit.family, fit.familyVersion);
    const std::int64_t point = parameterSetRow(m_db, family, fit.pointKey);
    auto q = m_db.prepare("INSERT INTO fits (device_id, family_id, parameter_set_id, method, alpha, grid, fit_values, "
                          "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, device)
        .bind(2, family)
        .bind(3, point)
        .bind(4, fit.method)
        .bind(5, fit.alpha)
        .bind(6, fit.grid.dump())
        .bind(7, fit.values.dump())
        .bind(8, fit.createdAt.empty() ? utcNow() : fit.createdAt);
    q.run();
    const std::int64_t id = m_db.lastInsertId();
    tx.commit();
    return id;
}

std::optional<FitRecord> FitRepository::get(std::int64_t id) const {
    auto q = m_db.prepare(std::string(kSelectFit) + "WHERE x.id = ?");
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    return readFit(q);
}

std::vector<FitRecord> FitRepository::list(const std::string& deviceId, const std::string& family,
                                           const std::optional<std::string>& pointKey, int familyVersion) const {
    auto q = m_db.prepare(std::string(kSelectFit) +
                          "WHERE d.stable_id = :device AND f.name = :family AND f.version = :version "
                          "AND (:point IS NULL OR p.point_key = :point) ORDER BY x.created_at DESC, x.id DESC");
    q.bind(":device", deviceId).bind(":family", family).bind(":version", familyVersion).bind(":point", pointKey);
    std::vector<FitRecord> fits;
    while (q.step()) fits.push_back(readFit(q));
    return fits;
}

} // namespace kt::store
