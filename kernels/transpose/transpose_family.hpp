// The "transpose" family: a tuned out-of-place matrix transpose. Small and fast to tune, it proves the engine,
// strategies, isolation and the GUI before the real families; its metric is GB/s against the copy bandwidth bound.
#pragma once
#include <memory>

#include "core/engine/family.hpp"

namespace kt::transpose {

class TransposeFamily final : public Family {
public:
    explicit TransposeFamily(Precision precision = Precision::F32) : m_precision(precision) {}
    std::string name() const override;
    std::string title() const override { return "Matrix transpose"; }
    std::string description() const override;
    Metric metric() const override { return Metric::GBs; }
    std::vector<std::string> sizeDimensions() const override { return {"n"}; }
    ParameterSpace space(const DeviceInfo& device) const override;
    std::vector<ProblemSize> defaultSizes(const DeviceInfo& device) const override;
    Precision precision() const override { return m_precision; }
    double flops(const ProblemSize&) const override { return 0; }
    double bytes(const ProblemSize& size) const override; // n^2 elements read and n^2 written
    std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const override;
    VerifyResult verify(const PlanData& data) const override; // exact: a transpose moves bits
    // The vendor's transpose (cuBLAS geam, CLBlast omatcopy) of the same n x n matrix.
    std::optional<blas::BlasCall> benchCall(const std::string& variant, const ProblemSize& size) const override;
    // omatcopy with op T on the caller's row-major layout (the package's ?omatcopy).
    std::vector<RoutinePlan> routinePlans(const Point& point, const DeviceInfo& device) const override;

private:
    KernelPlan transposePlan(const Point& point, const DeviceInfo& device, bool routine) const;
    Precision m_precision;
};

void registerTransposeFamilies(); // "transpose" (f32) and "dtranspose" (f64)

} // namespace kt::transpose
