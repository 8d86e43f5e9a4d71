// Fuzz target: constraint expressions — parse, compile against three named slots, evaluate, and check that the
// tree evaluator and the bytecode agree.
#include <cstdlib>

#include "core/space/expression.hpp"
#include "fuzz/fuzz_target.hpp"

namespace {
void run(const std::string& text) {
    const auto e = kt::Expression::parse(text);
    const std::int64_t slots[3] = {64, -3, 1LL << 40};
    const auto resolve = [](const std::string& name) -> std::optional<kt::NameBinding> {
        if (name.size() == 1 && name[0] >= 'a' && name[0] <= 'c')
            return kt::NameBinding{kt::NameBinding::Kind::Slot, name[0] - 'a'};
        return kt::NameBinding{kt::NameBinding::Kind::Constant, 7};
    };
    const auto code = e.compile(resolve);
    std::int64_t r = 0;
    const bool ok = code.evaluate(slots, r);
    const auto direct = e.evaluate([&](const std::string& name) -> std::optional<std::int64_t> {
        const auto b = *resolve(name);
        return b.kind == kt::NameBinding::Kind::Slot ? slots[b.value] : b.value;
    });
    // Both evaluators fail on the same inputs (division by zero, overflow) and agree otherwise.
    if (ok != direct.has_value() || (ok && r != *direct)) std::abort();
}
} // namespace

KT_FUZZ_TARGET(run)
