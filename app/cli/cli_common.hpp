// Pieces shared by ktune commands: the database location, the device catalogue (real + simulated devices), sizes.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/args.hpp"
#include "core/engine/family.hpp"
#include "core/model/measurement.hpp"
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

// Bounds on sizes (docs/reliability.md, "Bounds on input"): kernels index with 32-bit integers, so no dimension may
// exceed 2^31 - 1; a list (ranges expanded) holds at most kMaxSizeCount sizes, each of at most kMaxSizeDims
// dimensions. Whether a size fits the device's memory is checked separately (checkSizesFitDevice).
constexpr long long kMaxSizeDimension = 2147483647;
constexpr std::size_t kMaxSizeCount = 1024;
constexpr std::size_t kMaxSizeDims = 8;

// "1024,2048", "256x256x128,512x512x512", "256:8192:256" (from:to:step, inclusive). UsageError naming `what`,
// also for a list beyond the bounds above (checked before a range is expanded).
std::vector<ProblemSize> parseSizes(const std::string& text, const std::string& what);

// Device memory one candidate of `family` needs at `size`, estimated from what every family declares: a
// bandwidth-bound family's work is the bytes it moves, which bounds its buffers; a family with m,n,k sizes holds
// three matrices (m·k, k·n, m·n) of at most 8-byte elements. 0 when the family gives no way to tell.
double estimatedDeviceBytes(const Family& family, const ProblemSize& size);

// UsageError naming `what`, the size and the device when a size cannot fit the device's global memory or its
// largest allocation (estimatedDeviceBytes), instead of candidates failing one by one with bad_alloc.
void checkSizesFitDevice(const Family& family, const std::vector<ProblemSize>& sizes, const DeviceInfo& device,
                         const std::string& what);

// UsageError when a --space file does not describe `family`'s parameters on `device`: a "family" field naming
// another family, a parameter the family does not have (the same kernel would be stored under several keys), or
// a family parameter the file leaves out and the family has no default (`absent`) for.
void checkSpaceFitsFamily(const ParameterSpace& space, const Family& family, const DeviceInfo& device,
                          const std::string& what);

// Durations (--budget-time, --timeout) up to 100 days: beyond, clocks and watchdogs overflow their counters.
constexpr double kMaxDurationSeconds = 100 * 86400.0;

// Seconds from "90", "90s", "15m", "2h". UsageError naming `what`.
double parseDuration(const std::string& text, const std::string& what);

// A device description with typical GPU limits (1024 work-items, 48 KiB local memory, fp64) for commands that
// look at a family's space or source without a device.
DeviceInfo genericGpuDevice();

// Path of this executable (for spawning `ktune worker`).
std::string selfExecutable();

} // namespace kt::cli
