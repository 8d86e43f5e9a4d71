// Dispatch tables: every measured size (e.g. batched GEMM's m, n, k) → its own best candidate, looked up exactly,
// with the nearest entry for a size the table lacks; emitted as JSON (ktune-table/1) and as a C++ lookup. A table may
// hold tables for calls of other kinds beside its own (batched GEMM's pointer-array batches, "pointers").
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rules/decision_tree.hpp"

namespace kt::rules {

// The entries for calls of one kind (a family's dispatch kind, Family::dispatchKind), over the main table's dims.
struct KindTable {
    std::string kind;                         // "pointers"
    std::vector<std::vector<long long>> keys; // sorted lexicographically, unique
    std::vector<std::string> candidates;      // candidates[i] serves keys[i]
    // The index of x's exact entry; -1 when there is none.
    long long exact(const std::vector<long long>& x) const;
};

struct SizeTable {
    std::vector<std::string> dims;            // the key's dimension names, e.g. {"m", "n", "k"}
    std::vector<std::vector<long long>> keys; // sorted lexicographically, unique
    std::vector<std::string> candidates;      // candidates[i] serves keys[i]
    // Calls of these kinds take their kind's exact entry first; a size their table lacks takes this table's entry
    // (exact or nearest), so a kind's table overrides the sizes it was measured at and nothing else. Sorted by kind.
    std::vector<KindTable> kinds;

    struct Lookup {
        std::size_t index = 0;
        bool exact = false;
    };
    // The entry of x (values of `dims`), or the nearest one (least sum of |x_d - key_d|, then the first in order).
    Lookup find(const std::vector<long long>& x) const;
    const KindTable* kindTable(const std::string& kind) const; // null when the table has none for `kind`

    struct Choice {
        std::string candidate;
        std::vector<long long> key; // the entry's size
        bool exact = false;
        std::string kind; // the kind table whose entry it is; empty: the main table's
    };
    // The candidate for x in a call of `kind` (empty: the main kind): the kind table's exact entry, else find(x).
    Choice choose(const std::vector<long long>& x, const std::string& kind = {}) const;
};

// One entry per distinct value of `keyDims` (empty: every dimension of the table) among the table's points: the
// candidate with the least summed loss (best − value)/|best| over the points with that key (an unmeasured value
// costs 1), so a key measured at several batch counts takes the candidate best over all of them. Throws
// RuleInputError on a key dimension the table lacks or an empty table.
SizeTable buildSizeTable(const PointTable& table, const std::vector<std::string>& keyDims = {});
// Mean loss of the table's choices versus the per-point best over the table's points (as treeMeanLoss).
double tableMeanLoss(const SizeTable& sizeTable, const PointTable& table);

// {"format": "ktune-table/1", "dims": [...], "entries": [{"size": [m, n, k], "candidate": "..."}, ...]}, and with
// kind tables "kinds": {"pointers": {"entries": [...]}, ...} (readers that predate kinds ignore the key and dispatch
// every call by the main table, as they did).
nlohmann::json tableToJson(const SizeTable& table);
// The inverse; throws RuleInputError naming the entry ("entries[3].size", "kinds.pointers.entries[0].candidate")
// that is malformed.
SizeTable tableFromJson(const nlohmann::json& j);
// `table` with `kind`'s entries taken from `kindEntries` (its keys and candidates; its own kind tables are not
// taken). Throws RuleInputError when the dimensions differ, `kind` is empty, or `table`
// already has a table for `kind` (a merge never replaces entries).
SizeTable withKindTable(SizeTable table, const std::string& kind, const SizeTable& kindEntries);
// `inline const char* <functionName>(long long m, long long n, …)`: a sorted array searched exactly (binary
// search), the nearest entry otherwise, as SizeTable::find. With kind tables the function takes a last argument
// `const char* kind = nullptr` and answers as SizeTable::choose (an unknown or null kind: the main table). Throws
// RuleInputError on names that are no identifiers.
std::string emitTableCpp(const SizeTable& table, const std::string& functionName = "selectKernel",
                         const std::string& namespaceName = "ktune_rules");

} // namespace kt::rules
