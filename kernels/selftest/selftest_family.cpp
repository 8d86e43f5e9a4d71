// Self-test family: y = 2x with deliberate failure modes.
#include "kernels/selftest/selftest_family.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>

#include "core/engine/plan_data.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::selftest {

namespace {
// Elements after y that no candidate may write (mode 7 writes the first): poisoned like y, checked by verify().
constexpr int kGuard = 64;
} // namespace

std::string SelftestFamily::description() const {
    return "y = 2x, where SELFTEST_MODE makes a candidate correct (0), wrong (1), fail to compile (2), hang (3), "
           "crash (4), write NaN (5) or Inf (6), write past the end of its output (7), ask for too much local "
           "memory (8) or device memory (9). Used by the engine's reliability tests (the fault matrix); not a tuning "
           "target.";
}

ParameterSpace SelftestFamily::space(const DeviceInfo&) const {
    ParameterSpace space;
    space.name = name();
    space.addParameter({"SELFTEST_MODE", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                        "0 ok, 1 wrong, 2 compile error, 3 hang, 4 crash, 5 NaN, 6 Inf, 7 out of bounds, "
                        "8 local memory, 9 device memory"});
    space.addParameter({"SELFTEST_WG", {32, 64}, "work-group size"});
    return space;
}

std::optional<KernelPlan> SelftestFamily::plan(const Point& point, const DeviceInfo&) const {
    KernelPlan plan;
    plan.precision = Precision::F32;
    plan.inputs = {"n"};
    GeneratedSource program;
    program.source = kernels::withPreamble(kernels::embeddedSource("selftest/selftest.cl"));
    program.options = {"-DSELFTEST_MODE=" + std::to_string(point["SELFTEST_MODE"])};
    program.kernels = {"selftest"};
    plan.programs = {program};
    plan.buffers = {{"x", BufferRole::Input, "n"}, {"y", BufferRole::Output, "n + " + std::to_string(kGuard)}};
    // Mode 9: 1 PiB of device memory, more than any device has (the allocation fails before any launch).
    if (point["SELFTEST_MODE"] == 9) plan.buffers.push_back({"hog", BufferRole::Workspace, "281474976710656"});
    const auto wg = point["SELFTEST_WG"];
    PlanLaunch launch;
    launch.kernel = "selftest";
    launch.global = {roundUpExpr("n", wg), "1", "1"};
    launch.local = {std::to_string(wg), "1", "1"};
    launch.args = {PlanArg::buffer("x"), PlanArg::buffer("y"), PlanArg::integer("n"), PlanArg::integer("1")};
    plan.launches = {launch};
    return plan;
}

VerifyResult SelftestFamily::verify(const PlanData& data) const {
    const auto& x = data.input<float>("x");
    const auto& y = data.output<float>("y");
    for (std::size_t g = x.size(); g < y.size(); ++g) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &y[g], sizeof bits);
        if (bits != 0xFFFFFFFFu)
            return {false, 0, 1.0,
                    "wrote past the end of y: guard element y[" + std::to_string(g) + "] (n = " +
                        std::to_string(x.size()) + ") was changed"};
    }
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float expected = 2.0f * x[i];
        if (!(y[i] == expected)) {
            std::ostringstream msg;
            msg << "y[" << i << "] = " << y[i] << ", expected " << expected;
            return {false, std::fabs(y[i] - expected), 1.0, msg.str()};
        }
    }
    return {true, 0, 0, ""};
}

} // namespace kt::selftest
