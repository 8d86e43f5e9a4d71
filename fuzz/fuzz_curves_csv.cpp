// Fuzz target: curve tables (`rules --curves`, `--holdout`: the CSV that `best --curves` and `fit` write), parsed
// with the generic CSV reader underneath, then the best candidate at every size.
#include "core/rules/curve_table.hpp"
#include "fuzz/fuzz_target.hpp"

namespace {
void run(const std::string& text) {
    const auto table = kt::rules::parseCurvesCsv(text, "fuzz.csv");
    for (std::size_t s = 0; s < table.sizes.size(); ++s) (void)table.best(s);
}
} // namespace

KT_FUZZ_TARGET(run)
