// `ktune compile-bench`: how much parallel compilation speeds up the compile stage of tuning on a device.
// Each thread count compiles its own distinct random candidates (no cache hits), so the driver's caches cannot help.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/cli/cli_common.hpp"
#include "core/engine/candidate_measurer.hpp"
#include "core/space/sampling.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::cli {
namespace {

int runCompileBench(const std::vector<std::string>& argv) {
    Args args(argv, {"--device", "--family", "--count", "--threads", "--seed"}, {"--json"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    kernels::registerBuiltinFamilies();
    auto family = FamilyRegistry::instance().find(args.required("--family"));
    if (!family) throw UsageError("unknown family '" + args.required("--family") + "'");
    const long long count = args.integer("--count").value_or(32);
    if (count < 1) throw UsageError("--count must be at least 1");
    std::vector<int> threadCounts;
    for (const auto& t : parseSizes(args.value("--threads").value_or("1,4,16"), "--threads")) {
        if (t.dims.size() != 1) throw UsageError("--threads: a list of numbers, e.g. 1,4,16");
        threadCounts.push_back(static_cast<int>(t.dims[0]));
    }
    DeviceCatalog catalog(databasePath(args), false);
    auto found = catalog.select(args.required("--device"));
    auto device = found.backend->open(found.info);
    auto space = family->space(found.info);
    // Distinct generated sources: a point set per thread count, drawn without replacement from one shuffled list.
    SpaceSampler sampler(space, static_cast<std::uint64_t>(args.integer("--seed").value_or(7)));
    auto points = sampler.distinct(static_cast<std::size_t>(count) * threadCounts.size());
    nlohmann::json rows = nlohmann::json::array();
    double serialPerKernel = 0;
    for (std::size_t i = 0; i < threadCounts.size(); ++i) {
        std::vector<Point> batch;
        for (std::size_t j = i * static_cast<std::size_t>(count); j < std::min(points.size(), (i + 1) * static_cast<std::size_t>(count)); ++j)
            batch.push_back(points[j]);
        if (batch.empty()) break;
        CandidateMeasurer measurer(*device, family);
        const auto start = std::chrono::steady_clock::now();
        measurer.compile(batch, threadCounts[i]);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double perKernel = seconds / static_cast<double>(batch.size());
        if (i == 0) serialPerKernel = perKernel;
        rows.push_back({{"threads", threadCounts[i]}, {"kernels", batch.size()}, {"distinct_sources", measurer.cacheSize()},
                        {"seconds", seconds}, {"kernels_per_second", 1.0 / perKernel},
                        {"speedup_vs_first", serialPerKernel / perKernel}});
        if (!args.flag("--json"))
            std::printf("threads %3d: %3zu kernels in %7.2f s  (%6.2f kernels/s, speed-up %.2fx vs %d thread%s)\n",
                        threadCounts[i], batch.size(), seconds, 1.0 / perKernel, serialPerKernel / perKernel,
                        threadCounts[0], threadCounts[0] == 1 ? "" : "s");
    }
    if (args.flag("--json"))
        std::cout << nlohmann::json{{"device", found.info}, {"family", family->name()},
                                    {"hardware_threads", std::thread::hardware_concurrency()}, {"rows", rows}}.dump(2)
                  << "\n";
    return 0;
}

KT_REGISTER_COMMAND(Command{"compile-bench", "measure the parallel-compilation speed-up on a device",
                            "usage: ktune compile-bench --device D --family F [--count N] [--threads 1,4,16] [--json]\n\n"
                            "Compiles N distinct random candidates of the family with each thread count (a fresh set per\n"
                            "count, so no cache can help) and reports kernels per second and the speed-up over the first count.\n"
                            "Set CUDA_CACHE_DISABLE=1 so NVIDIA's on-disk kernel cache does not skew the numbers.\n",
                            runCompileBench});

} // namespace
} // namespace kt::cli
