// The batched GEMM families "sgemm_batched" and "dgemm_batched": C <- alpha op(A) op(B) + beta C for a batch of
// strided column-major problems of sizes 1..32, the kernel compiled for each size (batched_plan.hpp).
#pragma once
#include <memory>

#include "core/engine/family.hpp"
#include "kernels/batched/batched_plan.hpp"

namespace kt::batched {

inline constexpr const char* kPointersKind = "pointers"; // the dispatch kind of pointer-array batches

// What a family's tuning candidates compute; the registered families tune N N with alpha 1.25, beta -0.5.
struct TuningProblem {
    blas::Op opA = blas::Op::N, opB = blas::Op::N;
    double alpha = 1.25, beta = -0.5;
};

class BatchedFamily final : public Family {
public:
    explicit BatchedFamily(Precision precision, TuningProblem problem = {})
        : m_precision(precision), m_problem(problem) {}
    std::string name() const override { return m_precision == Precision::F32 ? "sgemm_batched" : "dgemm_batched"; }
    std::string title() const override;
    std::string description() const override;
    Metric metric() const override { return Metric::GFlops; }
    std::vector<std::string> sizeDimensions() const override { return {"m", "n", "k", "batch"}; }
    ParameterSpace space(const DeviceInfo& device) const override;
    std::vector<Constraint> deviceRequirements() const override; // fp64 for double precision
    // Square sizes 2, 4, 8, 16, 32 (and 1 on CPUs) with a batch of about 300 MB of operands on GPUs, 4 MB elsewhere.
    std::vector<ProblemSize> defaultSizes(const DeviceInfo& device) const override;
    std::vector<Point> seedPoints(const DeviceInfo& device) const override; // the paper's designs by size
    Precision precision() const override { return m_precision; }
    double flops(const ProblemSize& size) const override; // 2 m n k batch
    double bytes(const ProblemSize& size) const override; // (m k + k n + 2 m n) batch elements
    bool supports(const Point& point, const ProblemSize& size) const override;
    // Also: the shared-memory design's tiles of `size` fit the local memory a work-group may declare (under CUDA
    // the 48 KiB of static shared memory: 64 problems of 8 x 8 in double take 64 KiB and would not compile).
    bool supportsOn(const Point& point, const ProblemSize& size, const DeviceInfo& device) const override;
    std::string unsupportedReason(const Point& point, const ProblemSize& size, const DeviceInfo& device) const override;
    // The general kernel (sizes at run time): the fallback for sizes with no compiled variant, and what the engine
    // compiles first to reject a point that does not build. Candidates run the kernel compiled for each size.
    std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const override;
    VerifyResult verify(const PlanData& data) const override; // every problem against OpenBLAS
    std::unique_ptr<CandidateRun> instantiate(Device& device, const Point& point,
                                              ProgramCache& programs) const override;

    BenchDescription benchDescription() const override;
    std::optional<blas::BlasCall> benchCall(const std::string& variant, const ProblemSize& size) const override;
    std::unique_ptr<Routine> makeRoutine(Device& device, ProgramCache& programs, const Point& point) const override;
    // Pointer-array batches (gemm_batched calls, the ptr-* bench variants) are dispatch kind "pointers": a rule's
    // pointers table picks their kernels (scattered problems favour other designs than strided ones: H200 run Y at
    // single 32), sizes it lacks the strided table.
    std::vector<std::string> dispatchKinds() const override { return {kPointersKind}; }
    std::string dispatchKind(const blas::BlasCall& call) const override;
    std::vector<RoutinePlan> routinePlans(const Point& point, const DeviceInfo& device) const override;

private:
    Precision m_precision;
    TuningProblem m_problem;
};

// Offsets of `batch` dense problems (strides as given) visited in a scrambled order: slot (b * step) mod batch for
// problem b, step coprime to batch (the ptr-* bench variants).
std::shared_ptr<const blas::BatchOffsets> scrambledOffsets(std::int64_t batch, std::int64_t strideA,
                                                           std::int64_t strideB, std::int64_t strideC);

// Every seed design, before seedPoints() drops those the device's space refuses (its constraint says why).
std::vector<Point> seedTable(Precision precision);

BatchedParams paramsFromPoint(const Point& point, Precision precision); // throws std::invalid_argument
Point pointFromParams(const BatchedParams& params);

void registerBatchedFamilies();

} // namespace kt::batched
