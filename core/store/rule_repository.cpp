// RuleRepository: the rules table.
#include "core/store/rule_repository.hpp"

#include "core/store/database.hpp"
#include "core/store/lookup.hpp"
#include "core/store/store_error.hpp"
#include "core/store/transaction.hpp"

namespace kt::store {

namespace {
const char* const kSelectRule =
    "SELECT r.id, d.stable_id, f.name, f.version, r.name, r.rule, r.created_at "
    "FROM rules r JOIN devices d ON d.id = r.device_id JOIN families f ON f.id = r.family_id ";

RuleRecord readRule(const Statement& q) {
    RuleRecord r;
    r.id = q.columnInt64(0);
    r.deviceId = q.columnText(1);
    r.family = q.columnText(2);
    r.familyVersion = q.columnInt(3);
    r.name = q.columnText(4);
    r.rule = parseStoredJson(q.columnText(5), "rules.rule");
    r.createdAt = q.columnText(6);
    return r;
}
} // namespace

std::int64_t RuleRepository::add(const RuleRecord& rule) {
    if (rule.name.empty()) throw StoreError("rule for family '" + rule.family + "' has no name");
    Transaction tx(m_db);
    const std::int64_t device = requireDeviceRow(m_db, rule.deviceId);
    const std::int64_t family = familyRow(m_db, rule.family, rule.familyVersion);
    auto q = m_db.prepare("INSERT INTO rules (device_id, family_id, name, rule, created_at) VALUES (?, ?, ?, ?, ?)");
    q.bind(1, device).bind(2, family).bind(3, rule.name).bind(4, rule.rule.dump());
    q.bind(5, rule.createdAt.empty() ? utcNow() : rule.createdAt);
    q.run();
    const std::int64_t id = m_db.lastInsertId();
    tx.commit();
    return id;
}

std::optional<RuleRecord> RuleRepository::get(std::int64_t id) const {
    auto q = m_db.prepare(std::string(kSelectRule) + "WHERE r.id = ?");
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    return readRule(q);
}

std::optional<RuleRecord> RuleRepository::latest(const std::string& deviceId, const std::string& family,
                                                 const std::string& name, int familyVersion) const {
    auto q = m_db.prepare(std::string(kSelectRule) + "WHERE d.stable_id = ? AND f.name = ? AND f.version = ? "
                                                     "AND r.name = ? ORDER BY r.created_at DESC, r.id DESC LIMIT 1");
    q.bind(1, deviceId).bind(2, family).bind(3, familyVersion).bind(4, name);
    if (!q.step()) return std::nullopt;
    return readRule(q);
}

std::vector<RuleRecord> RuleRepository::list(const std::optional<std::string>& deviceId,
                                             const std::optional<std::string>& family) const {
    auto q = m_db.prepare(std::string(kSelectRule) +
                          "WHERE (:device IS NULL OR d.stable_id = :device) AND (:family IS NULL OR f.name = :family) "
                          "ORDER BY r.created_at DESC, r.id DESC");
    q.bind(":device", deviceId).bind(":family", family);
    std::vector<RuleRecord> rules;
    while (q.step()) rules.push_back(readRule(q));
    return rules;
}

} // namespace kt::store
