// GEMM through the TN kernel (paper, Sec. III): column-major C = op(A) op(B) is row-major C^T = op(B)^T op(A)^T, so
// the operands swap; the rest is the routine plan of gemm_plan.hpp.
#include "kernels/gemm/gemm_routine.hpp"

#include <limits>
#include <sstream>
#include <stdexcept>

#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_plan.hpp"

namespace kt::gemm {

std::string GemmCall::describe() const {
    std::ostringstream s;
    s << blas::toString(order) << " " << blas::toString(opA) << blas::toString(opB) << " m=" << m << " n=" << n
      << " k=" << k;
    return s.str();
}

GemmRoutine::GemmRoutine(Device& device, ProgramCache& programs, const GemmParams& params,
                         const kernels::CopyShape& copy)
    : m_device(device), m_programs(programs), m_params(params), m_copy(copy) {
    if (auto why = params.invalidReason(); !why.empty()) throw std::invalid_argument("gemm routine: " + why);
    executorFor(blas::Op::N, blas::Op::N, true, true); // builds the programs now: a bad kernel fails here
}

GemmRoutine::~GemmRoutine() = default;

PlanExecutor& GemmRoutine::executorFor(blas::Op opA, blas::Op opB, bool copyA, bool copyB) {
    const int key = int(opA) * 8 + int(opB) * 4 + int(copyA) * 2 + int(copyB);
    auto& slot = m_executors[key];
    if (!slot)
        slot = std::make_unique<PlanExecutor>(m_device, m_programs,
                                              routinePlan(m_params, m_device.info(), {opA, opB, copyA, copyB}, m_copy));
    return *slot;
}

void GemmRoutine::enqueue(const GemmCall& call, Buffer& A, Buffer& B, Buffer& C) {
    if (call.m < 0 || call.n < 0 || call.k < 0)
        throw std::invalid_argument("gemm: negative size in " + call.describe());
    if (call.offA < 0 || call.offB < 0 || call.offC < 0)
        throw std::invalid_argument("gemm: negative offset in " + call.describe());
    // Reduce to row-major.
    const bool col = call.order == blas::Order::ColMajor;
    const std::int64_t m = col ? call.n : call.m, n = col ? call.m : call.n, k = call.k;
    const blas::Op opA = col ? call.opB : call.opA, opB = col ? call.opA : call.opB;
    Buffer& a = col ? B : A;
    Buffer& b = col ? A : B;
    const std::int64_t lda = col ? call.ldb : call.lda, ldb = col ? call.lda : call.ldb;
    const std::int64_t offa = col ? call.offB : call.offA, offb = col ? call.offA : call.offB;
    const char* nameA = col ? "ldb" : "lda";
    const char* nameB = col ? "lda" : "ldb";
    const std::int64_t aCols = opA == blas::Op::N ? k : m, bCols = opB == blas::Op::N ? n : k;
    auto checkLd = [&](std::int64_t ld, std::int64_t cols, const char* name) {
        if (ld < std::max<std::int64_t>(1, cols))
            throw std::invalid_argument(std::string("gemm: ") + name + "=" + std::to_string(ld) + " is smaller than " +
                                        std::to_string(cols) + " in " + call.describe());
    };
    checkLd(lda, aCols, nameA);
    checkLd(ldb, bCols, nameB);
    checkLd(call.ldc, n, "ldc");
    // The kernel's size limits come first: they hold whatever buffers are passed (an empty C reads no operand).
    const std::int64_t M = roundUp(m, m_params.ml), N = roundUp(n, m_params.nl), K = roundUp(k, m_params.kMultiple());
    constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
    // The stored operands too (rows of op(A) = A are m, of op(A) = A^T k; likewise B): direct reads index them
    // with 32-bit offsets.
    const std::int64_t aRows = opA == blas::Op::N ? m : k, bRows = opB == blas::Op::N ? k : n;
    if (M * K > kMax || N * K > kMax || call.offC + m * call.ldc > kMax || offa + M * lda > kMax ||
        offb + N * ldb > kMax || offa + aRows * lda > kMax || offb + bRows * ldb > kMax)
        throw std::invalid_argument("gemm: matrices beyond 2^31 elements are not supported: " + call.describe());
    if (auto why = m && n ? tnImageLimitReason(m_params, M, N, K, m_device.info()) : std::string(); !why.empty())
        throw std::invalid_argument("gemm: " + call.describe() + ": " + why);
    m_copiedA = m_copiedB = false;
    // Already in the kernel's layout: untransposed, no padding needed, dense rows from the buffer's start, and either
    // row-major or a single column block (then CBL and RBL coincide with row-major).
    auto fits = [](bool transpose, Layout layout, std::int64_t r, std::int64_t c, std::int64_t ld, std::int64_t off,
                   std::int64_t R, std::int64_t Cc, int blockCols) {
        return !transpose && r == R && c == Cc && ld == Cc && off == 0 && (layout == Layout::Row || Cc == blockCols);
    };
    // Direct reads (tensor-core and SIMT kernels): the kernel reads every operand where it lies.
    const bool direct = m_params.direct != 0;
    const bool copyA = !direct && !fits(opA == blas::Op::N, m_params.layoutA, k, m, lda, offa, K, M, m_params.ml);
    const bool copyB = !direct && !fits(opB == blas::Op::T, m_params.layoutB, k, n, ldb, offb, K, N, m_params.nl);
    PlanExecutor& plan = executorFor(opA, opB, copyA, copyB);
    // In the order of routinePlan's inputs (m, n, k, lda, ldb, ldc, offa, offb, offc, aligned): no map per call.
    // Device buffers start at least 256-byte aligned (allocations and views alike): "aligned" holds.
    const std::int64_t inputs[] = {m, n, k, lda, ldb, call.ldc, offa, offb, call.offC, 1};
    plan.bindInputValues(inputs);
    // Direct reads: the plan runs its exact-fit program where the call fits the blocks (addDirectTnLaunches).
    const bool exactFit = direct && plan.value(kExactFitVariable) != 0;
    auto bind = [&](const char* name, Buffer& buffer, const char* user) {
        try {
            plan.bindBuffer(name, buffer);
        } catch (const std::invalid_argument&) {
            throw std::invalid_argument(std::string("gemm: buffer ") + user + " too small for " + call.describe());
        }
    };
    bind("A", a, col ? "B" : "A");
    bind("B", b, col ? "A" : "B");
    bind("C", C, "C");
    if (m == 0 || n == 0) return;
    plan.setScalar("alpha", call.alpha);
    plan.setScalar("beta", call.beta);
    plan.allocate();
    plan.enqueue(LaunchPhase::Timed);
    m_copiedA = copyA, m_copiedB = copyB, m_exactFit = exactFit;
}

void GemmRoutine::enqueue(const blas::BlasCall& call, const blas::BlasOperands& operands) {
    if (call.routine != blas::routine::kGemm)
        throw std::invalid_argument("gemm routine: cannot run " + call.routine);
    if (call.precision != m_params.precision)
        throw std::invalid_argument("gemm routine of precision " + toString(m_params.precision) + " given a " +
                                    toString(call.precision) + " call");
    if (!operands.a.buffer || !operands.b.buffer || !operands.c.buffer)
        throw std::invalid_argument("gemm routine: an operand has no buffer");
    GemmCall g;
    g.order = call.order, g.opA = call.opA, g.opB = call.opB;
    g.m = call.m, g.n = call.n, g.k = call.k, g.alpha = call.alpha, g.beta = call.beta;
    g.lda = operands.a.ld, g.ldb = operands.b.ld, g.ldc = operands.c.ld;
    g.offA = operands.a.offset, g.offB = operands.b.offset, g.offC = operands.c.offset;
    enqueue(g, *operands.a.buffer, *operands.b.buffer, *operands.c.buffer);
}

double GemmRoutine::run(const GemmCall& call, Buffer& A, Buffer& B, Buffer& C) {
    return m_device.timeSpan([&] { enqueue(call, A, B, C); });
}

} // namespace kt::gemm
