// A dispatch rule read back from `ktune rules` output (ktune-rules/1 size intervals, a ktune-tree/1 decision
// tree or a ktune-table/1 table over sizes): which candidate it names for a problem size and why, for tools that run
// what the rule dispatches.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rules/decision_tree.hpp"
#include "core/rules/size_rule.hpp"
#include "core/rules/size_table.hpp"

namespace kt::rules {

// What a rule picks for one size.
struct RuleChoice {
    std::string candidate;
    std::string why;  // "32 <= n < 48" (interval), "m < 512, n >= 256" (tree path) or "m = 4, n = 4, k = 4" (table)
    std::string note; // set when the size lies outside every interval and the nearest one was used
    std::string kind; // the kind table or intervals that chose (a rule's "kinds"); empty: the main ones
};

struct RuleFile {
    std::string source; // the file name, for messages
    std::string format; // "ktune-rules/1", "ktune-tree/1" or "ktune-table/1"
    std::string family; // the family the rule was derived for; empty when the file does not say
    std::optional<SizeRule> sizeRule;
    // A size rule's intervals per call kind ("kinds": {"tn": {"intervals": [...]}}), sorted by kind: a call of such a
    // kind takes them over the whole range (its own nearest interval outside it), as its own rule.
    std::vector<KindIntervals> kindRules;
    // A size rule's intervals for sizes that are multiples of a block ("aligned": {"multiple": 128, "intervals":
    // [...], "kinds": {...}}, `ktune rules --merge MAIN --aligned A --multiple M`): such a size takes them (and their
    // kind's, as above) instead of the main ones.
    std::optional<AlignedIntervals> aligned;
    std::optional<DecisionTree> tree;
    std::optional<SizeTable> table;
    nlohmann::json document; // the whole file, for reports that quote the rule

    // Distinct candidate names in rule order (intervals left to right, tree leaves depth first, table entries, then
    // the kind tables' entries).
    std::vector<std::string> candidates() const;
    // The call kinds the rule has tables or intervals of its own for (its "kinds"), sorted; empty for the others.
    std::vector<std::string> kinds() const;
    // Throws RuleInputError unless the rule can be evaluated on sizes with these dimension names: a size rule
    // needs one dimension or several that are equal (GEMM's m = n = k); a tree's or a table's dimensions must all be
    // among them.
    void checkDimensions(const std::vector<std::string>& dims) const;
    // The candidate for a size given as values of `dims`. A size rule takes the one value (all dimensions equal,
    // else RuleInputError); below the first interval or at/after the last hi the nearest interval is used and
    // `note` says so. A table takes the values of its dimensions; a size without an entry gets the nearest entry's
    // candidate and a note. A call of `kind` (a family's dispatch kind; empty: the main one) takes the kind table's
    // exact entry where the table has one for the kind, else as a call of the main kind; a size rule with intervals
    // for the kind takes those at every size. A size rule's aligned intervals take the sizes they are for first.
    RuleChoice select(const std::vector<std::string>& dims, const std::vector<long long>& size,
                      const std::string& kind = {}) const;
};

// Parses R.json. Errors name the file and the field (malformed JSON, unknown "format", a bad interval, a tree node
// without "candidate" or a split, an empty candidate name); throws RuleInputError.
RuleFile ruleFileFromJson(const nlohmann::json& j, const std::string& source);
RuleFile readRuleFile(const std::string& path);

// The inverse of treeToJson; throws RuleInputError naming the node path ("tree.left.right") of a bad node.
DecisionTree treeFromJson(const nlohmann::json& j);

} // namespace kt::rules
