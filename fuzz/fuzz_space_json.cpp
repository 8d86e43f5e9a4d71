// Fuzz target: parameter-space JSON (`--space` files, presets), then a bounded look at its points, so the constraints
// a file declares are compiled and evaluated too. The bound is on the points examined, not only on the valid ones
// found: a space whose constraints reject nearly every point (a mutated bound in a large space) made the walk over its
// valid points cover millions of combinations (over 10 s under AddressSanitizer, saved in fuzz/regressions).
#include "core/space/parameter_space.hpp"
#include "fuzz/fuzz_target.hpp"

namespace {
constexpr std::uint64_t kWalkedCombinations = std::uint64_t(1) << 16; // a whole walk at most this large

void run(const std::string& text) {
    const auto space = kt::ParameterSpace::fromJson(text, "fuzz.json");
    const std::uint64_t size = space.cartesianSize();
    if (size <= kWalkedCombinations) {
        int visited = 0;
        space.forEachValid([&](const kt::Point& p) {
            (void)p.key();
            return ++visited < 64;
        });
        return;
    }
    // Larger spaces: 256 points spread over the product, each checked against the constraints.
    for (std::uint64_t i = 0; i < 256; ++i) {
        const kt::Point p = space.pointAt(i * (size / 256));
        if (space.isValid(p)) (void)p.key();
        else (void)space.brokenConstraint(p);
    }
}
} // namespace

KT_FUZZ_TARGET(run)
