// Fuzz target: dispatch rule files (`bench --rules`, the JSON `ktune rules` writes): parse, then select a candidate
// for a few sizes as the bench does.
#include <nlohmann/json.hpp>

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
        for (long long v : {1LL, 1000LL, 2147483647LL}) (void)rule.select(dims, std::vector<long long>(dims.size(), v));
    }
}
} // namespace

KT_FUZZ_TARGET(run)
