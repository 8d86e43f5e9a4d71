// `ktune bench` measurements: our candidates and the vendor peer side by side in one process on one device.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/family.hpp"

namespace kt::cli::bench {

enum class PeerChoice { Auto, None, Cublas, Clblast };

// One candidate of the bench; `origin` says where it came from ("point", "best", "top", "paper").
struct Candidate {
    std::string key;
    Point point;
    std::string origin;
    std::string tunedAt; // --best: the stored size it won at ("4096x4096x4096"); empty otherwise
    std::string rule = {}; // --rules: why the rule picked it at this size ("32 <= m = n = k < 48", a tree path)
    std::string ruleNote = {}; // --rules: set when the size lies outside every interval (the nearest one was used)
};

// The candidates to measure at one size (--best picks one per size, the other modes the same list everywhere).
struct PlanEntry {
    ProblemSize size;
    std::vector<Candidate> candidates;
};

struct Options {
    std::vector<std::string> ops = {"nn", "nt", "tn", "tt"}; // GEMM only
    PeerChoice peer = PeerChoice::Auto;
    bool tensorCores = false;
    int warmupRuns = 1;
    int timedRuns = 5;
    bool verify = false;
    std::uint64_t seed = 42;
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
    ProblemSize size; // GEMM: {m, n, k}; others: the family's dims
    std::string op;   // "nn" … for GEMM, empty otherwise
    Figure ours;
    Figure tnKernel; // GEMM only: the TN kernel alone on pre-laid-out operands
    Figure peer;
    Figure peerTc;                // GEMM with --tensor-cores on CUDA: cuBLAS default math
    std::optional<bool> verified; // with --verify: whether our result matched the reference
    std::string verifyMessage;
};

struct Result {
    std::string metric;   // "GFlop/s" / "GB/s"
    std::string peerName; // "cuBLAS 13.0.0 (pedantic)"; empty when none
    std::string peerId;   // "cublas", "clblast"; empty when none
    std::string peerWhy;  // why there is no peer column ("libcublas.so.13/.12 not found", "--peer none")
    std::string peerTcName, peerTcId, peerTcWhy, peerTcNote;
    std::vector<Row> rows;
};

// GEMM families (sgemm, dgemm): for each size and op the full routine (column-major), the TN kernel once per size and
// the peer(s). Sizes with one dimension mean m = n = k.
Result benchGemm(Device& device, const Family& family, const std::vector<PlanEntry>& plan, const Options& options);
// Any other family through the engine's CandidateMeasurer; transpose/dtranspose get the vendor transpose as peer.
Result benchGeneric(Device& device, std::shared_ptr<const Family> family, const std::vector<PlanEntry>& plan,
                    const Options& options);

// Median of device times; 0 for none.
double medianOf(std::vector<double> times);
// Deterministic, cheap pseudo-random values in ±[0.25, 1] (peers get data like ours without a slow generator).
void fillRandom(float* data, std::size_t count, std::uint64_t seed);
void fillRandom(double* data, std::size_t count, std::uint64_t seed);

} // namespace kt::cli::bench
