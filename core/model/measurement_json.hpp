// JSON form of measurements and problem sizes (worker protocol, CLI --json output).
#pragma once
#include <nlohmann/json.hpp>

#include "core/model/measurement.hpp"

namespace kt {
void to_json(nlohmann::json& j, const ProblemSize& s);
void from_json(const nlohmann::json& j, ProblemSize& s);
void to_json(nlohmann::json& j, const Measurement& m);
void from_json(const nlohmann::json& j, Measurement& m);
} // namespace kt
