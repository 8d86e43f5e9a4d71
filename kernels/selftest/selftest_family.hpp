// "selftest": a family whose parameter chooses how the kernel misbehaves (wrong result, compile error, hang, crash),
// so the engine's verification, watchdog and crash isolation are tested end to end through real kernels.
#pragma once
#include "core/engine/family.hpp"

namespace kt::selftest {

class SelftestFamily final : public Family {
public:
    std::string name() const override { return "selftest"; }
    std::string title() const override { return "Engine self-test"; }
    std::string description() const override;
    Metric metric() const override { return Metric::GBs; }
    std::vector<std::string> sizeDimensions() const override { return {"n"}; }
    bool internal() const override { return true; }
    ParameterSpace space(const DeviceInfo& device) const override;
    std::vector<ProblemSize> defaultSizes(const DeviceInfo&) const override { return {{{1024}}, {{4096}}}; }
    Precision precision() const override { return Precision::F32; }
    double flops(const ProblemSize&) const override { return 0; }
    // n floats read and n written.
    double bytes(const ProblemSize& size) const override { return 8.0 * static_cast<double>(size.dims.at(0)); }
    std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const override;
    VerifyResult verify(const PlanData& data) const override; // y == 2x exactly
};

} // namespace kt::selftest
