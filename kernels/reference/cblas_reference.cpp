// CBLAS wrappers; the only translation unit that includes cblas.h.
#include "kernels/reference/cblas_reference.hpp"

#include <cblas.h>

namespace kt::reference {
namespace {
CBLAS_ORDER cblasOrder(blas::Order o) { return o == blas::Order::RowMajor ? CblasRowMajor : CblasColMajor; }
CBLAS_TRANSPOSE cblasOp(blas::Op o) { return o == blas::Op::N ? CblasNoTrans : CblasTrans; }
} // namespace

void gemm(blas::Order order, blas::Op opA, blas::Op opB, std::int64_t m, std::int64_t n, std::int64_t k, float alpha,
          const float* A, std::int64_t lda, const float* B, std::int64_t ldb, float beta, float* C, std::int64_t ldc) {
    cblas_sgemm(cblasOrder(order), cblasOp(opA), cblasOp(opB), int(m), int(n), int(k), alpha, A, int(lda), B, int(ldb),
                beta, C, int(ldc));
}

void gemm(blas::Order order, blas::Op opA, blas::Op opB, std::int64_t m, std::int64_t n, std::int64_t k, double alpha,
          const double* A, std::int64_t lda, const double* B, std::int64_t ldb, double beta, double* C,
          std::int64_t ldc) {
    cblas_dgemm(cblasOrder(order), cblasOp(opA), cblasOp(opB), int(m), int(n), int(k), alpha, A, int(lda), B, int(ldb),
                beta, C, int(ldc));
}
} // namespace kt::reference
