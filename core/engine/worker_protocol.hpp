// The JSON-lines protocol between the tuning process and `ktune worker` (one JSON object per line).
//
//   parent → worker                                        worker → parent
//   {"op":"open","device":ID,"family":F,"options":{…},     {"type":"ready"} | {"type":"fatal","error":…}
//    "compile_in_processes":B}
//   {"op":"compile","points":[KEY…],"threads":N}           {"type":"compiled","count":N,"ms":…} (at once when
//                                                          compiling ahead: CandidateMeasurer::compileAhead)
//   {"op":"measure","point":KEY,"sizes":[[…]…]}            {"type":"size_start","size":[…]} before each size,
//                                                          {"type":"measurement","item":{…}} after each size,
//                                                          {"type":"measured"} at the end
//   {"op":"quit"}                                          (exits 0)
// Anything the worker cannot do is answered with {"type":"error","error":…}; the worker never exits on bad input.
#pragma once
#include <nlohmann/json.hpp>

#include "core/engine/candidate_measurer.hpp"

namespace kt::worker_protocol {
nlohmann::json toJson(const MeasureOptions& options);
MeasureOptions measureOptionsFromJson(const nlohmann::json& j);
} // namespace kt::worker_protocol
