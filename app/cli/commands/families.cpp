// `ktune families`: the registered kernel families, their parameters, constraints and the size of their spaces.
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/cli_common.hpp"
#include "core/engine/family.hpp"
#include "core/strategies/strategy.hpp"
#include "kernels/builtin_families.hpp"
#include "kernels/presets.hpp"

namespace kt::cli {
namespace {

constexpr std::uint64_t kCountCap = 1'000'000;

int runFamilies(const std::vector<std::string>& argv) {
    Args args(argv, {"--device", "--db"}, {"--json", "--internal"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    kernels::registerBuiltinFamilies();
    DeviceInfo device; // without --device: constraints see no device limits (variables 0 except where unknown)
    if (auto d = args.value("--device")) device = DeviceCatalog(databasePath(args)).select(*d).info;
    else device = genericGpuDevice();
    nlohmann::json all = nlohmann::json::array();
    for (const auto& f : FamilyRegistry::instance().all()) {
        if (f->internal() && !args.flag("--internal")) continue;
        auto space = f->space(device);
        // Counting visits every valid point: the GEMM spaces hold tens of millions (minutes), so the listing
        // stops at kCountCap and says "more than".
        const auto valid = space.countValid(kCountCap + 1);
        const bool more = valid > kCountCap;
        if (args.flag("--json")) {
            all.push_back({{"name", f->name()}, {"title", f->title()}, {"metric", toString(f->metric())},
                           {"space", nlohmann::json::parse(space.toJson())}, {"valid", more ? kCountCap : valid},
                           {"valid_more_than_counted", more},
                           {"cartesian", space.cartesianSize()}});
            continue;
        }
        std::printf("%s — %s  [%s]\n  %s\n", f->name().c_str(), f->title().c_str(), toString(f->metric()).c_str(),
                    f->description().c_str());
        for (const auto& p : space.parameters()) {
            std::string values;
            for (auto v : p.values) values += (values.empty() ? "" : ",") + std::to_string(v);
            std::printf("    %-14s {%s}  %s\n", p.name.c_str(), values.c_str(), p.description.c_str());
        }
        for (const auto& c : space.constraints()) std::printf("    where %s\n", c.expression.c_str());
        std::printf("  %s%llu valid of %llu combinations (%s)\n\n", more ? "more than " : "",
                    static_cast<unsigned long long>(more ? kCountCap : valid),
                    static_cast<unsigned long long>(space.cartesianSize()),
                    args.value("--device") ? device.label().c_str() : "generic GPU limits");
    }
    if (args.flag("--json")) {
        std::cout << nlohmann::json{{"families", all}, {"strategies", StrategyRegistry::instance().names()},
                                    {"presets", kernels::presetNames()}}.dump(2) << "\n";
        return 0;
    }
    std::string strategies, presets;
    for (const auto& s : StrategyRegistry::instance().names()) strategies += " " + s;
    for (const auto& p : kernels::presetNames()) presets += " " + p;
    std::printf("strategies:%s\npresets:%s\n", strategies.c_str(), presets.c_str());
    return 0;
}

KT_REGISTER_COMMAND(Command{"families", "kernel families, their parameter spaces, strategies and presets",
                            "usage: ktune families [--device D] [--json]\n\n"
                            "Lists every kernel family with its parameters, value lists and constraints and the number of\n"
                            "valid variants, for device D's limits (default: generic GPU limits: 1024 work-items, 48 KiB local).\n",
                            runFamilies});

} // namespace
} // namespace kt::cli
