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
    const std::string bound = std::to_string(kMaxSizeDimension);
    auto tooMany = [&](std::size_t count) {
        return UsageError(what + ": " + std::to_string(count) + " sizes or more in '" + text.substr(0, 80) +
                          (text.size() > 80 ? "…" : "") + "'; at most " + std::to_string(kMaxSizeCount) +
                          " sizes may be given");
    };
    // getline drops an empty last item, so a trailing comma ("64,") would pass unseen: it is an empty size too.
    if (!text.empty() && text.back() == ',') throw UsageError(what + ": empty size in '" + text + "'");
    while (std::getline(list, item, ',')) {
        if (item.empty()) throw UsageError(what + ": empty size in '" + text + "'");
        if (std::count(item.begin(), item.end(), ':') == 2) {
            const auto a = item.find(':'), b = item.rfind(':');
            const long long from = parseInteger(item.substr(0, a), what), to = parseInteger(item.substr(a + 1, b - a - 1), what),
                            step = parseInteger(item.substr(b + 1), what);
            if (from < 1 || to < from || step < 1) throw UsageError(what + ": range '" + item + "' must be from:to:step with 1 <= from <= to, step >= 1");
            if (to > kMaxSizeDimension)
                throw UsageError(what + ": range '" + item + "' ends above " + bound + ", the largest size a kernel can index");
            // Counted before expanding (to - from cannot overflow: both lie in [1, 2^31 - 1]).
            const auto count = static_cast<std::size_t>((to - from) / step) + 1;
            if (count > kMaxSizeCount || out.size() + count > kMaxSizeCount) throw tooMany(out.size() + count);
            for (std::size_t i = 0; i < count; ++i) out.push_back({{from + static_cast<long long>(i) * step}});
            continue;
        }
        ProblemSize size;
        if (item.back() == 'x') // "12x": an empty last dimension, which getline would drop
            throw UsageError(what + ": size '" + item + "' ends without its last dimension");
        std::stringstream dims(item);
        std::string d;
        while (std::getline(dims, d, 'x')) {
            const long long v = parseInteger(d, what);
            if (v < 1) throw UsageError(what + ": sizes must be positive, got '" + item + "'");
            if (v > kMaxSizeDimension)
                throw UsageError(what + ": size '" + item + "' is above " + bound + ", the largest size a kernel can index");
            size.dims.push_back(v);
        }
        if (size.dims.empty()) throw UsageError(what + ": empty size in '" + text + "'");
        if (size.dims.size() > kMaxSizeDims)
            throw UsageError(what + ": size '" + item + "' has more than " + std::to_string(kMaxSizeDims) + " dimensions");
        if (out.size() + 1 > kMaxSizeCount) throw tooMany(out.size() + 1);
        out.push_back(size);
    }
    if (out.empty()) throw UsageError(what + ": no sizes in '" + text + "'");
    return out;
}

double estimatedDeviceBytes(const Family& family, const ProblemSize& size) {
    if (family.metric() == Metric::GBs) return family.work(size);
    if (size.dims.size() == 3) {
        const double m = double(size.dims[0]), n = double(size.dims[1]), k = double(size.dims[2]);
        return (m * k + k * n + m * n) * 8;
    }
    return 0;
}

namespace {
std::string bytesText(double bytes) {
    const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (bytes >= 1024 && u < 6) bytes /= 1024, ++u;
    std::ostringstream out;
    out.precision(bytes < 10 ? 2 : 3);
    out << bytes << " " << units[u];
    return out.str();
}
} // namespace

void checkSizesFitDevice(const Family& family, const std::vector<ProblemSize>& sizes, const DeviceInfo& device,
                         const std::string& what) {
    for (const auto& size : sizes) {
        const double need = estimatedDeviceBytes(family, size);
        if (need <= 0) continue;
        if (device.globalMemBytes > 0 && need > double(device.globalMemBytes))
            throw UsageError(what + ": size " + size.label() + " needs about " + bytesText(need) + " of device memory; " +
                             device.label() + " has " + bytesText(double(device.globalMemBytes)));
        // The largest buffer holds at least a third of the total (at most three matrices, or input and output).
        if (device.maxAllocBytes > 0 && need / 3 > double(device.maxAllocBytes))
            throw UsageError(what + ": size " + size.label() + " needs buffers of about " + bytesText(need / 3) + "; " +
                             device.label() + " allocates at most " + bytesText(double(device.maxAllocBytes)) +
                             " at once");
    }
}

void checkSpaceFitsFamily(const ParameterSpace& space, const Family& family, const DeviceInfo& device,
                          const std::string& what) {
    if (!space.family.empty() && space.family != family.name())
        throw UsageError(what + ": the space is for family '" + space.family + "', not '" + family.name() + "'");
    const ParameterSpace own = family.space(device);
    std::string names;
    for (const auto& p : own.parameters()) names += (names.empty() ? "" : ", ") + p.name;
    for (const auto& p : space.parameters())
        if (own.parameterIndex(p.name) < 0)
            throw UsageError(what + ": '" + p.name + "' is not a parameter of family '" + family.name() + "' (" + names + ")");
    for (const auto& p : own.parameters())
        if (space.parameterIndex(p.name) < 0 && !p.absentValue)
            throw UsageError(what + ": the space lacks parameter " + p.name + " of family '" + family.name() + "' (" +
                             names + ")");
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
    if (v > kMaxDurationSeconds)
        throw UsageError(what + ": '" + text + "' is longer than " + std::to_string(int(kMaxDurationSeconds / 86400)) +
                         " days");
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
