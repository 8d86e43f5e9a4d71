// kt_sampler_bench: time from constructing a SpaceSampler to its first point, and per point after it, on the
// built-in families' spaces (generic GPU limits). Usage: kt_sampler_bench [--points N] [--work W] [family…] (default:
// 1000 points after the first, SpaceSampler::kMaxPrefixWork, all families).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "app/cli/cli_common.hpp"
#include "core/engine/family.hpp"
#include "core/space/sampling.hpp"
#include "kernels/builtin_families.hpp"

using namespace kt;

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv) {
    kernels::registerBuiltinFamilies();
    std::set<std::string> only;
    int points = 1000;
    std::uint64_t work = SpaceSampler::kMaxPrefixWork;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--points" && i + 1 < argc) points = std::atoi(argv[++i]);
        else if (std::string(argv[i]) == "--work" && i + 1 < argc) work = std::strtoull(argv[++i], nullptr, 10);
        else only.insert(argv[i]);
    }
    const DeviceInfo device = cli::genericGpuDevice(); // the limits `ktune families` reports against
    std::printf("| family | cartesian | table levels | first point (s) | next %d points (s) | distinct(100) (s) |\n"
                "|---|---:|---:|---:|---:|---:|\n",
                points);
    for (const auto& f : FamilyRegistry::instance().all()) {
        if (!only.empty() && !only.count(f->name())) continue;
        const ParameterSpace space = f->space(device);
        auto start = std::chrono::steady_clock::now();
        SpaceSampler sampler(space, 7, work);
        auto first = sampler.next();
        const double firstSeconds = secondsSince(start);
        start = std::chrono::steady_clock::now();
        for (int i = 0; i < points; ++i)
            if (!sampler.next()) break;
        const double moreSeconds = secondsSince(start);
        start = std::chrono::steady_clock::now();
        SpaceSampler second(space, 8, work);
        const auto some = second.distinct(100);
        const double distinctSeconds = secondsSince(start);
        std::printf("| %s | %llu | %zu/%zu | %.3f | %.3f | %.3f (%zu) |%s\n", f->name().c_str(),
                    static_cast<unsigned long long>(space.cartesianSize()), sampler.prefixLevels(),
                    space.parameters().size(), firstSeconds, moreSeconds,
                    distinctSeconds, some.size(), first ? "" : " (empty)");
        std::fflush(stdout);
    }
    return 0;
}
