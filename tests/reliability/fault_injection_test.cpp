// The plan-level faults of KT_FAULT_INJECTION (core/engine/fault_injection.hpp): what each does to a plan, checked
// without a device. The family fault matrix (family_faults_test.cpp) shows what the devices then do with them.
#include <gtest/gtest.h>

#include "core/engine/fault_injection.hpp"

namespace kt {
namespace {

KernelPlan twoKernelPlan() {
    KernelPlan plan;
    GeneratedSource program;
    program.source = "#define X 1\n"
                     "KT_FUNC void helper(int a) { }\n"
                     "KT_KERNEL KT_BOUNDS(64) void first(const int n, KT_GLOBAL real* y /* (not a body) */)\n"
                     "{\n  y[0] = n;\n}\n"
                     "KT_KERNEL void second(KT_GLOBAL real* y) { y[1] = 2; }\n";
    program.options = {"-DX=1"};
    program.kernels = {"first", "second"};
    plan.programs.push_back(program);
    return plan;
}

TEST(FaultInjection, LocalMemoryGoesAtTheTopOfEveryLaunchedKernelBody) {
    KernelPlan plan = twoKernelPlan();
    injectIntoPlan(plan, InjectedFault::LocalMemory);
    const std::string& s = plan.programs.front().source;
    const std::string statement = "KT_LOCAL volatile unsigned char kt_injected_local[1073741824];";
    const auto firstBody = s.find("{", s.find("void first("));
    const auto secondBody = s.find("{", s.find("void second("));
    EXPECT_EQ(s.find(statement, firstBody), firstBody + 2) << s;
    EXPECT_EQ(s.find(statement, secondBody), secondBody + 2) << s;
    // The helper function and everything else are unchanged.
    EXPECT_NE(s.find("KT_FUNC void helper(int a) { }\n"), std::string::npos) << s;
    EXPECT_NE(s.find("y[0] = n;"), std::string::npos);
    EXPECT_EQ(plan.programs.front().options, std::vector<std::string>{"-DX=1"});
}

TEST(FaultInjection, AKernelTheSourceLacksIsRefusedWithItsName) {
    KernelPlan plan = twoKernelPlan();
    plan.programs.front().kernels.push_back("third");
    try {
        injectIntoPlan(plan, InjectedFault::LocalMemory);
        FAIL() << "no error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no kernel third"), std::string::npos) << e.what();
    }
    // A name that is only a prefix of a defined kernel is not that kernel.
    EXPECT_THROW(insertAtKernelStart("KT_KERNEL void firsts(int a) {}", "first", ";"), std::invalid_argument);
}

TEST(FaultInjection, DeviceMemoryAddsAWorkspaceNoDeviceCanHold) {
    KernelPlan plan = twoKernelPlan();
    injectIntoPlan(plan, InjectedFault::DeviceMemory);
    ASSERT_EQ(plan.buffers.size(), 1u);
    EXPECT_EQ(plan.buffers.front().role, BufferRole::Workspace);
    EXPECT_EQ(plan.buffers.front().elements, "1125899906842624");
    EXPECT_EQ(plan.programs.front().source, twoKernelPlan().programs.front().source);
}

TEST(FaultInjection, EveryKindHasANameThatReadsBack) {
    for (auto fault : {InjectedFault::CompileError, InjectedFault::WorkItems, InjectedFault::WriteAfterEnd,
                       InjectedFault::WriteBeforeStart, InjectedFault::WrongResult, InjectedFault::LocalMemory,
                       InjectedFault::DeviceMemory, InjectedFault::StopCompiling, InjectedFault::StopTiming})
        EXPECT_EQ(injectedFaultFromString(toString(fault)), fault) << toString(fault);
    EXPECT_THROW(injectedFaultFromString("local"), std::invalid_argument);
}

} // namespace
} // namespace kt
