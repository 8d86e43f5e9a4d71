// Reading `ktune rules` output back (intervals or tree) and evaluating it on sizes, with the reason for each choice.
#include "core/rules/rule_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "core/rules/rule_emit.hpp"

namespace kt::rules {

namespace {

constexpr int kMaxTreeDepth = 64; // what `ktune rules --max-depth` allows; deeper input is not ours

int parseNode(const nlohmann::json& j, const std::string& path, int depth, DecisionTree& tree) {
    if (depth > kMaxTreeDepth) throw RuleInputError(path + ": tree deeper than " + std::to_string(kMaxTreeDepth));
    if (!j.is_object()) throw RuleInputError(path + ": expected an object");
    const int id = static_cast<int>(tree.nodes.size());
    tree.nodes.emplace_back();
    if (j.contains("candidate")) {
        if (!j["candidate"].is_string() || j["candidate"].get<std::string>().empty())
            throw RuleInputError(path + ".candidate: expected a non-empty string");
        tree.nodes[id].candidate = j["candidate"].get<std::string>();
        return id;
    }
    if (!j.contains("dim") || !j["dim"].is_string() || !j.contains("threshold") ||
        !j["threshold"].is_number_integer() || !j.contains("left") || !j.contains("right"))
        throw RuleInputError(path + ": a node needs \"candidate\" (leaf) or \"dim\", integer \"threshold\", "
                                    "\"left\" and \"right\"");
    const auto dim = std::find(tree.dims.begin(), tree.dims.end(), j["dim"].get<std::string>());
    if (dim == tree.dims.end())
        throw RuleInputError(path + ".dim: '" + j["dim"].get<std::string>() + "' is not one of \"dims\"");
    tree.nodes[id].dim = static_cast<int>(dim - tree.dims.begin());
    tree.nodes[id].threshold = j["threshold"].get<long long>();
    const int left = parseNode(j["left"], path + ".left", depth + 1, tree);
    const int right = parseNode(j["right"], path + ".right", depth + 1, tree);
    tree.nodes[id].left = left, tree.nodes[id].right = right;
    return id;
}

std::string joinedDims(const std::vector<std::string>& dims) {
    std::string out;
    for (const auto& d : dims) out += (out.empty() ? "" : ",") + d;
    return out;
}

// "m = n = k" for GEMM's cubes, the name itself for one dimension.
std::string scalarName(const std::vector<std::string>& dims) {
    std::string out;
    for (const auto& d : dims) out += (out.empty() ? "" : " = ") + d;
    return out;
}

// A size rule's "intervals" (of the rule, or of one of its kinds under `path`), none with an empty candidate.
SizeRule checkedIntervals(const nlohmann::json& j, const std::string& path) {
    SizeRule r;
    try {
        r = ruleFromJson(j);
    } catch (const RuleInputError& e) {
        throw RuleInputError(path.empty() ? std::string(e.what()) : path.substr(0, path.size() - 1) + ": " + e.what());
    }
    for (std::size_t i = 0; i < r.intervals.size(); ++i)
        if (r.intervals[i].candidate.empty())
            throw RuleInputError(path + "intervals[" + std::to_string(i) + "]: empty candidate");
    return r;
}

// A size rule's "kinds" (of the rule, or of its aligned part under `path`): kind → intervals.
std::vector<KindIntervals> checkedKinds(const nlohmann::json& j, const std::string& path) {
    std::vector<KindIntervals> kinds;
    if (!j.contains("kinds")) return kinds;
    if (!j["kinds"].is_object()) throw RuleInputError(path + "kinds: expected an object of kind → intervals");
    for (const auto& [kind, part] : j["kinds"].items()) { // nlohmann's objects iterate sorted by key
        if (kind.empty()) throw RuleInputError(path + "kinds: an empty kind name");
        kinds.push_back({kind, checkedIntervals(part, path + "kinds." + kind + ".")});
    }
    return kinds;
}

AlignedIntervals checkedAligned(const nlohmann::json& j) {
    if (!j.is_object()) throw RuleInputError("aligned: expected an object with \"multiple\" and \"intervals\"");
    if (!j.contains("multiple") || !j["multiple"].is_number_integer() || j["multiple"].get<long long>() < 2)
        throw RuleInputError("aligned.multiple: expected an integer >= 2 (the sizes the aligned intervals take are "
                             "its multiples)");
    AlignedIntervals a;
    a.multiple = j["multiple"].get<long long>();
    a.rule = checkedIntervals(j, "aligned.");
    a.kinds = checkedKinds(j, "aligned.");
    return a;
}

} // namespace

DecisionTree treeFromJson(const nlohmann::json& j) {
    if (!j.is_object()) throw RuleInputError("a tree rule must be a JSON object");
    if (!j.contains("dims") || !j["dims"].is_array() || j["dims"].empty())
        throw RuleInputError("dims: expected a non-empty array of dimension names");
    DecisionTree tree;
    for (std::size_t i = 0; i < j["dims"].size(); ++i) {
        const auto& d = j["dims"][i];
        const std::string where = "dims[" + std::to_string(i) + "]";
        if (!d.is_string() || d.get<std::string>().empty()) throw RuleInputError(where + ": expected a name");
        if (std::find(tree.dims.begin(), tree.dims.end(), d.get<std::string>()) != tree.dims.end())
            throw RuleInputError(where + ": '" + d.get<std::string>() + "' appears twice");
        tree.dims.push_back(d.get<std::string>());
    }
    if (!j.contains("tree")) throw RuleInputError("tree: missing");
    parseNode(j["tree"], "tree", 0, tree);
    return tree;
}

RuleFile ruleFileFromJson(const nlohmann::json& j, const std::string& source) {
    RuleFile rule;
    rule.source = source;
    rule.document = j;
    try {
        if (!j.is_object()) throw RuleInputError("expected a JSON object");
        if (!j.contains("format") || !j["format"].is_string())
            throw RuleInputError(
                "\"format\" missing; expected \"ktune-rules/1\", \"ktune-tree/1\" or \"ktune-table/1\"");
        rule.format = j["format"].get<std::string>();
        if (j.contains("family")) {
            if (!j["family"].is_string()) throw RuleInputError("\"family\": expected a string");
            rule.family = j["family"].get<std::string>();
        }
        if (rule.format == "ktune-rules/1") {
            rule.sizeRule = checkedIntervals(j, "");
            rule.kindRules = checkedKinds(j, "");
            if (j.contains("aligned")) rule.aligned = checkedAligned(j["aligned"]);
        } else if (rule.format == "ktune-tree/1") {
            rule.tree = treeFromJson(j);
        } else if (rule.format == "ktune-table/1") {
            rule.table = tableFromJson(j);
        } else {
            throw RuleInputError("\"format\" is '" + rule.format +
                                 "'; expected \"ktune-rules/1\", \"ktune-tree/1\" or \"ktune-table/1\"");
        }
    } catch (const RuleInputError& e) {
        throw RuleInputError(source + ": " + e.what());
    }
    return rule;
}

RuleFile readRuleFile(const std::string& path) {
    // Bound on input (docs/reliability.md): a rule of a few hundred intervals is a few KiB.
    constexpr std::uintmax_t kMaxRuleFileBytes = 16u << 20;
    std::error_code ec;
    if (const auto bytes = std::filesystem::file_size(path, ec); !ec && bytes > kMaxRuleFileBytes)
        throw RuleInputError(path + ": " + std::to_string(bytes) + " bytes, more than the 16 MiB a rule file may have");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw RuleInputError(path + ": cannot read the rule file");
    std::stringstream text;
    text << in.rdbuf();
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error& e) {
        throw RuleInputError(path + ": not JSON (" + e.what() + ")");
    }
    return ruleFileFromJson(j, path);
}

std::vector<std::string> RuleFile::candidates() const {
    std::vector<std::string> out;
    auto add = [&](const std::string& c) {
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    };
    if (sizeRule)
        for (const auto& iv : sizeRule->intervals) add(iv.candidate);
    for (const auto& k : kindRules)
        for (const auto& iv : k.rule.intervals) add(iv.candidate);
    if (aligned) {
        for (const auto& iv : aligned->rule.intervals) add(iv.candidate);
        for (const auto& k : aligned->kinds)
            for (const auto& iv : k.rule.intervals) add(iv.candidate);
    }
    if (tree) {
        std::function<void(int)> walk = [&](int i) {
            const auto& n = tree->nodes[static_cast<std::size_t>(i)];
            if (n.dim < 0) return add(n.candidate);
            walk(n.left), walk(n.right);
        };
        if (!tree->nodes.empty()) walk(0);
    }
    if (table) {
        for (const auto& c : table->candidates) add(c);
        for (const auto& k : table->kinds)
            for (const auto& c : k.candidates) add(c);
    }
    return out;
}

std::vector<std::string> RuleFile::kinds() const {
    std::vector<std::string> out;
    if (table)
        for (const auto& k : table->kinds) out.push_back(k.kind);
    for (const auto& k : kindRules) out.push_back(k.kind);
    if (aligned)
        for (const auto& k : aligned->kinds)
            if (std::find(out.begin(), out.end(), k.kind) == out.end()) out.push_back(k.kind);
    std::sort(out.begin(), out.end());
    return out;
}

void RuleFile::checkDimensions(const std::vector<std::string>& dims) const {
    if (dims.empty()) throw RuleInputError(source + ": the family has no size dimensions");
    if (tree)
        for (const auto& d : tree->dims)
            if (std::find(dims.begin(), dims.end(), d) == dims.end())
                throw RuleInputError(source + ": the tree splits on '" + d + "', which is not a size dimension (" +
                                     joinedDims(dims) + ")");
    if (table)
        for (const auto& d : table->dims)
            if (std::find(dims.begin(), dims.end(), d) == dims.end())
                throw RuleInputError(source + ": the table is keyed on '" + d + "', which is not a size dimension (" +
                                     joinedDims(dims) + ")");
}

RuleChoice RuleFile::select(const std::vector<std::string>& dims, const std::vector<long long>& size,
                            const std::string& kind) const {
    if (size.size() != dims.size())
        throw RuleInputError(source + ": a size with " + std::to_string(size.size()) + " values for " +
                             std::to_string(dims.size()) + " dimensions (" + joinedDims(dims) + ")");
    RuleChoice choice;
    if (sizeRule) {
        if (std::adjacent_find(size.begin(), size.end(), std::not_equal_to<>()) != size.end()) {
            std::string label;
            for (auto v : size) label += (label.empty() ? "" : "x") + std::to_string(v);
            throw RuleInputError(source + ": a size rule (ktune-rules/1) covers " + scalarName(dims) +
                                 " only, and " + label + " is not such a size; derive a tree from curves with " +
                                 joinedDims(dims) + " columns for other shapes");
        }
        const long long s = size.front();
        const bool alignedSize = aligned && aligned->takes(s);
        const SizeRule* chosen = alignedSize ? &aligned->rule : &*sizeRule;
        if (!kind.empty())
            for (const auto& k : alignedSize ? aligned->kinds : kindRules)
                if (k.kind == kind) chosen = &k.rule, choice.kind = kind;
        const auto& ivs = chosen->intervals;
        const Interval& iv = chosen->intervalFor(s);
        const std::string name = scalarName(dims);
        choice.candidate = iv.candidate;
        choice.why = std::to_string(iv.lo) + " <= " + name + " < " + std::to_string(iv.hi);
        if (!choice.kind.empty() || alignedSize) { // " (tn intervals)", " (tn aligned intervals, multiples of 128)"
            std::string which = choice.kind.empty() ? std::string() : kind + " ";
            if (alignedSize) which.append("aligned ");
            which.append("intervals");
            if (alignedSize) which.append(", multiples of ").append(std::to_string(aligned->multiple));
            choice.why.append(" (").append(which).append(")");
        }
        if (s < ivs.front().lo)
            choice.note = name + " = " + std::to_string(s) + " is below the rule's first interval (" + choice.why +
                          "): its candidate is used";
        else if (s >= ivs.back().hi)
            choice.note = name + " = " + std::to_string(s) + " is past the rule's last interval (" + choice.why +
                          "): its candidate is used";
        return choice;
    }
    checkDimensions(dims);
    if (table) {
        std::vector<long long> x;
        for (const auto& d : table->dims)
            x.push_back(size[static_cast<std::size_t>(std::find(dims.begin(), dims.end(), d) - dims.begin())]);
        auto label = [&](const std::vector<long long>& v) {
            std::string out;
            for (std::size_t i = 0; i < v.size(); ++i)
                out += (i ? ", " : "") + table->dims[i] + " = " + std::to_string(v[i]);
            return out;
        };
        const auto found = table->choose(x, kind);
        choice.candidate = found.candidate;
        choice.kind = found.kind;
        choice.why = label(found.key) + (found.kind.empty() ? "" : " (" + found.kind + " table)");
        if (!found.exact) choice.note = label(x) + " has no table entry: the nearest one (" + choice.why + ") is used";
        if (!kind.empty() && found.kind.empty() && table->kindTable(kind))
            choice.note += (choice.note.empty() ? "" : "; ") + label(x) + " has no " + kind +
                           " entry: the main table's is used";
        return choice;
    }
    std::vector<long long> x(tree->dims.size());
    for (std::size_t d = 0; d < x.size(); ++d)
        x[d] = size[static_cast<std::size_t>(std::find(dims.begin(), dims.end(), tree->dims[d]) - dims.begin())];
    int i = 0;
    for (;;) {
        const auto& n = tree->nodes[static_cast<std::size_t>(i)];
        if (n.dim < 0) {
            choice.candidate = n.candidate;
            if (choice.why.empty()) choice.why = "(one leaf)";
            return choice;
        }
        const bool left = x[static_cast<std::size_t>(n.dim)] < n.threshold;
        choice.why += (choice.why.empty() ? "" : ", ") + tree->dims[static_cast<std::size_t>(n.dim)] +
                      (left ? " < " : " >= ") + std::to_string(n.threshold);
        i = left ? n.left : n.right;
    }
}

} // namespace kt::rules
