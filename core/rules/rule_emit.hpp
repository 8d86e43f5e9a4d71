// Emitters for size rules: JSON (the `ktune rules` R.json), a C++ header, and a plain table for the GUI.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rules/size_rule.hpp"

namespace kt::rules {

// R.json: {"format": "ktune-rules/1", "intervals": [{"lo":…, "hi":…, "candidate":"…"}, …], …}. The intervals are
// ordered and contiguous; hi of the last is max size + 1. Extra keys (options, candidates, evaluation) may be
// added by the caller; readers must ignore keys they do not know.
nlohmann::json ruleToJson(const SizeRule& rule);
// Reads the "intervals" of an R.json object back; throws RuleInputError naming the offending entry.
SizeRule ruleFromJson(const nlohmann::json& j);
nlohmann::json evaluationToJson(const RuleEvaluation& e);

enum class CppStyle {
    Auto,        // if-chain up to 8 intervals, binary search beyond
    IfChain,     // if (size < hi) return …; one line per interval
    BinarySearch // std::upper_bound over the interval boundaries
};

struct CppEmitOptions {
    std::string functionName = "selectKernel"; // must be a C++ identifier
    std::string namespaceName = "ktune_rules"; // may be nested ("a::b"); empty for none
    CppStyle style = CppStyle::Auto;
};

// A self-contained header: `inline const char* <functionName>(long long size)` returning the candidate name.
// Sizes below the first interval get the first candidate, sizes at/after the last hi the last candidate.
// Throws RuleInputError on an invalid identifier or an empty rule.
std::string emitCpp(const SizeRule& rule, const CppEmitOptions& options = {});

// A merged size rule (`ktune rules --merge` of interval rules): emitCpp's function for the main intervals, one
// named <functionName>_<kind> per kind, and `inline const char* <functionName>(long long size, const char* kind)`
// taking the kind's function for that kind and the main one for any other (nullptr included). With `aligned`, the
// same functions for its intervals named <functionName>_aligned and <functionName>_aligned_<kind>, taken first by
// the two-argument function for sizes that are positive multiples of aligned->multiple (as RuleFile::select does).
// Throws RuleInputError where <functionName>_<kind> is no C++ identifier.
std::string emitKindsCpp(const SizeRule& main, const std::vector<KindIntervals>& kinds,
                         const CppEmitOptions& options = {}, const AlignedIntervals* aligned = nullptr);

// A C++ string literal for arbitrary bytes (quotes, backslashes and control characters escaped).
std::string cppStringLiteral(const std::string& text);
bool isCppIdentifier(const std::string& text);

// What the GUI shows: one row per interval, with the range spelled out ("8059 ≤ N < 8060").
struct RuleTableRow {
    long long lo = 0, hi = 0;
    std::string candidate;
    std::string range;
};
std::vector<RuleTableRow> ruleTable(const SizeRule& rule, const std::string& variable = "N");

} // namespace kt::rules
