// `ktune rules`: dispatch intervals (size → best candidate), trees or tables over several size dimensions, from
// per-candidate curves; R.json and a C++ header.
#include <filesystem>
#include <iostream>
#include <optional>

#include "app/cli/args.hpp"
#include "core/engine/family.hpp"
#include "core/fit/csv_table.hpp"
#include "core/rules/curve_table.hpp"
#include "core/rules/decision_tree.hpp"
#include "core/rules/rule_emit.hpp"
#include "core/rules/rule_file.hpp"
#include "core/rules/size_rule.hpp"
#include "core/rules/size_table.hpp"
#include "kernels/builtin_families.hpp"

namespace {

const char* kRulesUsage =
    R"(usage: ktune rules --curves C.csv [--min-width W] [--tolerance T] --out R.json [--emit-cpp R.hpp]
                   [--function NAME] [--namespace NS] [--holdout H.csv] [--family F] [--multiple M]
                   [--table [--key D1,D2,…]]
       ktune rules --merge MAIN.json --kind-table KIND=PART.json --out R.json [--emit-cpp R.hpp] [--family F]
       ktune rules --merge MAIN.json --aligned PART.json --multiple M --out R.json [--emit-cpp R.hpp] [--family F]

Derives a dispatch rule from performance curves: the best candidate per size, merged into intervals.

  --curves C.csv    header 'size,candidate,value'; higher value is better; rows in any order; a candidate may
                    lack some sizes (fitted curves from `ktune fit` have them all); at most 256 MiB, sizes
                    up to 2147483647
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
  --family F        record the family in R.json ("family": F); `ktune bench --rules` then refuses the rule for
                    another family (sgemm and dgemm points look alike)
  --multiple M      aligned intervals from the sizes that are multiples of M, the main ones from the others
                    (integer >= 2; both sets must be non-empty; see "Aligned sizes" below)

Curves of a tuning run: `ktune best --device D --family F --run ID --curves C.csv` (candidates are point keys,
so R.json and the C++ header name the kernels; `ktune bench --family F --rules R.json` measures the rule).

Several size dimensions: when C.csv's header is '<dim1>,<dim2>,…,candidate,value' (two or more dimension
columns, e.g. 'm,n,k,candidate,value'), a decision tree is built instead (greedy splits that most reduce
the loss versus the per-point best): R.json is {"format": "ktune-tree/1", "dims": [...], "tree": {"dim": "m",
"threshold": 512, "left": {…}, "right": {…}} with {"candidate": …} leaves}, and --emit-cpp writes nested ifs
`inline const char* NAME(long long m, long long n, …)`. Options for trees:
  --max-depth D     depth limit (integer >= 0, default 3)
  --min-leaf P      fewest points per leaf (integer >= 1, default 1)
(--min-width and --tolerance apply to size curves only.)

  --table           instead of a tree, a dispatch table: every measured size gets its own best candidate
                    (batched GEMM: one kernel per m, n, k). R.json is {"format": "ktune-table/1", "dims": [...],
                    "entries": [{"size": [4, 4, 4], "candidate": …}, …]}; sizes without an entry take the
                    nearest one (least summed distance). --emit-cpp writes a sorted array searched exactly.
  --key D1,D2,…     the table's key dimensions (default: every dimension column); the others (e.g. batch) are
                    summed over: a key's candidate is the one that loses least over all its rows

Tables per call kind: a table may hold, beside its own entries, a table for calls of another kind (batched GEMM's
pointer-array batches, kind "pointers", the ptr-* bench variants): such a call takes its kind's entry at its size,
and the main table's (exact or nearest) at sizes the kind's table lacks. Build the kind's table as any table (from
curves of that kind's calls), then merge the two:
  ktune rules --merge MAIN.json --kind-table pointers=PTR.json --out R.json [--emit-cpp R.hpp] [--family F]
R.json is MAIN.json with "kinds": {"pointers": {"entries": [...], "source": "PTR.json", ...}} added; both inputs
must be tables (ktune-table/1) over the same dimensions and of the same family where they name one, MAIN.json
without a table for that kind already; R.json and R.hpp must not exist (a merge never writes over a file). The
emitted C++ takes a last argument `const char* kind = nullptr`. `ktune bench --rules R.json` runs the kind's
choice for its variants, and the family's tuned routine for its calls.
Size rules (ktune-rules/1) merge the same way, interval rule with interval rule: GEMM's transposition pairs (kinds
"nt", "tn", "tt", the bench variants; NN is the main rule) each get intervals of their own, derived from curves of
that op (`ktune bench --best --top K --variants tn`, then `ktune rules --curves`). R.json is MAIN.json with
"kinds": {"tn": {"intervals": [...], ...}}; a call of the kind takes its intervals at every size. Merge once per
kind (each merge writes a new file). The emitted C++ has NAME(size), NAME_tn(size), … and NAME(size, kind).

Aligned sizes: a size rule may hold a second set of intervals for the sizes that are multiples of M, where
kernels fit their blocks (GEMM's exact-fit programs) and others win than at the sizes between. Derive MAIN.json
from curves at ragged sizes and PART.json from curves at multiples of M (each may be merged per kind already):
  ktune rules --merge RAGGED.json --aligned ALIGNED.json --multiple 128 --out R.json [--emit-cpp R.hpp]
R.json is RAGGED.json with "aligned": {"multiple": 128, "intervals": [...], "kinds": {...}, "source": ...}; a
size that is a positive multiple of M takes the aligned intervals (its kind's where they have them), any other
size the main ones. The emitted C++ adds NAME_aligned(size), NAME_aligned_tn(size), … and NAME(size, kind) tests
the multiple first. In one step from curves that hold both kinds of size: `ktune rules --curves C.csv --multiple
128 …` (the multiples of 128 make the aligned intervals, with their own evaluation and holdout); such rules of
each op merge with --kind-table as any (every one derived with the same M: a kind's aligned intervals join the
main rule's aligned part).

Exit codes: 0 ok, 2 bad arguments or bad input (the message names the file and line), 1 failure while writing.
)";

void printEvaluation(const std::string& label, const kt::rules::RuleEvaluation& e) {
    std::cout << label << ": " << e.evaluated << " sizes, " << e.oracleHits << " pick the best, mean loss "
              << 100 * e.meanLoss << "%, max loss " << 100 * e.maxLoss << "% (size " << e.worstSize << ")";
    if (e.unmeasured) std::cout << ", " << e.unmeasured << " sizes lack the chosen candidate";
    std::cout << "\n";
}

int runTable(const kt::cli::Args& args, const std::string& curvesPath, const std::string& outPath,
             const kt::rules::CppEmitOptions& cpp) {
    using namespace kt;
    if (args.value("--max-depth") || args.value("--min-leaf"))
        throw cli::UsageError("--max-depth and --min-leaf apply to trees, not to --table");
    if (args.value("--min-width") || args.value("--tolerance"))
        throw cli::UsageError("--min-width and --tolerance apply to size curves (header size,candidate,value) only");
    std::vector<std::string> key;
    if (auto k = args.value("--key")) {
        std::string part;
        for (char c : *k + ",") {
            if (c != ',') {
                part += c;
                continue;
            }
            if (part.empty()) throw cli::UsageError("--key: an empty dimension name in '" + *k + "'");
            key.push_back(part);
            part.clear();
        }
    }
    try {
        const auto points = rules::readPointTableCsv(curvesPath);
        const auto table = rules::buildSizeTable(points, key);
        std::string header;
        if (args.value("--emit-cpp")) header = rules::emitTableCpp(table, cpp.functionName, cpp.namespaceName);
        auto j = rules::tableToJson(table);
        j["source"] = curvesPath;
        if (auto f = args.value("--family")) j["family"] = *f;
        j["candidates"] = points.candidates;
        j["evaluation"] = {{"points", points.points.size()}, {"mean_loss", rules::tableMeanLoss(table, points)}};
        if (auto h = args.value("--holdout")) {
            const auto held = rules::readPointTableCsv(*h);
            if (held.dims != points.dims) throw rules::RuleInputError(*h + ": dimensions differ from " + curvesPath);
            j["holdout"] = {
                {"source", *h}, {"points", held.points.size()}, {"mean_loss", rules::tableMeanLoss(table, held)}};
        }
        fit::writeFileAtomically(outPath, j.dump(2) + "\n");
        if (auto p = args.value("--emit-cpp")) fit::writeFileAtomically(*p, header);
        std::cout << "table: " << table.keys.size() << " entries over " << points.points.size() << " points, mean loss "
                  << 100 * j["evaluation"]["mean_loss"].get<double>() << "%\nwrote: " << outPath << "\n";
    } catch (const rules::RuleInputError& e) {
        throw cli::UsageError(e.what());
    }
    return 0;
}

int runTree(const kt::cli::Args& args, const std::string& curvesPath, const std::string& outPath,
            const kt::rules::CppEmitOptions& cpp) {
    using namespace kt;
    if (args.value("--key")) throw cli::UsageError("--key goes with --table");
    if (args.value("--min-width") || args.value("--tolerance"))
        throw cli::UsageError("--min-width and --tolerance apply to size curves (header size,candidate,value) only");
    rules::TreeOptions options;
    const long long maxDepth = args.integer("--max-depth").value_or(3); // checked before narrowing to int
    const long long minLeaf = args.integer("--min-leaf").value_or(1);
    if (maxDepth < 0 || maxDepth > 64) throw cli::UsageError("--max-depth must be in 0..64");
    options.maxDepth = static_cast<int>(maxDepth);
    if (minLeaf < 1) throw cli::UsageError("--min-leaf must be >= 1");
    options.minLeafPoints = static_cast<std::size_t>(minLeaf);
    try {
        const auto table = rules::readPointTableCsv(curvesPath);
        const auto tree = rules::buildDecisionTree(table, options);
        std::string header;
        if (args.value("--emit-cpp")) header = rules::emitTreeCpp(tree, cpp.functionName, cpp.namespaceName);
        auto j = rules::treeToJson(tree);
        j["source"] = curvesPath;
        if (auto f = args.value("--family")) j["family"] = *f;
        j["max_depth"] = options.maxDepth;
        j["candidates"] = table.candidates;
        j["evaluation"] = {{"points", table.points.size()}, {"mean_loss", rules::treeMeanLoss(tree, table)}};
        if (auto h = args.value("--holdout")) {
            const auto held = rules::readPointTableCsv(*h);
            if (held.dims != table.dims) throw rules::RuleInputError(*h + ": dimensions differ from " + curvesPath);
            j["holdout"] = {
                {"source", *h}, {"points", held.points.size()}, {"mean_loss", rules::treeMeanLoss(tree, held)}};
        }
        fit::writeFileAtomically(outPath, j.dump(2) + "\n");
        if (auto p = args.value("--emit-cpp")) fit::writeFileAtomically(*p, header);
        std::cout << "tree: depth " << tree.depth() << ", " << table.points.size() << " points, mean loss "
                  << 100 * j["evaluation"]["mean_loss"].get<double>() << "%\nwrote: " << outPath << "\n";
    } catch (const rules::RuleInputError& e) {
        throw cli::UsageError(e.what());
    }
    return 0;
}

// The family both merge inputs are for (where they name one, and --family), checked to have the call kinds.
std::string mergedFamily(const kt::cli::Args& args, const kt::rules::RuleFile& base, const kt::rules::RuleFile& part,
                         const std::vector<std::string>& kinds, const std::string& basePath,
                         const std::string& kindPath) {
    using namespace kt;
    std::string family = base.family;
    if (!part.family.empty() && !family.empty() && part.family != family)
        throw rules::RuleInputError(kindPath + " is a rule for " + part.family + ", " + basePath + " for " + family);
    if (family.empty()) family = part.family;
    if (auto f = args.value("--family")) {
        if (!family.empty() && family != *f) throw rules::RuleInputError("--family " + *f + ": the rules are for " + family);
        family = *f;
    }
    if (!family.empty()) {
        kernels::registerBuiltinFamilies();
        const auto known = FamilyRegistry::instance().find(family);
        if (!known || known->internal()) throw rules::RuleInputError("unknown family '" + family + "'");
        const auto knownKinds = known->dispatchKinds();
        for (const auto& kind : kinds)
            if (std::find(knownKinds.begin(), knownKinds.end(), kind) == knownKinds.end()) {
                std::string list;
                for (const auto& k : knownKinds) list += (list.empty() ? "" : ", ") + k;
                throw rules::RuleInputError(family + " has no call kind '" + kind + "' (" +
                                            (list.empty() ? "it has none" : "its kinds: " + list) + ")");
            }
    }
    return family;
}

// Where a merged part came from (its curves, candidates, evaluation), kept beside its intervals or entries.
void copyProvenanceKeys(const nlohmann::json& from, nlohmann::json& into) {
    for (const char* key : {"source", "candidates", "evaluation", "holdout"})
        if (from.contains(key)) into[key] = from[key];
}

// A merged part as the merged file holds it: `rule`'s intervals (no "format") and where they came from (`from`, the
// part's document or its "aligned" object).
nlohmann::json mergedPart(const kt::rules::SizeRule& rule, const nlohmann::json& from) {
    nlohmann::json j = kt::rules::ruleToJson(rule);
    j.erase("format");
    copyProvenanceKeys(from, j);
    return j;
}

// The --multiple option, checked: the aligned intervals take its multiples.
std::optional<long long> multipleOption(const kt::cli::Args& args) {
    const auto multiple = args.integer("--multiple");
    if (multiple && *multiple < 2) throw kt::cli::UsageError("--multiple must be an integer >= 2");
    return multiple;
}

// Writes the merged size rule `j` to outPath, and its C++ to --emit-cpp; returns the file as readers will see it.
kt::rules::RuleFile writeMerged(const nlohmann::json& j, const std::string& outPath, const kt::cli::Args& args,
                                const kt::rules::CppEmitOptions& cpp) {
    using namespace kt;
    const auto merged = rules::ruleFileFromJson(j, outPath);
    std::string header;
    if (args.value("--emit-cpp"))
        header =
            rules::emitKindsCpp(*merged.sizeRule, merged.kindRules, cpp, merged.aligned ? &*merged.aligned : nullptr);
    fit::writeFileAtomically(outPath, j.dump(2) + "\n");
    if (auto p = args.value("--emit-cpp")) fit::writeFileAtomically(*p, header);
    return merged;
}

// Two size rules (ktune-rules/1): MAIN with "kinds".KIND = the other's intervals. The C++ header holds the main
// function, one per kind (NAME_KIND) and NAME(size, kind) choosing between them.
void mergeSizeRules(const kt::rules::RuleFile& base, const kt::rules::RuleFile& part, const std::string& kind,
                    const std::string& family, const std::string& outPath, const kt::cli::Args& args,
                    const kt::rules::CppEmitOptions& cpp) {
    using namespace kt;
    for (const auto& k : base.kindRules)
        if (k.kind == kind) throw rules::RuleInputError(base.source + " has " + kind + " intervals already");
    if (!part.kindRules.empty() || (part.aligned && !part.aligned->kinds.empty()))
        throw rules::RuleInputError(part.source + ": has kind intervals of its own; give a plain rule for " + kind);
    nlohmann::json j = base.document;
    j["kinds"][kind] = mergedPart(*part.sizeRule, part.document);
    if (part.aligned) { // the kind's aligned intervals join the main rule's aligned part (same multiple)
        const std::string m = std::to_string(part.aligned->multiple);
        if (!base.aligned)
            throw rules::RuleInputError(part.source + " has aligned intervals (multiples of " + m + "), " +
                                        base.source + " none: derive both with --multiple " + m);
        if (base.aligned->multiple != part.aligned->multiple)
            throw rules::RuleInputError(part.source + "'s aligned intervals are for multiples of " + m + ", " +
                                        base.source + "'s for multiples of " +
                                        std::to_string(base.aligned->multiple));
        j["aligned"]["kinds"][kind] = mergedPart(part.aligned->rule, part.document["aligned"]);
    }
    if (!family.empty()) j["family"] = family;
    const auto merged = writeMerged(j, outPath, args, cpp);
    std::cout << "merged: " << merged.sizeRule->intervals.size() << " intervals, " << kind << " "
              << part.sizeRule->intervals.size() << " intervals (kinds: ";
    for (std::size_t i = 0; i < merged.kindRules.size(); ++i) std::cout << (i ? ", " : "") << merged.kindRules[i].kind;
    std::cout << ")\nwrote: " << outPath << (args.value("--emit-cpp") ? ", " + *args.value("--emit-cpp") : "")
              << "\n";
}

// A merge writes new files only: R.json and R.hpp must not exist.
void refuseExistingOutputs(const kt::cli::Args& args, const std::string& outPath) {
    for (const auto& path : {std::optional<std::string>(outPath), args.value("--emit-cpp")})
        if (path && std::filesystem::exists(*path))
            throw kt::cli::UsageError(*path + " exists: a merge writes new files only (choose another name)");
}

// Two size rules (ktune-rules/1): MAIN with "aligned" = the other's intervals (and kinds) for the multiples of
// `multiple`.
void mergeAligned(const kt::rules::RuleFile& base, const kt::rules::RuleFile& part, long long multiple,
                  const std::string& family, const std::string& outPath, const kt::cli::Args& args,
                  const kt::rules::CppEmitOptions& cpp) {
    using namespace kt;
    if (base.aligned) throw rules::RuleInputError(base.source + " has aligned intervals already");
    if (part.aligned)
        throw rules::RuleInputError(part.source + ": has aligned intervals of its own; give a rule without");
    nlohmann::json j = base.document;
    nlohmann::json& a = j["aligned"];
    a = mergedPart(*part.sizeRule, part.document);
    a["multiple"] = multiple;
    if (part.document.contains("kinds")) a["kinds"] = part.document["kinds"];
    if (!family.empty()) j["family"] = family;
    const auto merged = writeMerged(j, outPath, args, cpp);
    std::cout << "merged: " << merged.sizeRule->intervals.size() << " intervals, aligned (multiples of " << multiple
              << ") " << merged.aligned->rule.intervals.size() << " intervals (aligned kinds: ";
    for (std::size_t i = 0; i < merged.aligned->kinds.size(); ++i)
        std::cout << (i ? ", " : "") << merged.aligned->kinds[i].kind;
    std::cout << ")\nwrote: " << outPath << (args.value("--emit-cpp") ? ", " + *args.value("--emit-cpp") : "") << "\n";
}

// --merge MAIN.json --aligned FILE.json --multiple M (see the usage).
int runAlignedMerge(const kt::cli::Args& args, const std::string& outPath, const kt::rules::CppEmitOptions& cpp) {
    using namespace kt;
    if (args.value("--kind-table"))
        throw cli::UsageError("--aligned and --kind-table are two merges: run one, then the other on its output");
    const auto multiple = multipleOption(args);
    if (!multiple) throw cli::UsageError("--aligned needs --multiple M (the aligned intervals take multiples of M)");
    const std::string basePath = *args.value("--merge"), partPath = *args.value("--aligned");
    refuseExistingOutputs(args, outPath);
    try {
        const auto base = rules::readRuleFile(basePath);
        const auto part = rules::readRuleFile(partPath);
        if (!base.sizeRule || !part.sizeRule)
            throw rules::RuleInputError(basePath + " (" + base.format + ") and " + partPath + " (" + part.format +
                                        "): --aligned merges two size rules (ktune-rules/1)");
        const std::string family = mergedFamily(args, base, part, part.kinds(), basePath, partPath);
        mergeAligned(base, part, *multiple, family, outPath, args, cpp);
    } catch (const rules::RuleInputError& e) {
        throw cli::UsageError(e.what());
    }
    return 0;
}

// --merge MAIN.json --kind-table KIND=FILE.json: MAIN with KIND's table or intervals from FILE (see the usage).
int runMerge(const kt::cli::Args& args, const std::string& outPath, const kt::rules::CppEmitOptions& cpp) {
    using namespace kt;
    for (const char* other : {"--curves", "--min-width", "--tolerance", "--holdout", "--max-depth", "--min-leaf",
                              "--key"})
        if (args.value(other)) throw cli::UsageError(std::string(other) + " does not apply to --merge");
    if (args.flag("--table")) throw cli::UsageError("--table does not apply to --merge (its inputs are rules already)");
    if (args.value("--aligned")) return runAlignedMerge(args, outPath, cpp);
    if (args.value("--multiple")) throw cli::UsageError("--multiple goes with --aligned");
    const std::string basePath = *args.value("--merge");
    const std::string spec = args.required("--kind-table");
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
        throw cli::UsageError("--kind-table '" + spec + "': expected KIND=FILE.json (e.g. pointers=ptr-table.json)");
    const std::string kind = spec.substr(0, eq), kindPath = spec.substr(eq + 1);
    refuseExistingOutputs(args, outPath);
    try {
        const auto base = rules::readRuleFile(basePath);
        const auto part = rules::readRuleFile(kindPath);
        const bool tables = base.table && part.table, sizeRules = base.sizeRule && part.sizeRule;
        if (!tables && !sizeRules)
            throw rules::RuleInputError(basePath + " (" + base.format + ") and " + kindPath + " (" + part.format +
                                        "): --merge takes two tables (ktune-table/1, `ktune rules --table`) or two "
                                        "size rules (ktune-rules/1)");
        const std::string family = mergedFamily(args, base, part, {kind}, basePath, kindPath);
        if (sizeRules) {
            mergeSizeRules(base, part, kind, family, outPath, args, cpp);
            return 0;
        }
        if (!part.table->kinds.empty())
            throw rules::RuleInputError(kindPath + ": has kind tables of its own; give a plain table for " + kind);
        rules::SizeTable merged;
        try {
            merged = rules::withKindTable(*base.table, kind, *part.table);
        } catch (const rules::RuleInputError& e) {
            throw rules::RuleInputError(basePath + " + " + kindPath + ": " + e.what());
        }
        std::string header;
        if (args.value("--emit-cpp")) header = rules::emitTableCpp(merged, cpp.functionName, cpp.namespaceName);
        nlohmann::json j = base.document; // its source, candidates and evaluation stay the main table's
        const auto tableJson = rules::tableToJson(merged);
        j["entries"] = tableJson["entries"];
        const nlohmann::json before = j.value("kinds", nlohmann::json::object());
        j["kinds"] = tableJson["kinds"];
        for (const auto& [k, v] : before.items()) // earlier merges' provenance
            for (const auto& [key, value] : v.items())
                if (key != "entries") j["kinds"][k][key] = value;
        copyProvenanceKeys(part.document, j["kinds"][kind]);
        if (!family.empty()) j["family"] = family;
        fit::writeFileAtomically(outPath, j.dump(2) + "\n");
        if (auto p = args.value("--emit-cpp")) fit::writeFileAtomically(*p, header);
        std::size_t overrides = 0;
        for (std::size_t i = 0; i < part.table->keys.size(); ++i) {
            const auto main = merged.find(part.table->keys[i]);
            if (!main.exact || merged.candidates[main.index] != part.table->candidates[i]) ++overrides;
        }
        std::cout << "merged: " << merged.keys.size() << " entries, " << kind << " table " << part.table->keys.size()
                  << " entries (" << overrides << " differ from the main table's entry as written)\nwrote: " << outPath
                  << (args.value("--emit-cpp") ? ", " + *args.value("--emit-cpp") : "") << "\n";
    } catch (const rules::RuleInputError& e) {
        throw cli::UsageError(e.what());
    }
    return 0;
}

int runRules(const std::vector<std::string>& argv) {
    using namespace kt;
    cli::Args args(argv,
                   {"--curves", "--min-width", "--tolerance", "--out", "--emit-cpp", "--function", "--namespace",
                    "--holdout", "--max-depth", "--min-leaf", "--family", "--key", "--merge", "--kind-table",
                    "--aligned", "--multiple"},
                   {"--table"});
    if (!args.positional().empty()) throw cli::UsageError("unexpected argument '" + args.positional()[0] + "'");
    if (args.value("--merge")) {
        rules::CppEmitOptions cpp;
        cpp.functionName = args.value("--function").value_or("selectKernel");
        cpp.namespaceName = args.value("--namespace").value_or("ktune_rules");
        return runMerge(args, args.required("--out"), cpp);
    }
    if (args.value("--kind-table")) throw cli::UsageError("--kind-table goes with --merge MAIN.json");
    if (args.value("--aligned")) throw cli::UsageError("--aligned goes with --merge MAIN.json");
    const std::string curvesPath = args.required("--curves");
    const std::string outPath = args.required("--out");
    if (auto f = args.value("--family")) {
        kernels::registerBuiltinFamilies();
        const auto family = FamilyRegistry::instance().find(*f);
        if (!family || family->internal()) throw cli::UsageError("--family: unknown family '" + *f + "'");
    }
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
    const auto header = rules::csvHeaderOf(curvesPath);
    const bool treeMode = header.size() >= 4 && header[header.size() - 2] == "candidate" && header.back() == "value";
    if (treeMode && args.value("--multiple"))
        throw cli::UsageError("--multiple applies to size curves (one size column), not to trees or tables");
    if (treeMode && args.flag("--table")) return runTable(args, curvesPath, outPath, cpp);
    if (treeMode) return runTree(args, curvesPath, outPath, cpp);
    if (args.flag("--table") || args.value("--key"))
        throw cli::UsageError("--table and --key need curves with two or more size dimensions");
    if (args.value("--max-depth") || args.value("--min-leaf"))
        throw cli::UsageError("--max-depth and --min-leaf need curves with two or more size dimensions");
    const auto multiple = multipleOption(args);
    try {
        // With --multiple M the multiples of M make the aligned intervals and the other sizes the main ones.
        const auto all = rules::readCurvesCsv(curvesPath);
        const auto curves = multiple ? all.sizesAligned(*multiple, false) : all;
        std::optional<rules::CurveTable> alignedCurves;
        if (multiple) {
            alignedCurves = all.sizesAligned(*multiple, true);
            const std::string m = std::to_string(*multiple);
            if (alignedCurves->sizes.empty())
                throw rules::RuleInputError(curvesPath + ": no size is a multiple of " + m + " (--multiple " + m +
                                            " derives aligned intervals from them)");
            if (curves.sizes.empty())
                throw rules::RuleInputError(curvesPath + ": every size is a multiple of " + m + ", none is left for the "
                                            "main intervals (derive the rule without --multiple)");
        }
        const auto rule = rules::deriveRule(curves, options);
        std::optional<rules::AlignedIntervals> aligned;
        if (alignedCurves) aligned = rules::AlignedIntervals{*multiple, rules::deriveRule(*alignedCurves, options), {}};
        std::string header; // may reject --namespace: before writing
        if (args.value("--emit-cpp"))
            header = aligned ? rules::emitKindsCpp(rule, {}, cpp, &*aligned) : rules::emitCpp(rule, cpp);
        // Intervals, provenance and evaluation of one set of curves (the main ones, or the aligned part's).
        auto described = [&](const rules::SizeRule& r, const rules::CurveTable& c, const rules::RuleEvaluation& e) {
            auto j = rules::ruleToJson(r);
            j["candidates"] = c.candidates;
            j["sizes"] = {{"min", c.sizes.front()}, {"max", c.sizes.back()}, {"count", c.sizes.size()}};
            j["evaluation"] = rules::evaluationToJson(e);
            return j;
        };
        const auto training = rules::evaluateRule(rule, curves);
        std::optional<rules::RuleEvaluation> alignedTraining;
        if (aligned) alignedTraining = rules::evaluateRule(aligned->rule, *alignedCurves);
        auto j = described(rule, curves, training);
        j["source"] = curvesPath;
        if (auto f = args.value("--family")) j["family"] = *f;
        j["min_width"] = options.minWidth;
        j["tolerance"] = options.tolerance;
        if (aligned) {
            j["aligned"] = described(aligned->rule, *alignedCurves, *alignedTraining);
            j["aligned"].erase("format");
            j["aligned"]["multiple"] = *multiple;
            j["aligned"]["source"] = curvesPath;
        }
        std::optional<rules::RuleEvaluation> holdout, alignedHoldout;
        if (auto h = args.value("--holdout")) {
            const auto held = rules::readCurvesCsv(*h);
            holdout = rules::evaluateRule(rule, multiple ? held.sizesAligned(*multiple, false) : held);
            j["holdout"] = rules::evaluationToJson(*holdout);
            j["holdout"]["source"] = *h;
            if (aligned) {
                alignedHoldout = rules::evaluateRule(aligned->rule, held.sizesAligned(*multiple, true));
                j["aligned"]["holdout"] = rules::evaluationToJson(*alignedHoldout);
                j["aligned"]["holdout"]["source"] = *h;
            }
        }
        fit::writeFileAtomically(outPath, j.dump(2) + "\n");
        if (auto p = args.value("--emit-cpp")) fit::writeFileAtomically(*p, header);
        for (const auto& row : rules::ruleTable(rule)) std::cout << row.range << "  " << row.candidate << "\n";
        printEvaluation("curves", training);
        if (holdout) printEvaluation("holdout", *holdout);
        if (aligned) {
            std::cout << "aligned (multiples of " << *multiple << "):\n";
            for (const auto& row : rules::ruleTable(aligned->rule))
                std::cout << row.range << "  " << row.candidate << "\n";
            printEvaluation("aligned curves", *alignedTraining);
            if (alignedHoldout) printEvaluation("aligned holdout", *alignedHoldout);
        }
        std::cout << "wrote: " << outPath << (args.value("--emit-cpp") ? ", " + *args.value("--emit-cpp") : "") << "\n";
    } catch (const rules::RuleInputError& e) {
        throw cli::UsageError(e.what());
    }
    return 0;
}

KT_REGISTER_COMMAND(kt::cli::Command{"rules", "dispatch rules (size intervals → candidate) from curves; JSON + C++",
                                     kRulesUsage, runRules});

} // namespace
