// Tuning runs: what was tuned where and how, their life cycle, and detection of runs whose process died.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/run_status.hpp"

namespace kt::store {

class Database;

// The engine's run life cycle (core/model/run_status.hpp), stored as its text form.
using kt::RunStatus;

struct NewRun {
    std::string deviceId; // DeviceInfo::stableId of a stored device
    std::string family;
    int familyVersion = 1; // bump when a family's kernels change so old measurements are not reused
    std::string strategy;
    nlohmann::json space = nlohmann::json::object();  // the ParameterSpace JSON actually searched
    nlohmann::json sizes = nlohmann::json::array();   // [[4096], [256, 256, 128], …]
    nlohmann::json budget = nlohmann::json::object(); // stop conditions
    std::string notes;
};

struct RunRecord {
    std::int64_t id = 0;
    std::string deviceId;
    std::string family;
    int familyVersion = 1;
    std::string strategy;
    nlohmann::json space;
    nlohmann::json sizes;
    nlohmann::json budget;
    RunStatus status = RunStatus::Running;
    std::string createdAt;
    std::string updatedAt;
    std::string host;                // machine of the process driving the run
    std::optional<std::int64_t> pid; // that process
    std::optional<std::string> heartbeatAt;
    std::string notes;
};

struct RunFilter {
    std::optional<std::string> deviceId;
    std::optional<std::string> family;
    std::optional<RunStatus> status;
    int limit = 0; // 0: all
};

// The host name recorded with runs (gethostname); pids are only comparable on the same host.
std::string currentHost();

class RunRepository {
public:
    explicit RunRepository(const Database& db) : m_db(db) {}

    // Status running, owned by this process (pid, host) with a fresh heartbeat. The device must be stored.
    std::int64_t create(const NewRun& run);
    // Setting Running (a resume) makes this process the owner again and refreshes the heartbeat.
    void updateStatus(std::int64_t id, RunStatus status);
    // Called periodically by the process driving a running run; throws StoreError when the run does not exist.
    void heartbeat(std::int64_t id);
    // Records a different owner, e.g. a GUI that hands a run to a `ktune` process it started.
    void setOwner(std::int64_t id, std::int64_t pid, const std::string& host);
    void setNotes(std::int64_t id, const std::string& notes);
    // Deletes the run and its measurements (fits and rules are kept: they may be all that is left of old data).
    void remove(std::int64_t id);

    std::optional<RunRecord> get(std::int64_t id) const;
    std::vector<RunRecord> list(const RunFilter& filter = {}) const; // newest first

    // Runs still marked running whose owner is gone: on this host with a pid no longer alive, or (on any host,
    // covering pid reuse and other machines) without a heartbeat for longer than staleAfter. They become
    // interrupted (resumable); returns their ids.
    std::vector<std::int64_t> markInterruptedIfDead(std::chrono::seconds staleAfter = std::chrono::minutes(10));

private:
    void requireRun(std::int64_t id, int changedRows) const;
    const Database& m_db;
};

} // namespace kt::store
