// Dispatch rules derived from measurements (size → candidate), kept as history: a newer rule of a name wins.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kt::store {

class Database;

struct RuleRecord {
    std::int64_t id = 0;
    std::string deviceId;
    std::string family;
    int familyVersion = 1;
    std::string name; // e.g. "default", "square-only"
    nlohmann::json rule;
    std::string createdAt;
};

class RuleRepository {
public:
    explicit RuleRepository(const Database& db) : m_db(db) {}

    std::int64_t add(const RuleRecord& rule);
    std::optional<RuleRecord> get(std::int64_t id) const;
    // The newest rule of that name for the device and family.
    std::optional<RuleRecord> latest(const std::string& deviceId, const std::string& family, const std::string& name,
                                     int familyVersion = 1) const;
    // Newest first; empty optionals mean "any".
    std::vector<RuleRecord> list(const std::optional<std::string>& deviceId = std::nullopt,
                                 const std::optional<std::string>& family = std::nullopt) const;

private:
    const Database& m_db;
};

} // namespace kt::store
