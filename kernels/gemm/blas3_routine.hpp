// SYMM, SYRK, SYR2K and TRMM on a kt::Device: the plans of blas3_plan.hpp (tuned copies + the tuned TN kernel),
// compiled through a program cache shared with the measurer. Column- and row-major BLAS semantics, general alpha
// and beta; operands are device buffers with leading dimensions and offsets (kt::blas::BlasOperands).
#pragma once
#include <map>
#include <memory>
#include <string>

#include "core/engine/plan_executor.hpp"
#include "core/engine/routine.hpp"
#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

class Blas3Routine final : public Routine {
public:
    // `routine`: symm, syrk, syr2k or trmm (std::invalid_argument otherwise, or for a TN kernel with ksplit > 1).
    Blas3Routine(Device& device, ProgramCache& programs, std::string routine, const GemmParams& params,
                 const kernels::CopyShape& copy = {});
    ~Blas3Routine() override;

    // Enqueues the copies and the TN launches without waiting. Throws std::invalid_argument naming the argument of
    // an invalid call (negative sizes, ld below the rows, a missing or too small buffer, another routine or
    // precision).
    void enqueue(const blas::BlasCall& call, const blas::BlasOperands& operands) override;
    // enqueue() between device markers: the device time of the whole routine in ms.
    double run(const blas::BlasCall& call, const blas::BlasOperands& operands);

    const std::string& routine() const { return m_routine; }
    const GemmParams& params() const { return m_params; }
    const kernels::CopyShape& copyShape() const { return m_copy; }
    // Whether the last enqueue() ran the exact-fit program of direct reads (no bounds tests; TnVariant::exactFit).
    bool ranExactFit() const { return m_exactFit; }

private:
    Device& m_device;
    ProgramCache& m_programs;
    std::string m_routine;
    GemmParams m_params;
    kernels::CopyShape m_copy;
    std::map<int, std::unique_ptr<PlanExecutor>> m_executors; // by call shape
    bool m_exactFit = false;
};

} // namespace kt::gemm
