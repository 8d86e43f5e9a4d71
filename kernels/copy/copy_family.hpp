// The "layout_copy"/"dlayout_copy" families: the copy kernels of the GEMM and BLAS3 routines (kernels/common/
// layout_copy.hpp) tuned over the paper's six parameters (paper 002, Sec. 3.6) and a vector width. One candidate is
// one shape; a run times it on every kind of conversion the routines make, so the stored winner is the shape the
// routines use.
#pragma once
#include "core/engine/family.hpp"

namespace kt::copy {

class CopyFamily final : public Family {
public:
    explicit CopyFamily(Precision precision) : m_precision(precision) {}
    std::string name() const override;
    std::string title() const override { return "Copies into the GEMM kernel's layout (BLAS3 routines)"; }
    std::string description() const override;
    Metric metric() const override { return Metric::GBs; }
    std::vector<std::string> sizeDimensions() const override { return {"n"}; }
    Precision precision() const override { return m_precision; }
    ParameterSpace space(const DeviceInfo& device) const override;
    std::vector<Constraint> deviceRequirements() const override; // fp64 for double precision
    std::vector<ProblemSize> defaultSizes(const DeviceInfo& device) const override;
    double flops(const ProblemSize&) const override { return 0; }
    // Per n x n conversion n^2 elements written (padding apart) and n^2 read; the triangular copy reads half.
    double bytes(const ProblemSize& size) const override;
    // The default shape (what the routines use when nothing is stored) first, then its blocks in vectors of 2, 4.
    std::vector<Point> seedPoints(const DeviceInfo& device) const override;
    // Four launches of one shape on an n x n source into the CBL layout of the default TN kernel (16 x 64 blocks):
    // plain, transposed, symmetric fill (lower stored), triangular (upper, non-unit); checked bit for bit.
    std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const override;
    VerifyResult verify(const PlanData& data) const override;
    // No vendor column: a candidate moves four conversions' bytes, and a peer's transpose timed against that work
    // read 3.75 times too fast (H100 2026-11-24 run A). The vendor transpose is the transpose family's bench.

private:
    Precision m_precision;
};

void registerCopyFamilies(); // "layout_copy" (f32) and "dlayout_copy" (f64)

} // namespace kt::copy
