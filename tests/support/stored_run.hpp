// Test set-up shared by the tests that read stored tuning results (warm starts, replays): a completed run of a family
// on a device holding made-up measurement rows. Header-only and Qt-free: it needs libktcore alone.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/device_info.hpp"
#include "core/model/measurement.hpp"
#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"

namespace kt::test {

// One stored measurement: a point's value at a size. Its timings are all 1 ms, so whatever ranks the stored points
// follows the values given here.
struct StoredRow {
    std::string pointKey;
    ProblemSize size;
    double value = 0;
};

// Stores `device` and one exhaustive run of `family` (at `familyVersion`) on it holding `rows` in order, then marks the
// run completed; returns the run's id.
inline std::int64_t storeCompletedRun(const store::Database& db, const DeviceInfo& device, const std::string& family,
                                      const std::vector<StoredRow>& rows,
                                      int familyVersion = store::NewRun{}.familyVersion) {
    store::DeviceRepository(db).upsert(device);
    store::NewRun run;
    run.deviceId = device.stableId();
    run.family = family;
    run.familyVersion = familyVersion;
    run.strategy = "exhaustive";
    const auto id = store::RunRepository(db).create(run);
    for (const auto& row : rows) {
        Measurement m;
        m.pointKey = row.pointKey;
        m.size = row.size;
        m.value = row.value;
        m.medianMs = m.minMs = 1;
        m.timesMs = {1};
        store::MeasurementRepository(db).insert(id, m);
    }
    store::RunRepository(db).updateStatus(id, RunStatus::Completed);
    return id;
}

} // namespace kt::test
