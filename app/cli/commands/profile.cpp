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

namespace {

// The largest buffer `--copy-mib` takes (MiB per buffer): more than any device's memory holds today, so a typo of a
// digit too many is refused instead of asking the device for a terabyte.
constexpr long long kMaxCopyMib = 1 << 20;

// `--copy-mib 64,128,1024`: the copy measured again at each of these buffer sizes (MiB per buffer, each buffer read
// or written once). A kernel that copies an n x n matrix moves a fixed number of bytes, and a launch's fixed cost
// weighs more on fewer bytes: this is the bandwidth a copy of that size can reach on the device. The list is read as
// every size list of the CLI is (parseSizes: commas, ranges, empty items refused), one number per size.
std::vector<long long> parseCopyMib(const std::string& text) {
    std::vector<long long> sizes;
    for (const auto& size : parseSizes(text, "--copy-mib")) {
        if (size.dims.size() != 1 || size.dims[0] < 1 || size.dims[0] > kMaxCopyMib)
            throw UsageError("--copy-mib: '" + size.label() + "' is not a buffer size in MiB from 1 to " +
                             std::to_string(kMaxCopyMib));
        sizes.push_back(size.dims[0]);
    }
    return sizes;
}

struct CopyPoint {
    long long mib;
    double gbs;
};

// Each size capped as the profile's own copy is (the device's largest allocation, a quarter of its memory).
std::vector<CopyPoint> measureCopyCurve(Device& device, const std::vector<long long>& sizes) {
    std::vector<CopyPoint> curve;
    for (long long mib : sizes) {
        auto options = kernels::defaultProfileOptions(device.info());
        options.maxCopyBytes = static_cast<std::size_t>(mib) << 20;
        curve.push_back({mib, kernels::measureCopyBandwidth(device, options)});
    }
    return curve;
}

int runProfile(const std::vector<std::string>& argv) {
    Args args(argv, {"--db", "--copy-mib"}, {"--json", "--no-store"});
    if (args.positional().empty()) throw UsageError("missing <device> (an index, id or name from `ktune devices`)");
    if (args.positional().size() > 1) throw UsageError("unexpected argument '" + args.positional()[1] + "'");
    std::vector<long long> copySizes; // checked before any device is opened
    if (auto text = args.value("--copy-mib")) copySizes = parseCopyMib(*text);
    auto backends = devices::allBackends();
    devices::FoundDevice found;
    try {
        found = devices::selectDevice(devices::enumerateAll(backends), args.positional().front());
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what()); // a device that does not exist is a bad argument (exit 2)
    }

    DeviceInfo info = found.info;
    auto device = found.backend->open(found.info); // one context for the profile and the copy curve
    info.profile = kernels::profileDevice(*device);
    const std::vector<CopyPoint> curve = measureCopyCurve(*device, copySizes);
    if (!args.flag("--no-store")) {
        // Stored as history per device: later bounds (roofline lines, bench ratios) read the latest one.
        auto db = store::Database::open(databasePath(args));
        store::DeviceRepository(db).upsert(info);
    }
    const double bandwidth = info.profile->copyBandwidthGBs;
    if (args.flag("--json")) {
        nlohmann::json out{{"device", info}};
        if (!copySizes.empty()) {
            out["copy_curve"] = nlohmann::json::array();
            for (const auto& c : curve)
                out["copy_curve"].push_back(
                    {{"mib", c.mib}, {"gbs", c.gbs}, {"of_profile", bandwidth > 0 ? c.gbs / bandwidth : 0.0}});
        }
        std::cout << out.dump(2) << "\n";
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
    for (const auto& c : curve)
        std::cout << "  copy of " << std::setw(7) << c.mib << " MiB " << std::setw(10) << c.gbs << " GB/s     ("
                  << std::setprecision(3) << (bandwidth > 0 ? c.gbs / bandwidth : 0.0) << std::setprecision(1)
                  << " of the copy bandwidth above; not stored)\n";
    return 0;
}

KT_REGISTER_COMMAND(Command{
    "profile", "measure a device: copy bandwidth, FP32 and FP64 FMA peak",
    "usage: ktune profile <device> [--json] [--copy-mib LIST]\n\n"
    "Runs the profile microbenchmarks on one device: a device-to-device copy (GB/s, bytes read + written; the\n"
    "best of several launch geometries and runs) and FMA chains in FP32 and FP64 (GFlop/s, 2 flops per FMA).\n"
    "On a GPU it takes a few seconds; CPU devices use smaller sizes.\n\n"
    "<device>  an index or id from `ktune devices`, a unique id prefix, or part of the device name\n\n"
    "The profile is stored with the device in the store (history kept) unless --no-store.\n\n"
    "options:\n"
    "  --json       print the device with its profile as JSON: {\"device\": {..., \"profile\": {...}}}\n"
    "  --db FILE    store (default: $KT_DB or ~/.local/share/KernelTune/ktune.sqlite)\n"
    "  --no-store   measure and print only\n"
    "  --copy-mib LIST  also measure the copy at these buffer sizes (MiB per buffer, e.g. 64,128,1024; 1 to\n"
    "               1048576): what a copy of that many bytes reaches, against the profile's copy bandwidth\n"
    "               (JSON: \"copy_curve\"); not stored\n",
    runProfile});

} // namespace
} // namespace kt::cli
