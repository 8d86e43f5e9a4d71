// RunRepository: the tuning_runs table, owner pid/host and heartbeats.
#include "core/store/run_repository.hpp"

#include <cerrno>
#include <csignal>

#include <sys/types.h>
#include <unistd.h>

#include "core/store/database.hpp"
#include "core/store/lookup.hpp"
#include "core/store/store_error.hpp"
#include "core/store/transaction.hpp"

namespace kt::store {

namespace {


bool processAlive(std::int64_t pid) {
    if (pid <= 0) return false;
    // Signal 0 checks existence only; EPERM means it exists but belongs to another user.
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

const char* const kSelectRun =
    "SELECT r.id, d.stable_id, f.name, f.version, r.strategy, r.space, r.sizes, r.budget, r.status, r.created_at, "
    "r.updated_at, r.host, r.pid, r.heartbeat_at, r.notes "
    "FROM tuning_runs r JOIN devices d ON d.id = r.device_id JOIN families f ON f.id = r.family_id ";

RunRecord readRun(const Statement& q) {
    RunRecord r;
    r.id = q.columnInt64(0);
    r.deviceId = q.columnText(1);
    r.family = q.columnText(2);
    r.familyVersion = q.columnInt(3);
    r.strategy = q.columnText(4);
    r.space = parseStoredJson(q.columnText(5), "tuning_runs.space");
    r.sizes = parseStoredJson(q.columnText(6), "tuning_runs.sizes");
    r.budget = parseStoredJson(q.columnText(7), "tuning_runs.budget");
    try {
        r.status = runStatusFromString(q.columnText(8));
    } catch (const std::invalid_argument& e) {
        throw StoreError(std::string("tuning_runs.status: ") + e.what());
    }
    r.createdAt = q.columnText(9);
    r.updatedAt = q.columnText(10);
    r.host = q.columnText(11);
    r.pid = q.columnOptionalInt64(12);
    r.heartbeatAt = q.columnOptionalText(13);
    r.notes = q.columnText(14);
    return r;
}

} // namespace

std::string currentHost() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "";
    return name;
}

std::int64_t RunRepository::create(const NewRun& run) {
    Transaction tx(m_db);
    const std::int64_t device = requireDeviceRow(m_db, run.deviceId);
    const std::int64_t family = familyRow(m_db, run.family, run.familyVersion);
    const std::string now = utcNow();
    auto q = m_db.prepare(
        "INSERT INTO tuning_runs (device_id, family_id, strategy, space, sizes, budget, status, created_at, "
        "updated_at, "
        "host, pid, heartbeat_at, notes) "
        "VALUES (:device, :family, :strategy, :space, :sizes, :budget, 'running', :now, :now, :host, :pid, :now, "
        ":notes)");
    q.bind(":device", device)
        .bind(":family", family)
        .bind(":strategy", run.strategy)
        .bind(":space", run.space.dump())
        .bind(":sizes", run.sizes.dump())
        .bind(":budget", run.budget.dump())
        .bind(":now", now)
        .bind(":host", currentHost())
        .bind(":pid", static_cast<std::int64_t>(getpid()))
        .bind(":notes", run.notes);
    q.run();
    const std::int64_t id = m_db.lastInsertId();
    tx.commit();
    return id;
}

void RunRepository::requireRun(std::int64_t id, int changedRows) const {
    if (changedRows == 0)
        throw StoreError("tuning run " + std::to_string(id) + " does not exist in " + m_db.path().string());
}

void RunRepository::updateStatus(std::int64_t id, RunStatus status) {
    const std::string now = utcNow();
    if (status == RunStatus::Running) {
        auto q = m_db.prepare("UPDATE tuning_runs SET status = 'running', updated_at = ?, heartbeat_at = ?, host = ?, "
                              "pid = ? WHERE id = ?");
        q.bind(1, now).bind(2, now).bind(3, currentHost()).bind(4, static_cast<std::int64_t>(getpid())).bind(5, id);
        requireRun(id, q.run());
        return;
    }
    auto q = m_db.prepare("UPDATE tuning_runs SET status = ?, updated_at = ? WHERE id = ?");
    q.bind(1, toString(status)).bind(2, now).bind(3, id);
    requireRun(id, q.run());
}

void RunRepository::heartbeat(std::int64_t id) {
    auto q = m_db.prepare("UPDATE tuning_runs SET heartbeat_at = ? WHERE id = ?");
    q.bind(1, utcNow()).bind(2, id);
    requireRun(id, q.run());
}

void RunRepository::setOwner(std::int64_t id, std::int64_t pid, const std::string& host) {
    auto q = m_db.prepare("UPDATE tuning_runs SET pid = ?, host = ?, heartbeat_at = ?, updated_at = ? WHERE id = ?");
    const std::string now = utcNow();
    q.bind(1, pid).bind(2, host).bind(3, now).bind(4, now).bind(5, id);
    requireRun(id, q.run());
}

void RunRepository::setNotes(std::int64_t id, const std::string& notes) {
    auto q = m_db.prepare("UPDATE tuning_runs SET notes = ?, updated_at = ? WHERE id = ?");
    q.bind(1, notes).bind(2, utcNow()).bind(3, id);
    requireRun(id, q.run());
}

void RunRepository::remove(std::int64_t id) {
    auto q = m_db.prepare("DELETE FROM tuning_runs WHERE id = ?");
    q.bind(1, id);
    requireRun(id, q.run()); // measurements go with it: ON DELETE CASCADE
}

std::optional<RunRecord> RunRepository::get(std::int64_t id) const {
    auto q = m_db.prepare(std::string(kSelectRun) + "WHERE r.id = ?");
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    return readRun(q);
}

std::vector<RunRecord> RunRepository::list(const RunFilter& filter) const {
    // Optional filters as "(? IS NULL OR column = ?)": one statement, every value bound.
    auto q = m_db.prepare(std::string(kSelectRun) +
                          "WHERE (:device IS NULL OR d.stable_id = :device) AND (:family IS NULL OR f.name = :family) "
                          "AND (:status IS NULL OR r.status = :status) ORDER BY r.created_at DESC, r.id DESC "
                          "LIMIT :limit");
    q.bind(":device", filter.deviceId).bind(":family", filter.family);
    if (filter.status)
        q.bind(":status", toString(*filter.status));
    else
        q.bind(":status", nullptr);
    q.bind(":limit", filter.limit > 0 ? static_cast<std::int64_t>(filter.limit) : std::int64_t{-1});
    std::vector<RunRecord> runs;
    while (q.step()) runs.push_back(readRun(q));
    return runs;
}

std::vector<std::int64_t> RunRepository::markInterruptedIfDead(std::chrono::seconds staleAfter) {
    Transaction tx(m_db);
    const std::string host = currentHost();
    auto q = m_db.prepare("SELECT id, host, pid, (julianday('now') - julianday(heartbeat_at)) * 86400.0 "
                          "FROM tuning_runs WHERE status = 'running'");
    std::vector<std::int64_t> dead;
    while (q.step()) {
        const std::int64_t id = q.columnInt64(0);
        const bool sameHost = q.columnText(1) == host;
        const auto pid = q.columnOptionalInt64(2);
        const bool noHeartbeat = q.isNull(3);
        const double silentSeconds = q.columnDouble(3);
        const bool ownerGone = sameHost && (!pid || !processAlive(*pid));
        const bool stale = noHeartbeat || silentSeconds > static_cast<double>(staleAfter.count());
        if (ownerGone || stale) dead.push_back(id);
    }
    auto mark = m_db.prepare("UPDATE tuning_runs SET status = 'interrupted', updated_at = ? WHERE id = ?");
    const std::string now = utcNow();
    for (std::int64_t id : dead) {
        mark.reset();
        mark.bind(1, now).bind(2, id).run();
    }
    tx.commit();
    return dead;
}

} // namespace kt::store
