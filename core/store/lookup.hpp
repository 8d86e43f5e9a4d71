// Shared helpers of the repositories: timestamps and the row ids behind device ids, family names and point keys.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/measurement.hpp"

namespace kt::store {

class Database;

// Current time as ISO-8601 UTC with milliseconds, "2026-11-22T03:04:05.678Z" (sorts as text).
std::string utcNow();

// devices.id for a stable device id; throws StoreError naming the device when it was never stored.
std::int64_t requireDeviceRow(const Database& db, const std::string& stableId);
std::optional<std::int64_t> findDeviceRow(const Database& db, const std::string& stableId);
// families.id for (name, version), created when missing.
std::int64_t familyRow(const Database& db, const std::string& family, int version);
std::optional<std::int64_t> findFamilyRow(const Database& db, const std::string& family, int version);
// parameter_sets.id for a canonical point key of a family, created (with its params JSON) when missing.
std::int64_t parameterSetRow(const Database& db, std::int64_t familyRowId, const std::string& pointKey);
std::optional<std::int64_t> findParameterSetRow(const Database& db, std::int64_t familyRowId,
                                                const std::string& pointKey);

// "MWG=64,NWG=32" → {"MWG":64,"NWG":32}; throws StoreError naming the key when it is not NAME=value pairs.
nlohmann::json pointKeyToJson(const std::string& pointKey);
// JSON text stored in a column → json; throws StoreError naming the table and column when it does not parse.
nlohmann::json parseStoredJson(const std::string& text, const char* where);

nlohmann::json sizeToJson(const ProblemSize& size);
ProblemSize sizeFromJson(const std::string& text, const char* where);

} // namespace kt::store
