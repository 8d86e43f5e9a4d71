// JSON conversion for Measurement / ProblemSize.
#include "core/engine/measurement_json.hpp"

namespace kt {

void to_json(nlohmann::json& j, const ProblemSize& s) { j = s.dims; }
void from_json(const nlohmann::json& j, ProblemSize& s) { s.dims = j.get<std::vector<std::int64_t>>(); }

void to_json(nlohmann::json& j, const Measurement& m) {
    j = {{"device", m.deviceId}, {"family", m.family},     {"point", m.pointKey},   {"size", m.size},
         {"status", toString(m.status)}, {"times_ms", m.timesMs}, {"median_ms", m.medianMs}, {"min_ms", m.minMs},
         {"spread_ms", m.spreadMs}, {"value", m.value}, {"max_error", m.maxError}, {"error", m.error},
         {"compile_ms", m.compileMs}};
}

void from_json(const nlohmann::json& j, Measurement& m) {
    m.deviceId = j.value("device", std::string());
    m.family = j.value("family", std::string());
    m.pointKey = j.value("point", std::string());
    m.size = j.at("size").get<ProblemSize>();
    m.status = measurementStatusFromString(j.at("status").get<std::string>());
    m.timesMs = j.value("times_ms", std::vector<double>{});
    m.medianMs = j.value("median_ms", 0.0);
    m.minMs = j.value("min_ms", 0.0);
    m.spreadMs = j.value("spread_ms", 0.0);
    m.value = j.value("value", 0.0);
    m.maxError = j.value("max_error", 0.0);
    m.error = j.value("error", std::string());
    m.compileMs = j.value("compile_ms", 0.0);
}

} // namespace kt
