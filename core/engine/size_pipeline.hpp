// The size pipeline (paper 004, Sec. 3) as one engine feature for any family with one size dimension: every valid
// point at representative sizes → champion sieve (top R ranks score (R − rank)/R) → F finalists → detailed sampling
// over n (all detail sizes, or incrementally where the winner is least certain) → a d-spline per finalist → the best
// finalist at every n → a dispatch rule of size intervals, stored with its fits. The search is a tuning run (stored,
// resumable, observed); the rule is derived from the run's stored measurements, so a completed run can be derived
// again with other rule options.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/engine/tuning_session.hpp"
#include "core/rules/size_rule.hpp"

namespace kt {

struct PipelineConfig {
    // Device, family, space, store, executor, budget, seed and resume as for a tuning run. The pipeline sets the
    // strategy (sieve), its options and the sizes below; `tuning.sizes` are the representative sizes and
    // `tuning.sweep` the detail sizes (empty: the paper's 6 representative and 48 detail sizes, 100 … 10 000).
    TuningConfig tuning;
    std::size_t ranks = 25;
    std::size_t finalists = 10;
    bool keepChampions = false;         // each representative size's winner is a finalist (the rest by points)
    std::size_t incrementalInitial = 0; // ≥ 2: incremental detailed sampling from this many sizes; 0: every size
    double confidence = 0.05;           // incremental: stop when no detail size's winner flips this likely
    double alpha = -1;                  // d-spline smoothing; < 0: by generalised cross-validation per finalist
    rules::RuleOptions rule;
    std::string ruleName = "pipeline"; // the stored rule's name (store::RuleRepository)
};

struct PipelineFinalist {
    std::string key;
    std::size_t sizes = 0; // detail sizes measured (ok)
    double alpha = 0;      // the d-spline's α
    double meanFitted = 0; // mean of the fitted curve over the grid
    std::int64_t fitId = 0;
};

struct PipelineOutcome {
    RunStatus status = RunStatus::Failed;
    std::string message;
    std::int64_t runId = 0;
    TuningOutcome tuning; // empty when a completed run was only derived again
    std::vector<PipelineFinalist> finalists;
    rules::SizeRule rule;    // over every n from the smallest to the largest detail size
    nlohmann::json ruleJson; // ktune-rules/1 with family, run, finalists, sampling and evaluation
    std::int64_t ruleId = 0;
    std::uint64_t detailMeasured = 0; // finalist measurements at detail sizes
    std::uint64_t detailFull = 0;     // finalists × detail sizes: what sampling every size costs
    std::uint64_t measurements = 0;   // every measurement of the run
    double seconds = 0;               // wall time of this call
};

class SizePipeline {
public:
    // `observer` and `control` may be null; they must outlive run(). The observer sees the tuning run's events,
    // then one onProgress with phase "fit" and one with phase "rule".
    SizePipeline(PipelineConfig config, Observer* observer, RunControl* control);
    // Never throws: failures end as status Failed with a message; a cancelled run is Cancelled (resume it).
    PipelineOutcome run();

private:
    PipelineConfig m_config;
    Observer* m_observer;
    RunControl* m_control;
};

// Derives the rule from the stored measurements of a completed pipeline run: finalists are the points measured at two
// or more sizes that are not representative sizes. Stores the fits and the rule. Throws std::runtime_error.
PipelineOutcome deriveSizeRule(const std::filesystem::path& database, std::int64_t runId, const PipelineConfig& config);

} // namespace kt
