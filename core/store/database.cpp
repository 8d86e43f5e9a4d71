// Opening the store: a read-only inspection first (so a file we refuse is never touched), then WAL, foreign keys,
// busy timeout and the migrations from the file's version to ours in one transaction.
#include "core/store/database.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include <pwd.h>
#include <unistd.h>

#include "core/store/store_error.hpp"

namespace fs = std::filesystem;

namespace kt::store {

fs::path defaultDatabasePath() {
    // XDG base directory spec: a relative XDG_DATA_HOME is invalid and must be ignored.
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg && fs::path(xdg).is_absolute())
        return fs::path(xdg) / "KernelTune" / "ktune.sqlite";
    fs::path home;
    if (const char* env = std::getenv("HOME"); env && *env) {
        home = env;
    } else if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_dir) {
        home = pw->pw_dir;
    } else {
        throw StoreError("cannot find a default database location: neither XDG_DATA_HOME nor HOME is set");
    }
    return home / ".local" / "share" / "KernelTune" / "ktune.sqlite";
}

namespace {

std::string quoted(const fs::path& path) {
    return "'" + path.string() + "'";
}

std::string hex(std::int32_t value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "0x%08X", static_cast<std::uint32_t>(value));
    return buffer;
}

// What the read-only look at an existing file found.
struct FileState {
    std::int32_t applicationId = 0;
    int userVersion = 0;
    std::vector<std::string> tables;
};

// Runs on any connection, inside or outside a transaction; throws on SQLITE_NOTADB and friends.
FileState readState(sqlite3* db, const fs::path& path) {
    FileState state;
    try {
        Statement appId(db, "PRAGMA application_id");
        if (appId.step()) state.applicationId = static_cast<std::int32_t>(appId.columnInt64(0));
        Statement version(db, "PRAGMA user_version");
        if (version.step()) state.userVersion = version.columnInt(0);
        Statement tables(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                             "ORDER BY name");
        while (tables.step()) state.tables.push_back(tables.columnText(0));
    } catch (const StoreError& e) {
        throw StoreError(quoted(path) + " is not a readable SQLite database: " + e.what(), e.sqliteCode());
    }
    return state;
}

// Throws when the file must not be touched; returns normally for our files (any older or equal version) and for
// empty SQLite databases (no tables, no application id: e.g. a zero-byte file), which we adopt.
void checkOwnership(const FileState& state, const fs::path& path, int current) {
    if (state.applicationId == kApplicationId) {
        // Our id but no schema version: tables someone else made (or a half-written copy); migration 1 would fail
        // on them with its whole SQL as the message.
        if (state.userVersion == 0 && !state.tables.empty())
            throw StoreError(quoted(path) + " has KernelTune's application id but schema version 0 and " +
                             std::to_string(state.tables.size()) + " tables (" + state.tables.front() +
                             (state.tables.size() > 1 ? ", …" : "") + "): not a store this program wrote; not opened");
        if (state.userVersion > current)
            throw StoreError(quoted(path) + " was written by schema " + std::to_string(state.userVersion) +
                             ", this ktune understands up to " + std::to_string(current) + "; upgrade KernelTune");
        if (state.userVersion < 0)
            throw StoreError(quoted(path) + " has an invalid schema version " + std::to_string(state.userVersion));
        return;
    }
    if (state.applicationId != 0)
        throw StoreError(quoted(path) + " belongs to another program (SQLite application id " +
                         hex(state.applicationId) + ", KernelTune uses " + hex(kApplicationId) + "); not opened");
    if (!state.tables.empty() || state.userVersion != 0) {
        std::string names;
        for (std::size_t i = 0; i < state.tables.size() && i < 5; ++i) names += (i ? ", " : "") + state.tables[i];
        if (state.tables.size() > 5) names += ", …";
        throw StoreError(quoted(path) + " is an SQLite database of another program (no KernelTune application id" +
                         (names.empty() ? std::string() : "; tables: " + names) + "); not opened");
    }
}

void validateMigrations(const std::vector<Migration>& migrations) {
    for (std::size_t i = 0; i < migrations.size(); ++i)
        if (migrations[i].version != static_cast<int>(i) + 1)
            throw StoreError("migration list is malformed: step " + std::to_string(i) + " ('" +
                             migrations[i].description + ") has version " + std::to_string(migrations[i].version) +
                             ", expected " + std::to_string(i + 1));
}

void execOn(sqlite3* db, std::string_view sql, const fs::path& path) {
    char* error = nullptr;
    std::string text(sql);
    if (sqlite3_exec(db, text.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errmsg(db);
        sqlite3_free(error);
        // The statement is named by its start: migrations are whole schemas, too long for a message.
        const std::string shown = text.size() > 80 ? text.substr(0, 77) + "…" : text;
        throw StoreError(quoted(path) + ": " + message + " (in '" + shown + "')", sqlite3_extended_errcode(db));
    }
}

sqlite3* openConnection(const fs::path& path, int flags, const OpenOptions& options, const std::string& uri = {}) {
    sqlite3* db = nullptr;
    int rc = sqlite3_open_v2(uri.empty() ? path.c_str() : uri.c_str(), &db,
                             uri.empty() ? flags : flags | SQLITE_OPEN_URI, nullptr);
    if (rc != SQLITE_OK) {
        std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
        int code = db ? sqlite3_extended_errcode(db) : rc;
        sqlite3_close(db);
        throw StoreError("cannot open " + quoted(path) + ": " + message, code);
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, static_cast<int>(options.busyTimeout.count()));
    return db;
}

// Checks the magic bytes ourselves: SQLite would report a text file only when first queried, and with a
// message ("file is not a database") that does not say which file.
// Returns whether the file is in WAL mode (header bytes 18 and 19 are 2).
bool checkHeader(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw StoreError("cannot read " + quoted(path));
    unsigned char header[20] = {};
    in.read(reinterpret_cast<char*>(header), sizeof header);
    static const char kMagic[16] = "SQLite format 3"; // includes the terminating NUL, as in the file
    if (in.gcount() != sizeof header || std::memcmp(header, kMagic, 16) != 0)
        throw StoreError(quoted(path) + " is not a KernelTune database (not an SQLite file); not opened");
    return header[18] == 2 && header[19] == 2;
}

// "file:" URI for sqlite3_open_v2 with SQLITE_OPEN_URI: everything but unreserved characters and '/' escaped.
std::string fileUri(const fs::path& path, const char* query) {
    std::string uri = "file:";
    for (unsigned char c : fs::absolute(path).string()) {
        if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
            uri.push_back(static_cast<char>(c));
        } else {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", c);
            uri += escaped;
        }
    }
    return uri + "?" + query;
}

fs::path folderOf(const fs::path& path) {
    return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

// Whether this process may write the file and create files beside it (-wal, -shm).
bool writablePlace(const fs::path& path) {
    return ::access(path.c_str(), W_OK) == 0 && ::access(folderOf(path).c_str(), W_OK) == 0;
}

void checkWritable(const fs::path& path, bool exists) {
    const fs::path folder = folderOf(path);
    if (exists && ::access(path.c_str(), W_OK) != 0)
        throw StoreError(quoted(path) + " is read-only for this user; results cannot be stored there (make it "
                         "writable, or use a command that only reads it, such as `ktune runs`)");
    if (::access(folder.c_str(), W_OK) != 0)
        throw StoreError("the folder " + quoted(folder) + " of the store is read-only for this user; SQLite needs to "
                         "create its -wal and -shm files there (copy the store elsewhere, or use a command that only "
                         "reads it, such as `ktune runs`)");
    // Left behind by an older ktune that opened a write-protected store: give them the store's mode again.
    std::error_code ec;
    if (!exists) return;
    const auto mode = fs::status(path, ec).permissions();
    if (ec) return;
    for (const char* suffix : {"-wal", "-shm"}) {
        const fs::path side(path.string() + suffix);
        if (fs::exists(side, ec) && ::access(side.c_str(), W_OK) != 0) {
            fs::permissions(side, mode, fs::perm_options::replace, ec);
            if (ec || ::access(side.c_str(), W_OK) != 0)
                throw StoreError(quoted(side) + " is read-only for this user while the store is writable; make it "
                                 "writable (chmod u+w) or remove it when no ktune is running");
        }
    }
}

void migrate(sqlite3* db, const fs::path& path, const std::vector<Migration>& migrations) {
    const int current = static_cast<int>(migrations.size());
    FileState state = readState(db, path);
    checkOwnership(state, path, current);
    if (state.applicationId == kApplicationId && state.userVersion == current) return; // the common case: no lock

    // Table rebuilds in future steps need foreign keys off (SQLite's documented ALTER procedure); the whole
    // result is checked with foreign_key_check before commit instead.
    execOn(db, "PRAGMA foreign_keys = OFF", path);
    execOn(db, "BEGIN IMMEDIATE", path);
    try {
        // Another process may have migrated (or been refused) since we looked: decide again under the lock.
        state = readState(db, path);
        checkOwnership(state, path, current);
        for (const auto& step : migrations) {
            if (step.version <= state.userVersion) continue;
            try {
                execOn(db, step.sql, path);
            } catch (const StoreError& e) {
                throw StoreError("migration to schema " + std::to_string(step.version) + " (" + step.description +
                                     ") failed: " + e.what(),
                                 e.sqliteCode());
            }
        }
        Statement fkCheck(db, "PRAGMA foreign_key_check");
        if (fkCheck.step())
            throw StoreError(quoted(path) + ": migration left a dangling reference in table '" + fkCheck.columnText(0) +
                             "'; nothing was changed");
        execOn(db, "PRAGMA application_id = " + std::to_string(kApplicationId), path);
        execOn(db, "PRAGMA user_version = " + std::to_string(current), path);
        execOn(db, "COMMIT", path);
    } catch (...) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

} // namespace

Database Database::open(const fs::path& path, const OpenOptions& options) {
    return open(path, schemaMigrations(), options);
}

Database Database::open(const fs::path& path, const std::vector<Migration>& migrations, const OpenOptions& options) {
    validateMigrations(migrations);
    // UPSERT (3.24) and window functions (3.25) are used by the repositories.
    if (sqlite3_libversion_number() < 3025000)
        throw StoreError(std::string("SQLite ") + sqlite3_libversion() +
                         " is too old for the result store (needs 3.25)");
    const int current = static_cast<int>(migrations.size());
    const bool readOnly = options.mode == OpenMode::ReadOnly;

    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    if (exists && !fs::is_regular_file(path, ec)) throw StoreError(quoted(path) + " is not a regular file");
    if (!exists) {
        if (readOnly) throw StoreError(quoted(path) + " does not exist");
        if (path.has_parent_path() && !fs::exists(path.parent_path(), ec)) {
            fs::create_directories(path.parent_path(), ec);
            if (ec) throw StoreError("cannot create folder " + quoted(path.parent_path()) + ": " + ec.message());
        }
    }

    if (exists && fs::file_size(path, ec) > 0) {
        const bool wal = checkHeader(path);
        // Inspect through a read-only connection: a refused file must not even get its journal mode changed.
        // A WAL file without a -wal beside it has every commit in the main file; reading it as immutable keeps
        // SQLite from creating -wal/-shm files next to a file we may refuse (a race with a writer that starts
        // now is harmless: the decision is taken again under the write lock before migrating).
        std::error_code walEc;
        const bool immutable = wal && !fs::exists(fs::path(path.string() + "-wal"), walEc);
        sqlite3* inspect = immutable ? openConnection(path, SQLITE_OPEN_READONLY, options, fileUri(path, "immutable=1"))
                                     : openConnection(path, SQLITE_OPEN_READONLY, options);
        try {
            FileState state = readState(inspect, path);
            checkOwnership(state, path, current);
            if (readOnly && immutable && writablePlace(path)) {
                // Accepted; a long-lived reader must see other processes' later commits, so not immutable. (Where
                // the file or its folder is read-only nobody can commit, and SQLite could not make the -shm file
                // that a WAL reader needs, or would make it read-only for good: stay immutable there.)
                sqlite3_close(inspect);
                inspect = nullptr;
                inspect = openConnection(path, SQLITE_OPEN_READONLY, options);
                state = readState(inspect, path);
                checkOwnership(state, path, current);
            }
            if (readOnly) {
                if (state.userVersion != current)
                    throw StoreError(quoted(path) + " has schema " + std::to_string(state.userVersion) +
                                     " and needs upgrading to " + std::to_string(current) +
                                     "; open it once read-write (any ktune command that stores results)");
                execOn(inspect, "PRAGMA query_only = ON", path);
                return Database(inspect, path, true);
            }
        } catch (...) {
            sqlite3_close(inspect);
            throw;
        }
        sqlite3_close(inspect);
    } else if (readOnly) {
        throw StoreError(quoted(path) + " is empty, not a KernelTune database");
    }

    // SQLite would open a write-protected file read-only without a word and then create -wal/-shm files with the
    // file's mode (0444), which keep the store unwritable after its own mode is fixed: refuse first instead.
    checkWritable(path, exists);
    sqlite3* db = openConnection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, options);
    Database database(db, path, false);
    // Switching to WAL takes an exclusive lock that the busy handler does not wait for; retry while another
    // process holds the file (only the first open of a new file switches, afterwards this is a no-op).
    const auto deadline = std::chrono::steady_clock::now() + options.busyTimeout;
    for (;;) {
        try {
            Statement wal(db, "PRAGMA journal_mode = WAL");
            wal.step();
            break;
        } catch (const StoreError& e) {
            if (!e.isBusy() || std::chrono::steady_clock::now() > deadline) throw;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    // NORMAL is durable in WAL mode except for the last transactions before a power cut; it keeps
    // per-measurement commits cheap.
    execOn(db, "PRAGMA synchronous = NORMAL", path);
    migrate(db, path, migrations);
    execOn(db, "PRAGMA foreign_keys = ON", path);
    return database;
}

Database::Database(sqlite3* db, fs::path path, bool readOnly)
    : m_db(db), m_path(std::move(path)), m_readOnly(readOnly) {}

Database::~Database() {
    close();
}

Database::Database(Database&& other) noexcept
    : m_db(other.m_db), m_path(std::move(other.m_path)), m_readOnly(other.m_readOnly) {
    other.m_db = nullptr;
}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        close();
        m_db = other.m_db;
        m_path = std::move(other.m_path);
        m_readOnly = other.m_readOnly;
        other.m_db = nullptr;
    }
    return *this;
}

void Database::close() noexcept {
    if (m_db) sqlite3_close_v2(m_db); // _v2: statements a caller still holds do not keep the close from happening
    m_db = nullptr;
}

Statement Database::prepare(std::string_view sql) const {
    return Statement(m_db, sql);
}

void Database::exec(std::string_view sql) const {
    execOn(m_db, sql, m_path);
}

std::int64_t Database::lastInsertId() const {
    return sqlite3_last_insert_rowid(m_db);
}

bool Database::inTransaction() const {
    return sqlite3_get_autocommit(m_db) == 0;
}

std::vector<std::string> Database::integrityProblems(int max) const {
    std::vector<std::string> problems;
    Statement check(m_db, "PRAGMA integrity_check(" + std::to_string(std::max(1, max)) + ")");
    while (check.step()) {
        std::string line = check.columnText(0);
        if (line != "ok") problems.push_back(std::move(line));
    }
    return problems;
}

int Database::schemaVersion() const {
    Statement version(m_db, "PRAGMA user_version");
    version.step();
    return version.columnInt(0);
}

} // namespace kt::store
