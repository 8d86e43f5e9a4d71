// Measurements in open formats: CSV and JSON of every stored measurement, and Kernel Tuner's T4 results format
// (schema 1.0.0) both ways. An import is validated whole before anything is written, and is written in one
// transaction, so a refused or failed import leaves the store as it was.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/device_info.hpp"
#include "core/store/measurement_repository.hpp"

namespace kt {
class Family;
}
namespace kt::store {
class Database;
}

namespace kt::exporter {

// A malformed import; what() is "<source>:<line>: <field>: <problem>".
struct ImportError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Header: run_id,created_at,device,family,point,size,status,value,median_ms,min_ms,spread_ms,max_error,compile_ms,
// times_ms,error. Sizes as "m x n x k" labels, times_ms as ';'-separated values; fields quoted as RFC 4180.
std::string measurementsCsv(const std::vector<store::StoredMeasurement>& rows);
// [{"run_id": …, "created_at": …, "device": …, "family": …, "point": {NAME: value}, "point_key": …, "size": […],
//   "status": …, "value": …, "median_ms": …, "min_ms": …, "spread_ms": …, "max_error": …, "compile_ms": …,
//   "times_ms": […], "error": …}, …]
nlohmann::json measurementsJson(const std::vector<store::StoredMeasurement>& rows);

// T4 (Kernel Tuner's results schema 1.0.0) of the measurements of one family at one size on one device:
// {"schema_version": "1.0.0", "results": [{"timestamp", "configuration", "times": {"compilation", "runtimes", …},
// "invalidity", "correctness", "measurements": [{"name", "value", "unit"}], "objectives": ["time"]}], plus a
// "kerneltune" object naming the device, family and size (T4 has no place for them; other tools ignore it).
nlohmann::json toT4(const std::vector<store::StoredMeasurement>& rows, const std::string& family,
                    const DeviceInfo& device, const ProblemSize& size);

// Measurements from a T4 text for `family` on `device`. The size comes from the file's "kerneltune" object or from
// `size` (which must agree when both are there). Each configuration must be a point of the family's space;
// its value (the family's metric) is computed from the median runtime. ImportError names line and field.
std::vector<Measurement> parseT4(const std::string& text, const std::string& source, const Family& family,
                                 const DeviceInfo& device, const std::optional<ProblemSize>& size);

// Validates, then stores the measurements as one new run (strategy "import-t4", notes naming the source) in one
// transaction. Returns the run id. The device must be in the store.
std::int64_t importT4(const store::Database& db, const std::string& text, const std::string& source,
                      const Family& family, const DeviceInfo& device, const std::optional<ProblemSize>& size);

} // namespace kt::exporter
