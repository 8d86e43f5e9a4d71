// The GEMM routine C <- alpha * op(A) * op(B) + beta * C on a kt::Device: the routine plans of gemm_plan.hpp (layout
// copies + the generated TN kernel), compiled through a program cache shared with the measurer.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "core/engine/plan_executor.hpp"
#include "core/engine/routine.hpp"
#include "core/model/blas.hpp"
#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

// One BLAS-style call. Matrices live in device buffers of params.precision; ld* are leading dimensions and off*
// the element offsets of the matrices in their buffers.
struct GemmCall {
    blas::Order order = blas::Order::RowMajor;
    blas::Op opA = blas::Op::N;
    blas::Op opB = blas::Op::N;
    std::int64_t m = 0, n = 0, k = 0;
    double alpha = 1, beta = 0;
    std::int64_t lda = 0, ldb = 0, ldc = 0;
    std::int64_t offA = 0, offB = 0, offC = 0;
    std::string describe() const; // "row NT m=7 n=33 k=255"
};

// A tuned TN kernel plus copy kernels of the given shape. Plans are built per call shape (op types, which operands
// need a copy) and their programs come from `programs`. Not thread-safe (like Device).
class GemmRoutine final : public Routine {
public:
    GemmRoutine(Device& device, ProgramCache& programs, const GemmParams& params, const kernels::CopyShape& copy = {});
    ~GemmRoutine() override;

    // The routine interface: a "gemm" BlasCall of this routine's precision on device operands.
    void enqueue(const blas::BlasCall& call, const blas::BlasOperands& operands) override;

    // Enqueues the copies (when needed) and the TN kernel without waiting. Throws std::invalid_argument naming the
    // field when the call is inconsistent (negative sizes or offsets, ld too small, buffers too small).
    void enqueue(const GemmCall& call, Buffer& A, Buffer& B, Buffer& C);
    // enqueue() between device markers: the device time of the whole routine in ms.
    double run(const GemmCall& call, Buffer& A, Buffer& B, Buffer& C);

    // Whether the last enqueue() had to copy A / B (false when the input already had the kernel's layout).
    bool copiedA() const { return m_copiedA; }
    bool copiedB() const { return m_copiedB; }
    // Whether the last enqueue() ran the exact-fit program of direct reads (no bounds tests; TnVariant::exactFit).
    bool ranExactFit() const { return m_exactFit; }
    const GemmParams& params() const { return m_params; }
    const kernels::CopyShape& copyShape() const { return m_copy; }

private:
    PlanExecutor& executorFor(blas::Op opA, blas::Op opB, bool copyA, bool copyB);

    Device& m_device;
    ProgramCache& m_programs;
    GemmParams m_params;
    kernels::CopyShape m_copy;
    std::map<int, std::unique_ptr<PlanExecutor>> m_executors; // by call shape
    bool m_exactFit = false;
    bool m_copiedA = false, m_copiedB = false;
};

} // namespace kt::gemm
