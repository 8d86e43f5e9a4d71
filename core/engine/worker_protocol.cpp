// Serialisation of measurement options for the worker protocol.
#include "core/engine/worker_protocol.hpp"

namespace kt::worker_protocol {
nlohmann::json toJson(const MeasureOptions& o) {
    return {{"warmup", o.warmupRuns}, {"runs", o.timedRuns}, {"verify", o.verify}, {"seed", o.seed},
            {"max_timed_ms", o.maxTimedMsPerSize}};
}

MeasureOptions measureOptionsFromJson(const nlohmann::json& j) {
    MeasureOptions o;
    o.warmupRuns = j.value("warmup", o.warmupRuns);
    o.timedRuns = j.value("runs", o.timedRuns);
    o.verify = j.value("verify", o.verify);
    o.seed = j.value("seed", o.seed);
    o.maxTimedMsPerSize = j.value("max_timed_ms", o.maxTimedMsPerSize);
    return o;
}
} // namespace kt::worker_protocol
