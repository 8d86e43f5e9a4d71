// `ktune compile-bench`: how much parallel compilation speeds up the compile stage of tuning on a device.
// Each setting (threads or compile-worker processes, and how many) compiles the same random candidates from scratch.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/cli/cli_common.hpp"
#include "core/engine/candidate_measurer.hpp"
#include "core/engine/compile_timeline.hpp"
#include "core/engine/image_compiler.hpp"
#include "core/engine/image_store.hpp"
#include "core/space/sampling.hpp"
#include "devices/compile_only_device.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::cli {
namespace {

struct Setting {
    const char* mode; // "threads" or "processes"
    int count;
};

std::vector<int> countList(const Args& args, const char* name, const char* fallback) {
    std::vector<int> out;
    const auto text = args.value(name);
    if (!text && !fallback) return out;
    for (const auto& t : parseSizes(text.value_or(fallback ? fallback : ""), name)) {
        if (t.dims.size() != 1 || t.dims[0] < 1 || t.dims[0] > 1024)
            throw UsageError(std::string(name) + ": a list of numbers from 1 to 1024, e.g. 1,4,16");
        out.push_back(static_cast<int>(t.dims[0]));
    }
    return out;
}

// Each program's compile time against the first setting's for the same program (the settings compile the same
// programs): per-program slowdown, apart from how well the workers were kept busy.
nlohmann::json againstFirst(const std::vector<CompileEvent>& events, const std::map<std::string, double>& first) {
    std::vector<double> ratios;
    for (const auto& e : events)
        if (auto it = first.find(e.key); it != first.end() && it->second > 0 && !e.fromDisk)
            ratios.push_back(e.compileMs() / it->second);
    if (ratios.empty()) return nullptr;
    std::sort(ratios.begin(), ratios.end());
    auto at = [&](double q) { return ratios[static_cast<std::size_t>(q * static_cast<double>(ratios.size() - 1))]; };
    return {{"programs", ratios.size()}, {"median", at(0.5)}, {"p10", at(0.1)}, {"p90", at(0.9)}};
}

// A device description: a `ktune devices --json` entry (or that listing when it holds one device), or an object
// holding it under "device" (`compile-bench --json` output).
DeviceInfo readDeviceInfo(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw UsageError("--device-info: cannot read '" + path + "'");
    auto j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_object() && j.contains("device")) j = j["device"];
    if (j.is_object() && j.contains("devices")) j = j["devices"]; // `ktune devices --json` of a one-device machine
    if (j.is_array() && j.size() == 1) j = j[0];
    if (!j.is_object())
        throw UsageError("--device-info: '" + path +
                         "' holds no device description (one object, as `ktune devices "
                         "--json` lists them)");
    try {
        return j.get<DeviceInfo>();
    } catch (const std::exception& e) {
        throw UsageError("--device-info: '" + path + "': " + e.what());
    }
}

int runCompileBench(const std::vector<std::string>& argv) {
    Args args(argv,
              {"--device", "--device-info", "--family", "--count", "--threads", "--processes", "--seed", "--timeline"},
              {"--json", "--disk-cache"});
    const auto timelinePath = args.value("--timeline");
    if (timelinePath && !std::ofstream(*timelinePath))
        throw UsageError("--timeline: cannot write '" + *timelinePath + "'");
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    kernels::registerBuiltinFamilies();
    auto family = FamilyRegistry::instance().find(args.required("--family"));
    if (!family) throw UsageError("unknown family '" + args.required("--family") + "'");
    const long long count = args.integer("--count").value_or(32);
    if (count < 1) throw UsageError("--count must be at least 1");
    std::vector<Setting> settings;
    const bool anyProcesses = args.value("--processes").has_value();
    for (int t : countList(args, "--threads", anyProcesses ? nullptr : "1,4,16")) settings.push_back({"threads", t});
    for (int p : countList(args, "--processes", nullptr)) settings.push_back({"processes", p});
    // Fewest workers first: the first row is the baseline of the speed-ups and of each program's compile time, and
    // with `--processes 1,16 --threads 16` that must be the one process, not the 16 threads.
    std::stable_sort(settings.begin(), settings.end(),
                     [](const Setting& a, const Setting& b) { return a.count < b.count; });
    DeviceInfo info;
    std::unique_ptr<Device> device;
    if (const auto described = args.value("--device-info")) {
        if (args.value("--device")) throw UsageError("give --device or --device-info, not both");
        info = readDeviceInfo(*described);
        device = devices::openCompileOnly(info);
    } else {
        DeviceCatalog catalog(databasePath(args), false);
        auto found = catalog.select(args.required("--device"));
        info = found.info;
        device = found.backend->open(found.info);
    }
    const bool separable = !device->imageTarget().empty();
    if (anyProcesses && !separable)
        throw UsageError("--processes: " + info.label() + " compiles only in-process (no image target)");
    std::shared_ptr<const ImageStore> store;
    if (args.flag("--disk-cache")) store = ImageStore::fromEnvironment();
    auto space = family->space(info);
    // The same candidates for every setting, each with a cache of its own: NVRTC keeps nothing between programs and
    // CUDA_CACHE_DISABLE=1 turns off the driver's cache (of PTX it compiles), so only --disk-cache lets a setting
    // reuse what an earlier one compiled. (Sets drawn afresh per setting differ too much in compile cost to compare.)
    SpaceSampler sampler(space, static_cast<std::uint64_t>(args.integer("--seed").value_or(7)));
    const auto batch = sampler.distinct(static_cast<std::size_t>(count));
    nlohmann::json rows = nlohmann::json::array(), timelines = nlohmann::json::array();
    double firstPerKernel = 0;
    std::map<std::string, double> firstTimes; // program key → the first setting's compile time
    auto header = [&] {
        return nlohmann::json{{"device", info},
                              {"family", family->name()},
                              {"image_target", device->imageTarget()},
                              {"hardware_threads", std::thread::hardware_concurrency()}};
    };
    for (std::size_t i = 0; i < settings.size(); ++i) {
        const Setting& setting = settings[i];
        CandidateMeasurer measurer(*device, family);
        const bool processes = std::string(setting.mode) == "processes";
        measurer.programs().useImages(processes ? std::make_shared<ProcessImageCompiler>(selfExecutable()) : nullptr,
                                      store);
        const auto start = std::chrono::steady_clock::now();
        auto timeline = std::make_shared<CompileTimeline>(start);
        measurer.programs().recordTimeline(timeline);
        measurer.compile(batch, setting.count); // with processes: one thread per worker process
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const auto events = timeline->events();
        const auto summary = summarise(events, start, setting.count);
        const auto perProgram = againstFirst(events, firstTimes);
        if (i == 0)
            for (const auto& e : events) firstTimes[e.key] = e.compileMs();
        const double perKernel = seconds / static_cast<double>(std::max<std::size_t>(batch.size(), 1));
        if (i == 0) firstPerKernel = perKernel;
        // The most this setting could have gained over the first with its programs' compile times as they were: the
        // first row's wall over these times scheduled longest first with no feeding cost. Below the target, no
        // dispatcher or order can reach it; the batch (its slowest programs) or the per-program slowdown holds it.
        const double bound = summary.longestFirstMs > 0
                                 ? firstPerKernel * static_cast<double>(batch.size()) * 1000 / summary.longestFirstMs
                                 : 0;
        const auto t = measurer.programs().totals();
        const double programs = static_cast<double>(std::max<std::size_t>(t.programs, 1));
        rows.push_back({{"mode", setting.mode},
                        {"parallel", setting.count},
                        {"threads", setting.count},
                        {"kernels", batch.size()},
                        {"distinct_sources", t.programs},
                        {"failed", t.failed},
                        {"from_disk", t.fromDisk},
                        {"seconds", seconds},
                        {"kernels_per_second", 1.0 / perKernel},
                        {"speedup_vs_first", firstPerKernel / perKernel},
                        {"mean_image_ms", t.imageMs / programs},
                        {"mean_load_ms", t.loadMs / programs},
                        {"mean_program_ms", t.compileMs / programs},
                        // Cores kept busy: the programs' compile times added up, over the wall time (one thread: 1).
                        {"busy_cores", t.compileMs / 1000.0 / seconds},
                        {"timeline_summary", toJson(summary)},
                        {"per_program_vs_first", perProgram},
                        {"speedup_bound_vs_first", bound}});
        if (timelinePath) {
            auto detail = timeline->toJson();
            timelines.push_back({{"mode", setting.mode},
                                 {"parallel", setting.count},
                                 {"seconds", seconds},
                                 {"marks", detail["marks"]},
                                 {"summary", toJson(summary)},
                                 {"programs", detail["programs"]}});
            // Rewritten after every setting, so a run stopped by a time limit keeps the settings it finished.
            auto file = header();
            file["rows"] = timelines;
            std::ofstream out(*timelinePath);
            out << file.dump(1) << "\n";
            if (!out) throw std::runtime_error("cannot write the timeline to '" + *timelinePath + "'");
        }
        if (args.flag("--json")) continue;
        std::printf("%-9s %3d: %3zu kernels in %7.2f s  (%6.2f kernels/s, %.2fx the first row, %.1f cores busy)",
                    setting.mode, setting.count, batch.size(), seconds, 1.0 / perKernel, firstPerKernel / perKernel,
                    t.compileMs / 1000.0 / seconds);
        if (separable)
            std::printf("  per program: image %7.1f ms, load %6.1f ms (%zu of %zu from disk)", t.imageMs / programs,
                        t.loadMs / programs, t.fromDisk, t.programs);
        std::printf("\n%s", describe(summary).c_str());
        if (!perProgram.is_null())
            std::printf("  per program: %.2fx the first row's compile time (median of %zu; 10%%-90%%: %.2f-%.2fx)\n",
                        perProgram["median"].get<double>(), perProgram["programs"].get<std::size_t>(),
                        perProgram["p10"].get<double>(), perProgram["p90"].get<double>());
        if (i > 0)
            std::printf("  these compile times allow at most %.2fx the first row (longest first, no feeding cost); "
                        "measured %.2fx\n",
                        bound, firstPerKernel / perKernel);
    }
    if (args.flag("--json")) {
        auto j = header();
        j["rows"] = rows;
        std::cout << j.dump(2) << "\n";
    }
    return 0;
}

KT_REGISTER_COMMAND(Command{
    "compile-bench", "measure the parallel-compilation speed-up on a device",
    "usage: ktune compile-bench (--device D | --device-info FILE) --family F [--count N] [--threads 1,4,16]\n"
    "                           [--processes 1,4,16] [--disk-cache] [--seed N] [--timeline FILE] [--json]\n\n"
    "Compiles the same N random candidates of the family with each setting (a fresh in-memory\n"
    "cache each time; settings with fewer workers first) and reports kernels per second, the\n"
    "speed-up over the first setting, the cores kept busy (compile times added up over the wall\n"
    "time) and, per program, the time to get its image (compile) and to load it on the device.\n"
    "--threads: compile in that many threads of this process (default 1,4,16 without --processes);\n"
    "--processes: in that many compile-worker processes, as tuning does where the device allows.\n"
    "--disk-cache: read and fill the on-disk image cache (KT_IMAGE_CACHE): the settings after the\n"
    "first then measure loading alone. Set CUDA_CACHE_DISABLE=1 so NVIDIA's own kernel cache\n"
    "does not skew the numbers.\n"
    "--device-info FILE: compile for the device FILE describes (a `ktune devices --json` entry, or the\n"
    "--json output of compile-bench) without opening it: images are compiled, not loaded (CUDA with\n"
    "NVRTC only), so a machine without that GPU runs the compile path, compile workers included.\n"
    "Each setting also gets a timeline summary: workers busy on average and each, and the workers' idle time\n"
    "split into lead-in (before the first hand-out), start-up, pipes, gaps between a worker's programs\n"
    "(feeding), tail (after its last program: stragglers), with each program's time against the first\n"
    "setting's (slowdown). --timeline FILE: every program compiled, per setting, as JSON: its worker, when it\n"
    "was picked up, handed out, compiled (worker start and end), received and done (ms from the setting's\n"
    "start), its source size and compile-cost estimate (draw it with tools/compile-timeline.py).\n",
    runCompileBench});

} // namespace
} // namespace kt::cli
