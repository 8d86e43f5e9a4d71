// `ktune runs` and `ktune best`: what the store holds — tuning runs, and the best candidates per size.
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/cli_common.hpp"
#include "core/engine/measurement_json.hpp"
#include "core/store/database.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"

namespace kt::cli {
namespace {

store::Database openExisting(const std::filesystem::path& path, store::OpenMode mode = store::OpenMode::ReadOnly) {
    if (!std::filesystem::exists(path)) throw std::runtime_error("no store at " + path.string() + " (nothing tuned yet?)");
    return store::Database::open(path, {mode});
}

int runRuns(const std::vector<std::string>& argv) {
    Args args(argv, {"--db", "--device", "--family", "--status", "--limit"}, {"--json"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    store::RunFilter filter;
    filter.deviceId = args.value("--device");
    filter.family = args.value("--family");
    if (auto s = args.value("--status")) {
        try {
            filter.status = runStatusFromString(*s);
        } catch (const std::exception& e) {
            throw UsageError(std::string("--status: ") + e.what());
        }
    }
    if (auto l = args.integer("--limit")) filter.limit = static_cast<int>(*l);
    // Read-write: runs whose process died are marked interrupted as they are listed.
    auto db = openExisting(databasePath(args), store::OpenMode::ReadWrite);
    store::RunRepository(db).markInterruptedIfDead();
    store::MeasurementRepository measurements(db);
    nlohmann::json all = nlohmann::json::array();
    if (!args.flag("--json"))
        std::printf("%5s  %-11s  %-10s  %-12s  %6s  %6s  %-20s  %s\n", "id", "status", "family", "strategy", "done", "failed",
                    "updated", "device");
    for (const auto& run : store::RunRepository(db).list(filter)) {
        const auto rows = measurements.byRun(run.id);
        std::size_t failed = 0;
        for (const auto& r : rows) failed += r.measurement.status != MeasurementStatus::Ok;
        if (args.flag("--json")) {
            all.push_back({{"id", run.id}, {"status", toString(run.status)}, {"device", run.deviceId}, {"family", run.family},
                           {"strategy", run.strategy}, {"measurements", rows.size()}, {"failed", failed},
                           {"created", run.createdAt}, {"updated", run.updatedAt}, {"sizes", run.sizes}, {"settings", run.budget},
                           {"notes", run.notes}});
        } else {
            std::printf("%5lld  %-11s  %-10s  %-12s  %6zu  %6zu  %-20.19s  %s\n", static_cast<long long>(run.id),
                        toString(run.status).c_str(), run.family.c_str(), run.strategy.c_str(), rows.size(), failed,
                        run.updatedAt.c_str(), run.deviceId.c_str());
        }
    }
    if (args.flag("--json")) std::cout << all.dump(2) << "\n";
    return 0;
}

int runBest(const std::vector<std::string>& argv) {
    Args args(argv, {"--db", "--device", "--family", "--size", "--top"}, {"--json"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    const std::string family = args.required("--family");
    const auto path = databasePath(args);
    const std::string device = DeviceCatalog(path).select(args.required("--device")).info.stableId();
    auto db = openExisting(path);
    store::MeasurementRepository measurements(db);
    std::vector<store::StoredMeasurement> rows;
    if (auto size = args.value("--size")) {
        const auto sizes = parseSizes(*size, "--size");
        if (sizes.size() != 1) throw UsageError("--size takes one size");
        const long long top = args.integer("--top").value_or(10);
        if (top < 1) throw UsageError("--top must be at least 1");
        rows = measurements.topCandidates(device, family, sizes.front(), static_cast<int>(top));
    } else {
        rows = measurements.bestPerSize(device, family);
    }
    if (rows.empty()) {
        std::cerr << "ktune best: no ok measurement of family '" << family << "' on device '" << device << "'\n";
        return 1;
    }
    if (args.flag("--json")) {
        nlohmann::json all = nlohmann::json::array();
        for (const auto& r : rows) all.push_back(r.measurement);
        std::cout << all.dump(2) << "\n";
        return 0;
    }
    std::printf("%-14s  %12s  %10s  %5s  %s\n", "size", "value", "median ms", "run", "candidate");
    for (const auto& r : rows)
        std::printf("%-14s  %12.2f  %10.4f  %5lld  %s\n", r.measurement.size.label().c_str(), r.measurement.value,
                    r.measurement.medianMs, static_cast<long long>(r.runId), r.measurement.pointKey.c_str());
    return 0;
}

KT_REGISTER_COMMAND(Command{"runs", "list tuning runs in the store",
                            "usage: ktune runs [--device ID] [--family F] [--status S] [--limit N] [--db FILE] [--json]\n\n"
                            "Newest first. Runs whose process died are shown (and stored) as interrupted; resume them\n"
                            "with `ktune tune --resume ID`. S is running, paused, cancelled, completed, failed or interrupted.\n",
                            runRuns});

KT_REGISTER_COMMAND(Command{"best", "best candidates per size (or the top N at one size)",
                            "usage: ktune best --device ID --family F [--size S [--top N]] [--db FILE] [--json]\n\n"
                            "Without --size: the best verified measurement at every size measured on the device.\n"
                            "With --size: the N best distinct candidates at that size (default 10). Values are the family's\n"
                            "metric (GFlop/s or GB/s) from the median of the timed runs.\n",
                            runBest});

} // namespace
} // namespace kt::cli
