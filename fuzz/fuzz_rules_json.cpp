// Fuzz target: dispatch rule files (`bench --rules`, the JSON `ktune rules` writes): parse, then select a candidate
// for a few sizes and every kind as the bench does, and emit its C++.
#include <nlohmann/json.hpp>

#include "core/rules/rule_emit.hpp"
#include "core/rules/rule_file.hpp"
#include "fuzz/fuzz_target.hpp"

namespace {
void run(const std::string& text) {
    const auto rule = kt::rules::ruleFileFromJson(nlohmann::json::parse(text), "fuzz.json");
    (void)rule.candidates();
    for (const std::vector<std::string>& dims : {std::vector<std::string>{"n"}, {"m", "n", "k"}}) {
        try {
            rule.checkDimensions(dims);
        } catch (const std::exception&) {
            continue;
        }
        // Sizes on and off a multiple (aligned intervals), for the main kind and each of the rule's own.
        std::vector<std::string> kinds = rule.kinds();
        kinds.push_back({});
        for (const auto& kind : kinds)
            for (long long v : {1LL, 1000LL, 1024LL, 2147483647LL})
                (void)rule.select(dims, std::vector<long long>(dims.size(), v), kind);
    }
    // The C++ a size rule emits (`ktune rules --emit-cpp`, exported packages): refused or written, never a crash.
    if (rule.sizeRule) {
        try {
            (void)kt::rules::emitKindsCpp(*rule.sizeRule, rule.kindRules, {},
                                          rule.aligned ? &*rule.aligned : nullptr);
        } catch (const kt::rules::RuleInputError&) {
        }
    }
}
} // namespace

KT_FUZZ_TARGET(run)
