// Device profile: copy bandwidth and FMA peaks measured with the dialect kernels in kernels/profile/.
#include "kernels/profile/device_profiler.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::kernels {

namespace {

constexpr std::size_t kFloat4 = 16;

std::size_t workGroupSize(const DeviceInfo& info, std::size_t wanted) {
    std::size_t limit = std::min<std::uint64_t>(info.maxWorkGroupSize, info.maxWorkItemSizes[0]);
    if (limit == 0) limit = 1;
    return std::min(wanted, limit);
}

std::string isoNow() {
    std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

} // namespace

ProfileOptions defaultProfileOptions(const DeviceInfo& info) {
    ProfileOptions o;
    if (info.type != DeviceType::Gpu) {
        o.maxCopyBytes = std::size_t{64} << 20;
        o.repetitions = 3;
        o.targetMs = 50;
        o.quick = true;
    }
    return o;
}

double measureCopyBandwidth(Device& device, const ProfileOptions& options) {
    const DeviceInfo& info = device.info();
    std::uint64_t bytes = options.maxCopyBytes;
    if (info.maxAllocBytes) bytes = std::min(bytes, info.maxAllocBytes);
    if (info.globalMemBytes) bytes = std::min(bytes, info.globalMemBytes / 4);
    bytes = bytes / kFloat4 * kFloat4;
    if (bytes < kFloat4 * 1024) throw BackendError("copy benchmark: device memory too small on " + info.label());
    const auto n = static_cast<std::uint32_t>(std::min<std::uint64_t>(bytes / kFloat4, 0xFFFFFFF0u));
    bytes = std::uint64_t{n} * kFloat4;

    auto src = device.allocate(bytes);
    auto dst = device.allocate(bytes);
    device.fill(*src, 0x3c);
    device.fill(*dst, 0);

    // Launch geometries: loads in flight per work-item x work-groups per compute unit x work-group size. A GPU needs
    // many resident warps with outstanding 16-byte loads; the best is kept, as a peak should be. On an H100 (CUDA
    // and NVIDIA OpenCL alike) 32 groups of 1024 per SM reached 2.90 TB/s against 3.00 for cudaMemcpy D2D,
    // 256-wide groups about 2.85.
    struct Config {
        int unroll;
        std::size_t groupsPerCu;
        std::size_t local;
    };
    std::vector<Config> configs;
    if (options.quick)
        configs = {{4, 4, 64}};
    else
        configs = {{4, 8, 256}, {4, 32, 256}, {2, 16, 1024}, {2, 32, 1024}, {4, 32, 1024}, {8, 32, 1024}};
    const std::size_t cus = static_cast<std::size_t>(std::max(info.computeUnits, 1));

    double bestMs = 0;
    std::string lastError;
    std::string source = withPreamble(embeddedSource("profile/copy.cl"));
    std::unique_ptr<Program> programs[9];
    for (const auto& c : configs) {
        auto& program = programs[c.unroll];
        if (!program) program = device.build(source, {"-DPROFILE_UNROLL=" + std::to_string(c.unroll)});
        auto kernel = program->kernel("kt_profile_copy");
        const std::size_t local = workGroupSize(info, c.local);
        std::size_t groups = cus * c.groupsPerCu;
        // No more work-items than there are rounds of loads to do.
        std::size_t needed =
            (n + static_cast<std::size_t>(c.unroll) * local - 1) / (static_cast<std::size_t>(c.unroll) * local);
        groups = std::max<std::size_t>(1, std::min(groups, needed));
        std::vector<KernelArg> args = {src.get(), dst.get(), std::uint32_t{n}};
        try {
            device.launch(*kernel, Range(groups * local), Range(local), args); // warm-up
        } catch (const LaunchError& e) {
            lastError = e.what(); // e.g. a work-group size this kernel cannot use on this device: try the next
            continue;
        }
        for (int r = 0; r < options.repetitions; ++r) {
            double ms = device.launch(*kernel, Range(groups * local), Range(local), args);
            if (ms > 0 && (bestMs == 0 || ms < bestMs)) bestMs = ms;
        }
    }
    if (bestMs <= 0) throw BackendError("copy benchmark: no configuration ran on " + info.label() + ": " + lastError);
    // A copy that did not copy would make the number meaningless: check samples across the buffer.
    for (std::uint64_t at : {std::uint64_t{0}, bytes / 2, bytes - kFloat4}) {
        unsigned char sample[kFloat4];
        device.read(*dst, sample, kFloat4, at);
        for (unsigned char b : sample)
            if (b != 0x3c) throw BackendError("copy benchmark produced wrong data on " + info.label());
    }
    return 2.0 * static_cast<double>(bytes) / (bestMs * 1e-3) / 1e9;
}

double measureFmaPeak(Device& device, bool fp64, const ProfileOptions& options) {
    const DeviceInfo& info = device.info();
    if (fp64 && !info.fp64) return 0;
    constexpr int kChains = 8, kInner = 16;
    std::vector<std::string> defines = {"-DPROFILE_CHAINS=" + std::to_string(kChains),
                                        "-DPROFILE_INNER=" + std::to_string(kInner)};
    if (fp64) defines.push_back("-DKT_DOUBLE=1");
    auto program = device.build(withPreamble(embeddedSource("profile/fma.cl")), defines);
    auto kernel = program->kernel("kt_profile_fma");

    const std::size_t local = workGroupSize(info, options.quick ? 64 : 256);
    const std::size_t cus = static_cast<std::size_t>(std::max(info.computeUnits, 1));
    // Enough work-groups to fill every compute unit several times over (GPUs: 8 resident groups of 256 per SM).
    const std::size_t groups = cus * (options.quick ? 2 : 16);
    const std::size_t items = groups * local;
    auto out = device.allocate(items * (fp64 ? 8 : 4));
    auto run = [&](int iterations) {
        std::vector<KernelArg> args = {out.get()};
        if (fp64)
            args.push_back(0.5);
        else
            args.push_back(0.5f);
        args.push_back(std::int32_t{iterations});
        return device.launch(*kernel, Range(items), Range(local), args);
    };
    // Calibrate the trip count so a launch lasts about targetMs: short kernels measure launch overhead.
    int iterations = 16;
    double ms = run(iterations);
    while (ms < options.targetMs / 2 && iterations < (1 << 24)) {
        double scale = ms > 0 ? std::clamp(options.targetMs / ms, 2.0, 64.0) : 64.0;
        iterations = static_cast<int>(std::min<double>(iterations * scale, 1 << 24));
        ms = run(iterations);
    }
    double best = ms;
    for (int r = 1; r < options.repetitions; ++r) best = std::min(best, run(iterations));
    double flops = 2.0 * kChains * kInner * static_cast<double>(iterations) * static_cast<double>(items);
    return flops / (best * 1e-3) / 1e9;
}

DeviceProfile profileDevice(Device& device, const ProfileOptions& options) {
    DeviceProfile p;
    p.copyBandwidthGBs = measureCopyBandwidth(device, options);
    p.fp32PeakGFlops = measureFmaPeak(device, false, options);
    p.fp64PeakGFlops = measureFmaPeak(device, true, options);
    p.measuredAt = isoNow();
    return p;
}

} // namespace kt::kernels
