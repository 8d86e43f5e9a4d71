// SYMV routine on user operands: binds the call's layout to the routine plan and zeroes the locks once per allocation.
#include "kernels/symv/symv_routine.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "core/model/blas_call.hpp"

namespace kt::symv {

SymvRoutine::SymvRoutine(Device& device, ProgramCache& programs, KernelPlan plan, blas::Uplo uplo)
    : m_device(device), m_plan(device, programs, std::move(plan)), m_uplo(uplo) {
    const auto& inputs = m_plan.plan().inputs;
    const std::vector<std::string> order = {"n", "lda", "offA", "offx", "incx", "offy", "incy"};
    if (inputs != order)
        throw std::invalid_argument("symv routine: the plan's inputs are not n, lda, offA, offx, incx, offy, incy");
    m_locks = m_plan.plan().findBuffer("locks") != nullptr;
    m_perSize = m_plan.plan().findBuffer("expected") != nullptr;
}

void SymvRoutine::enqueue(const blas::BlasCall& original, const blas::BlasOperands& given) {
    if (original.routine != blas::routine::kSymv)
        throw std::invalid_argument("symv routine: cannot run " + original.routine);
    if (original.precision != m_plan.plan().precision)
        throw std::invalid_argument("symv routine: the call's precision is not the routine's");
    blas::BlasCall call = original;
    blas::BlasOperands operands = given;
    blas::toColumnMajor(call, operands);
    if (call.uplo != m_uplo)
        throw std::invalid_argument(std::string("symv routine: its kernels read the ") +
                                    (m_uplo == blas::Uplo::Lower ? "lower" : "upper") +
                                    " triangle (column-major); the call stores the other one");
    if (auto why = blas::invalidReason(call, operands); !why.empty()) throw std::invalid_argument("symv: " + why);
    if (call.n == 0 || (call.alpha == 0 && call.beta == 1)) return;
    // In the order of the routine plan's inputs (SymvFamily::symvPlan): no map per call, and binding the values
    // already bound keeps the resolved launches (at small n the host's work per call is most of the call).
    const std::int64_t inputs[] = {call.n,        operands.a.ld,     operands.a.offset, operands.b.offset,
                                   operands.b.ld, operands.c.offset, operands.c.ld};
    m_plan.bindInputValues(inputs);
    m_plan.setScalar("alpha", call.alpha);
    m_plan.setScalar("beta", call.beta);
    m_plan.bindBuffer("A", *operands.a.buffer);
    m_plan.bindBuffer("x", *operands.b.buffer);
    m_plan.bindBuffer("y0", *operands.c.buffer); // β·y reads y in place
    m_plan.bindBuffer("y", *operands.c.buffer);
    m_plan.allocate();
    // The atomic plans' locks are zero again after every run; allocate() replaces the workspace only when more
    // segments are needed, so a Setup (zeroing) is needed only then. SYMV_FUSE 2's Setup also writes the counts
    // that complete each block of y, which depend on n: it runs again whenever n changes (its workspaces grow only
    // with n, so that also covers a new allocation).
    if (m_perSize) {
        if (call.n != m_setupN) {
            m_plan.enqueue(LaunchPhase::Setup);
            m_setupN = call.n;
        }
    } else if (m_locks) {
        if (const std::int64_t segments = m_plan.value("segments"); segments > m_zeroedSegments) {
            m_plan.enqueue(LaunchPhase::Setup);
            m_zeroedSegments = segments;
        }
    }
    m_plan.enqueue(LaunchPhase::Timed);
}

} // namespace kt::symv
