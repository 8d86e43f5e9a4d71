// BlasCall → the CBLAS wrappers (cblas_reference.hpp), one branch per routine.
#include "kernels/reference/blas_reference.hpp"

#include <stdexcept>
#include <type_traits>

#include "kernels/reference/cblas_reference.hpp"

namespace kt::reference {
namespace {

template <class T> void runTyped(const blas::BlasCall& call, const HostOperand<T>& a, const HostOperand<T>& b,
                                 const HostOperand<T>& c) {
    using namespace blas;
    const Precision mine = std::is_same_v<T, double> ? Precision::F64 : Precision::F32;
    if (call.precision != mine)
        throw std::invalid_argument(call.describe() + ": host operands of the other precision");
    const BlasOperands shapes{{nullptr, a.ld, a.offset}, {nullptr, b.ld, b.offset}, {nullptr, c.ld, c.offset}};
    if (auto why = invalidReason(call, shapes, false); !why.empty()) throw std::invalid_argument(why);
    const T alpha = T(call.alpha), beta = T(call.beta);
    const auto& r = call.routine;
    if (r == routine::kGemm) {
        gemm(call.order, call.opA, call.opB, call.m, call.n, call.k, alpha, a.at(), a.ld, b.at(), b.ld, beta, c.at(),
             c.ld);
    } else if (r == routine::kGemmBatchedStrided) {
        for (std::int64_t i = 0; i < call.batchCount; ++i)
            gemm(call.order, call.opA, call.opB, call.m, call.n, call.k, alpha, a.at() + i * call.strideA, a.ld,
                 b.at() + i * call.strideB, b.ld, beta, c.at() + i * call.strideC, c.ld);
    } else if (r == routine::kGemmBatched) {
        const auto& o = *call.batchOffsets; // checked by invalidReason
        for (std::int64_t i = 0; i < call.batchCount; ++i)
            gemm(call.order, call.opA, call.opB, call.m, call.n, call.k, alpha, a.at() + o.a()[i], a.ld,
                 b.at() + o.b()[i], b.ld, beta, c.at() + o.c()[i], c.ld);
    } else if (r == routine::kTranspose) {
        // C = alpha op(A), A m x n: exact, element by element.
        const bool row = call.order == Order::RowMajor, t = call.opA == Op::T;
        auto index = [row](std::int64_t i, std::int64_t j, std::int64_t ld) { return row ? i * ld + j : j * ld + i; };
        for (std::int64_t i = 0; i < call.m; ++i)
            for (std::int64_t j = 0; j < call.n; ++j) {
                const T v = alpha * a.at()[index(i, j, a.ld)];
                c.at()[t ? index(j, i, c.ld) : index(i, j, c.ld)] = v;
            }
    } else if (r == routine::kSymm) {
        symm(call.order, call.side, call.uplo, call.m, call.n, alpha, a.at(), a.ld, b.at(), b.ld, beta, c.at(), c.ld);
    } else if (r == routine::kSyrk) {
        syrk(call.order, call.uplo, call.opA, call.n, call.k, alpha, a.at(), a.ld, beta, c.at(), c.ld);
    } else if (r == routine::kSyr2k) {
        syr2k(call.order, call.uplo, call.opA, call.n, call.k, alpha, a.at(), a.ld, b.at(), b.ld, beta, c.at(), c.ld);
    } else if (r == routine::kTrmm) {
        trmm(call.order, call.side, call.uplo, call.opA, call.diag, call.m, call.n, alpha, a.at(), a.ld, b.at(), b.ld);
    } else if (r == routine::kSymv) {
        symv(call.order, call.uplo, call.n, alpha, a.at(), a.ld, b.at(), b.ld, beta, c.at(), c.ld);
    } else if (r == routine::kDot) {
        // In double whatever T is: the reference of a reduction must not carry the rounding it checks.
        double sum = 0;
        for (std::int64_t i = 0; i < call.n; ++i) sum += double(a.at()[i * a.ld]) * double(b.at()[i * b.ld]);
        c.at()[0] = T(alpha * sum + (beta != T(0) ? double(beta) * double(c.at()[0]) : 0.0));
    } else {
        throw std::invalid_argument("no host reference for BLAS routine '" + r + "'");
    }
}

} // namespace

void run(const blas::BlasCall& call, const HostOperand<float>& a, const HostOperand<float>& b,
         const HostOperand<float>& c) {
    runTyped(call, a, b, c);
}

void run(const blas::BlasCall& call, const HostOperand<double>& a, const HostOperand<double>& b,
         const HostOperand<double>& c) {
    runTyped(call, a, b, c);
}

} // namespace kt::reference
