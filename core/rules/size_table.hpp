// Dispatch tables: every measured size (e.g. batched GEMM's m, n, k) → its own best candidate, looked up exactly,
// with the nearest entry for a size the table lacks; emitted as JSON (ktune-table/1) and as a C++ lookup.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rules/decision_tree.hpp"

namespace kt::rules {

struct SizeTable {
    std::vector<std::string> dims;            // the key's dimension names, e.g. {"m", "n", "k"}
    std::vector<std::vector<long long>> keys; // sorted lexicographically, unique
    std::vector<std::string> candidates;      // candidates[i] serves keys[i]

    struct Lookup {
        std::size_t index = 0;
        bool exact = false;
    };
    // The entry of x (values of `dims`), or the nearest one (least sum of |x_d - key_d|, then the first in order).
    Lookup find(const std::vector<long long>& x) const;
};

// One entry per distinct value of `keyDims` (empty: every dimension of the table) among the table's points: the
// candidate with the least summed loss (best − value)/|best| over the points with that key (an unmeasured value
// costs 1), so a key measured at several batch counts takes the candidate best over all of them. Throws
// RuleInputError on a key dimension the table lacks or an empty table.
SizeTable buildSizeTable(const PointTable& table, const std::vector<std::string>& keyDims = {});
// Mean loss of the table's choices versus the per-point best over the table's points (as treeMeanLoss).
double tableMeanLoss(const SizeTable& sizeTable, const PointTable& table);

// {"format": "ktune-table/1", "dims": [...], "entries": [{"size": [m, n, k], "candidate": "..."}, ...]}.
nlohmann::json tableToJson(const SizeTable& table);
// The inverse; throws RuleInputError naming the entry ("entries[3].size") that is malformed.
SizeTable tableFromJson(const nlohmann::json& j);
// `inline const char* <functionName>(long long m, long long n, …)`: a sorted array searched exactly (binary
// search), the nearest entry otherwise, as SizeTable::find. Throws RuleInputError on names that are no identifiers.
std::string emitTableCpp(const SizeTable& table, const std::string& functionName = "selectKernel",
                         const std::string& namespaceName = "ktune_rules");

} // namespace kt::rules
