// One tuning run from start (or resume) to finish: a strategy searches the space through an evaluator that answers
// from the store when it can and measures through an Executor otherwise; every measurement is stored as it arrives,
// progress goes to an Observer, pause/resume/cancel come through a RunControl. Blocking: call run() on a worker thread.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/executor.hpp"
#include "core/engine/family.hpp"
#include "core/engine/observer.hpp"
#include "core/engine/run_control.hpp"
#include "core/strategies/strategy.hpp"

namespace kt {

struct TuningConfig {
    DeviceInfo device;
    std::string family;
    std::optional<ParameterSpace> space; // default: the family's space for the device
    std::string strategy = "two-stage";
    StrategyOptions strategyOptions;
    std::vector<ProblemSize> sizes; // empty: the family's defaults for the device
    std::vector<ProblemSize> sweep; // second stage / detailed sizes (two-stage, sieve)
    Budget budget;
    std::uint64_t seed = 1;
    // Strategies that take starting points (surrogate, annealing, random) measure seeds first (those inside the
    // space): the best stored points of the families the family names in seedFamilies() on this device
    // (core/engine/stored_seeds.hpp; kept with the run for resume), then the family's seedPoints.
    bool warmStart = false;
    std::filesystem::path database;
    std::optional<std::int64_t> resumeRunId; // continue this run: its stored settings win over the ones above
    std::string notes;
    // Makes the executor on the run's thread (isolated worker, in-process, or replay for simulated devices).
    std::function<std::unique_ptr<Executor>(const DeviceInfo&, const std::string& family)> makeExecutor;
};

struct TuningOutcome {
    std::int64_t runId = 0;
    RunStatus status = RunStatus::Failed;
    std::string message;
    StrategyResult result;
    std::uint64_t measured = 0; // measured by this process (not reused)
};

class TuningSession {
public:
    // `observer` and `control` may be null; they must outlive run().
    TuningSession(TuningConfig config, Observer* observer, RunControl* control);
    // Never throws: failures (unknown family, unusable store, bad space) end as status Failed with a message.
    TuningOutcome run();

private:
    TuningConfig m_config;
    Observer* m_observer;
    RunControl* m_control;
};

// Budget and strategy settings as stored with a run (so resume reproduces the same search).
nlohmann::json runSettingsToJson(const TuningConfig& config);
void applyRunSettings(const nlohmann::json& settings, TuningConfig& config);

} // namespace kt
