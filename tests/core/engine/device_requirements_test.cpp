// Family::deviceRequirements on spaces and points a user gives: absent parameters read as their absent values, no
// duplicates, the requirement named when it empties a space; and the built-in families' space() holds each of its
// requirements exactly once (the built-in spaces are what they were before the requirements had a name).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/engine/device_requirements.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/builtin_families.hpp"

namespace kt {
namespace {

// A: the kernel's shape; FAST (added later, absent = `absent`) needs a CUDA device.
class ToyFamily final : public Family {
public:
    explicit ToyFamily(ParamValue absent) : m_absent(absent) {}
    std::string name() const override { return "toy"; }
    std::string title() const override { return "Toy"; }
    std::string description() const override { return {}; }
    Metric metric() const override { return Metric::GBs; }
    std::vector<std::string> sizeDimensions() const override { return {"n"}; }
    ParameterSpace space(const DeviceInfo& device) const override {
        ParameterSpace s;
        s.addParameter({"A", {1, 2, 4}, ""});
        s.addParameter({"FAST", {0, 1}, "", m_absent});
        s.addConstraint({"A <= DEV_MAX_WG", "work-group size limit"});
        for (auto& r : deviceRequirements()) s.addConstraint(std::move(r));
        applyDeviceVariables(s, device);
        return s;
    }
    std::vector<Constraint> deviceRequirements() const override {
        return {{"FAST == 0 || DEV_IS_CUDA == 1", "the fast kernel needs a CUDA device"}};
    }
    std::vector<ProblemSize> defaultSizes(const DeviceInfo&) const override { return {{{64}}}; }
    Precision precision() const override { return Precision::F32; }
    double flops(const ProblemSize&) const override { return 0; }
    double bytes(const ProblemSize&) const override { return 1; }

private:
    ParamValue m_absent;
};

DeviceInfo openCl() {
    DeviceInfo d;
    d.backend = BackendKind::OpenCL;
    d.type = DeviceType::Cpu;
    d.maxWorkGroupSize = 4096;
    d.maxWorkItemSizes = {4096, 4096, 4096};
    d.localMemBytes = 64 * 1024;
    return d;
}

DeviceInfo hopper() {
    DeviceInfo d;
    d.backend = BackendKind::Cuda;
    d.type = DeviceType::Gpu;
    d.computeCapabilityMajor = 9;
    d.localMemBytes = 48 * 1024;
    d.localMemOptInBytes = 227 * 1024;
    d.maxWorkGroupSize = 1024;
    d.maxWorkItemSizes = {1024, 1024, 64};
    d.computeUnits = 132;
    d.fp64 = d.atomics64 = d.images = true;
    d.maxAllocBytes = 80ull << 30;
    d.maxImageBufferTexels = d.maxAllocBytes / 4;
    return d;
}

ParameterSpace userSpace(std::vector<ParamValue> fast) {
    ParameterSpace s;
    s.addParameter({"A", {1, 2}, ""});
    if (!fast.empty()) s.addParameter({"FAST", fast, ""});
    return s;
}

TEST(DeviceRequirements, AUserSpaceGetsThemOnceAndBindsTheDevice) {
    const ToyFamily family(0);
    ParameterSpace s = userSpace({0, 1});
    bindSpaceToDevice(s, family, openCl());
    ASSERT_EQ(s.constraints().size(), 1u);
    EXPECT_EQ(s.constraints()[0].expression, "FAST == 0 || DEV_IS_CUDA == 1");
    EXPECT_EQ(s.countValid(), 2u); // FAST 1 is gone on OpenCL
    addDeviceRequirements(s, family, openCl()); // the engine adds them again: no second copy
    bindSpaceToDevice(s, family, openCl());
    EXPECT_EQ(s.constraints().size(), 1u);
    ParameterSpace cuda = userSpace({0, 1});
    bindSpaceToDevice(cuda, family, hopper());
    EXPECT_EQ(cuda.countValid(), 4u);
    // The family's own space comes back unchanged.
    ParameterSpace own = family.space(openCl());
    const auto before = own.constraints().size();
    bindSpaceToDevice(own, family, openCl());
    EXPECT_EQ(own.constraints().size(), before);
}

TEST(DeviceRequirements, AbsentParametersTakeTheFamilysAbsentValue) {
    // Without FAST the kernels are the slow ones (absent 0): the requirement holds everywhere.
    ParameterSpace slow = userSpace({});
    bindSpaceToDevice(slow, ToyFamily(0), openCl());
    ASSERT_EQ(slow.constraints().size(), 1u);
    EXPECT_EQ(slow.constraints()[0].expression, "(0) == 0 || DEV_IS_CUDA == 1");
    EXPECT_NO_THROW(slow.validate());
    EXPECT_EQ(slow.countValid(), 2u);
    // A family whose kernels without FAST are the fast ones: nothing runs on OpenCL, and the message can say why.
    const ToyFamily fastByDefault(1);
    ParameterSpace fast = userSpace({});
    bindSpaceToDevice(fast, fastByDefault, openCl());
    EXPECT_EQ(fast.constraints()[0].expression, "(1) == 0 || DEV_IS_CUDA == 1");
    EXPECT_EQ(fast.countValid(), 0u);
    EXPECT_EQ(emptySpaceRequirement(fast, fastByDefault, openCl()), "the fast kernel needs a CUDA device");
    ParameterSpace onCuda = userSpace({});
    bindSpaceToDevice(onCuda, fastByDefault, hopper());
    EXPECT_EQ(onCuda.countValid(), 2u);
}

TEST(DeviceRequirements, TheEmptySpaceMessageBlamesOnlyRequirements) {
    const ToyFamily family(0);
    ParameterSpace onlyFast = userSpace({1});
    bindSpaceToDevice(onlyFast, family, openCl());
    EXPECT_EQ(onlyFast.countValid(), 0u);
    EXPECT_EQ(emptySpaceRequirement(onlyFast, family, openCl()), "the fast kernel needs a CUDA device");
    // Empty because of its own constraint: no requirement is to blame.
    ParameterSpace none = userSpace({0});
    none.addConstraint({"A > 100", "too large"});
    bindSpaceToDevice(none, family, openCl());
    EXPECT_EQ(none.countValid(), 0u);
    EXPECT_EQ(emptySpaceRequirement(none, family, openCl()), std::nullopt);
}

TEST(DeviceRequirements, PointsGivenByKey) {
    const ToyFamily family(0), fastByDefault(1);
    EXPECT_EQ(brokenDeviceRequirement(family, Point::fromKey("A=1,FAST=0"), openCl()), std::nullopt);
    const auto broken = brokenDeviceRequirement(family, Point::fromKey("A=1,FAST=1"), openCl());
    ASSERT_TRUE(broken);
    EXPECT_EQ(broken->description, "the fast kernel needs a CUDA device");
    EXPECT_EQ(brokenDeviceRequirement(family, Point::fromKey("A=1,FAST=1"), hopper()), std::nullopt);
    // A key without FAST means its absent value.
    EXPECT_EQ(brokenDeviceRequirement(family, Point::fromKey("A=1"), openCl()), std::nullopt);
    EXPECT_TRUE(brokenDeviceRequirement(fastByDefault, Point::fromKey("A=1"), openCl()));
}

// Every built-in family's space() holds each of its requirements exactly once, on devices with and without the
// abilities; and the requirements are what they describe: device abilities (each names a DEV_ variable).
TEST(DeviceRequirements, BuiltInSpacesHoldTheirRequirementsOnce) {
    kernels::registerBuiltinFamilies();
    std::size_t withRequirements = 0;
    for (const auto& family : FamilyRegistry::instance().all()) {
        SCOPED_TRACE(family->name());
        const auto requirements = family->deviceRequirements();
        withRequirements += !requirements.empty();
        for (const DeviceInfo& device : {openCl(), hopper()}) {
            const auto space = family->space(device);
            for (const auto& r : requirements) {
                EXPECT_NE(r.expression.find("DEV_"), std::string::npos) << r.expression;
                const auto n = std::count_if(space.constraints().begin(), space.constraints().end(),
                                             [&](const Constraint& c) { return c.expression == r.expression; });
                EXPECT_EQ(n, 1) << r.expression;
            }
            // Binding the family's own space adds nothing.
            ParameterSpace bound = space;
            bindSpaceToDevice(bound, *family, device);
            EXPECT_EQ(bound.constraints().size(), space.constraints().size());
        }
    }
    EXPECT_GE(withRequirements, 10u); // sgemm, dgemm, the BLAS3 routines, dsymv, ddot, dcopy, dbatched, …
}

} // namespace
} // namespace kt
