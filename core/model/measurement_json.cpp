// JSON conversion for Measurement / ProblemSize.
#include "core/model/measurement_json.hpp"

#include <limits>

namespace kt {

void to_json(nlohmann::json& j, const ProblemSize& s) { j = s.dims; }
void from_json(const nlohmann::json& j, ProblemSize& s) { s.dims = j.get<std::vector<std::int64_t>>(); }

void to_json(nlohmann::json& j, const Measurement& m) {
    j = {{"device", m.deviceId}, {"family", m.family},     {"point", m.pointKey},   {"size", m.size},
         {"status", toString(m.status)}, {"times_ms", m.timesMs}, {"median_ms", m.medianMs}, {"min_ms", m.minMs},
         {"spread_ms", m.spreadMs}, {"value", m.value}, {"max_error", m.maxError}, {"error", m.error},
         {"compile_ms", m.compileMs}};
}

namespace {
// JSON has no NaN or Inf: nlohmann writes them as null (a NaN output's error is NaN), which reads back as NaN here
// instead of failing the whole run ("type must be number, but is null").
double number(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end()) return 0.0;
    return it->is_null() ? std::numeric_limits<double>::quiet_NaN() : it->get<double>();
}
} // namespace

void from_json(const nlohmann::json& j, Measurement& m) {
    m.deviceId = j.value("device", std::string());
    m.family = j.value("family", std::string());
    m.pointKey = j.value("point", std::string());
    m.size = j.at("size").get<ProblemSize>();
    m.status = measurementStatusFromString(j.at("status").get<std::string>());
    m.timesMs.clear();
    if (auto t = j.find("times_ms"); t != j.end())
        for (const auto& v : *t) m.timesMs.push_back(v.is_null() ? std::numeric_limits<double>::quiet_NaN() : v.get<double>());
    m.medianMs = number(j, "median_ms");
    m.minMs = number(j, "min_ms");
    m.spreadMs = number(j, "spread_ms");
    m.value = number(j, "value");
    m.maxError = number(j, "max_error");
    m.error = j.value("error", std::string());
    m.compileMs = number(j, "compile_ms");
}

} // namespace kt
