// `ktune source`: the generated source of one candidate (what the tuner compiles), for reading, for the GUI-less
// user, and for offline analysis (e.g. `nvcc -x cu -arch=sm_90 -cubin -Xptxas -v` reports registers and spills).
#include <cstdio>
#include <fstream>
#include <iostream>

#include "app/cli/cli_common.hpp"
#include "core/engine/family.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::cli {
namespace {

int runSource(const std::vector<std::string>& argv) {
    Args args(argv, {"--device", "--family", "--point", "--output", "--db"}, {"--options", "--plan"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    kernels::registerBuiltinFamilies();
    const std::string familyName = args.required("--family");
    auto family = FamilyRegistry::instance().find(familyName);
    if (!family) throw UsageError("unknown family '" + familyName + "' (see `ktune families`)");
    DeviceInfo device = genericGpuDevice();
    if (auto d = args.value("--device")) device = DeviceCatalog(databasePath(args)).select(*d).info;
    Point point;
    try {
        point = family->space(device).pointFromKey(args.required("--point"));
    } catch (const UsageError&) {
        throw;
    } catch (const std::exception& e) {
        throw UsageError(std::string("--point: ") + e.what());
    }
    GeneratedSource generated;
    try {
        generated = family->generate(point, device);
    } catch (const std::exception& e) {
        throw UsageError(std::string("--point: cannot generate this candidate: ") + e.what());
    }
    if (args.flag("--plan")) {
        const auto plan = family->plan(point, device);
        if (!plan) throw UsageError("--plan: family " + familyName + " runs its own candidate code, not a kernel plan");
        std::cout << plan->describe();
        return 0;
    }
    if (args.flag("--options")) {
        for (const auto& o : generated.options) std::printf("%s\n", o.c_str());
        return 0;
    }
    if (auto path = args.value("--output")) {
        std::ofstream out(*path, std::ios::binary | std::ios::trunc);
        if (!out) throw UsageError("--output: cannot write '" + *path + "'");
        out << generated.source;
        if (!out.flush()) throw UsageError("--output: writing '" + *path + "' failed");
        return 0;
    }
    std::cout << generated.source;
    return 0;
}

KT_REGISTER_COMMAND(Command{
    "source", "print the generated kernel source of one candidate",
    "usage: ktune source --family F --point KEY [--device D] [--output FILE] [--options | --plan]\n\n"
    "Prints the complete source (dialect preamble included) that the tuner compiles for the candidate KEY\n"
    "(NAME=value,… as `ktune best` prints it). --options prints the compiler defines instead, one per line;\n"
    "--plan the candidate's kernel plan: its variables, buffers, and every launch with its phase, geometry and\n"
    "arguments as expressions of the problem size (docs/architecture.md).\n"
    "Without --device the family sees generic GPU limits. The same text compiles as OpenCL C and as CUDA.\n",
    runSource});

} // namespace
} // namespace kt::cli
