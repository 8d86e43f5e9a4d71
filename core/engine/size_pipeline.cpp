// The size pipeline: a sieve tuning run over representative and detail sizes, then d-spline fits of the finalists,
// the best finalist at every size, and a size rule, all kept in the store.
#include "core/engine/size_pipeline.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <stdexcept>

#include "core/fit/curve_set.hpp"
#include "core/model/measurement_json.hpp"
#include "core/model/paper_sizes.hpp"
#include "core/rules/rule_emit.hpp"
#include "core/store/database.hpp"
#include "core/store/fit_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/rule_repository.hpp"
#include "core/store/run_repository.hpp"

namespace kt {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<long long> sizesOf(const nlohmann::json& j) {
    std::vector<long long> out;
    for (const auto& s : j) {
        const auto size = s.get<ProblemSize>();
        if (size.dims.size() != 1) throw std::runtime_error("the run's sizes have more than one dimension");
        out.push_back(size.dims[0]);
    }
    return out;
}

// The fitted curve at at most ~2000 sizes of the grid (both ends kept): enough to draw and to check a rule.
store::FitRecord fitRecord(const store::RunRecord& run, const fit::SizeGrid& grid, const fit::FittedCurve& curve) {
    store::FitRecord r;
    r.deviceId = run.deviceId;
    r.family = run.family;
    r.familyVersion = run.familyVersion;
    r.pointKey = curve.name;
    r.alpha = curve.fit.alpha;
    const std::size_t stride = std::max<std::size_t>(1, grid.count() / 2000);
    for (std::size_t i = 0; i < grid.count(); i += stride) {
        r.grid.push_back(grid.sizeAt(i));
        r.values.push_back(curve.fit.values[i]);
    }
    if ((grid.count() - 1) % stride != 0) {
        r.grid.push_back(grid.to());
        r.values.push_back(curve.fit.values.back());
    }
    return r;
}

} // namespace

PipelineOutcome deriveSizeRule(const std::filesystem::path& database, std::int64_t runId,
                               const PipelineConfig& config) {
    auto db = store::Database::open(database);
    const auto run = store::RunRepository(db).get(runId);
    if (!run) throw std::runtime_error("no run " + std::to_string(runId) + " in " + database.string());
    if (run->status != RunStatus::Completed)
        throw std::runtime_error("run " + std::to_string(runId) + " is " + toString(run->status) +
                                 ", not completed: resume it first");
    const auto representative = sizesOf(run->sizes);
    auto detail = sizesOf(run->budget.value("sweep", nlohmann::json::array()));
    if (detail.empty()) detail = representative;
    std::sort(detail.begin(), detail.end());
    const std::set<long long> repSet(representative.begin(), representative.end());
    const std::set<long long> detailSet(detail.begin(), detail.end());

    PipelineOutcome out;
    out.runId = runId;
    // Per point: ok values by size, and how many detail sizes outside the representative ones it was measured at.
    std::map<std::string, std::map<long long, double>> values;
    std::map<std::string, std::uint64_t> detailTries;
    std::map<std::string, std::set<long long>> beyondSieve;
    std::vector<std::string> order; // first appearance, for a deterministic finalist order
    std::set<std::string> seen;
    for (const auto& stored : store::MeasurementRepository(db).byRun(runId)) {
        const auto& m = stored.measurement;
        ++out.measurements;
        if (m.size.dims.size() != 1) continue;
        const long long n = m.size.dims[0];
        if (seen.insert(m.pointKey).second) order.push_back(m.pointKey);
        if (detailSet.count(n)) ++detailTries[m.pointKey];
        if (detailSet.count(n) && !repSet.count(n)) beyondSieve[m.pointKey].insert(n);
        if (m.status == MeasurementStatus::Ok) values[m.pointKey][n] = m.value;
    }
    std::vector<fit::CurveSamples> samples;
    const long long lo = detail.front(), hi = detail.back();
    for (const auto& key : order) {
        const bool finalist = repSet == detailSet || beyondSieve[key].size() >= 2;
        if (!finalist) continue;
        out.detailMeasured += detailTries[key];
        fit::CurveSamples c;
        c.name = key;
        for (const auto& [n, v] : values[key])
            if (n >= lo && n <= hi) c.samples.push_back({n, v, 1});
        samples.push_back(std::move(c));
    }
    out.detailFull = samples.size() * detail.size();
    if (lo == hi) throw std::runtime_error("the detail sizes span a single size; a rule over n needs two or more");
    const fit::SizeGrid grid(lo, hi, 1);
    const auto curves = fit::fitCurves(grid, samples, config.alpha);
    const bool detailStarted =
        std::any_of(beyondSieve.begin(), beyondSieve.end(), [](const auto& point) { return !point.second.empty(); });
    if (curves.empty() && repSet != detailSet && !detailStarted)
        throw std::runtime_error("run " + std::to_string(runId) + ": it ended before the detailed sampling (" +
                                 std::to_string(out.measurements) +
                                 " measurements, none beyond the representative sizes; its budget, if it had one, "
                                 "was too small for the sieve and the detail sizes). Run the pipeline again with a "
                                 "larger budget or fewer representative sizes: a run with the same settings reuses "
                                 "the measurements this one stored");
    if (curves.empty())
        throw std::runtime_error("run " + std::to_string(runId) +
                                 ": no finalist was measured successfully at two or more detail sizes");

    rules::CurveTable fitted;
    for (std::size_t i = 0; i < grid.count(); ++i) fitted.sizes.push_back(grid.sizeAt(i));
    for (const auto& c : curves) {
        fitted.candidates.push_back(c.name);
        fitted.value.push_back(c.fit.values);
    }
    out.rule = rules::deriveRule(fitted, config.rule);
    rules::CurveTable measured;
    for (const auto& c : curves)
        for (const auto& [n, v] : values[c.name])
            if (detailSet.count(n)) measured.add(n, c.name, v);

    store::FitRepository fits(db);
    nlohmann::json finalists = nlohmann::json::array();
    for (const auto& c : curves) {
        PipelineFinalist f;
        f.key = c.name;
        f.alpha = c.fit.alpha;
        for (const auto& [n, v] : values[c.name]) f.sizes += detailSet.count(n);
        double sum = 0;
        for (double v : c.fit.values) sum += v;
        f.meanFitted = sum / double(c.fit.values.size());
        f.fitId = fits.add(fitRecord(*run, grid, c));
        finalists.push_back({{"key", f.key},
                             {"sizes", f.sizes},
                             {"alpha", f.alpha},
                             {"mean_fitted", f.meanFitted},
                             {"fit_id", f.fitId}});
        out.finalists.push_back(f);
    }
    auto j = rules::ruleToJson(out.rule);
    j["family"] = run->family;
    j["device"] = run->deviceId;
    j["source"] = "pipeline run " + std::to_string(runId);
    j["run"] = runId;
    j["min_width"] = config.rule.minWidth;
    j["tolerance"] = config.rule.tolerance;
    j["candidates"] = fitted.candidates;
    j["sizes"] = {{"min", lo}, {"max", hi}, {"count", grid.count()}};
    j["finalists"] = finalists;
    j["sampling"] = {{"representative", representative},
                     {"detail", detail},
                     {"options", run->budget.value("options", nlohmann::json::object())},
                     {"detail_measured", out.detailMeasured},
                     {"detail_full", out.detailFull},
                     {"measurements", out.measurements}};
    j["evaluation"] = rules::evaluationToJson(rules::evaluateRule(out.rule, measured));
    out.ruleJson = j;
    store::RuleRecord record;
    record.deviceId = run->deviceId;
    record.family = run->family;
    record.familyVersion = run->familyVersion;
    record.name = config.ruleName;
    record.rule = j;
    out.ruleId = store::RuleRepository(db).add(record);
    out.status = RunStatus::Completed;
    return out;
}

SizePipeline::SizePipeline(PipelineConfig config, Observer* observer, RunControl* control)
    : m_config(std::move(config)), m_observer(observer), m_control(control) {}

PipelineOutcome SizePipeline::run() {
    const auto start = Clock::now();
    PipelineOutcome out;
    auto fail = [&](RunStatus status, std::string message) {
        out.status = status;
        out.message = std::move(message);
        out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return out;
    };
    PipelineConfig c = m_config;
    TuningConfig& t = c.tuning;
    bool searched = true;
    try {
        if (t.resumeRunId) {
            auto db = store::Database::open(t.database, {store::OpenMode::ReadOnly});
            const auto record = store::RunRepository(db).get(*t.resumeRunId);
            if (!record)
                return fail(RunStatus::Failed,
                            "no run " + std::to_string(*t.resumeRunId) + " in " + t.database.string());
            if (record->strategy != "sieve")
                return fail(RunStatus::Failed, "run " + std::to_string(record->id) + " is a " + record->strategy +
                                                   " run, not a pipeline (sieve) run");
            searched = record->status != RunStatus::Completed;
            out.runId = record->id;
        } else {
            auto family = FamilyRegistry::instance().find(t.family);
            if (!family) return fail(RunStatus::Failed, "unknown family '" + t.family + "'");
            if (family->sizeDimensions().size() != 1)
                return fail(RunStatus::Failed, "the pipeline needs a family with one size dimension; " + t.family +
                                                   " has " + std::to_string(family->sizeDimensions().size()));
            if (c.ranks < 1 || c.finalists < 1)
                return fail(RunStatus::Failed, "ranks and finalists must be at least 1");
            t.strategy = "sieve";
            t.strategyOptions.values["ranks"] = double(c.ranks);
            t.strategyOptions.values["finalists"] = double(c.finalists);
            if (c.keepChampions) t.strategyOptions.values["champions"] = 1.0; // absent: the paper's sieve
            t.strategyOptions.values["initial"] = double(c.incrementalInitial);
            t.strategyOptions.values["confidence"] = c.confidence;
            if (t.sizes.empty()) t.sizes = sieveRepresentativeSizes(1);
            if (t.sweep.empty()) t.sweep = sieveDetailSizes(1);
        }
    } catch (const std::exception& e) {
        return fail(RunStatus::Failed, e.what());
    }
    if (searched) {
        out.tuning = TuningSession(t, m_observer, m_control).run();
        out.runId = out.tuning.runId;
        if (out.tuning.status != RunStatus::Completed) return fail(out.tuning.status, out.tuning.message);
    }
    try {
        RunProgress progress;
        progress.phase = "fit";
        progress.elapsedSeconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (m_observer) m_observer->onProgress(progress);
        auto tuning = std::move(out.tuning);
        out = deriveSizeRule(t.database, out.runId, c);
        out.tuning = std::move(tuning);
        out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        out.message = std::to_string(out.rule.intervals.size()) + " intervals over " +
                      std::to_string(out.finalists.size()) + " finalists; " + std::to_string(out.detailMeasured) +
                      " of " + std::to_string(out.detailFull) + " detail measurements";
        progress.phase = "rule";
        progress.elapsedSeconds = out.seconds;
        if (m_observer) m_observer->onProgress(progress);
    } catch (const std::exception& e) {
        return fail(RunStatus::Failed, "run " + std::to_string(out.runId) + " completed, but no rule: " + e.what());
    }
    return out;
}

} // namespace kt
