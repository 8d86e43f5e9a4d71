// CBLAS wrappers; the only translation unit that includes cblas.h.
#include "kernels/reference/cblas_reference.hpp"

#include <cblas.h>

namespace kt::reference {
namespace {
CBLAS_ORDER cblasOrder(blas::Order o) { return o == blas::Order::RowMajor ? CblasRowMajor : CblasColMajor; }
CBLAS_TRANSPOSE cblasOp(blas::Op o) { return o == blas::Op::N ? CblasNoTrans : CblasTrans; }
CBLAS_SIDE cblasSide(blas::Side s) { return s == blas::Side::Left ? CblasLeft : CblasRight; }
CBLAS_UPLO cblasUplo(blas::Uplo u) { return u == blas::Uplo::Lower ? CblasLower : CblasUpper; }
CBLAS_DIAG cblasDiag(blas::Diag d) { return d == blas::Diag::Unit ? CblasUnit : CblasNonUnit; }
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

void symm(blas::Order order, blas::Side side, blas::Uplo uplo, std::int64_t m, std::int64_t n, float alpha,
          const float* A, std::int64_t lda, const float* B, std::int64_t ldb, float beta, float* C, std::int64_t ldc) {
    cblas_ssymm(cblasOrder(order), cblasSide(side), cblasUplo(uplo), int(m), int(n), alpha, A, int(lda), B, int(ldb),
                beta, C, int(ldc));
}

void symm(blas::Order order, blas::Side side, blas::Uplo uplo, std::int64_t m, std::int64_t n, double alpha,
          const double* A, std::int64_t lda, const double* B, std::int64_t ldb, double beta, double* C,
          std::int64_t ldc) {
    cblas_dsymm(cblasOrder(order), cblasSide(side), cblasUplo(uplo), int(m), int(n), alpha, A, int(lda), B, int(ldb),
                beta, C, int(ldc));
}

void syrk(blas::Order order, blas::Uplo uplo, blas::Op op, std::int64_t n, std::int64_t k, float alpha, const float* A,
          std::int64_t lda, float beta, float* C, std::int64_t ldc) {
    cblas_ssyrk(cblasOrder(order), cblasUplo(uplo), cblasOp(op), int(n), int(k), alpha, A, int(lda), beta, C, int(ldc));
}

void syrk(blas::Order order, blas::Uplo uplo, blas::Op op, std::int64_t n, std::int64_t k, double alpha,
          const double* A, std::int64_t lda, double beta, double* C, std::int64_t ldc) {
    cblas_dsyrk(cblasOrder(order), cblasUplo(uplo), cblasOp(op), int(n), int(k), alpha, A, int(lda), beta, C, int(ldc));
}

void syr2k(blas::Order order, blas::Uplo uplo, blas::Op op, std::int64_t n, std::int64_t k, float alpha,
           const float* A, std::int64_t lda, const float* B, std::int64_t ldb, float beta, float* C, std::int64_t ldc) {
    cblas_ssyr2k(cblasOrder(order), cblasUplo(uplo), cblasOp(op), int(n), int(k), alpha, A, int(lda), B, int(ldb), beta,
                 C, int(ldc));
}

void syr2k(blas::Order order, blas::Uplo uplo, blas::Op op, std::int64_t n, std::int64_t k, double alpha,
           const double* A, std::int64_t lda, const double* B, std::int64_t ldb, double beta, double* C,
           std::int64_t ldc) {
    cblas_dsyr2k(cblasOrder(order), cblasUplo(uplo), cblasOp(op), int(n), int(k), alpha, A, int(lda), B, int(ldb), beta,
                 C, int(ldc));
}

void trmm(blas::Order order, blas::Side side, blas::Uplo uplo, blas::Op opA, blas::Diag diag, std::int64_t m,
          std::int64_t n, float alpha, const float* A, std::int64_t lda, float* B, std::int64_t ldb) {
    cblas_strmm(cblasOrder(order), cblasSide(side), cblasUplo(uplo), cblasOp(opA), cblasDiag(diag), int(m), int(n),
                alpha, A, int(lda), B, int(ldb));
}

void trmm(blas::Order order, blas::Side side, blas::Uplo uplo, blas::Op opA, blas::Diag diag, std::int64_t m,
          std::int64_t n, double alpha, const double* A, std::int64_t lda, double* B, std::int64_t ldb) {
    cblas_dtrmm(cblasOrder(order), cblasSide(side), cblasUplo(uplo), cblasOp(opA), cblasDiag(diag), int(m), int(n),
                alpha, A, int(lda), B, int(ldb));
}

void symv(blas::Order order, blas::Uplo uplo, std::int64_t n, float alpha, const float* A, std::int64_t lda,
          const float* x, std::int64_t incx, float beta, float* y, std::int64_t incy) {
    cblas_ssymv(cblasOrder(order), cblasUplo(uplo), int(n), alpha, A, int(lda), x, int(incx), beta, y, int(incy));
}

void symv(blas::Order order, blas::Uplo uplo, std::int64_t n, double alpha, const double* A, std::int64_t lda,
          const double* x, std::int64_t incx, double beta, double* y, std::int64_t incy) {
    cblas_dsymv(cblasOrder(order), cblasUplo(uplo), int(n), alpha, A, int(lda), x, int(incx), beta, y, int(incy));
}

} // namespace kt::reference
