// Progress events of a tuning run. Called on the run's worker thread: GUI observers must hand events over to the GUI
// thread with queued signals; CLI observers print.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/model/measurement.hpp"
#include "core/model/run_status.hpp"

namespace kt {

struct RunProgress {
    std::uint64_t done = 0;   // evaluations finished (one point at one size), reused ones included
    std::uint64_t total = 0;  // the strategy's estimate of evaluations (budget-capped)
    std::uint64_t reused = 0; // evaluations answered from the store without measuring (resume)
    double elapsedSeconds = 0;
    double etaSeconds = -1; // -1 when unknown
    std::string currentPoint;
    std::string phase; // the strategy's phase, e.g. "stage 1", "sweep"
    std::optional<Measurement> best; // best ok measurement so far (at any size)
};

class Observer {
public:
    virtual ~Observer() = default;
    virtual void onRunStarted(std::int64_t runId, const std::string& strategy) {}
    virtual void onCandidateStarted(const std::string& pointKey) {}
    virtual void onMeasurement(const Measurement& measurement, bool reused) {}
    virtual void onProgress(const RunProgress& progress) {}
    virtual void onStatus(RunStatus status) {}
    // A line worth showing that is neither a measurement nor an error (e.g. a warm-start seed that was skipped).
    virtual void onNote(const std::string& text) {}
    virtual void onRunFinished(RunStatus status, const std::string& message) {}
};

} // namespace kt
