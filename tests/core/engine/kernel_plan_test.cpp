// Kernel plans without a device: consistency checks, the executor's evaluation of sizes and arguments, phases, the
// program cache. A recording device stands in for a backend.
#include <gtest/gtest.h>

#include <atomic>
#include <limits>
#include <map>

#include "core/engine/kernel_plan.hpp"
#include "core/engine/plan_executor.hpp"
#include "core/engine/program_cache.hpp"

using namespace kt;

namespace {

struct FakeBuffer final : Buffer {
    explicit FakeBuffer(std::size_t n) : size(n) {}
    std::size_t bytes() const override { return size; }
    std::size_t size;
};
struct FakeKernel final : Kernel {
    explicit FakeKernel(std::string n) : kernelName(std::move(n)) {}
    const std::string& name() const override { return kernelName; }
    std::string kernelName;
};
struct FakeProgram final : Program {
    std::unique_ptr<Kernel> kernel(const std::string& name) override { return std::make_unique<FakeKernel>(name); }
    const std::string& buildLog() const override { return log; }
    std::string log;
};

// Records every launch; builds fail for sources containing "bad".
class RecordingDevice final : public Device {
public:
    struct Call {
        std::string kernel;
        Range global, local;
        std::vector<KernelArg> args;
        bool timedByEvent;
        bool overlapping = false; // through enqueueOverlapping
    };
    const DeviceInfo& info() const override { return m_info; }
    std::unique_ptr<Buffer> allocate(std::size_t bytes) override {
        ++allocations;
        return std::make_unique<FakeBuffer>(bytes);
    }
    void write(Buffer&, const void*, std::size_t, std::size_t) override {}
    void read(const Buffer&, void*, std::size_t, std::size_t) override {}
    void fill(Buffer&, std::uint8_t) override {}
    std::unique_ptr<Program> build(const std::string& source, const std::vector<std::string>&) override {
        ++builds;
        if (source.find("bad") != std::string::npos) throw BuildError("build failed", "line 1: bad");
        return std::make_unique<FakeProgram>();
    }
    double launch(Kernel& k, const Range& g, const Range& l, const std::vector<KernelArg>& a) override {
        calls.push_back({k.name(), g, l, a, true});
        return 1.5;
    }
    void enqueue(Kernel& k, const Range& g, const Range& l, const std::vector<KernelArg>& a) override {
        calls.push_back({k.name(), g, l, a, false});
    }
    void enqueueOverlapping(Kernel& k, const Range& g, const Range& l, const std::vector<KernelArg>& a) override {
        calls.push_back({k.name(), g, l, a, false, true});
    }
    double timeSpan(const std::function<void()>& work) override {
        ++spans;
        work();
        return 2.5;
    }
    void finish() override {}

    std::vector<Call> calls;
    std::atomic<int> builds{0};
    int allocations = 0, spans = 0;

private:
    DeviceInfo m_info;
};

// y = alpha * x in blocks of 64 (scale), then one work-group sums the blocks (reduce).
KernelPlan twoKernelPlan() {
    KernelPlan plan;
    plan.precision = Precision::F64;
    plan.inputs = {"n"};
    plan.scalars = {{"alpha", 2.0}};
    plan.variables = {{"blocks", ceilDivExpr("n", 64)}};
    plan.checks = {{"n <= 1000000", "n above 10^6"}};
    plan.programs = {{"kernel text", {"-DX=1"}, {"scale", "reduce"}}};
    plan.buffers = {{"x", BufferRole::Input, "n"}, {"y", BufferRole::Workspace, "blocks * 64"},
                    {"sum", BufferRole::Output, "blocks"}};
    PlanLaunch scale;
    scale.kernel = "scale";
    scale.global = {roundUpExpr("n", 64), "1", "1"};
    scale.local = {"64", "1", "1"};
    scale.args = {PlanArg::buffer("x"), PlanArg::buffer("y"), PlanArg::real("alpha"), PlanArg::integer("n")};
    PlanLaunch reduce = scale;
    reduce.kernel = "reduce";
    reduce.global = {"64", "1", "1"};
    reduce.args = {PlanArg::buffer("y"), PlanArg::buffer("sum"), PlanArg::integer("blocks"), PlanArg::real("0.5")};
    plan.launches = {scale, reduce};
    return plan;
}

} // namespace

TEST(KernelPlan, ConsistentPlanHasNoReasonAndListsItself) {
    const auto plan = twoKernelPlan();
    EXPECT_EQ(plan.invalidReason(), "");
    const auto text = plan.describe();
    EXPECT_NE(text.find("let blocks = (n + 63) / 64"), std::string::npos) << text;
    EXPECT_NE(text.find("timed reduce"), std::string::npos) << text;
}

TEST(KernelPlan, InconsistenciesAreNamed) {
    auto expectReason = [](KernelPlan plan, const std::string& part) {
        const auto why = plan.invalidReason();
        EXPECT_NE(why.find(part), std::string::npos) << "reason: '" << why << "', expected '" << part << "'";
    };
    auto p = twoKernelPlan();
    p.variables.push_back({"late", "m * 2"});
    expectReason(p, "reads 'm'");
    p = twoKernelPlan();
    p.launches[0].program = 3;
    expectReason(p, "program 3 does not exist");
    p = twoKernelPlan();
    p.launches[1].kernel = "missing";
    expectReason(p, "declares no kernel of that name");
    p = twoKernelPlan();
    p.launches[1].args[0] = PlanArg::buffer("nowhere");
    expectReason(p, "buffer 'nowhere' is not declared");
    p = twoKernelPlan();
    p.launches[0].args[2] = PlanArg::real("beta");
    expectReason(p, "'beta' is neither a scalar nor a number");
    p = twoKernelPlan();
    p.launches[0].global[0] = "n +";
    expectReason(p, "launch of scale");
    p = twoKernelPlan();
    p.buffers.push_back(p.buffers.front());
    expectReason(p, "buffer x is declared twice");
}

TEST(KernelPlan, ProgramsAndBuffersAreAddedOnce) {
    KernelPlan plan;
    EXPECT_EQ(plan.addProgram({"a", {"-DX=1"}, {"k"}}), 0u);
    EXPECT_EQ(plan.addProgram({"a", {"-DX=2"}, {"k"}}), 1u);
    EXPECT_EQ(plan.addProgram({"a", {"-DX=1"}, {"k"}}), 0u);
    plan.addBuffer({"W", BufferRole::Workspace, "4"});
    plan.addBuffer({"W", BufferRole::Workspace, "8"});
    ASSERT_EQ(plan.buffers.size(), 1u);
    EXPECT_EQ(plan.buffers[0].elements, "4");
}

TEST(PlanExecutor, EvaluatesGeometryArgumentsAndScalars) {
    RecordingDevice device;
    ProgramCache programs(device);
    PlanExecutor exec(device, programs, twoKernelPlan());
    exec.bindInputs({{"n", 100}});
    EXPECT_EQ(exec.value("blocks"), 2);
    EXPECT_EQ(exec.elements("y"), 128u);
    EXPECT_EQ(exec.bytes("sum"), 16u);
    exec.setScalar("alpha", -3.0);
    exec.allocate();
    EXPECT_EQ(device.allocations, 3);
    const double ms = exec.runTimed(); // two timed launches: timed between markers
    EXPECT_EQ(ms, 2.5);
    EXPECT_EQ(device.spans, 1);
    ASSERT_EQ(device.calls.size(), 2u);
    EXPECT_EQ(device.calls[0].kernel, "scale");
    EXPECT_EQ(device.calls[0].global[0], 128u);
    EXPECT_EQ(device.calls[0].local[0], 64u);
    EXPECT_EQ(std::get<double>(device.calls[0].args[2]), -3.0); // f64 plan: reals as double
    EXPECT_EQ(std::get<std::int32_t>(device.calls[0].args[3]), 100);
    EXPECT_EQ(std::get<Buffer*>(device.calls[0].args[1]), &exec.buffer("y"));
    EXPECT_EQ(std::get<Buffer*>(device.calls[1].args[0]), &exec.buffer("y")); // the same workspace
    EXPECT_EQ(std::get<double>(device.calls[1].args[3]), 0.5);
    // A larger size reallocates only what grew; a smaller one reuses.
    exec.bindInputs({{"n", 60}});
    exec.allocate();
    EXPECT_EQ(device.allocations, 3);
    exec.bindInputs({{"n", 1000}});
    exec.allocate();
    EXPECT_EQ(device.allocations, 6);
}

// Repeated calls reuse the resolved launches; every change of what they depend on (an input, a scalar, a bound
// buffer, a reallocated workspace) is seen by the next call.
TEST(PlanExecutor, RepeatedCallsSeeEveryChangeOfSizesScalarsAndBuffers) {
    RecordingDevice device;
    ProgramCache programs(device);
    PlanExecutor exec(device, programs, twoKernelPlan());
    FakeBuffer x1(8 * 1000), x2(8 * 1000);
    const std::int64_t n100[] = {100};
    exec.bindInputValues(n100);
    exec.bindBuffer("x", x1);
    exec.allocate();
    auto last = [&](std::size_t i) -> const RecordingDevice::Call& { return device.calls.at(device.calls.size() - 2 + i); };
    exec.enqueue(LaunchPhase::Timed);
    EXPECT_EQ(std::get<std::int32_t>(last(0).args[3]), 100);
    exec.bindInputValues(n100); // the same values: nothing to redo, the same launches
    exec.enqueue(LaunchPhase::Timed);
    EXPECT_EQ(std::get<std::int32_t>(last(0).args[3]), 100);
    EXPECT_EQ(std::get<Buffer*>(last(0).args[0]), &x1);
    const std::int64_t n200[] = {200};
    exec.bindInputValues(n200);
    exec.enqueue(LaunchPhase::Timed);
    EXPECT_EQ(std::get<std::int32_t>(last(0).args[3]), 200);
    EXPECT_EQ(last(0).global[0], 256u);
    EXPECT_EQ(std::get<std::int32_t>(last(1).args[2]), 4); // blocks re-evaluated
    exec.setScalar("alpha", 7.0);
    exec.enqueue(LaunchPhase::Timed);
    EXPECT_EQ(std::get<double>(last(0).args[2]), 7.0);
    exec.bindBuffer("x", x2);
    exec.enqueue(LaunchPhase::Timed);
    EXPECT_EQ(std::get<Buffer*>(last(0).args[0]), &x2);
    const int allocations = device.allocations;
    exec.bindInputValues(std::vector<std::int64_t>{1000}); // y grows: reallocated (maybe at the same address)
    exec.allocate();
    EXPECT_GT(device.allocations, allocations);
    exec.enqueue(LaunchPhase::Timed);
    EXPECT_EQ(std::get<Buffer*>(last(0).args[1]), &exec.buffer("y"));
    EXPECT_EQ(std::get<std::int32_t>(last(1).args[2]), 16);
    EXPECT_THROW(exec.bindInputValues(std::vector<std::int64_t>{1, 2}), std::invalid_argument);
}

TEST(PlanExecutor, OneTimedLaunchIsTimedByItsOwnEventAfterTheResets) {
    RecordingDevice device;
    ProgramCache programs(device);
    auto plan = twoKernelPlan();
    plan.launches[0].phase = LaunchPhase::Reset;
    plan.precision = Precision::F32;
    PlanExecutor exec(device, programs, plan);
    exec.bindInputs({{"n", 64}});
    exec.allocate();
    exec.enqueue(LaunchPhase::Reset);
    EXPECT_EQ(exec.runTimed(), 1.5);
    EXPECT_EQ(device.spans, 0);
    ASSERT_EQ(device.calls.size(), 2u);
    EXPECT_FALSE(device.calls[0].timedByEvent);
    EXPECT_TRUE(device.calls[1].timedByEvent);
    EXPECT_EQ(std::get<float>(device.calls[1].args[3]), 0.5f); // f32 plan: reals as float
    exec.enqueue(LaunchPhase::Setup); // no setup launches: nothing happens
    EXPECT_EQ(device.calls.size(), 2u);
}

// A launch with `when` runs only where its expression is non-zero for the bound inputs, re-decided when the inputs
// change (the resolved launches are cached per generation); a lone remaining timed launch is timed by its event.
TEST(PlanExecutor, ConditionalLaunchesRunOnlyWhereTheirConditionHolds) {
    RecordingDevice device;
    ProgramCache programs(device);
    auto plan = twoKernelPlan();
    plan.launches[0].when = "n % 64 == 0";
    plan.launches[1].when = "!(n % 64 == 0)";
    EXPECT_EQ(plan.invalidReason(), "");
    EXPECT_NE(plan.describe().find("local(64, 1, 1) when n % 64 == 0"), std::string::npos) << plan.describe();
    PlanExecutor exec(device, programs, plan);
    auto kernelsRun = [&](std::int64_t n) {
        device.calls.clear();
        exec.bindInputs({{"n", n}});
        exec.allocate();
        exec.runTimed();
        std::string names;
        for (const auto& c : device.calls) names += c.kernel + (c.timedByEvent ? "(event) " : " ");
        return names;
    };
    EXPECT_EQ(kernelsRun(128), "scale(event) ");
    EXPECT_EQ(kernelsRun(100), "reduce(event) ");
    EXPECT_EQ(kernelsRun(64), "scale(event) ");
    plan.launches[1].when = "m > 0"; // names only declared inputs and variables
    EXPECT_NE(plan.invalidReason().find("launch of reduce: when: 'm > 0' reads 'm'"), std::string::npos)
        << plan.invalidReason();
}

// PlanLaunch::overlapsPrevious reaches the device as enqueueOverlapping, except for the first launch a phase
// enqueues (also where a `when` left out the launch before it): that one follows work the plan does not own.
TEST(PlanExecutor, OverlappingLaunchesNeverOverlapTheFirstOfTheirPhase) {
    RecordingDevice device;
    ProgramCache programs(device);
    auto plan = twoKernelPlan();
    plan.launches[0].overlapsPrevious = true; // the first timed launch: asks in vain
    plan.launches[1].overlapsPrevious = true;
    EXPECT_NE(plan.describe().find("reduce (program 0) global(64, 1, 1) local(64, 1, 1) overlapping the previous"),
              std::string::npos)
        << plan.describe();
    PlanExecutor exec(device, programs, plan);
    exec.bindInputs({{"n", 128}});
    exec.allocate();
    EXPECT_EQ(exec.runTimed(), 2.5);
    exec.enqueue(LaunchPhase::Timed);
    ASSERT_EQ(device.calls.size(), 4u);
    for (int call : {0, 2}) EXPECT_FALSE(device.calls[std::size_t(call)].overlapping) << call;
    for (int call : {1, 3}) EXPECT_TRUE(device.calls[std::size_t(call)].overlapping) << call;
    // With the first launch left out by its condition, the second is the phase's first: a plain launch.
    plan.launches[0].when = "n < 100";
    PlanExecutor conditional(device, programs, plan);
    conditional.bindInputs({{"n", 128}});
    conditional.allocate();
    device.calls.clear();
    conditional.enqueue(LaunchPhase::Timed);
    ASSERT_EQ(device.calls.size(), 1u);
    EXPECT_EQ(device.calls[0].kernel, "reduce");
    EXPECT_FALSE(device.calls[0].overlapping);
}

TEST(PlanExecutor, BadBindingsAreRefusedWithTheirReason) {
    RecordingDevice device;
    ProgramCache programs(device);
    PlanExecutor exec(device, programs, twoKernelPlan());
    EXPECT_THROW(exec.bindInputs({{"m", 1}}), std::invalid_argument); // n missing
    try {
        exec.bindInputs({{"n", 2000000}});
        FAIL() << "a failed check was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "n above 10^6");
    }
    EXPECT_THROW(exec.bindInputs({{"n", std::numeric_limits<std::int64_t>::max()}}), std::invalid_argument);
    exec.bindInputs({{"n", 100}});
    FakeBuffer small(8 * 99);
    EXPECT_THROW(exec.bindBuffer("x", small), std::invalid_argument);
    FakeBuffer enough(8 * 100);
    exec.bindBuffer("x", enough);
    exec.allocate();
    EXPECT_EQ(&exec.buffer("x"), &enough);
    EXPECT_EQ(device.allocations, 2); // only y and sum
    EXPECT_THROW(exec.setScalar("beta", 1), std::invalid_argument);
    EXPECT_THROW(exec.buffer("nowhere"), std::invalid_argument);
}

TEST(PlanExecutor, IntegerArgumentsBeyond32BitsAreRefused) {
    RecordingDevice device;
    ProgramCache programs(device);
    auto plan = twoKernelPlan();
    plan.checks.clear();
    plan.launches[0].args[3] = PlanArg::integer("n * 4");
    PlanExecutor exec(device, programs, plan);
    exec.bindInputs({{"n", 1LL << 30}});
    exec.allocate();
    try {
        exec.enqueue(LaunchPhase::Timed);
        FAIL() << "a 2^32 argument was passed";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("exceeds 32 bits"), std::string::npos) << e.what();
    }
}

TEST(ProgramCache, IdenticalProgramsBuildOnceAndFailuresKeepTheLog) {
    RecordingDevice device;
    ProgramCache cache(device);
    const GeneratedSource a{"text", {"-DA=1"}, {"k"}}, b{"text", {"-DA=2"}, {"k"}}, bad{"bad text", {}, {"k"}};
    auto p1 = cache.program(a);
    auto p2 = cache.program(a);
    EXPECT_EQ(p1, p2);
    cache.program(b);
    EXPECT_EQ(device.builds, 2);
    EXPECT_EQ(cache.size(), 2u);
    EXPECT_EQ(cache.hits(), 1u);
    try {
        cache.program(bad);
        FAIL() << "a failed build returned a program";
    } catch (const BuildError& e) {
        EXPECT_EQ(e.log(), "line 1: bad");
    }
    EXPECT_FALSE(cache.entry(bad)->program);
    EXPECT_EQ(device.builds, 3); // the failure is remembered, not rebuilt
    // A plan's programs come from the cache: an executor over a plan whose program failed throws the build error.
    auto plan = twoKernelPlan();
    plan.programs[0] = {"bad", {}, {"scale", "reduce"}};
    EXPECT_THROW(PlanExecutor(device, cache, plan), BuildError);
}

TEST(KernelPlan, RoundingHelpersKeepTheirOperandWhole) {
    // A ternary operand must not swallow the rounding's "+ block - 1" (it once made a restore launch 1536 wide for
    // 1665 elements).
    KernelPlan plan;
    plan.inputs = {"n"};
    plan.variables = {{"up", roundUpExpr("n > 0 ? n * 2 + 1 : 0", 256)}, {"blocks", ceilDivExpr("n > 0 ? n : 0", 64)}};
    plan.programs = {{"kernel text", {}, {"k"}}};
    RecordingDevice device;
    ProgramCache programs(device);
    PlanExecutor exec(device, programs, plan);
    exec.bindInputs({{"n", 832}});
    EXPECT_EQ(exec.value("up"), 1792);
    EXPECT_EQ(exec.value("blocks"), 13);
}

// The one scanner of per-call option syntax: placeholders in order with their positions, scanning resumed after each
// '}', and an unclosed "${" reported where it starts (what came before it still listed).
TEST(KernelPlan, OptionPlaceholdersListExpressionsPositionsAndAnUnclosedBrace) {
    const std::string option = "-DTILE=${m + 1}x${n}";
    const auto scanned = optionPlaceholders(option);
    ASSERT_EQ(scanned.placeholders.size(), 2u);
    EXPECT_EQ(scanned.placeholders[0].expression, "m + 1");
    EXPECT_EQ(option.substr(scanned.placeholders[0].begin, scanned.placeholders[0].end - scanned.placeholders[0].begin),
              "${m + 1}");
    EXPECT_EQ(scanned.placeholders[1].expression, "n");
    EXPECT_EQ(scanned.placeholders[1].end, option.size());
    EXPECT_FALSE(scanned.unterminated());
    EXPECT_TRUE(scanned.perCall());

    EXPECT_FALSE(optionPlaceholders("-DX=1").perCall());
    EXPECT_FALSE(optionPlaceholders("-DX=$ {m} }").perCall());
    const auto open = optionPlaceholders("-DA=${k}-DB=${m");
    ASSERT_EQ(open.placeholders.size(), 1u);
    EXPECT_EQ(open.placeholders[0].expression, "k");
    EXPECT_EQ(open.unterminatedAt, 12u);
    EXPECT_TRUE(open.perCall());
    EXPECT_TRUE(optionPlaceholders("${").unterminated());
    const auto empty = optionPlaceholders("-DX=${}");
    ASSERT_EQ(empty.placeholders.size(), 1u);
    EXPECT_EQ(empty.placeholders[0].expression, "");
}
