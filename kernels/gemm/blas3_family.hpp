// The BLAS3 families ssymm/dsymm, ssyrk/dsyrk, ssyr2k/dsyr2k, strmm/dtrmm (paper 002): each is its routine built from
// the tuned parts of GEMM — the copy variant stored for the device (layout_copy) and a TN kernel point. A candidate is
// a TN kernel point (the GEMM space, ksplit 1; SIMT, or in double on CUDA the tensor-core kernel) timed as the whole
// routine on one representative option set, so tuning a routine tunes its TN kernel for that routine; the stored
// GEMM winners are valid points as they are.
// They live beside GEMM because they are GEMM's kernels; they are families of their own in the registry.
#pragma once
#include <string>

#include "core/engine/family.hpp"

namespace kt::gemm {

class Blas3Family final : public Family {
public:
    Blas3Family(std::string routine, Precision precision) : m_routine(std::move(routine)), m_precision(precision) {}
    std::string name() const override;  // "ssymm", "dtrmm", …
    std::string title() const override; // "SSYMM (tuned copies + TN kernel)"
    std::string description() const override;
    Metric metric() const override { return Metric::GFlops; }
    std::vector<std::string> sizeDimensions() const override; // symm, trmm: m, n; syrk, syr2k: n, k
    Precision precision() const override { return m_precision; }
    ParameterSpace space(const DeviceInfo& device) const override;
    std::vector<Constraint> deviceRequirements() const override; // gemmDeviceRequirements
    std::vector<std::string> presetNames() const override { return {}; }
    std::vector<Point> seedPoints(const DeviceInfo& device) const override; // the papers' TN kernels (ksplit 1)
    // sgemm or dgemm: a warm start measures the GEMM winners stored for the device first (the GEMM space is this
    // one; split-K winners are skipped), so the routine's own tune ends no worse than reusing the GEMM winner
    // (docs/perf/blas3.md, "Tuning a routine vs reusing the GEMM winners").
    std::vector<std::string> seedFamilies() const override;
    std::vector<ProblemSize> defaultSizes(const DeviceInfo& device) const override;
    // As BLAS counts them: symm 2 m^2 n (Left), syrk n^2 k, syr2k 2 n^2 k, trmm m^2 n (Left) — of the tuning variant.
    double flops(const ProblemSize& size) const override;
    double bytes(const ProblemSize& size) const override;
    bool supports(const Point& point, const ProblemSize& size) const override;
    // The routine, row-major, on the representative options (symm Left Lower, syrk/syr2k Lower N, trmm Left Upper N
    // NonUnit), with the stored copy shape of the device; checked against OpenBLAS (untouched triangle exactly).
    std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const override;
    VerifyResult verify(const PlanData& data) const override;
    // Variants: every option set of the routine, column-major (side, uplo, trans, diag letters: "lu", "lunn", …).
    BenchDescription benchDescription() const override;
    std::optional<blas::BlasCall> benchCall(const std::string& variant, const ProblemSize& size) const override;
    // The routine as data for exported packages (core/export): one row-major plan per call shape, with the default
    // copy shape (a package does not read the store's tuned copies): every side, uplo, op and diag the routine has.
    std::vector<RoutinePlan> routinePlans(const Point& point, const DeviceInfo& device) const override;
    std::unique_ptr<Routine> makeRoutine(Device& device, ProgramCache& programs, const Point& point) const override;
    Point pointFromKey(const std::string& key, const DeviceInfo& device) const override;

private:
    std::string m_routine;
    Precision m_precision;
};

void registerBlas3Families(); // the eight families

} // namespace kt::gemm
