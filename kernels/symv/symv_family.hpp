// The SYMV families (y = alpha A x + beta y, A symmetric): the atomic algorithm and L+U of Imamura et al.
// (kernels/symv/README.md), one family per precision and stored triangle.
#pragma once
#include "core/engine/family.hpp"
#include "core/model/blas.hpp"

namespace kt::symv {

// SYMV_ALGO values.
inline constexpr int kSymvAtomicLock = 0; // per-segment lock (atomic CAS / exchange)
inline constexpr int kSymvAtomicAdd = 1;  // float atomic adds
inline constexpr int kSymvLU = 2;         // L+U: two kernels, no atomics
inline constexpr int kSymvTiled = 3;      // tiles of a column block over a 2-D grid, atomic adds per row and column

class SymvFamily final : public Family {
public:
    SymvFamily(Precision precision, blas::Uplo uplo) : m_precision(precision), m_uplo(uplo) {}
    std::string name() const override; // "ssymv", "dsymv" (lower), "ssymv_upper", "dsymv_upper"
    std::string title() const override;
    std::string description() const override;
    Metric metric() const override { return Metric::GFlops; }
    std::vector<std::string> sizeDimensions() const override { return {"n"}; }
    ParameterSpace space(const DeviceInfo& device) const override;
    // SYMV_PDL's CUDA sm_90+; for double precision fp64 and (atomic algorithms) 64-bit atomics.
    std::vector<Constraint> deviceRequirements() const override;
    std::vector<ProblemSize> defaultSizes(const DeviceInfo& device) const override;
    Precision precision() const override { return m_precision; }
    double flops(const ProblemSize& size) const override; // 2 n^2
    double bytes(const ProblemSize& size) const override; // the stored triangle, x, y read and y written
    std::vector<Point> seedPoints(const DeviceInfo& device) const override;
    std::optional<KernelPlan> plan(const Point& point, const DeviceInfo& device) const override;
    VerifyResult verify(const PlanData& data) const override; // against OpenBLAS, tolerance growing with n
    std::optional<blas::BlasCall> benchCall(const std::string& variant, const ProblemSize& size) const override;

    // The SYMV routine on the caller's operands (lda, offsets, increments): the point's kernels (symv_routine.hpp).
    std::unique_ptr<Routine> makeRoutine(Device& device, ProgramCache& programs, const Point& point) const override;
    // The same plan as data for exported packages (core/export): column-major calls on this family's triangle.
    std::vector<RoutinePlan> routinePlans(const Point& point, const DeviceInfo& device) const override;

    blas::Uplo uplo() const { return m_uplo; }
    // The point's plan; `routine`: lda, offA, offx, incx, offy, incy are inputs (else n, 0 and 1).
    KernelPlan symvPlan(const Point& point, const DeviceInfo& device, bool routine) const;

private:
    Precision m_precision;
    blas::Uplo m_uplo;
};

// Local memory (bytes) a work-group of `point` requests on `device`: what it needs, raised to its share of the
// compute unit's local memory (DeviceInfo::localMemPerComputeUnitBytes, else what one group may declare) so that
// no more than SYMV_MULTIPLICITY groups fit on one compute unit; at most 48 KiB, the static limit under CUDA.
std::int64_t symvLocalBytes(const Point& point, Precision precision, const DeviceInfo& device);
// Bytes of the other local arrays of the fused tiled kernels (SYMV_FUSE 1: state[8]; 2: fin[SYMV_FIN_MAX]), which
// symvLocalBytes leaves room for; 0 elsewhere.
std::int64_t symvFusedLocalBytes(const Point& point);

// The tiled algorithm's local memory in reals: the row sums of one tile (SYMV_CG > 1) or the column sums reduced
// SYMV_KP columns per work-item at a time plus one partial per work-item, whichever is larger.
std::int64_t symvTiledColumnsPerPass(const Point& point, Precision precision); // SYMV_KP
std::int64_t symvTiledLocalElems(const Point& point, Precision precision);

void registerSymvFamilies(); // ssymv, dsymv, ssymv_upper, dsymv_upper

} // namespace kt::symv
