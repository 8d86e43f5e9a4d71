// Database: creation, pragmas, migrations, refusal of foreign/newer files, transactions, concurrent connections.
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "core/store/database.hpp"
#include "core/store/export_repository.hpp"
#include "core/store/store_error.hpp"
#include "core/store/transaction.hpp"
#include "store_test_support.hpp"

namespace kt::store {
namespace {

using test::rawExec;
using test::snapshot;
using DatabaseTest = test::TempDir;

std::int64_t pragmaInt(const Database& db, const char* pragma) {
    auto q = db.prepare(std::string("PRAGMA ") + pragma);
    EXPECT_TRUE(q.step());
    return q.columnInt64(0);
}

std::string openError(const std::filesystem::path& path, const OpenOptions& options = {}) {
    try {
        Database::open(path, options);
    } catch (const StoreError& e) {
        return e.what();
    }
    return "";
}

TEST_F(DatabaseTest, CreatesFileAndParentFoldersWithPragmas) {
    const auto path = dir() / "a" / "b" / "ktune.sqlite";
    auto db = Database::open(path);
    EXPECT_TRUE(std::filesystem::exists(path));
    EXPECT_EQ(db.schemaVersion(), currentSchemaVersion());
    EXPECT_EQ(pragmaInt(db, "application_id"), kApplicationId);
    EXPECT_EQ(pragmaInt(db, "foreign_keys"), 1);
    EXPECT_GT(pragmaInt(db, "busy_timeout"), 0);
    auto mode = db.prepare("PRAGMA journal_mode");
    ASSERT_TRUE(mode.step());
    EXPECT_EQ(mode.columnText(0), "wal");
    // Every table of schema 1 is there.
    for (const char* table : {"devices", "device_profiles", "families", "parameter_sets", "tuning_runs", "measurements",
                              "fits", "rules", "exports", "peer_measurements"}) {
        auto q = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?");
        q.bind(1, table).step();
        EXPECT_EQ(q.columnInt(0), 1) << table;
    }
}

TEST_F(DatabaseTest, ReopeningKeepsData) {
    {
        auto db = Database::open(dbPath());
        ExportRepository(db).add("/tmp/pkg", {{"families", {"gemm"}}});
    }
    auto db = Database::open(dbPath());
    EXPECT_EQ(db.schemaVersion(), currentSchemaVersion());
    ASSERT_EQ(ExportRepository(db).list().size(), 1u);
}

TEST_F(DatabaseTest, MigratesVersionZeroFile) {
    // A v0 file: an empty database that already carries our application id.
    rawExec(dbPath(), "PRAGMA application_id = " + std::to_string(kApplicationId) + "; PRAGMA user_version = 0;");
    ASSERT_GT(std::filesystem::file_size(dbPath()), 0u);
    auto db = Database::open(dbPath());
    EXPECT_EQ(db.schemaVersion(), 1);
    EXPECT_EQ(pragmaInt(db, "application_id"), kApplicationId);
    EXPECT_GT(ExportRepository(db).add("/x", nlohmann::json::object()), 0);
}

TEST_F(DatabaseTest, ZeroByteFileIsAdopted) {
    std::ofstream(dbPath()).close();
    auto db = Database::open(dbPath());
    EXPECT_EQ(db.schemaVersion(), currentSchemaVersion());
}

TEST_F(DatabaseTest, MigrationStepsApplyInOrderAndKeepData) {
    const std::vector<Migration> v1 = {{1, "create t", "CREATE TABLE t (x INTEGER NOT NULL);"}};
    auto v2 = v1;
    v2.push_back({2, "add t.y",
                  "ALTER TABLE t ADD COLUMN y INTEGER NOT NULL DEFAULT 7; "
                  "CREATE TABLE u (z TEXT);"});
    {
        auto db = Database::open(dbPath(), v1);
        EXPECT_EQ(db.schemaVersion(), 1);
        db.prepare("INSERT INTO t (x) VALUES (41)").run();
    }
    {
        auto db = Database::open(dbPath(), v2);
        EXPECT_EQ(db.schemaVersion(), 2);
        auto q = db.prepare("SELECT x, y FROM t");
        ASSERT_TRUE(q.step());
        EXPECT_EQ(q.columnInt(0), 41);
        EXPECT_EQ(q.columnInt(1), 7);
    }
    // The v2 file is now "newer" for a build that only knows v1: refused, untouched.
    const auto before = snapshot(dbPath());
    try {
        Database::open(dbPath(), v1);
        FAIL() << "a schema-2 file was opened by a schema-1 build";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("written by schema 2, this ktune understands up to 1"), std::string::npos)
            << e.what();
    }
    EXPECT_EQ(snapshot(dbPath()), before);
}

TEST_F(DatabaseTest, FailedMigrationRollsBackEverything) {
    const std::vector<Migration> v1 = {{1, "create t", "CREATE TABLE t (x INTEGER);"}};
    auto broken = v1;
    broken.push_back({2, "half-good step", "CREATE TABLE u (z TEXT); INSERT INTO nowhere VALUES (1);"});
    { Database::open(dbPath(), v1).prepare("INSERT INTO t VALUES (5)").run(); }
    try {
        Database::open(dbPath(), broken);
        FAIL() << "broken migration succeeded";
    } catch (const StoreError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("migration to schema 2 (half-good step) failed"), std::string::npos) << message;
        EXPECT_NE(message.find("nowhere"), std::string::npos) << message;
    }
    auto db = Database::open(dbPath(), v1);
    EXPECT_EQ(db.schemaVersion(), 1);
    auto u = db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'u'");
    u.step();
    EXPECT_EQ(u.columnInt(0), 0) << "the first statement of the failed step was not rolled back";
}

TEST_F(DatabaseTest, MalformedMigrationListIsRejected) {
    const std::vector<Migration> gap = {{1, "a", "CREATE TABLE a (x);"}, {3, "c", "CREATE TABLE c (x);"}};
    EXPECT_THROW(Database::open(dbPath(), gap), StoreError);
    EXPECT_FALSE(std::filesystem::exists(dbPath()));
}

TEST_F(DatabaseTest, RefusesNewerSchemaWithoutTouchingFile) {
    { Database::open(dbPath()); }
    rawExec(dbPath(), "PRAGMA user_version = 999;");
    const auto before = snapshot(dbPath());
    const auto filesBefore = std::distance(std::filesystem::directory_iterator(dir()), {});
    const std::string message = openError(dbPath());
    EXPECT_NE(message.find("was written by schema 999, this ktune understands up to " +
                           std::to_string(currentSchemaVersion()) + "; upgrade KernelTune"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find(dbPath().string()), std::string::npos) << "the message names the file";
    EXPECT_EQ(snapshot(dbPath()), before);
    EXPECT_FALSE(openError(dbPath(), {OpenMode::ReadOnly}).empty());
    EXPECT_EQ(snapshot(dbPath()), before);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir()), {}), filesBefore) << "no -wal/-shm left";
}

TEST_F(DatabaseTest, RefusesTextFileWithoutTouchingIt) {
    std::ofstream(dbPath()) << "device,gflops\nh200,51000\n";
    const auto before = snapshot(dbPath());
    const std::string message = openError(dbPath());
    EXPECT_NE(message.find("not an SQLite file"), std::string::npos) << message;
    EXPECT_EQ(snapshot(dbPath()), before);
}

TEST_F(DatabaseTest, RefusesFoldersAndDamagedFilesWithTheirName) {
    EXPECT_NE(openError(dir()).find("not a regular file"), std::string::npos);
    // The SQLite magic followed by garbage: recognised as SQLite, then refused as unreadable, never rewritten.
    std::string damaged("SQLite format 3", 16);
    damaged += std::string(300, '\x7f');
    std::ofstream(dbPath(), std::ios::binary) << damaged;
    const auto before = snapshot(dbPath());
    const std::string message = openError(dbPath());
    EXPECT_NE(message.find(dbPath().string()), std::string::npos) << message;
    EXPECT_NE(message.find("not a readable SQLite database"), std::string::npos) << message;
    EXPECT_EQ(snapshot(dbPath()), before);
}

TEST_F(DatabaseTest, RefusesForeignSqliteDatabaseWithoutTouchingIt) {
    rawExec(dbPath(), "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); "
                      "INSERT INTO customers (name) VALUES ('Ada');");
    const auto before = snapshot(dbPath());
    const auto filesBefore = std::distance(std::filesystem::directory_iterator(dir()), {});
    const std::string message = openError(dbPath());
    EXPECT_NE(message.find("another program"), std::string::npos) << message;
    EXPECT_NE(message.find("customers"), std::string::npos) << "the message lists the foreign tables: " << message;
    EXPECT_EQ(snapshot(dbPath()), before);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir()), {}), filesBefore) << "no -wal/-shm left";
}

TEST_F(DatabaseTest, RefusesForeignApplicationId) {
    rawExec(dbPath(), "PRAGMA application_id = 305419896;"); // 0x12345678, no tables
    const auto before = snapshot(dbPath());
    const std::string message = openError(dbPath());
    EXPECT_NE(message.find("0x12345678"), std::string::npos) << message;
    EXPECT_EQ(snapshot(dbPath()), before);
}

TEST_F(DatabaseTest, ReadOnlyOpenReadsButNeverWrites) {
    EXPECT_FALSE(openError(dbPath(), {OpenMode::ReadOnly}).empty()) << "a missing file cannot be opened read-only";
    EXPECT_FALSE(std::filesystem::exists(dbPath()));
    { ExportRepository(Database::open(dbPath())).add("/pkg", {{"a", 1}}); }
    auto db = Database::open(dbPath(), {OpenMode::ReadOnly});
    EXPECT_TRUE(db.readOnly());
    ASSERT_EQ(ExportRepository(db).list().size(), 1u);
    EXPECT_THROW(ExportRepository(db).add("/pkg2", {}), StoreError);
}

TEST_F(DatabaseTest, PathsWithUriCharactersReopen) {
    // The read-only inspection of an existing WAL file goes through a file: URI; these characters need escaping.
    const auto path = dir() / "odd name ?#%&=.sqlite";
    { ExportRepository(Database::open(path)).add("/one", {}); }
    auto db = Database::open(path);
    EXPECT_EQ(ExportRepository(db).list().size(), 1u);
    EXPECT_TRUE(std::filesystem::is_regular_file(path));
    EXPECT_FALSE(std::filesystem::exists(dir() / "odd name "));
}

TEST_F(DatabaseTest, ReadOnlyConnectionSeesLaterCommitsOfAWriter) {
    { Database::open(dbPath()); }
    // No -wal beside the file: the inspection reads it as immutable, the reader itself must not be.
    ASSERT_FALSE(std::filesystem::exists(dbPath().string() + "-wal"));
    auto reader = Database::open(dbPath(), {OpenMode::ReadOnly});
    EXPECT_TRUE(ExportRepository(reader).list().empty());
    auto writer = Database::open(dbPath());
    ExportRepository(writer).add("/late", {});
    EXPECT_EQ(ExportRepository(reader).list().size(), 1u);
}

TEST_F(DatabaseTest, TwoConnectionsSeeEachOthersWrites) {
    auto a = Database::open(dbPath());
    auto b = Database::open(dbPath());
    ExportRepository(a).add("/from-a", {{"by", "a"}});
    auto seenByB = ExportRepository(b).list();
    ASSERT_EQ(seenByB.size(), 1u);
    EXPECT_EQ(seenByB[0].manifest["by"], "a");
    ExportRepository(b).add("/from-b", {{"by", "b"}});
    EXPECT_EQ(ExportRepository(a).list().size(), 2u);
}

TEST_F(DatabaseTest, SeveralProcessesCreateAndWriteOneFile) {
    // The CLI, a worker and the GUI may all open the same (possibly not yet existing) file at once.
    constexpr int kProcesses = 4;
    constexpr int kWrites = 25;
    std::vector<pid_t> children;
    for (int p = 0; p < kProcesses; ++p) {
        pid_t child = fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            int code = 0;
            try {
                auto db = Database::open(dbPath());
                for (int i = 0; i < kWrites; ++i)
                    ExportRepository(db).add("/p" + std::to_string(p) + "/" + std::to_string(i), {{"i", i}});
            } catch (const std::exception& e) {
                std::fprintf(stderr, "child %d: %s\n", p, e.what());
                code = 1;
            }
            _exit(code);
        }
        children.push_back(child);
    }
    for (pid_t child : children) {
        int status = 0;
        ASSERT_EQ(waitpid(child, &status, 0), child);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a writer process failed (see stderr)";
    }
    auto db = Database::open(dbPath());
    EXPECT_EQ(db.schemaVersion(), currentSchemaVersion());
    EXPECT_EQ(ExportRepository(db).list().size(), static_cast<std::size_t>(kProcesses * kWrites));
}

TEST_F(DatabaseTest, WriterWaitsForOtherConnectionWithinBusyTimeout) {
    auto a = Database::open(dbPath());
    auto b = Database::open(dbPath(), {OpenMode::ReadWrite, std::chrono::milliseconds(5000)});
    auto tx = std::make_unique<Transaction>(a); // holds the write lock
    ExportRepository(a).add("/a", {});
    auto writer = std::async(std::launch::async, [&] { return ExportRepository(b).add("/b", {}); });
    EXPECT_EQ(writer.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout) << "b did not wait";
    tx->commit();
    EXPECT_GT(writer.get(), 0);
    EXPECT_EQ(ExportRepository(a).list().size(), 2u);
}

TEST_F(DatabaseTest, WriterGivesUpAfterBusyTimeoutWithClearError) {
    auto a = Database::open(dbPath());
    auto b = Database::open(dbPath(), {OpenMode::ReadWrite, std::chrono::milliseconds(50)});
    Transaction tx(a);
    try {
        ExportRepository(b).add("/b", {});
        FAIL() << "write succeeded while another connection held the lock";
    } catch (const StoreError& e) {
        EXPECT_TRUE(e.isBusy()) << e.what();
        EXPECT_NE(std::string(e.what()).find("locked"), std::string::npos) << e.what();
    }
}

TEST_F(DatabaseTest, TransactionsRollBackUnlessCommittedAndNest) {
    auto db = Database::open(dbPath());
    ExportRepository exports(db);
    {
        Transaction tx(db);
        exports.add("/discarded", {});
    }
    EXPECT_TRUE(exports.list().empty());
    {
        Transaction outer(db);
        exports.add("/kept", {});
        {
            Transaction inner(db);
            exports.add("/inner-discarded", {});
        }
        {
            Transaction inner(db);
            exports.add("/inner-kept", {});
            inner.commit();
        }
        outer.commit();
    }
    auto list = exports.list();
    ASSERT_EQ(list.size(), 2u);
    std::set<std::string> paths{list[0].path, list[1].path};
    EXPECT_EQ(paths, (std::set<std::string>{"/kept", "/inner-kept"}));
    EXPECT_FALSE(db.inTransaction());
}

TEST_F(DatabaseTest, StatementErrorsNameTheSql) {
    auto db = Database::open(dbPath());
    try {
        db.prepare("SELEKT 1");
        FAIL();
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("SELEKT 1"), std::string::npos) << e.what();
    }
    auto q = db.prepare("SELECT :a");
    try {
        q.bind(":b", 1);
        FAIL();
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(":b"), std::string::npos) << e.what();
    }
    auto ints = db.prepare("SELECT ?1 + ?2 + ?3");
    ints.bind(1, 1ll).bind(2, std::size_t{2}).bind(3, true);
    ASSERT_TRUE(ints.step());
    EXPECT_EQ(ints.columnInt64(0), 4);
    ints.reset();
    EXPECT_THROW(ints.bind(1, std::uint64_t{1} << 63), StoreError);
    q.bind(":a", std::string("text"));
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.columnText(0), "text");
    EXPECT_FALSE(q.step());
    auto empty = db.prepare("SELECT ?1 IS NULL, ?2 IS NULL");
    empty.bind(1, std::string_view()).bind(2, std::optional<std::string>());
    ASSERT_TRUE(empty.step());
    EXPECT_EQ(empty.columnInt(0), 0) << "an empty view is '', not NULL";
    EXPECT_EQ(empty.columnInt(1), 1) << "an empty optional is NULL";
}

TEST_F(DatabaseTest, CheckConstraintViolationIsReportedClearly) {
    auto db = Database::open(dbPath());
    auto q = db.prepare("INSERT INTO devices (stable_id, backend, name, vendor, info, first_seen, last_seen) "
                        "VALUES ('x', 'vulkan', 'n', 'v', '{}', 'now', 'now')");
    try {
        q.run();
        FAIL() << "an unknown backend was accepted";
    } catch (const StoreError& e) {
        EXPECT_TRUE(e.isConstraintViolation());
        EXPECT_NE(std::string(e.what()).find("CHECK constraint failed"), std::string::npos) << e.what();
    }
}

class DefaultPathTest : public ::testing::Test {
protected:
    void SetUp() override {
        save("XDG_DATA_HOME", m_xdg);
        save("HOME", m_home);
    }
    void TearDown() override {
        restore("XDG_DATA_HOME", m_xdg);
        restore("HOME", m_home);
    }

private:
    static void save(const char* name, std::optional<std::string>& slot) {
        if (const char* v = std::getenv(name)) slot = v;
    }
    static void restore(const char* name, const std::optional<std::string>& slot) {
        if (slot)
            setenv(name, slot->c_str(), 1);
        else
            unsetenv(name);
    }
    std::optional<std::string> m_xdg, m_home;
};

TEST_F(DefaultPathTest, FollowsXdgDataHomeThenHome) {
    setenv("XDG_DATA_HOME", "/data/xdg", 1);
    setenv("HOME", "/home/tuner", 1);
    EXPECT_EQ(defaultDatabasePath(), std::filesystem::path("/data/xdg/KernelTune/ktune.sqlite"));
    unsetenv("XDG_DATA_HOME");
    EXPECT_EQ(defaultDatabasePath(), std::filesystem::path("/home/tuner/.local/share/KernelTune/ktune.sqlite"));
    setenv("XDG_DATA_HOME", "relative/dir", 1); // invalid per the XDG spec: ignored
    EXPECT_EQ(defaultDatabasePath(), std::filesystem::path("/home/tuner/.local/share/KernelTune/ktune.sqlite"));
}

} // namespace
} // namespace kt::store
