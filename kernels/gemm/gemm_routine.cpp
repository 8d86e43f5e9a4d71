// GEMM through the TN kernel (paper, Sec. III): every op type and storage order is reduced to a row-major
// A^T * B problem. Column-major C = op(A) op(B) is row-major C^T = op(B)^T op(A)^T, so the operands swap; then
// A is copied to K x M (transposed when op(A) = A) and B to K x N (transposed when op(B) = B^T), both in the
// kernel's layout and zero padded to the blocking factors. C is written in place by the kernel's guarded stores.
#include "kernels/gemm/gemm_routine.hpp"

#include <limits>
#include <sstream>
#include <stdexcept>

#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_tn_launch.hpp"

namespace kt::gemm {

std::string GemmCall::describe() const {
    std::ostringstream s;
    s << blas::toString(order) << " " << blas::toString(opA) << blas::toString(opB) << " m=" << m << " n=" << n
      << " k=" << k;
    return s.str();
}

struct GemmRoutine::Operand {
    std::unique_ptr<Buffer> workspace; // reused while large enough
    Buffer* use = nullptr;             // what the TN kernel reads
};

struct GemmRoutine::CopyVariant {
    copy::CopyParams params;
    std::unique_ptr<Program> program;
    std::unique_ptr<Kernel> kernel;
};

GemmRoutine::GemmRoutine(Device& device, const GemmParams& params, int copyTile, int copyRows)
    : m_device(device), m_params(params), m_copyTile(copyTile), m_copyRows(copyRows), m_a(std::make_unique<Operand>()),
      m_b(std::make_unique<Operand>()) {
    m_tnProgram = device.build(tnKernelSource(params), tnKernelOptions(params, device.info()));
    m_tn = std::make_unique<TnLauncher>(device, params, *m_tnProgram);
}

GemmRoutine::~GemmRoutine() = default;

Kernel& GemmRoutine::copyKernel(bool transpose, Layout layout, int blockCols) {
    for (auto& v : m_copies)
        if (v->params.transpose == transpose && v->params.layout == layout && v->params.blockCols == blockCols)
            return *v->kernel;
    auto v = std::make_unique<CopyVariant>();
    v->params = {transpose, layout, m_params.kl, blockCols, m_copyTile, m_copyRows, m_params.precision};
    v->program = m_device.build(copy::copySource(), copy::copyOptions(v->params));
    v->kernel = v->program->kernel(copy::kCopyKernelName);
    m_copies.push_back(std::move(v));
    return *m_copies.back()->kernel;
}

void GemmRoutine::prepareOperand(Operand& op, Buffer& src, bool transpose, std::int64_t r, std::int64_t c,
                                 std::int64_t ld, std::int64_t R, std::int64_t Cc, int blockCols, bool& copied) {
    const Layout layout = &op == m_a.get() ? m_params.layoutA : m_params.layoutB;
    // Already in the kernel's layout: untransposed, no padding needed, dense rows, and either row-major or a
    // single column block (then CBL and RBL coincide with row-major).
    const bool fits = !transpose && r == R && c == Cc && ld == Cc && (layout == Layout::Row || Cc == blockCols);
    copied = !fits;
    if (fits) {
        op.use = &src;
        return;
    }
    const std::size_t bytes = std::size_t(R * Cc) * std::size_t(m_params.realBytes());
    if (!op.workspace || op.workspace->bytes() < bytes) op.workspace = m_device.allocate(bytes);
    Kernel& kernel = copyKernel(transpose, layout, blockCols);
    copy::CopyParams cp{transpose, layout, m_params.kl, blockCols, m_copyTile, m_copyRows, m_params.precision};
    // The copy reads src(row, col) = src[row * ld + col]; for the transposing copy the source is c x r.
    copy::enqueueCopy(m_device, kernel, cp, R, Cc, r, c, src, ld, 0, *op.workspace);
    op.use = op.workspace.get();
}

void GemmRoutine::enqueue(const GemmCall& call, Buffer& A, Buffer& B, Buffer& C) {
    if (call.m < 0 || call.n < 0 || call.k < 0)
        throw std::invalid_argument("gemm: negative size in " + call.describe());
    // Reduce to row-major.
    const bool col = call.order == blas::Order::ColMajor;
    const std::int64_t m = col ? call.n : call.m, n = col ? call.m : call.n, k = call.k;
    const blas::Op opA = col ? call.opB : call.opA, opB = col ? call.opA : call.opB;
    Buffer& a = col ? B : A;
    Buffer& b = col ? A : B;
    const std::int64_t lda = col ? call.ldb : call.lda, ldb = col ? call.lda : call.ldb;
    const char* nameA = col ? "ldb" : "lda";
    const char* nameB = col ? "lda" : "ldb";
    // Row-major storage of op(A) (m x k): A is m x k for N, k x m for T; likewise B.
    const std::int64_t aRows = opA == blas::Op::N ? m : k, aCols = opA == blas::Op::N ? k : m;
    const std::int64_t bRows = opB == blas::Op::N ? k : n, bCols = opB == blas::Op::N ? n : k;
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
    if (M * K > kMax || N * K > kMax || m * call.ldc > kMax)
        throw std::invalid_argument("gemm: matrices beyond 2^31 elements are not supported: " + call.describe());
    if (auto why = m && n ? tnImageLimitReason(m_params, M, N, K, m_device.info()) : std::string(); !why.empty())
        throw std::invalid_argument("gemm: " + call.describe() + ": " + why);
    const auto bytes = std::size_t(m_params.realBytes());
    auto checkBuffer = [&](const Buffer& buf, std::int64_t rows, std::int64_t ld, std::int64_t cols, const char* name) {
        if (rows > 0 && cols > 0 && buf.bytes() < std::size_t((rows - 1) * ld + cols) * bytes)
            throw std::invalid_argument(std::string("gemm: buffer ") + name + " too small for " + call.describe());
    };
    checkBuffer(a, aRows, lda, aCols, col ? "B" : "A");
    checkBuffer(b, bRows, ldb, bCols, col ? "A" : "B");
    checkBuffer(C, m, call.ldc, n, "C");
    m_copiedA = m_copiedB = false;
    if (m == 0 || n == 0) return;

    // A_kernel(p, i) = op(A)(i, p): a plain copy of A when op(A) = A^T (stored k x m), a transposition otherwise.
    prepareOperand(*m_a, a, opA == blas::Op::N, k, m, lda, K, M, m_params.ml, m_copiedA);
    // B_kernel(p, j) = op(B)(p, j): a plain copy when op(B) = B (stored k x n), a transposition otherwise.
    prepareOperand(*m_b, b, opB == blas::Op::T, k, n, ldb, K, N, m_params.nl, m_copiedB);

    // Image operands view the K x M / K x N part of the operand buffers (a reused workspace may be larger).
    m_tn->enqueue(M, N, K, call.alpha, call.beta, *m_a->use, *m_b->use, C, call.ldc, m, n);
}

double GemmRoutine::run(const GemmCall& call, Buffer& A, Buffer& B, Buffer& C) {
    return m_device.timeSpan([&] { enqueue(call, A, B, C); });
}

} // namespace kt::gemm
