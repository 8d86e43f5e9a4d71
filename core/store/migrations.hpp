// The store's schema as an ordered list of migrations; the schema version is the number of migrations applied.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace kt::store {

// PRAGMA application_id of every KernelTune store: "KTUN" in ASCII. Tells our files from other SQLite files.
constexpr std::int32_t kApplicationId = 0x4B54554E;

struct Migration {
    int version;             // the user_version after this step; steps are 1, 2, 3… without gaps
    std::string description; // one line, shown in errors when the step fails
    std::string sql;         // one or more statements, run inside the migration transaction
};

// The schema's migrations, oldest first. Never edit a released step: append a new one (docs/schema.md).
const std::vector<Migration>& schemaMigrations();
// The version this build writes and understands (the last migration's version).
int currentSchemaVersion();

} // namespace kt::store
