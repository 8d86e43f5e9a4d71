// JSON and table of a `ktune bench` result.
#include "app/bench/bench_output.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>

namespace kt::bench {
namespace {

std::string utcNow() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

nlohmann::json valueOrNull(const Figure& f) { return f.value ? nlohmann::json(*f.value) : nlohmann::json(nullptr); }

std::optional<double> ratio(const Figure& ours, const Figure& peer) {
    if (ours.value && peer.value && *peer.value > 0) return *ours.value / *peer.value;
    return std::nullopt;
}

std::string fmt(const std::optional<double>& v, const char* format = "%.1f") {
    if (!v) return "-";
    char text[32];
    std::snprintf(text, sizeof text, format, *v);
    return text;
}

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s.insert(0, width - s.size(), ' ');
    return s;
}

} // namespace

nlohmann::json benchJson(const DeviceInfo& device, const Family& family, const Result& result, const Options& options,
                         const std::optional<DeviceProfile>& profile) {
    const std::string unit = family.metric() == Metric::GFlops ? "gflops" : "gbs";
    const BenchDescription bench = family.benchDescription();
    const bool variants = !(bench.variants.size() == 1 && bench.variants.front().empty());
    const std::string kernel = bench.kernelColumn;
    nlohmann::json j;
    j["tool"] = "ktune bench";
    j["created_at"] = utcNow();
    j["device"] = device;
    j["device_id"] = device.stableId();
    j["family"] = family.name();
    j["metric"] = result.metric;
    j["unit_key"] = unit;

    std::vector<std::string> keys;
    nlohmann::json candidates = nlohmann::json::array();
    for (const auto& row : result.rows)
        if (std::find(keys.begin(), keys.end(), row.candidate) == keys.end()) {
            keys.push_back(row.candidate);
            candidates.push_back({{"key", row.candidate}, {"origin", row.origin}});
        }
    j["candidate"] = keys.size() == 1 ? nlohmann::json(keys.front()) : nlohmann::json(nullptr);
    j["candidates"] = candidates;
    j["peer"] = result.peerName.empty() ? nlohmann::json(nullptr) : nlohmann::json(result.peerName);
    j["peer_id"] = result.peerId;
    if (!result.peerWhy.empty()) j["peer_unavailable"] = result.peerWhy;
    if (options.tensorCores) {
        j["peer_tc"] = result.peerTcName.empty() ? nlohmann::json(nullptr) : nlohmann::json(result.peerTcName);
        if (!result.peerTcWhy.empty()) j["peer_tc_unavailable"] = result.peerTcWhy;
        if (!result.peerTcNote.empty()) j["peer_tc_note"] = result.peerTcNote;
    }
    j["warmup_runs"] = options.warmupRuns;
    j["timed_runs"] = options.timedRuns;
    j["statistic"] = "median of the timed runs, device events";
    if (variants) j[bench.variantLabel + "s"] = options.variants.empty() ? bench.variants : options.variants;
    if (!bench.note.empty()) j["call"] = bench.note;

    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : result.rows) {
        nlohmann::json r;
        r["candidate"] = row.candidate;
        r["origin"] = row.origin;
        if (!row.tunedAt.empty()) r["tuned_at"] = row.tunedAt;
        if (!row.rule.empty()) r["rule"] = row.rule;
        if (!row.ruleNote.empty()) r["rule_note"] = row.ruleNote;
        r["size"] = row.size.dims;
        if (variants) r[bench.variantLabel] = row.variant;
        r["ours_" + unit] = valueOrNull(row.ours);
        r["ours_ms"] = row.ours.medianMs;
        if (!row.ours.error.empty()) r["ours_error"] = row.ours.error;
        if (!kernel.empty()) {
            r[kernel + "_" + unit] = valueOrNull(row.kernel);
            r[kernel + "_ms"] = row.kernel.medianMs;
            if (!row.kernel.error.empty()) r[kernel + "_error"] = row.kernel.error;
        }
        r["peer_" + unit] = valueOrNull(row.peer);
        r["peer_ms"] = row.peer.medianMs;
        if (!row.peer.error.empty()) r["peer_error"] = row.peer.error;
        const auto q = ratio(row.ours, row.peer);
        r["ratio"] = q ? nlohmann::json(*q) : nlohmann::json(nullptr);
        if (!kernel.empty()) {
            const auto qk = ratio(row.kernel, row.peer);
            r[kernel + "_ratio"] = qk ? nlohmann::json(*qk) : nlohmann::json(nullptr);
        }
        if (options.tensorCores) {
            r["peer_tc_" + unit] = valueOrNull(row.peerTc);
            r["peer_tc_ms"] = row.peerTc.medianMs;
            if (!row.peerTc.error.empty()) r["peer_tc_error"] = row.peerTc.error;
            const auto qt = ratio(row.ours, row.peerTc);
            r["ratio_tc"] = qt ? nlohmann::json(*qt) : nlohmann::json(nullptr);
        }
        if (row.verified) {
            r["verified"] = *row.verified;
            if (!row.verifyMessage.empty()) r["verify_message"] = row.verifyMessage;
        }
        rows.push_back(r);
    }
    j["rows"] = rows;

    if (profile && (profile->fp32PeakGFlops > 0 || profile->copyBandwidthGBs > 0)) {
        j["bound"] = {{"fp32_peak_gflops", profile->fp32PeakGFlops},
                      {"fp64_peak_gflops", profile->fp64PeakGFlops},
                      {"copy_gbs", profile->copyBandwidthGBs},
                      {"measured_at", profile->measuredAt},
                      {"source", "ktune profile (stored device profile)"}};
    } else {
        j["bound"] = nullptr;
    }
    return j;
}

void printBenchTable(std::ostream& out, const DeviceInfo& device, const Family& family, const Result& result) {
    const BenchDescription bench = family.benchDescription();
    const bool variants = !(bench.variants.size() == 1 && bench.variants.front().empty());
    std::string kernel = bench.kernelColumn;
    std::replace(kernel.begin(), kernel.end(), '_', '-');
    const std::size_t variantWidth = std::max<std::size_t>(4, bench.variantLabel.size() + 1);
    const bool tc = !result.peerTcName.empty();
    out << "ktune bench: " << family.name() << " on " << device.label() << " [" << device.stableId() << "], "
        << result.metric << " (median)\n";
    out << "peer: " << (result.peerName.empty() ? "none (" + result.peerWhy + ")" : result.peerName) << "\n";
    if (tc) out << "peer-tc: " << result.peerTcName << "\n";

    std::map<std::string, int> index;
    for (const auto& row : result.rows)
        if (!index.count(row.candidate)) index.emplace(row.candidate, int(index.size()) + 1);
    std::vector<std::pair<int, std::string>> legend;
    for (const auto& [key, i] : index) legend.emplace_back(i, key);
    std::sort(legend.begin(), legend.end());

    out << pad("size", 16) << (variants ? pad(bench.variantLabel, variantWidth) : "") << pad("cand", 5)
        << pad("ours", 11) << (!kernel.empty() ? pad(kernel, std::max<std::size_t>(11, kernel.size() + 1)) : "")
        << pad("peer", 11) << pad("ratio", 7) << (tc ? pad("peer-tc", 11) : "")
        << (tc ? pad("ratio-tc", 9) : "") << "\n";
    std::vector<std::string> problems;
    for (const auto& row : result.rows) {
        out << pad(row.size.label(), 16) << (variants ? pad(row.variant, variantWidth) : "")
            << pad(std::to_string(index[row.candidate]), 5) << pad(fmt(row.ours.value), 11)
            << (!kernel.empty() ? pad(fmt(row.kernel.value), std::max<std::size_t>(11, kernel.size() + 1)) : "")
            << pad(fmt(row.peer.value), 11) << pad(fmt(ratio(row.ours, row.peer), "%.2f"), 7);
        if (tc) out << pad(fmt(row.peerTc.value), 11) << pad(fmt(ratio(row.ours, row.peerTc), "%.2f"), 9);
        out << "\n";
        const std::string where =
            row.size.label() + (row.variant.empty() ? "" : " " + row.variant) + " #" + std::to_string(index[row.candidate]);
        if (!row.ours.error.empty()) problems.push_back(where + " ours: " + row.ours.error);
        if (row.peer.error != result.peerWhy && !row.peer.error.empty())
            problems.push_back(where + " peer: " + row.peer.error);
        if (row.verified && !*row.verified) problems.push_back(where + " WRONG RESULT: " + row.verifyMessage);
    }
    out << "candidates:\n";
    for (const auto& [i, key] : legend) out << "  " << i << ". " << key << "\n";
    // --rules: which candidate the rule dispatched at each size and why, so the switch points read at a glance.
    std::vector<std::string> seen;
    for (const auto& row : result.rows) {
        if (row.rule.empty() || std::find(seen.begin(), seen.end(), row.size.label()) != seen.end()) continue;
        if (seen.empty()) out << "rule choices:\n";
        seen.push_back(row.size.label());
        out << pad(row.size.label(), 16) << "  #" << index[row.candidate] << "  " << row.rule << "\n";
        if (!row.ruleNote.empty()) out << "  note: " << row.ruleNote << "\n";
    }
    for (const auto& p : problems) out << "  ! " << p.substr(0, 400) << "\n";
}

} // namespace kt::bench
