// Shared CLI helpers.
#include "app/cli/cli_common.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include <unistd.h>

#include "core/store/database.hpp"
#include "devices/simulated/simulated_backend.hpp"

namespace kt::cli {

std::filesystem::path databasePath(const Args& args) {
    if (auto db = args.value("--db")) return *db;
    if (const char* env = std::getenv("KT_DB"); env && *env) return env;
    return store::defaultDatabasePath();
}

DeviceCatalog::DeviceCatalog(const std::filesystem::path& database, bool withSimulated) {
    backends = devices::allBackends();
    if (withSimulated) backends.push_back(devices::makeSimulatedBackend(database));
    devices = devices::enumerateAll(backends);
}

devices::FoundDevice DeviceCatalog::select(const std::string& selector) const {
    try {
        return devices::selectDevice(devices, selector);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
}

std::vector<ProblemSize> parseSizes(const std::string& text, const std::string& what) {
    std::vector<ProblemSize> out;
    std::stringstream list(text);
    std::string item;
    while (std::getline(list, item, ',')) {
        if (item.empty()) throw UsageError(what + ": empty size in '" + text + "'");
        if (std::count(item.begin(), item.end(), ':') == 2) {
            const auto a = item.find(':'), b = item.rfind(':');
            const long long from = parseInteger(item.substr(0, a), what), to = parseInteger(item.substr(a + 1, b - a - 1), what),
                            step = parseInteger(item.substr(b + 1), what);
            if (from < 1 || to < from || step < 1) throw UsageError(what + ": range '" + item + "' must be from:to:step with 1 <= from <= to, step >= 1");
            for (long long n = from; n <= to; n += step) out.push_back({{n}});
            continue;
        }
        ProblemSize size;
        std::stringstream dims(item);
        std::string d;
        while (std::getline(dims, d, 'x')) {
            const long long v = parseInteger(d, what);
            if (v < 1) throw UsageError(what + ": sizes must be positive, got '" + item + "'");
            size.dims.push_back(v);
        }
        out.push_back(size);
    }
    if (out.empty()) throw UsageError(what + ": no sizes in '" + text + "'");
    return out;
}

double parseDuration(const std::string& text, const std::string& what) {
    if (text.empty()) throw UsageError(what + ": empty duration");
    double factor = 1;
    std::string number = text;
    switch (text.back()) {
    case 's': factor = 1; number.pop_back(); break;
    case 'm': factor = 60; number.pop_back(); break;
    case 'h': factor = 3600; number.pop_back(); break;
    default: break;
    }
    const double v = parseNumber(number, what) * factor;
    if (v <= 0) throw UsageError(what + ": duration must be positive, got '" + text + "'");
    return v;
}

std::string selfExecutable() {
    std::error_code ec;
    auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("ktune") : path.string();
}

DeviceInfo genericGpuDevice() {
    DeviceInfo device; // CUDA limits: the same text compiles as OpenCL C, and CUDA takes every parameter (register caps)
    device.backend = BackendKind::Cuda;
    device.name = "generic GPU";
    device.type = DeviceType::Gpu;
    device.maxWorkGroupSize = 1024;
    device.maxWorkItemSizes = {1024, 1024, 64};
    device.localMemBytes = 48 * 1024;
    device.fp64 = device.atomics64 = true;
    device.images = true;
    device.maxImageBufferTexels = std::uint64_t(1) << 27; // the smaller of the common GPU limits (NVIDIA)
    return device;
}

} // namespace kt::cli
