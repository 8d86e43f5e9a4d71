// The "sdot"/"ddot" families: alpha * x . y in two kernels (per-group partial sums, then the final sum). The
// smallest family with more than one kernel; docs/architecture.md walks through it as the template for new ones.
#pragma once
#include "core/engine/family.hpp"

namespace kt::dot {

class DotFamily final : public Family {
public:
    explicit DotFamily(Precision precision) : m_precision(precision) {}
    std::string name() const override { return m_precision == Precision::F32 ? "sdot" : "ddot"; }
    std::string title() const override { return "Dot product (two-kernel reduction)"; }
    std::string description() const override;
    Metric metric() const override { return Metric::GBs; }
    std::vector<std::string> sizeDimensions() const override { return {"n"}; }
    Precision precision() const override { return m_precision; }
    double flops(const ProblemSize& size) const override { return 2.0 * double(size.dims.at(0)); }
    double bytes(const ProblemSize& size) const override; // x and y read once
    ParameterSpace space(const DeviceInfo& device) const override;
    std::vector<Constraint> deviceRequirements() const override; // fp64 for double precision
    std::vector<ProblemSize> defaultSizes(const DeviceInfo& device) const override;
    std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const override;
    VerifyResult verify(const PlanData& data) const override;
    // The vendor dot of the same vectors (a library without it is reported as such).
    std::optional<blas::BlasCall> benchCall(const std::string& variant, const ProblemSize& size) const override;
    // The package's ?dot: x and y with their offsets and positive increments, the result in device memory.
    std::vector<RoutinePlan> routinePlans(const Point& point, const DeviceInfo& device) const override;

private:
    KernelPlan dotPlan(const Point& point, const DeviceInfo& device, bool routine) const;
    Precision m_precision;
};

void registerDotFamilies(); // "sdot" and "ddot"

} // namespace kt::dot
