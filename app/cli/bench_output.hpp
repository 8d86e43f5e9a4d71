// `ktune bench` output: the JSON document (figures, ratios, bound) and the terminal table.
#pragma once
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "app/cli/bench_runner.hpp"
#include "core/engine/device_info.hpp"

namespace kt::cli::bench {

// {"device", "family", "candidate", "peer", "rows": [{"size", "op", "ours_gflops", "tn_kernel_gflops", "peer_gflops",
// "ratio", "peer_tc_gflops"}…], "bound"}; figures are "_gbs" for GB/s families, null when missing.
nlohmann::json benchJson(const DeviceInfo& device, const Family& family, const Result& result, const Options& options,
                         const std::optional<DeviceProfile>& profile);

void printBenchTable(std::ostream& out, const DeviceInfo& device, const Family& family, const Result& result);

} // namespace kt::cli::bench
