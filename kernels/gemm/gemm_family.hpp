// The GEMM families "sgemm" and "dgemm": the papers' TN kernel space, tuned on pre-laid-out data and verified
// against OpenBLAS. One family per precision (as transpose/dtranspose) so stored results and rules never mix them.
#pragma once
#include <memory>
#include <vector>

#include "core/engine/family.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

class GemmFamily final : public Family {
public:
    explicit GemmFamily(Precision precision) : m_precision(precision) {}
    std::string name() const override { return m_precision == Precision::F32 ? "sgemm" : "dgemm"; }
    std::string title() const override;
    std::string description() const override;
    Metric metric() const override { return Metric::GFlops; }
    std::vector<std::string> sizeDimensions() const override { return {"m", "n", "k"}; }
    ParameterSpace space(const DeviceInfo& device) const override;
    std::vector<Constraint> deviceRequirements() const override; // gemmDeviceRequirements
    std::vector<std::string> presetNames() const override;
    // The papers' fastest TN kernels (paperBestTn) for this precision.
    std::vector<Point> seedPoints(const DeviceInfo& device) const override;
    // Stage one of the papers' selection: GPU 1536 and 4096; CPU 768 and 1536 (square).
    std::vector<ProblemSize> defaultSizes(const DeviceInfo& device) const override;
    Precision precision() const override { return m_precision; }
    double flops(const ProblemSize& size) const override; // 2 m n k
    // A (m x k) and B (k x n) read once, C (m x n) read and written once: the kernel computes A^T B + C.
    double bytes(const ProblemSize& size) const override;
    bool supports(const Point& point, const ProblemSize& size) const override;
    // Also rejects sizes whose image operands exceed the device's image-buffer limit (or images it lacks).
    bool supportsOn(const Point& point, const ProblemSize& size, const DeviceInfo& device) const override;
    // The TN kernel on operands already in its layouts (gemm_plan.hpp: tnTuningPlan), checked against OpenBLAS.
    std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const override;
    VerifyResult verify(const PlanData& data) const override;
    // The bench runs the routine (copies + TN kernel) for each op type, column-major, beside the TN kernel alone.
    BenchDescription benchDescription() const override;
    std::optional<blas::BlasCall> benchCall(const std::string& variant, const ProblemSize& size) const override;
    // Calls of each transposition pair but NN may have a rule of their own: the kernel reads transposed operands
    // differently (direct reads: along the other dimension), so the best kernel of a size differs by op (H200
    // 2026-11-28 run AJ: a 32 x 64 kernel 0.89x cuBLAS in NT and 0.52x in TN at 1024). The kind is the bench
    // variant's name, the column-major op pair ("tn": C = A^T B); a row-major call is its column-major transpose.
    std::vector<std::string> dispatchKinds() const override { return {"nt", "tn", "tt"}; }
    std::string dispatchKind(const blas::BlasCall& call) const override;
    std::unique_ptr<Routine> makeRoutine(Device& device, ProgramCache& programs, const Point& point) const override;
    std::vector<RoutinePlan> routinePlans(const Point& point, const DeviceInfo& device) const override;
    // Keys may leave parameters out (they keep GemmParams' defaults, as presets do); a name that is no GEMM
    // parameter, or a value out of range, is refused.
    Point pointFromKey(const std::string& key, const DeviceInfo& device) const override;

private:
    Precision m_precision;
};

// Registers "sgemm" and "dgemm" with the FamilyRegistry.
void registerGemmFamilies();

// The space: `paperOnly` restricts blocking factors to powers of two (the papers' generator); otherwise other
// multiples (48, 96, ms/ns 3, 6, 12) and the prefetch are added. With a device, its DEV_* variables are set.
// GemmFamily::space() adds gemmDeviceRequirements(); the presets in resources/presets mirror gemmSpace().
// `registerCaps` offers GEMM_MAXREGS 96/128/168 besides 0 (tools/spaces/*-occupancy.json explore them).
ParameterSpace gemmSpace(Precision precision, bool paperOnly, const DeviceInfo* device = nullptr,
                         bool registerCaps = false);

// Point -> generator parameters. Parameters the point lacks keep GemmParams' defaults (a preset may fix them by
// leaving them out); values out of range throw std::invalid_argument naming the parameter.
GemmParams paramsFromPoint(const Point& point, Precision precision);
// The inverse: a point with every GEMM_* parameter, in the space's parameter order.
Point pointFromParams(const GemmParams& params);

// The fastest TN kernels of the papers (paper 003, Table II: CBL, RBL and row-major rows) for `precision`: seeds
// and baselines for tuning and benchmarks.
// What the device must offer for a GEMM point of `precision` (GEMM and BLAS3 families' deviceRequirements): fp64
// for double precision, image support for image reads, and for tensor-core points (GEMM_MMA > 0) a CUDA device of the
// compute capability the MMA shape needs. Not in the presets, which describe kernels, not devices.
std::vector<Constraint> gemmDeviceRequirements(Precision precision);

std::vector<GemmParams> paperBestTn(Precision precision);

// Stage two of the papers' selection: the best `kSecondStageCount` of stage one are measured again over these
// sizes (256 up to 8192, step 256; CPUs up to 1536) and the fastest over all of them wins. Both stages use
// core/model/paper_sizes.hpp, as the two-stage strategy does.
inline constexpr int kSecondStageCount = 50;
std::vector<ProblemSize> secondStageSizes(const DeviceInfo& device);

} // namespace kt::gemm
