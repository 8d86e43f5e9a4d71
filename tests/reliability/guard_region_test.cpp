// Guard regions around the plan executor's buffers on the PoCL CPU device (docs/reliability.md, "Guard regions"):
// a kernel that writes one element past the end or before the start of any buffer is caught, an in-bounds kernel
// is not, and a buffer reused at a smaller size is guarded at its new end.
#include <gtest/gtest.h>

#include <vector>

#include "core/engine/guarded_buffer.hpp"
#include "core/engine/plan_executor.hpp"
#include "devices/registry.hpp"

namespace kt::test {
namespace {

// y[i + SHIFT] = 2 * x[i] for i < n: SHIFT 0 is correct, 1 writes y[n], -1 writes y[-1].
const char* kShiftedCopy = R"(
__kernel void shifted_copy(int n, __global const float* x, __global float* y) {
    int i = get_global_id(0);
    if (i < n) y[i + SHIFT] = 2.0f * x[i];
}
)";

class GuardRegions : public ::testing::Test {
protected:
    void SetUp() override {
        m_backend = devices::makeOpenCLBackend();
        for (const auto& info : m_backend->enumerate())
            if (info.type == DeviceType::Cpu) {
                m_device = m_backend->open(info);
                break;
            }
        if (!m_device) GTEST_SKIP() << "no OpenCL CPU device";
    }

    KernelPlan plan(int shift) const {
        KernelPlan p;
        p.inputs = {"n"};
        GeneratedSource program;
        program.source = kShiftedCopy;
        program.options = {"-DSHIFT=" + std::to_string(shift)};
        program.kernels = {"shifted_copy"};
        p.programs = {program};
        p.buffers = {{"x", BufferRole::Input, "n"}, {"y", BufferRole::Output, "n"}};
        PlanLaunch l;
        l.kernel = "shifted_copy";
        l.global = {"n", "1", "1"};
        l.args = {PlanArg::integer("n"), PlanArg::buffer("x"), PlanArg::buffer("y")};
        p.launches = {l};
        return p;
    }

    // Runs the plan at each size in turn on one executor and returns what damagedGuards() said after the last.
    std::string run(int shift, const std::vector<std::int64_t>& sizes) {
        ProgramCache cache(*m_device);
        PlanExecutor executor(*m_device, cache, plan(shift));
        std::string damage;
        for (auto n : sizes) {
            executor.bindInputs({{"n", n}});
            executor.allocate();
            std::vector<float> x(std::size_t(n), 1.0f);
            m_device->write(executor.buffer("x"), x.data(), x.size() * sizeof(float));
            executor.runTimed();
            damage = executor.damagedGuards();
        }
        return damage;
    }

    std::unique_ptr<Backend> m_backend;
    std::unique_ptr<Device> m_device;
};

TEST_F(GuardRegions, TheDeviceHasAlignedViews) {
    ASSERT_GT(m_device->viewAlignment(), 0u);
    EXPECT_EQ(GuardedBuffer::kMinGuardBytes % m_device->viewAlignment(), 0u);
    auto g = GuardedBuffer::allocate(*m_device, 1000);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->data().bytes(), 1000u);
    EXPECT_TRUE(g->damage("b", 4).empty());
    // A misaligned view is refused with a message, not created.
    auto parent = m_device->allocate(4 * m_device->viewAlignment());
    EXPECT_THROW(m_device->view(*parent, 1, 16), BackendError);
}

TEST_F(GuardRegions, AnInBoundsKernelLeavesTheGuardsIntact) { EXPECT_EQ(run(0, {1000}), ""); }

TEST_F(GuardRegions, OneElementPastTheEndIsCaught) {
    const auto damage = run(1, {1000});
    EXPECT_NE(damage.find("wrote past the end of y: 4 guard bytes changed, the first at element y[1000] "
                          "(y has 1000 elements)"),
              std::string::npos)
        << damage;
}

TEST_F(GuardRegions, OneElementBeforeTheStartIsCaught) {
    const auto damage = run(-1, {1000});
    EXPECT_NE(damage.find("wrote before the start of y: 4 guard bytes changed, the nearest at element y[-1]"),
              std::string::npos)
        << damage;
}

TEST_F(GuardRegions, AReusedBufferIsGuardedAtItsNewEnd) {
    // 1000 then 600 elements in the same allocation: the write to y[600] lands where y[600] of the first size was.
    const auto damage = run(1, {1000, 600});
    EXPECT_NE(damage.find("the first at element y[600] (y has 600 elements)"), std::string::npos) << damage;
    EXPECT_EQ(run(0, {1000, 600}), "");
}

TEST_F(GuardRegions, ADisplacedBufferWritesIntoItsGuard) {
    // Fault injection's view: the kernel is correct, the buffer it is given is moved by one view alignment.
    ProgramCache cache(*m_device);
    for (int direction : {1, -1}) {
        PlanExecutor executor(*m_device, cache, plan(0));
        executor.displaceForFault("y", direction);
        executor.bindInputs({{"n", 256}});
        executor.allocate();
        std::vector<float> x(256, 1.0f);
        m_device->write(executor.buffer("x"), x.data(), x.size() * sizeof(float));
        executor.runTimed();
        const auto damage = executor.damagedGuards();
        EXPECT_NE(damage.find(direction > 0 ? "wrote past the end of y" : "wrote before the start of y"),
                  std::string::npos)
            << damage;
        EXPECT_EQ(damage.find(" x"), std::string::npos) << "x was not written: " << damage;
    }
}

} // namespace
} // namespace kt::test
