// SYMV routine on user operands: binds the call's layout to the routine plan and zeroes the locks once per allocation.
#include "kernels/symv/symv_routine.hpp"

#include <stdexcept>

#include "core/model/blas_call.hpp"

namespace kt::symv {

SymvRoutine::SymvRoutine(Device& device, ProgramCache& programs, KernelPlan plan, blas::Uplo uplo)
    : m_device(device), m_plan(device, programs, std::move(plan)), m_uplo(uplo) {}

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
    m_plan.bindInputs({{"n", call.n},
                       {"lda", operands.a.ld},
                       {"offA", operands.a.offset},
                       {"offx", operands.b.offset},
                       {"incx", operands.b.ld},
                       {"offy", operands.c.offset},
                       {"incy", operands.c.ld}});
    m_plan.setScalar("alpha", call.alpha);
    m_plan.setScalar("beta", call.beta);
    m_plan.bindBuffer("A", *operands.a.buffer);
    m_plan.bindBuffer("x", *operands.b.buffer);
    m_plan.bindBuffer("y0", *operands.c.buffer); // β·y reads y in place
    m_plan.bindBuffer("y", *operands.c.buffer);
    m_plan.allocate();
    // The atomic plans' locks are zero again after every run; allocate() replaces the workspace only when more
    // segments are needed, so a Setup (zeroing) is needed only then.
    const auto values = m_plan.values();
    if (auto it = values.find("segments"); it != values.end() && it->second > m_zeroedSegments) {
        m_plan.enqueue(LaunchPhase::Setup);
        m_zeroedSegments = it->second;
    }
    m_plan.enqueue(LaunchPhase::Timed);
}

} // namespace kt::symv
