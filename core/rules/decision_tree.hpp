// Dispatch rules over several size dimensions (e.g. GEMM's m, n, k): a small decision tree grown greedily on the
// split that most reduces the loss versus the per-point oracle; emitted as nested ifs in C++ and as JSON.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rules/curve_table.hpp"

namespace kt::rules {

// Measured (or fitted) values at points of a multi-dimensional size space.
struct PointTable {
    std::vector<std::string> dims;              // feature names, e.g. {"m", "n", "k"}
    std::vector<std::vector<long long>> points; // points[p][d]
    std::vector<std::string> candidates;
    std::vector<std::vector<double>> value; // value[p][c], higher is better; NaN where not measured
};

struct TreeNode {
    int dim = -1;            // −1: leaf
    long long threshold = 0; // x[dim] < threshold → left, else right
    int left = -1, right = -1;
    std::string candidate; // leaf only
};

struct TreeOptions {
    int maxDepth = 3; // 0: a single leaf
    std::size_t minLeafPoints = 1;
};

struct DecisionTree {
    std::vector<std::string> dims;
    std::vector<TreeNode> nodes; // nodes[0] is the root
    const std::string& select(const std::vector<long long>& x) const;
    int depth() const;
};

// Leaves take the candidate with the least summed loss (best − value)/|best| over their points (an unmeasured
// value costs 1); a node splits on the dimension/threshold with the largest loss reduction while it helps and
// the depth limit allows; where no single split helps, the split whose sides then split once more to the least
// loss is taken if that helps. Throws RuleInputError on an inconsistent table.
DecisionTree buildDecisionTree(const PointTable& table, const TreeOptions& options = {});
// Mean loss of the tree's choices versus the per-point best (points whose choice is unmeasured count 1).
double treeMeanLoss(const DecisionTree& tree, const PointTable& table);

// Reads `<dim1>,<dim2>,…,candidate,value` (at least one dimension column, integer coordinates, any row order).
// Errors name file and line (header, non-integer coordinate, empty candidate, non-finite value, a repeated
// (point, candidate) pair, no rows). Throws RuleInputError.
PointTable parsePointTableCsv(const std::string& text, const std::string& source);
PointTable readPointTableCsv(const std::string& path);
// The header row of a CSV file, lower-cased (empty when the file cannot be read or is empty).
std::vector<std::string> csvHeaderOf(const std::string& path);

// {"format": "ktune-tree/1", "dims": [...], "tree": {"dim": "m", "threshold": 512, "left": {...}, "right": {...}}
// or {"candidate": "..."} at leaves}.
nlohmann::json treeToJson(const DecisionTree& tree);
// `inline const char* <functionName>(long long m, long long n, …)` as nested ifs (dimension names must be
// C++ identifiers). Throws RuleInputError otherwise.
std::string emitTreeCpp(const DecisionTree& tree, const std::string& functionName = "selectKernel",
                        const std::string& namespaceName = "ktune_rules");

} // namespace kt::rules
