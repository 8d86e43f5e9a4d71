// Which candidates the bench measures at which sizes (a point, the stored best per size, the top N, the papers'
// kernels, or a rule), and storing the peers' figures: shared by `ktune bench` and the workbench's Bench page.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "app/bench/bench_runner.hpp"
#include "core/rules/rule_file.hpp"
#include "core/store/database.hpp"

namespace kt::bench {

enum class CandidateSource { Point, Best, Top, Paper, Rule };

struct PlanRequest {
    CandidateSource source = CandidateSource::Best;
    std::string pointKey;                    // Point: one key, or several separated by ';'
    int top = 0;                             // Top (1…100); Paper: at most this many seeds (0: all)
    std::optional<rules::RuleFile> rule;     // Rule
    std::vector<ProblemSize> sizes;          // empty: the rule's sizes (size rules), else the family's defaults
};

// The flag naming a source in `ktune bench` ("--point", "--best", "--top", "--paper", "--rules").
std::string flagOf(CandidateSource source);

// The sizes a request runs at (given ones normalised to the family's dimensions; else the rule's; else the
// family's defaults for the device). Throws std::invalid_argument for sizes the family cannot take.
std::vector<ProblemSize> benchSizes(const Family& family, const DeviceInfo& device, const PlanRequest& request);

// The candidates per size. `db` is needed for Best and Top. Throws std::invalid_argument with a message for the
// user (no stored measurements, a point outside the space, a rule of another family or with a bad candidate).
std::vector<PlanEntry> makeBenchPlan(const Family& family, const DeviceInfo& device, const PlanRequest& request,
                                     const store::Database* db);

// Stores the peers' figures of a result (one entry per peer, routine and size; the device must be in the store);
// throws on store errors (the benchmark itself stays valid).
void storePeerFigures(store::Database& db, const DeviceInfo& device, const Family& family, const Result& result);

// While alive, routines built from several tuned parts (the copies of the GEMM and BLAS3 routines) take the stored
// winners of those parts' families on their device from the store at `path`: the best point at the largest stored
// size. A store that does not exist installs nothing (the parts' defaults). One at a time (a process-wide lookup).
class StoredTunedParts {
public:
    explicit StoredTunedParts(const std::string& path);
    ~StoredTunedParts();
    StoredTunedParts(const StoredTunedParts&) = delete;
    StoredTunedParts& operator=(const StoredTunedParts&) = delete;
};

} // namespace kt::bench
