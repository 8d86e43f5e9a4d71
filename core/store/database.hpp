// The result store's SQLite connection: opens (and creates) the file, refuses files that are not ours or are newer,
// migrates older ones, and hands out prepared statements. One Database per thread; several processes may share a file.
#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/store/migrations.hpp"
#include "core/store/statement.hpp"

struct sqlite3;

namespace kt::store {

// $XDG_DATA_HOME/KernelTune/ktune.sqlite, else ~/.local/share/KernelTune/ktune.sqlite (what the GUI's
// QStandardPaths::AppDataLocation resolves to on Linux, so the CLI and the GUI share one file).
std::filesystem::path defaultDatabasePath();

enum class OpenMode {
    ReadWrite, // creates the file and parent folders when missing, migrates older schemas
    ReadOnly,  // never writes; the file must exist and already be at the current schema version
};

struct OpenOptions {
    OpenMode mode = OpenMode::ReadWrite;
    // How long a statement waits for another process's write lock before failing with "database is locked".
    std::chrono::milliseconds busyTimeout{10000};
};

// Repositories and statements borrow a Database by reference: keep it in place (or in a unique_ptr) while they live.
class Database {
public:
    // Throws StoreError (naming the path) when the file is not SQLite, is a foreign SQLite database, was written by
    // a newer schema, or cannot be opened. In those cases the file is left byte-for-byte unchanged.
    static Database open(const std::filesystem::path& path, const OpenOptions& options = {});
    // Same with an explicit migration list (tests of the migration machinery; the schema's own list otherwise).
    static Database open(const std::filesystem::path& path, const std::vector<Migration>& migrations,
                         const OpenOptions& options = {});

    ~Database();
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    Statement prepare(std::string_view sql) const;
    // Runs one or more statements without results (DDL, PRAGMAs); never for SQL containing user data.
    void exec(std::string_view sql) const;
    std::int64_t lastInsertId() const;
    bool inTransaction() const;

    int schemaVersion() const; // PRAGMA user_version
    // What PRAGMA integrity_check reports (at most `max` lines); empty when the file is sound. Writers check it
    // before a run, so rows read through a damaged index are never copied into new ones.
    std::vector<std::string> integrityProblems(int max = 5) const;
    const std::filesystem::path& path() const { return m_path; }
    bool readOnly() const { return m_readOnly; }
    sqlite3* handle() const { return m_db; }

private:
    Database(sqlite3* db, std::filesystem::path path, bool readOnly);
    void close() noexcept;

    sqlite3* m_db = nullptr;
    std::filesystem::path m_path;
    bool m_readOnly = false;
};

} // namespace kt::store
