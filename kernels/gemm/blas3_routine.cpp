// The BLAS3 routines (blas3_routine.hpp): argument checks, the reduction of column-major calls to row-major ones
// and one plan executor per call shape.
#include "kernels/gemm/blas3_routine.hpp"

#include <stdexcept>

#include "kernels/gemm/blas3_plan.hpp"
#include "kernels/gemm/gemm_plan.hpp"

namespace kt::gemm {

Blas3Routine::Blas3Routine(Device& device, ProgramCache& programs, std::string routine, const GemmParams& params,
                           const kernels::CopyShape& copy)
    : m_device(device), m_programs(programs), m_routine(std::move(routine)), m_params(params), m_copy(copy) {
    if (auto why = params.invalidReason(); !why.empty()) throw std::invalid_argument(m_routine + " routine: " + why);
    if (auto why = copy.invalidReason(); !why.empty()) throw std::invalid_argument(m_routine + " routine: " + why);
    // Builds the programs of the commonest shape now: a bad kernel fails here, not in the first call.
    Blas3Shape shape{m_routine};
    auto plan = blas3Plan(shape, m_params, m_copy, m_device.info());
    m_executors[shape.key()] = std::make_unique<PlanExecutor>(m_device, m_programs, std::move(plan));
}

Blas3Routine::~Blas3Routine() = default;

void Blas3Routine::enqueue(const blas::BlasCall& given, const blas::BlasOperands& givenOperands) {
    const std::string name = (m_params.precision == Precision::F64 ? "d" : "s") + m_routine;
    if (given.routine != m_routine) throw std::invalid_argument(name + " routine: cannot run " + given.routine);
    if (given.precision != m_params.precision)
        throw std::invalid_argument(name + " routine given a " + toString(given.precision) + " call");
    // Enumerations from outside (casts, a corrupt call) before anything is described with them.
    if (int(given.uplo) != 0 && int(given.uplo) != 1)
        throw std::invalid_argument(name + ": unknown uplo " + std::to_string(int(given.uplo)) + " (Lower or Upper)");
    if (int(given.side) != 0 && int(given.side) != 1)
        throw std::invalid_argument(name + ": unknown side " + std::to_string(int(given.side)) + " (Left or Right)");
    if (int(given.opA) != 0 && int(given.opA) != 1)
        throw std::invalid_argument(name + ": unknown trans " + std::to_string(int(given.opA)) + " (N or T)");
    if (int(given.diag) != 0 && int(given.diag) != 1)
        throw std::invalid_argument(name + ": unknown diag " + std::to_string(int(given.diag)) + " (NonUnit or Unit)");
    if (int(given.order) != 0 && int(given.order) != 1)
        throw std::invalid_argument(name + ": unknown order " + std::to_string(int(given.order)));
    if (auto why = blas::invalidReason(given, givenOperands); !why.empty())
        throw std::invalid_argument(name + ": " + why);
    // A column-major call is the row-major call of the transposed problem on the same memory (the rewrite is its
    // own inverse: see blas::toColumnMajor).
    blas::BlasCall call = given;
    blas::BlasOperands operands = givenOperands;
    if (call.order == blas::Order::ColMajor) {
        call.order = blas::Order::RowMajor;
        blas::toColumnMajor(call, operands);
        call.order = blas::Order::RowMajor;
    }
    const bool trmm = m_routine == blas::routine::kTrmm;
    const bool twoDims = m_routine == blas::routine::kSyrk || m_routine == blas::routine::kSyr2k;
    m_exactFit = false;
    if (twoDims ? call.n == 0 : (call.m == 0 || call.n == 0)) return; // nothing to write
    Blas3Shape shape{m_routine, call.side, call.uplo, call.opA, call.diag};
    auto& slot = m_executors[shape.key()];
    if (!slot)
        slot =
            std::make_unique<PlanExecutor>(m_device, m_programs, blas3Plan(shape, m_params, m_copy, m_device.info()));
    PlanExecutor& plan = *slot;
    std::map<std::string, std::int64_t> inputs = {
        {"lda", operands.a.ld},
        {"ldb", operands.b.ld},
        {"ldc", trmm ? 1 : operands.c.ld},
        {"offa", operands.a.offset},
        {"offb", operands.b.offset},
        {"offc", trmm ? 0 : operands.c.offset},
        {"aligned", 1}}; // device buffers start at least 256-byte aligned, views of them too
    if (twoDims)
        inputs["n"] = call.n, inputs["k"] = call.k;
    else
        inputs["m"] = call.m, inputs["n"] = call.n;
    try {
        plan.bindInputs(inputs);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(name + ": " + e.what() + " in " + given.describe());
    }
    auto bind = [&](const char* buffer, Buffer* b) {
        try {
            plan.bindBuffer(buffer, *b);
        } catch (const std::invalid_argument&) {
            throw std::invalid_argument(name + ": buffer " + buffer + " too small for " + given.describe());
        }
    };
    bind("A", operands.a.buffer);
    if (plan.plan().findBuffer("B")) bind("B", operands.b.buffer); // syrk has none
    if (!trmm) bind("C", operands.c.buffer);
    plan.setScalar("alpha", call.alpha);
    plan.setScalar("beta", call.beta);
    plan.allocate();
    plan.enqueue(LaunchPhase::Timed);
    m_exactFit = m_params.direct != 0 && plan.value(kExactFitVariable) != 0;
}

double Blas3Routine::run(const blas::BlasCall& call, const blas::BlasOperands& operands) {
    return m_device.timeSpan([&] { enqueue(call, operands); });
}

} // namespace kt::gemm
