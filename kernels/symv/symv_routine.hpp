// The SYMV routine: y ← α·A·x + β·y on the caller's device operands (lda, offsets, increments, column- or row-major)
// with one tuned point's kernels; what `ktune bench --rules` runs per size and what an export will call.
#pragma once
#include <cstdint>
#include <memory>

#include "core/engine/plan_executor.hpp"
#include "core/engine/routine.hpp"
#include "core/model/blas.hpp"

namespace kt::symv {

class SymvRoutine final : public Routine {
public:
    // `plan`: SymvFamily::symvPlan(point, device, true); its programs are built now (a bad kernel fails here).
    SymvRoutine(Device& device, ProgramCache& programs, KernelPlan plan, blas::Uplo uplo);

    // A "symv" call of the plan's precision whose stored triangle (after a row-major call is read column-major) is
    // the routine's. n = 0, or α = 0 with β = 1, returns at once (BLAS); β = 0 never reads y. Throws
    // std::invalid_argument naming the argument of a call it cannot run.
    void enqueue(const blas::BlasCall& call, const blas::BlasOperands& operands) override;

private:
    Device& m_device;
    PlanExecutor m_plan;
    blas::Uplo m_uplo;
    bool m_locks = false;              // the plan has a lock workspace (SYMV_ALGO 0 and 1), zeroed by its Setup
    std::int64_t m_zeroedSegments = 0; // lock entries known to be zero (they are again after every run)
    bool m_perSize = false;            // SYMV_FUSE 2: the Setup's expected counts hold for one n
    std::int64_t m_setupN = 0;         // the n they were written for (0: none yet)
};

} // namespace kt::symv
