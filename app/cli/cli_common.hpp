// Pieces shared by ktune commands: the database location, the device catalogue (real + simulated devices), sizes.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/args.hpp"
#include "core/engine/measurement.hpp"
#include "devices/registry.hpp"

namespace kt::cli {

// --db FILE, else $KT_DB, else the user's data directory (store::defaultDatabasePath()).
std::filesystem::path databasePath(const Args& args);

// Every real device plus the simulated twins of the devices stored in `database` (replays; see devices/simulated).
struct DeviceCatalog {
    std::vector<std::unique_ptr<Backend>> backends;
    std::vector<devices::FoundDevice> devices;
    explicit DeviceCatalog(const std::filesystem::path& database, bool withSimulated = true);
    devices::FoundDevice select(const std::string& selector) const; // UsageError listing the devices
};

// "1024,2048", "256x256x128,512x512x512", "256:8192:256" (from:to:step, inclusive). UsageError naming `what`.
std::vector<ProblemSize> parseSizes(const std::string& text, const std::string& what);

// Seconds from "90", "90s", "15m", "2h". UsageError naming `what`.
double parseDuration(const std::string& text, const std::string& what);

// A device description with typical GPU limits (1024 work-items, 48 KiB local memory, fp64) for commands that
// look at a family's space or source without a device.
DeviceInfo genericGpuDevice();

// Path of this executable (for spawning `ktune worker`).
std::string selfExecutable();

} // namespace kt::cli
