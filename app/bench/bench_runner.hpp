// The bench: chosen candidates of any family beside the vendor library, in one process on one device, with the same
// sizes, warm-up and timed runs (device events, median kept). Each family describes its bench (Family::
// benchDescription, benchCall, makeRoutine); this code names no family.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/family.hpp"
#include "devices/vendor/peer.hpp"

namespace kt::bench {

enum class PeerChoice { Auto, None, Cublas, Clblast };

// One candidate of the bench; `origin` says where it came from ("point", "best", "top", "paper", "rule").
struct Candidate {
    std::string key;
    Point point;
    std::string origin;
    std::string tunedAt = {}; // --best: the stored size it won at ("4096x4096x4096"); empty otherwise
    std::string rule = {};    // --rules: why the rule picked it at this size ("32 <= m = n = k < 48", a tree path)
    std::string ruleNote = {}; // --rules: set when the size lies outside every interval (the nearest one was used)
};

// The candidates to measure at one size (--best picks one per size, the other modes the same list everywhere).
struct PlanEntry {
    ProblemSize size;
    std::vector<Candidate> candidates;
    // --rules with tables per call kind: the candidates for the variants whose calls are of that kind
    // (Family::dispatchKind: batched GEMM's ptr-* variants are "pointers"); other variants take `candidates`.
    std::map<std::string, std::vector<Candidate>> kindCandidates = {};
    const std::vector<Candidate>& candidatesFor(const std::string& kind) const {
        const auto it = kind.empty() ? kindCandidates.end() : kindCandidates.find(kind);
        return it == kindCandidates.end() ? candidates : it->second;
    }
};

// Makes the peer of a device (tests pass a fake library); null with *why when there is none.
using PeerFactory = std::function<std::unique_ptr<devices::vendor::BlasPeer>(
    Device&, const devices::vendor::PeerOptions&, std::string* why)>;

struct Row;

struct Options {
    std::vector<std::string> variants; // of Family::benchDescription(); empty: all of them
    PeerChoice peer = PeerChoice::Auto;
    bool tensorCores = false; // a second peer column with the library's default math (cuBLAS)
    int warmupRuns = 1;
    int timedRuns = 5;
    bool verify = false;
    std::uint64_t seed = 42;
    PeerFactory makePeer = {}; // empty: devices::vendor::makeBlasPeer
    // Called on the bench's thread after each row (the workbench streams rows to its table and plot).
    std::function<void(const Row&)> onRow = {};
    // Asked before each size; true stops the bench there (Result::cancelled).
    std::function<bool()> cancelled = {};
};

// A figure: value in the family's metric from the median of the timed runs; error set when it could not be measured.
struct Figure {
    std::optional<double> value;
    double medianMs = 0;
    std::string error;
    bool measured() const { return value.has_value(); }
};

struct Row {
    std::string candidate; // point key
    std::string origin;
    std::string tunedAt;
    std::string rule, ruleNote; // as in Candidate
    ProblemSize size;
    std::string variant; // "nn" … ; empty for families whose routine is the candidate
    Figure ours;         // the family's routine for the variant (or the candidate)
    Figure kernel;       // the candidate alone, when the family has a kernel column (GEMM's TN kernel)
    Figure peer;
    Figure peerTc;                // with --tensor-cores: the library's default math
    std::optional<bool> verified; // with verify: whether our result matched the reference
    std::string verifyMessage;
};

struct Result {
    std::string metric;   // "GFlop/s" / "GB/s"
    std::string peerName; // "cuBLAS 13.0.0 (pedantic)"; empty when none
    std::string peerId;   // "cublas", "clblast"; empty when none
    std::string peerWhy;  // why there is no peer column ("libcublas.so.13/.12 not found", "--peer none")
    std::string peerTcName, peerTcId, peerTcWhy, peerTcNote;
    std::vector<Row> rows;
    bool cancelled = false; // Options::cancelled stopped the bench before its last size
};

// Runs the whole plan: for each size and variant, the peer once, then each candidate's routine (built once per
// candidate through one program cache) and, where the family has one, the kernel column. Throws
// std::invalid_argument for a variant the family does not have.
Result runBench(Device& device, std::shared_ptr<const Family> family, const std::vector<PlanEntry>& plan,
                const Options& options);

// Median of device times; 0 for none.
double medianOf(std::vector<double> times);

} // namespace kt::bench
