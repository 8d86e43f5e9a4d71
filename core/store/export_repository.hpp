// The tuned packages written by `ktune export` / the GUI: where, when, and the manifest that describes them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kt::store {

class Database;

struct ExportRecord {
    std::int64_t id = 0;
    std::string path;
    std::string createdAt;
    nlohmann::json manifest;
};

class ExportRepository {
public:
    explicit ExportRepository(const Database& db) : m_db(db) {}

    std::int64_t add(const std::string& path, const nlohmann::json& manifest);
    std::optional<ExportRecord> get(std::int64_t id) const;
    std::vector<ExportRecord> list() const; // newest first

private:
    const Database& m_db;
};

} // namespace kt::store
