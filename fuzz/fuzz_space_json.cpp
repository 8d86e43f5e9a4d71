// Fuzz target: parameter-space JSON (`--space` files, presets), then a bounded walk over its valid points, so the
// constraints a file declares are compiled and evaluated too.
#include "core/space/parameter_space.hpp"
#include "fuzz/fuzz_target.hpp"

namespace {
void run(const std::string& text) {
    const auto space = kt::ParameterSpace::fromJson(text, "fuzz.json");
    int visited = 0;
    space.forEachValid([&](const kt::Point& p) {
        (void)p.key();
        return ++visited < 64;
    });
}
} // namespace

KT_FUZZ_TARGET(run)
