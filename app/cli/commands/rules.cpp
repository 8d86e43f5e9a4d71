// `ktune rules`: dispatch intervals (size → best candidate) from per-candidate curves; R.json and a C++ header.
#include <iostream>
#include <optional>

#include "app/cli/args.hpp"
#include "core/fit/csv_table.hpp"
#include "core/rules/curve_table.hpp"
#include "core/rules/rule_emit.hpp"
#include "core/rules/size_rule.hpp"

namespace {

const char* kUsage = R"(usage: ktune rules --curves C.csv [--min-width W] [--tolerance T] --out R.json [--emit-cpp R.hpp]
                   [--function NAME] [--namespace NS] [--holdout H.csv]

Derives a dispatch rule from performance curves: the best candidate per size, merged into intervals.

  --curves C.csv    header 'size,candidate,value'; higher value is better; rows in any order; a candidate may
                    lack some sizes (fitted curves from `ktune fit` have them all)
  --min-width W     intervals narrower than W sizes (hi − lo) are absorbed by the neighbour that loses least
                    there (integer >= 1, default 1: keep all)
  --tolerance T     fraction (0.02 = 2%): do not switch candidates for a gain smaller than T of the best
                    (0 <= T < 1, default 0)
  --out R.json      the rule, a JSON object:
                      {"format": "ktune-rules/1",
                       "intervals": [{"lo": 100, "hi": 8059, "candidate": "a"}, …],
                       "min_width": W, "tolerance": T, "candidates": [...],
                       "evaluation": {loss versus the per-size best on C.csv}, "holdout": {…}}
                    intervals are [lo, hi), ordered and contiguous from the smallest size; the last hi is the
                    largest size + 1; candidate is the name from the CSV
  --emit-cpp R.hpp  also write a C++ header: inline const char* NAME(long long size)
  --function NAME   C++ function name (default selectKernel)
  --namespace NS    C++ namespace (default ktune_rules)
  --holdout H.csv   held-out measurements (same format): report the rule's loss versus their per-size best

Exit codes: 0 ok, 2 bad arguments or bad input (the message names the file and line), 1 failure while writing.
)";

void printEvaluation(const std::string& label, const kt::rules::RuleEvaluation& e) {
    std::cout << label << ": " << e.evaluated << " sizes, " << e.oracleHits << " pick the best, mean loss "
              << 100 * e.meanLoss << "%, max loss " << 100 * e.maxLoss << "% (size " << e.worstSize << ")";
    if (e.unmeasured) std::cout << ", " << e.unmeasured << " sizes lack the chosen candidate";
    std::cout << "\n";
}

int runRules(const std::vector<std::string>& argv) {
    using namespace kt;
    cli::Args args(argv,
                   {"--curves", "--min-width", "--tolerance", "--out", "--emit-cpp", "--function", "--namespace",
                    "--holdout"},
                   {});
    if (!args.positional().empty()) throw cli::UsageError("unexpected argument '" + args.positional()[0] + "'");
    const std::string curvesPath = args.required("--curves");
    const std::string outPath = args.required("--out");
    rules::RuleOptions options;
    options.minWidth = args.integer("--min-width").value_or(1);
    options.tolerance = args.number("--tolerance").value_or(0.0);
    if (options.minWidth < 1) throw cli::UsageError("--min-width must be >= 1");
    if (options.tolerance < 0 || options.tolerance >= 1)
        throw cli::UsageError("--tolerance must be a fraction in [0, 1) (0.02 = 2%)");
    rules::CppEmitOptions cpp;
    cpp.functionName = args.value("--function").value_or("selectKernel");
    cpp.namespaceName = args.value("--namespace").value_or("ktune_rules");
    if (!rules::isCppIdentifier(cpp.functionName))
        throw cli::UsageError("--function '" + cpp.functionName + "' is not a C++ identifier");
    try {
        const auto curves = rules::readCurvesCsv(curvesPath);
        const auto rule = rules::deriveRule(curves, options);
        std::string header;
        if (args.value("--emit-cpp")) header = rules::emitCpp(rule, cpp); // may reject --namespace: before writing
        auto j = rules::ruleToJson(rule);
        j["source"] = curvesPath;
        j["min_width"] = options.minWidth;
        j["tolerance"] = options.tolerance;
        j["candidates"] = curves.candidates;
        j["sizes"] = {{"min", curves.sizes.front()}, {"max", curves.sizes.back()}, {"count", curves.sizes.size()}};
        const auto training = rules::evaluateRule(rule, curves);
        j["evaluation"] = rules::evaluationToJson(training);
        std::optional<rules::RuleEvaluation> holdout;
        if (auto h = args.value("--holdout")) {
            holdout = rules::evaluateRule(rule, rules::readCurvesCsv(*h));
            j["holdout"] = rules::evaluationToJson(*holdout);
            j["holdout"]["source"] = *h;
        }
        fit::writeFileAtomically(outPath, j.dump(2) + "\n");
        if (auto p = args.value("--emit-cpp")) fit::writeFileAtomically(*p, header);
        for (const auto& row : rules::ruleTable(rule)) std::cout << row.range << "  " << row.candidate << "\n";
        printEvaluation("curves", training);
        if (holdout) printEvaluation("holdout", *holdout);
        std::cout << "wrote: " << outPath << (args.value("--emit-cpp") ? ", " + *args.value("--emit-cpp") : "")
                  << "\n";
    } catch (const rules::RuleInputError& e) {
        throw cli::UsageError(e.what());
    }
    return 0;
}

KT_REGISTER_COMMAND(kt::cli::Command{"rules", "dispatch rules (size intervals → candidate) from curves; JSON + C++",
                                     kUsage, runRules});

} // namespace
