// `ktune bench` output: the JSON document (figures, ratios, bound) and the terminal table.
#pragma once
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "app/bench/bench_runner.hpp"
#include "core/model/device_info.hpp"

namespace kt::bench {

// {"device", "family", "candidate", "peer", "rows": [{"size", "<variant label>", "ours_gflops", "<kernel
// column>_gflops", "peer_gflops", "ratio", "peer_tc_gflops"}…], "bound"}; figures are "_gbs" for GB/s families,
// null when missing. The variant label ("op") and kernel column ("tn_kernel") come from Family::benchDescription.
nlohmann::json benchJson(const DeviceInfo& device, const Family& family, const Result& result, const Options& options,
                         const std::optional<DeviceProfile>& profile);

void printBenchTable(std::ostream& out, const DeviceInfo& device, const Family& family, const Result& result);

} // namespace kt::bench
