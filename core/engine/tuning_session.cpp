// The tuning loop: store-backed evaluator, resume, progress and run status bookkeeping.
#include "core/engine/tuning_session.hpp"

#include <chrono>
#include <map>

#include <nlohmann/json.hpp>

#include "core/engine/device_requirements.hpp"
#include "core/engine/stored_seeds.hpp"
#include "core/model/measurement_json.hpp"
#include "core/space/device_variables.hpp"
#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"

namespace kt {

namespace {
using Clock = std::chrono::steady_clock;

Evaluation toEvaluation(const Point& point, const Measurement& m, bool cached) {
    Evaluation e;
    e.point = point;
    e.size = m.size;
    e.ok = m.status == MeasurementStatus::Ok;
    e.value = m.value;
    e.cached = cached;
    e.error = e.ok ? "" : toString(m.status) + ": " + m.error.substr(0, m.error.find('\n'));
    return e;
}

// Answers strategies' requests. Measurements of *this* run (a resume) are answered without measuring but charged like
// measurements, so the strategy replays its original path with the original budget; measurements of *other* runs on the
// same device are free look-ups; everything else is measured by the executor and stored at once.
class StoreEvaluator final : public Evaluator {
public:
    StoreEvaluator(store::Database& db, std::int64_t runId, const TuningConfig& config, const Family& family,
                   Executor& executor, Observer* observer, RunControl* control)
        : m_db(db), m_runs(db), m_measurements(db), m_runId(runId), m_config(config), m_family(family),
          m_executor(executor), m_observer(observer), m_control(control) {
        for (auto& stored : m_measurements.byRun(runId))
            m_ownRun.emplace(key(stored.measurement.pointKey, stored.measurement.size), stored.measurement);
    }

    std::optional<Evaluation> lookup(const Point& point, const ProblemSize& size) override {
        if (m_ownRun.count(key(point.key(), size))) return std::nullopt; // replayed through evaluate()
        auto earlier = m_measurements.findEarlier(m_config.device.stableId(), m_family.name(), point.key(), size,
                                                  m_family.version());
        if (!earlier) return std::nullopt;
        Measurement m = earlier->measurement;
        store(m);
        report(m, true);
        return toEvaluation(point, m, true);
    }

    std::vector<Evaluation> evaluate(const std::vector<Point>& points, const ProblemSize& size) override {
        std::vector<Evaluation> out;
        std::vector<Point> toMeasure;
        for (const auto& p : points)
            if (!m_ownRun.count(key(p.key(), size))) toMeasure.push_back(p);
        if (!toMeasure.empty() && checkpoint()) m_executor.compile(toMeasure);
        for (const auto& point : points) {
            if (auto it = m_ownRun.find(key(point.key(), size)); it != m_ownRun.end()) {
                report(it->second, true);
                out.push_back(toEvaluation(point, it->second, false));
                continue;
            }
            if (!checkpoint()) {
                Evaluation e;
                e.point = point;
                e.size = size;
                e.error = "cancelled";
                out.push_back(e);
                continue;
            }
            if (m_observer) m_observer->onCandidateStarted(point.key());
            auto results = m_executor.measure(point, {size});
            Measurement m = results.empty() ? Measurement{} : results.front();
            m.deviceId = m_config.device.stableId();
            m.family = m_family.name();
            m.pointKey = point.key();
            m.size = size;
            store(m);
            m_ownRun.emplace(key(point.key(), size), m);
            ++m_measuredHere;
            report(m, false);
            out.push_back(toEvaluation(point, m, false));
        }
        heartbeat();
        return out;
    }

    void onStrategyProgress(const Progress& p) {
        m_progress.done = p.done;
        m_progress.total = std::max(p.totalEstimate, p.done);
        m_progress.phase = p.phase;
        const double elapsed = std::chrono::duration<double>(Clock::now() - m_start).count();
        m_progress.elapsedSeconds = elapsed;
        // ETA from the measuring rate of this process; reused answers cost nothing.
        const auto remaining = m_progress.total - std::min(m_progress.total, m_progress.done);
        m_progress.etaSeconds = m_measuredHere > 0 ? elapsed / static_cast<double>(m_measuredHere) * static_cast<double>(remaining) : -1;
        if (m_observer) m_observer->onProgress(m_progress);
    }

    std::uint64_t measuredHere() const { return m_measuredHere; }

private:
    static std::string key(const std::string& pointKey, const ProblemSize& size) { return pointKey + "|" + size.label(); }

    void store(const Measurement& m) {
        try {
            m_measurements.insert(m_runId, m);
        } catch (const std::exception& e) {
            // Storing must not stop the search; the observer shows the problem.
            if (m_observer) m_observer->onRunFinished(RunStatus::Running, std::string("could not store a measurement: ") + e.what());
        }
    }

    void report(const Measurement& m, bool reused) {
        if (reused) ++m_progress.reused;
        if (m.status == MeasurementStatus::Ok && (!m_progress.best || m.value > m_progress.best->value)) m_progress.best = m;
        m_progress.currentPoint = m.pointKey;
        if (m_observer) m_observer->onMeasurement(m, reused);
    }

    bool checkpoint() {
        if (!m_control) return true;
        if (m_control->paused() && !m_control->cancelled()) {
            m_runs.updateStatus(m_runId, RunStatus::Paused);
            if (m_observer) m_observer->onStatus(RunStatus::Paused);
            const bool goOn = m_control->checkpoint();
            if (goOn) {
                m_runs.updateStatus(m_runId, RunStatus::Running);
                if (m_observer) m_observer->onStatus(RunStatus::Running);
            }
            return goOn;
        }
        return !m_control->cancelled();
    }

    void heartbeat() {
        if (Clock::now() - m_lastHeartbeat < std::chrono::seconds(5)) return;
        m_lastHeartbeat = Clock::now();
        try {
            m_runs.heartbeat(m_runId);
        } catch (const std::exception&) {
        }
    }

    store::Database& m_db;
    store::RunRepository m_runs;
    store::MeasurementRepository m_measurements;
    std::int64_t m_runId;
    const TuningConfig& m_config;
    const Family& m_family;
    Executor& m_executor;
    Observer* m_observer;
    RunControl* m_control;
    std::map<std::string, Measurement> m_ownRun;
    RunProgress m_progress;
    std::uint64_t m_measuredHere = 0;
    Clock::time_point m_start = Clock::now();
    Clock::time_point m_lastHeartbeat = Clock::now();
};

nlohmann::json sizesToJson(const std::vector<ProblemSize>& sizes) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& s : sizes) j.push_back(s);
    return j;
}

std::vector<ProblemSize> sizesFromJson(const nlohmann::json& j) {
    std::vector<ProblemSize> out;
    for (const auto& s : j) out.push_back(s.get<ProblemSize>());
    return out;
}
} // namespace

nlohmann::json runSettingsToJson(const TuningConfig& config) {
    return {{"max_evaluations", config.budget.maxEvaluations},
            {"max_wall_seconds", config.budget.maxWallSeconds},
            {"seed", config.seed},
            {"warm_start", config.warmStart},
            {"options", config.strategyOptions.values},
            {"sweep", sizesToJson(config.sweep)}};
}

void applyRunSettings(const nlohmann::json& s, TuningConfig& config) {
    config.budget.maxEvaluations = s.value("max_evaluations", std::uint64_t{0});
    config.budget.maxWallSeconds = s.value("max_wall_seconds", 0.0);
    config.seed = s.value("seed", std::uint64_t{1});
    config.warmStart = s.value("warm_start", false);
    config.strategyOptions.values = s.value("options", std::map<std::string, double>{});
    config.sweep = sizesFromJson(s.value("sweep", nlohmann::json::array()));
}

TuningSession::TuningSession(TuningConfig config, Observer* observer, RunControl* control)
    : m_config(std::move(config)), m_observer(observer), m_control(control) {}

TuningOutcome TuningSession::run() {
    TuningOutcome outcome;
    auto finish = [&](RunStatus status, std::string message) {
        outcome.status = status;
        outcome.message = std::move(message);
        if (m_observer) m_observer->onRunFinished(status, outcome.message);
        return outcome;
    };
    std::optional<store::Database> db;
    std::optional<nlohmann::json> resumedSettings; // the stored run's settings when resuming
    try {
        db.emplace(store::Database::open(m_config.database));
        // Rows read through a damaged index would be reused and copied into the new run: write nothing there.
        if (auto problems = db->integrityProblems(3); !problems.empty())
            return finish(RunStatus::Failed,
                          "'" + m_config.database.string() + "' fails SQLite's integrity check (" + problems.front() +
                              (problems.size() > 1 ? "; …" : "") +
                              "); nothing was written. Recover it first, e.g. sqlite3 '" + m_config.database.string() +
                              "' .recover | sqlite3 recovered.sqlite");
        store::RunRepository runs(*db);
        if (m_config.resumeRunId) {
            auto record = runs.get(*m_config.resumeRunId);
            if (!record) return finish(RunStatus::Failed, "no run " + std::to_string(*m_config.resumeRunId) + " in " + m_config.database.string());
            if (record->status == RunStatus::Completed)
                return finish(RunStatus::Failed, "run " + std::to_string(record->id) + " is already completed");
            if (record->status == RunStatus::Running) runs.markInterruptedIfDead();
            record = runs.get(record->id);
            if (record->status == RunStatus::Running)
                return finish(RunStatus::Failed, "run " + std::to_string(record->id) + " is still running in process " +
                                                     std::to_string(record->pid.value_or(0)) + " on " + record->host);
            auto stored = store::DeviceRepository(*db).get(record->deviceId);
            if (stored && stored->info.stableId() != m_config.device.stableId() && m_config.device.name.empty())
                m_config.device = stored->info;
            if (record->deviceId != m_config.device.stableId())
                return finish(RunStatus::Failed, "run " + std::to_string(record->id) + " belongs to device " + record->deviceId);
            m_config.family = record->family;
            m_config.strategy = record->strategy;
            m_config.space = ParameterSpace::fromJson(record->space.dump(), "stored run space");
            m_config.sizes = sizesFromJson(record->sizes);
            applyRunSettings(record->budget, m_config);
            resumedSettings = record->budget;
            outcome.runId = record->id;
        }
        auto family = FamilyRegistry::instance().find(m_config.family);
        if (!family) return finish(RunStatus::Failed, "unknown family '" + m_config.family + "'");
        ParameterSpace space = m_config.space ? *m_config.space : family->space(m_config.device);
        // A given space (not a resumed one, which replays as stored) gets the family's device requirements: a point
        // the device cannot run is never compiled. The CLI and the GUI added them already; adding is idempotent.
        // A space given without device variables gets those the requirements read (the ones it has stay: the GUI
        // binds the family's own values).
        if (m_config.space && !m_config.resumeRunId && addDeviceRequirements(space, *family, m_config.device) > 0)
            for (const auto& [name, value] : deviceVariables(m_config.device))
                if (!space.variables().count(name)) space.setVariable(name, value);
        if (m_config.sizes.empty()) m_config.sizes = family->defaultSizes(m_config.device);
        m_config.sizes = normaliseSizes(*family, m_config.sizes);
        m_config.sweep = normaliseSizes(*family, m_config.sweep);
        auto strategy = StrategyRegistry::instance().create(m_config.strategy);

        store::DeviceRepository(*db).upsert(m_config.device);
        // Warm start: the stored winners of the families this one names (Family::seedFamilies), then its own seeds.
        // The stored ones are kept with the run, so a resume measures the same seeds (and replays the same path) even
        // when the store has gained better points since.
        std::vector<Point> seeds;
        std::vector<std::string> storeSeedKeys, notes;
        if (m_config.warmStart) {
            if (resumedSettings) {
                storeSeedKeys = resumedSettings->value("store_seeds", std::vector<std::string>{});
            } else {
                auto found = storedSeeds(*db, *family, m_config.device, space, m_config.sizes);
                for (const auto& p : found.points) storeSeedKeys.push_back(p.key());
                notes = std::move(found.notes);
            }
            std::vector<std::string> keys = storeSeedKeys;
            for (const auto& p : family->seedPoints(m_config.device)) keys.push_back(p.key());
            seeds = pointsInSpace(keys, space);
        }
        if (outcome.runId == 0) {
            store::NewRun run;
            run.deviceId = m_config.device.stableId();
            run.family = family->name();
            run.familyVersion = family->version();
            run.strategy = m_config.strategy;
            run.space = nlohmann::json::parse(space.toJson());
            run.sizes = sizesToJson(m_config.sizes);
            run.budget = runSettingsToJson(m_config);
            if (!storeSeedKeys.empty()) run.budget["store_seeds"] = storeSeedKeys;
            run.notes = m_config.notes;
            outcome.runId = runs.create(run);
        } else {
            runs.updateStatus(outcome.runId, RunStatus::Running);
        }
        if (m_observer) {
            m_observer->onRunStarted(outcome.runId, m_config.strategy);
            for (const auto& note : notes) m_observer->onNote(note);
        }

        auto executor = m_config.makeExecutor(m_config.device, family->name());
        StoreEvaluator evaluator(*db, outcome.runId, m_config, *family, *executor, m_observer, m_control);
        std::atomic<bool> cancelFlag{false};
        SearchContext context;
        context.space = &space;
        context.evaluator = &evaluator;
        context.budget = m_config.budget;
        context.seed = m_config.seed;
        context.sizes = m_config.sizes;
        context.sweep = m_config.sweep;
        context.options = m_config.strategyOptions;
        context.seeds = std::move(seeds);
        context.progress = [&](const Progress& p) {
            if (m_control && m_control->cancelled()) cancelFlag = true;
            evaluator.onStrategyProgress(p);
        };
        context.cancel = &cancelFlag;
        // The strategy sees cancellation between batches; the evaluator stops measuring at once.
        outcome.result = strategy->run(context);
        outcome.measured = evaluator.measuredHere();
        const bool cancelled = m_control && m_control->cancelled();
        const RunStatus status = cancelled ? RunStatus::Cancelled : RunStatus::Completed;
        runs.updateStatus(outcome.runId, status);
        std::string message = std::to_string(outcome.result.measured) + " evaluations charged (" +
                              std::to_string(outcome.measured) + " measured now, " + std::to_string(outcome.result.reused) +
                              " reused), stop: " + toString(outcome.result.stop);
        if (!outcome.result.best.empty())
            message += "; best " + outcome.result.best.front().point.key();
        return finish(status, message);
    } catch (const std::exception& e) {
        if (db && outcome.runId) {
            try {
                store::RunRepository(*db).updateStatus(outcome.runId, RunStatus::Failed);
            } catch (...) {
            }
        }
        return finish(RunStatus::Failed, e.what());
    }
}

} // namespace kt
