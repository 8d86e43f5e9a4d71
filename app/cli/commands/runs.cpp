// `ktune runs` and `ktune best`: what the store holds — tuning runs, and the best candidates per size.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include "app/cli/cli_common.hpp"
#include "core/engine/family.hpp"
#include "core/fit/csv_table.hpp"
#include "core/model/measurement_json.hpp"
#include "core/store/database.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"
#include "kernels/builtin_families.hpp"

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
    // Marking runs whose process died as interrupted writes; a store in a read-only place is listed as it is.
    const auto path = databasePath(args);
    const auto folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    const bool writable = ::access(path.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0;
    auto db = openExisting(path, writable ? store::OpenMode::ReadWrite : store::OpenMode::ReadOnly);
    if (writable) store::RunRepository(db).markInterruptedIfDead();
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

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// `ktune best --curves`: every candidate's best ok value per size, as the `ktune rules` input. Square GEMM sizes
// (m = n = k) and one-dimensional families give `size,candidate,value` (interval rules); other shapes give one
// column per size dimension (`m,n,k,candidate,value`: a decision tree). Candidates are point keys, quoted.
int writeCurves(store::MeasurementRepository& measurements, const std::string& device, const std::string& familyName,
                std::optional<std::int64_t> runId, long long minSizes, const std::string& path) {
    store::MeasurementFilter filter;
    filter.runId = runId;
    filter.status = MeasurementStatus::Ok;
    std::map<std::string, std::map<ProblemSize, double>> best; // point key -> size -> best value
    std::vector<std::string> order;                             // points in order of first measurement
    for (const auto& r : measurements.query(device, familyName, filter)) {
        const auto& m = r.measurement;
        auto [it, added] = best.try_emplace(m.pointKey);
        if (added) order.push_back(m.pointKey);
        auto [slot, first] = it->second.try_emplace(m.size, m.value);
        if (!first) slot->second = std::max(slot->second, m.value);
    }
    const std::string what = "family '" + familyName + "' on device '" + device + "'" +
                             (runId ? " in run " + std::to_string(*runId) : std::string());
    if (best.empty()) {
        std::cerr << "ktune best: no ok measurement of " << what << "\n";
        return 1;
    }
    std::size_t dropped = 0;
    std::vector<std::string> kept;
    for (const auto& key : order)
        if (static_cast<long long>(best[key].size()) >= minSizes)
            kept.push_back(key);
        else
            ++dropped;
    if (kept.empty()) {
        std::cerr << "ktune best: no candidate of " << what << " was measured at " << minSizes
                  << " or more sizes (--min-sizes)\n";
        return 1;
    }
    bool scalar = true;
    std::size_t dims = 0;
    std::set<ProblemSize> sizes;
    for (const auto& key : kept)
        for (const auto& [size, value] : best[key]) {
            sizes.insert(size);
            if (dims && size.dims.size() != dims)
                throw UsageError("--curves: " + what + " mixes sizes of " + std::to_string(dims) + " and " +
                                 std::to_string(size.dims.size()) + " dimensions");
            dims = size.dims.size();
            scalar = scalar && std::adjacent_find(size.dims.begin(), size.dims.end(), std::not_equal_to<>()) ==
                                   size.dims.end();
        }
    std::string text;
    if (scalar) {
        text = "size,candidate,value\n";
    } else {
        kernels::registerBuiltinFamilies();
        auto family = FamilyRegistry::instance().find(familyName);
        std::vector<std::string> names = family ? family->sizeDimensions() : std::vector<std::string>{};
        if (names.size() != dims) {
            names.clear();
            for (std::size_t d = 0; d < dims; ++d) names.push_back("d" + std::to_string(d));
        }
        for (const auto& n : names) text += n + ",";
        text += "candidate,value\n";
    }
    for (const auto& size : sizes)
        for (const auto& key : kept) {
            const auto it = best[key].find(size);
            if (it == best[key].end()) continue;
            if (scalar) {
                text += std::to_string(size.dims.front()) + ",";
            } else {
                for (auto d : size.dims) text += std::to_string(d) + ",";
            }
            text += csvField(key) + "," + fit::formatDouble(it->second) + "\n";
        }
    fit::writeFileAtomically(path, text);
    std::cout << "curves: " << kept.size() << " candidates at " << sizes.size() << " sizes"
              << (scalar ? "" : " (several shapes: one column per dimension, `ktune rules` builds a tree)");
    if (dropped) std::cout << "; " << dropped << " candidates measured at fewer than " << minSizes << " sizes left out";
    std::cout << "\nwrote: " << path << "\n";
    return 0;
}

int runBest(const std::vector<std::string>& argv) {
    Args args(argv, {"--db", "--device", "--family", "--size", "--top", "--curves", "--run", "--min-sizes"},
              {"--json"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    const std::string family = args.required("--family");
    const auto path = databasePath(args);
    const std::string device = DeviceCatalog(path).select(args.required("--device")).info.stableId();
    auto db = openExisting(path);
    store::MeasurementRepository measurements(db);
    if (auto curves = args.value("--curves")) {
        if (args.value("--size") || args.value("--top") || args.flag("--json"))
            throw UsageError("--curves writes every size and candidate: leave out --size, --top and --json");
        if (std::error_code ec; std::filesystem::is_directory(*curves, ec))
            throw UsageError("--curves: " + *curves + " is a folder; give a file name (e.g. " +
                             (std::filesystem::path(*curves) / "curves.csv").string() + ")");
        std::optional<std::int64_t> runId;
        if (auto r = args.integer("--run")) {
            const auto run = store::RunRepository(db).get(*r);
            if (!run) throw UsageError("--run: no run " + std::to_string(*r) + " in " + path.string());
            if (run->family != family || run->deviceId != device)
                throw UsageError("--run: run " + std::to_string(*r) + " tuned " + run->family + " on " + run->deviceId +
                                 ", not " + family + " on " + device);
            runId = *r;
        }
        const long long minSizes = args.integer("--min-sizes").value_or(1);
        if (minSizes < 1) throw UsageError("--min-sizes must be at least 1");
        return writeCurves(measurements, device, family, runId, minSizes, *curves);
    }
    if (args.value("--run") || args.value("--min-sizes")) throw UsageError("--run and --min-sizes go with --curves");
    std::vector<store::StoredMeasurement> rows;
    if (auto size = args.value("--size")) {
        auto sizes = parseSizes(*size, "--size");
        if (sizes.size() != 1) throw UsageError("--size takes one size");
        // One number for a family of several size dimensions means a cube, as in `ktune tune --sizes`.
        kernels::registerBuiltinFamilies();
        if (auto known = FamilyRegistry::instance().find(family)) {
            try {
                sizes = normaliseSizes(*known, sizes);
            } catch (const std::invalid_argument& e) {
                throw UsageError(std::string("--size: ") + e.what());
            }
        }
        const long long top = args.integer("--top").value_or(10);
        if (top < 1) throw UsageError("--top must be at least 1");
        rows = measurements.topCandidates(device, family, sizes.front(), static_cast<int>(top));
        if (rows.empty()) {
            // Name the sizes that were measured: a wrong size is the likely mistake here.
            std::string measured;
            for (const auto& r : measurements.bestPerSize(device, family))
                measured += (measured.empty() ? "" : ", ") + r.measurement.size.label();
            std::cerr << "ktune best: no ok measurement of family '" << family << "' on device '" << device
                      << "' at size " << sizes.front().label()
                      << (measured.empty() ? std::string(" (none at any size)") : "; measured at: " + measured) << "\n";
            return 1;
        }
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
                            "usage: ktune best --device ID --family F [--size S [--top N]] [--db FILE] [--json]\n"
                            "       ktune best --device ID --family F --curves C.csv [--run ID] [--min-sizes K]\n"
                            "                  [--db FILE]\n\n"
                            "Without --size: the best verified measurement at every size measured on the device.\n"
                            "With --size: the N best distinct candidates at that size (default 10). Values are the family's\n"
                            "metric (GFlop/s or GB/s) from the median of the timed runs.\n"
                            "With --curves: every candidate's best value at every size it was measured at, written as\n"
                            "`ktune rules` input: size,candidate,value (sizes m = n = k or one dimension) or m,n,k,…\n"
                            "(other shapes, for a tree); candidates are point keys. --run ID takes one tuning\n"
                            "run only, --min-sizes K leaves out candidates measured at fewer than K sizes\n"
                            "(two-stage: the stage-1 points not carried into the sweep). Then: ktune rules\n"
                            "--curves C.csv --family F --out R.json, and ktune bench --family F --rules R.json\n"
                            "measures the rule.\n",
                            runBest});

} // namespace
} // namespace kt::cli
