// `ktune profile <device> [--json]`: copy bandwidth and FMA peaks of one device.
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/args.hpp"
#include "app/cli/cli_common.hpp"
#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "devices/registry.hpp"
#include "kernels/profile/device_profiler.hpp"

namespace kt::cli {

// The profile of one selected device, measured now. Hook for the store: persist the returned profile under
// found.info.stableId() (not done here yet; the SQLite store lands separately).
DeviceProfile measureDeviceProfile(const devices::FoundDevice& found) {
    auto device = found.backend->open(found.info);
    return kernels::profileDevice(*device);
}

namespace {

int runProfile(const std::vector<std::string>& argv) {
    Args args(argv, {"--db"}, {"--json", "--no-store"});
    if (args.positional().empty()) throw UsageError("missing <device> (an index, id or name from `ktune devices`)");
    if (args.positional().size() > 1) throw UsageError("unexpected argument '" + args.positional()[1] + "'");
    auto backends = devices::allBackends();
    devices::FoundDevice found;
    try {
        found = devices::selectDevice(devices::enumerateAll(backends), args.positional().front());
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what()); // a device that does not exist is a bad argument (exit 2)
    }

    DeviceInfo info = found.info;
    info.profile = measureDeviceProfile(found);
    if (!args.flag("--no-store")) {
        // Stored as history per device: later bounds (roofline lines, bench ratios) read the latest one.
        auto db = store::Database::open(databasePath(args));
        store::DeviceRepository(db).upsert(info);
    }
    if (args.flag("--json")) {
        std::cout << nlohmann::json{{"device", info}}.dump(2) << "\n";
        return 0;
    }
    const DeviceProfile& p = *info.profile;
    std::cout << info.label() << "  [" << info.stableId() << "]\n"
              << std::fixed << std::setprecision(1) << "  copy bandwidth  " << std::setw(10) << p.copyBandwidthGBs
              << " GB/s     (device-to-device, bytes read + written)\n"
              << "  FP32 FMA peak   " << std::setw(10) << p.fp32PeakGFlops << " GFlop/s\n"
              << "  FP64 FMA peak   " << std::setw(10) << p.fp64PeakGFlops << " GFlop/s"
              << (info.fp64 ? "" : "  (no fp64 on this device)") << "\n"
              << "  measured at     " << p.measuredAt << "\n";
    return 0;
}

KT_REGISTER_COMMAND(Command{
    "profile", "measure a device: copy bandwidth, FP32 and FP64 FMA peak",
    "usage: ktune profile <device> [--json]\n\n"
    "Runs the profile microbenchmarks on one device: a device-to-device copy (GB/s, bytes read + written; the\n"
    "best of several launch geometries and runs) and FMA chains in FP32 and FP64 (GFlop/s, 2 flops per FMA).\n"
    "On a GPU it takes a few seconds; CPU devices use smaller sizes.\n\n"
    "<device>  an index or id from `ktune devices`, a unique id prefix, or part of the device name\n\n"
    "The profile is stored with the device in the store (history kept) unless --no-store.\n\n"
    "options:\n"
    "  --json       print the device with its profile as JSON: {\"device\": {..., \"profile\": {...}}}\n"
    "  --db FILE    store (default: $KT_DB or ~/.local/share/KernelTune/ktune.sqlite)\n"
    "  --no-store   measure and print only\n",
    runProfile});

} // namespace
} // namespace kt::cli
