// Schema version 1 of the result store (docs/schema.md explains every table and how to add a migration).
#include "core/store/migrations.hpp"

namespace kt::store {

namespace {

// Timestamps are ISO-8601 UTC text with milliseconds ("2026-11-22T03:04:05.678Z"): sortable as text, readable in
// any SQLite browser, and understood by SQLite's julianday() for the heartbeat arithmetic.
// JSON columns hold text written by nlohmann-json; they are validated on write in C++, not with CHECK(json_valid())
// because the JSON1 functions are optional in older SQLite builds (the GPU machine's may be one).
const char* const kSchemaV1 = R"sql(
CREATE TABLE devices (
    id          INTEGER PRIMARY KEY,
    stable_id   TEXT NOT NULL UNIQUE,
    backend     TEXT NOT NULL CHECK (backend IN ('opencl', 'cuda', 'simulated')),
    name        TEXT NOT NULL,
    vendor      TEXT NOT NULL,
    info        TEXT NOT NULL,
    first_seen  TEXT NOT NULL,
    last_seen   TEXT NOT NULL
);

CREATE TABLE device_profiles (
    id                  INTEGER PRIMARY KEY,
    device_id           INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    measured_at         TEXT NOT NULL,
    copy_bandwidth_gbs  REAL NOT NULL,
    fp32_peak_gflops    REAL NOT NULL,
    fp64_peak_gflops    REAL NOT NULL
);
CREATE INDEX device_profiles_by_device ON device_profiles (device_id, measured_at);

CREATE TABLE families (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL,
    version  INTEGER NOT NULL DEFAULT 1,
    UNIQUE (name, version)
);

CREATE TABLE parameter_sets (
    id         INTEGER PRIMARY KEY,
    family_id  INTEGER NOT NULL REFERENCES families(id),
    point_key  TEXT NOT NULL,
    params     TEXT NOT NULL,
    UNIQUE (family_id, point_key)
);

CREATE TABLE tuning_runs (
    id            INTEGER PRIMARY KEY,
    device_id     INTEGER NOT NULL REFERENCES devices(id),
    family_id     INTEGER NOT NULL REFERENCES families(id),
    strategy      TEXT NOT NULL,
    space         TEXT NOT NULL,
    sizes         TEXT NOT NULL,
    budget        TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('running', 'paused', 'cancelled', 'completed', 'failed',
                                                  'interrupted')),
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    host          TEXT NOT NULL DEFAULT '',
    pid           INTEGER,
    heartbeat_at  TEXT,
    notes         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tuning_runs_by_device_family ON tuning_runs (device_id, family_id, created_at);
CREATE INDEX tuning_runs_by_status ON tuning_runs (status);

CREATE TABLE measurements (
    id                INTEGER PRIMARY KEY,
    run_id            INTEGER NOT NULL REFERENCES tuning_runs(id) ON DELETE CASCADE,
    device_id         INTEGER NOT NULL REFERENCES devices(id),
    family_id         INTEGER NOT NULL REFERENCES families(id),
    parameter_set_id  INTEGER NOT NULL REFERENCES parameter_sets(id),
    size_label        TEXT NOT NULL,
    size_dims         TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('ok', 'compile_error', 'launch_error', 'wrong_result',
                                                      'timeout', 'worker_crash', 'skipped')),
    median_ms         REAL NOT NULL DEFAULT 0,
    min_ms            REAL NOT NULL DEFAULT 0,
    spread_ms         REAL NOT NULL DEFAULT 0,
    times_ms          TEXT NOT NULL DEFAULT '[]',
    value             REAL NOT NULL DEFAULT 0,
    max_error         REAL NOT NULL DEFAULT 0,
    error             TEXT NOT NULL DEFAULT '',
    compile_ms        REAL NOT NULL DEFAULT 0,
    created_at        TEXT NOT NULL,
    UNIQUE (run_id, device_id, family_id, parameter_set_id, size_label)
);
CREATE INDEX measurements_by_point ON measurements (device_id, family_id, parameter_set_id, size_label);
CREATE INDEX measurements_by_size_value ON measurements (device_id, family_id, size_label, status, value DESC);

CREATE TABLE fits (
    id                INTEGER PRIMARY KEY,
    device_id         INTEGER NOT NULL REFERENCES devices(id),
    family_id         INTEGER NOT NULL REFERENCES families(id),
    parameter_set_id  INTEGER NOT NULL REFERENCES parameter_sets(id),
    method            TEXT NOT NULL DEFAULT 'dspline',
    alpha             REAL NOT NULL,
    grid              TEXT NOT NULL,
    fit_values        TEXT NOT NULL,
    created_at        TEXT NOT NULL
);
CREATE INDEX fits_by_device_family ON fits (device_id, family_id, parameter_set_id, created_at);

CREATE TABLE rules (
    id          INTEGER PRIMARY KEY,
    device_id   INTEGER NOT NULL REFERENCES devices(id),
    family_id   INTEGER NOT NULL REFERENCES families(id),
    name        TEXT NOT NULL,
    rule        TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
CREATE INDEX rules_by_device_family ON rules (device_id, family_id, name, created_at);

CREATE TABLE exports (
    id          INTEGER PRIMARY KEY,
    path        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    manifest    TEXT NOT NULL
);
CREATE INDEX exports_by_created ON exports (created_at);

CREATE TABLE peer_measurements (
    id          INTEGER PRIMARY KEY,
    device_id   INTEGER NOT NULL REFERENCES devices(id),
    peer        TEXT NOT NULL,
    routine     TEXT NOT NULL,
    size_label  TEXT NOT NULL,
    size_dims   TEXT NOT NULL,
    value       REAL NOT NULL,
    median_ms   REAL NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
);
CREATE INDEX peer_measurements_by_routine ON peer_measurements (device_id, routine, size_label, peer);
)sql";

} // namespace

const std::vector<Migration>& schemaMigrations() {
    static const std::vector<Migration> migrations = {
        {1, "initial schema: devices, runs, measurements, fits, rules, exports, peers", kSchemaV1},
    };
    return migrations;
}

int currentSchemaVersion() {
    return static_cast<int>(schemaMigrations().size());
}

} // namespace kt::store
