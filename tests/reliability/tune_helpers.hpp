// Helpers for end-to-end tests of `ktune tune`: a scratch store, small spaces, and reading results back.
#pragma once
#include <string>
#include <vector>

#include "core/store/database.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"
#include "tests/cli_fit/cli_helper.hpp"

namespace kt::test {

// A transpose space small enough for PoCL: 2 tiles × 2 work-per-thread × local on/off (no padding) = 8 points.
inline const char* kSmallTransposeSpace = R"({
  "name": "small transpose",
  "parameters": [
    {"name": "TRA_TILE", "values": [8, 16]},
    {"name": "TRA_WPT", "values": [1, 4]},
    {"name": "TRA_LOCAL", "values": [0, 1]},
    {"name": "TRA_PAD", "values": [0]}
  ],
  "constraints": [{"expr": "TRA_TILE % TRA_WPT == 0"}]
})";

inline std::vector<store::StoredMeasurement> storedMeasurements(const std::string& db, std::int64_t run) {
    auto database = store::Database::open(db, {store::OpenMode::ReadOnly});
    return store::MeasurementRepository(database).byRun(run);
}

inline std::optional<store::RunRecord> storedRun(const std::string& db, std::int64_t run) {
    auto database = store::Database::open(db, {store::OpenMode::ReadOnly});
    return store::RunRepository(database).get(run);
}

} // namespace kt::test
