// ExportRepository: the exports table.
#include "core/store/export_repository.hpp"

#include "core/store/database.hpp"
#include "core/store/lookup.hpp"
#include "core/store/store_error.hpp"

namespace kt::store {

namespace {
ExportRecord readExport(const Statement& q) {
    return {q.columnInt64(0), q.columnText(1), q.columnText(2), parseStoredJson(q.columnText(3), "exports.manifest")};
}
} // namespace

std::int64_t ExportRepository::add(const std::string& path, const nlohmann::json& manifest) {
    if (path.empty()) throw StoreError("export record has an empty path");
    auto q = m_db.prepare("INSERT INTO exports (path, created_at, manifest) VALUES (?, ?, ?)");
    q.bind(1, path).bind(2, utcNow()).bind(3, manifest.dump());
    q.run();
    return m_db.lastInsertId();
}

std::optional<ExportRecord> ExportRepository::get(std::int64_t id) const {
    auto q = m_db.prepare("SELECT id, path, created_at, manifest FROM exports WHERE id = ?");
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    return readExport(q);
}

std::vector<ExportRecord> ExportRepository::list() const {
    auto q = m_db.prepare("SELECT id, path, created_at, manifest FROM exports ORDER BY created_at DESC, id DESC");
    std::vector<ExportRecord> exports;
    while (q.step()) exports.push_back(readExport(q));
    return exports;
}

} // namespace kt::store
