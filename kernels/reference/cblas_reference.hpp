// Host reference BLAS (CBLAS over OpenBLAS) used to verify kernels and peers: thin typed wrappers in the core BLAS
// vocabulary (core/model/blas.hpp), so no other file needs cblas.h.
#pragma once
#include <cstdint>

#include "core/model/blas.hpp"

namespace kt::reference {

// C <- alpha * op(A) * op(B) + beta * C; op(A) is m x k, op(B) k x n, C m x n.
void gemm(blas::Order order, blas::Op opA, blas::Op opB, std::int64_t m, std::int64_t n, std::int64_t k, float alpha,
          const float* A, std::int64_t lda, const float* B, std::int64_t ldb, float beta, float* C, std::int64_t ldc);
void gemm(blas::Order order, blas::Op opA, blas::Op opB, std::int64_t m, std::int64_t n, std::int64_t k, double alpha,
          const double* A, std::int64_t lda, const double* B, std::int64_t ldb, double beta, double* C,
          std::int64_t ldc);

// C <- alpha * A * B + beta * C (Left) or alpha * B * A + beta * C (Right); A symmetric, only its `uplo` triangle
// read; C and B m x n, A m x m (Left) or n x n (Right).
void symm(blas::Order order, blas::Side side, blas::Uplo uplo, std::int64_t m, std::int64_t n, float alpha,
          const float* A, std::int64_t lda, const float* B, std::int64_t ldb, float beta, float* C, std::int64_t ldc);
void symm(blas::Order order, blas::Side side, blas::Uplo uplo, std::int64_t m, std::int64_t n, double alpha,
          const double* A, std::int64_t lda, const double* B, std::int64_t ldb, double beta, double* C,
          std::int64_t ldc);

// C <- alpha * op(A) * op(A)^T + beta * C; C n x n, only its `uplo` triangle written; op(A) n x k.
void syrk(blas::Order order, blas::Uplo uplo, blas::Op op, std::int64_t n, std::int64_t k, float alpha, const float* A,
          std::int64_t lda, float beta, float* C, std::int64_t ldc);
void syrk(blas::Order order, blas::Uplo uplo, blas::Op op, std::int64_t n, std::int64_t k, double alpha,
          const double* A, std::int64_t lda, double beta, double* C, std::int64_t ldc);

// C <- alpha * (op(A) * op(B)^T + op(B) * op(A)^T) + beta * C; C n x n (`uplo` triangle), op(A), op(B) n x k.
void syr2k(blas::Order order, blas::Uplo uplo, blas::Op op, std::int64_t n, std::int64_t k, float alpha,
           const float* A, std::int64_t lda, const float* B, std::int64_t ldb, float beta, float* C, std::int64_t ldc);
void syr2k(blas::Order order, blas::Uplo uplo, blas::Op op, std::int64_t n, std::int64_t k, double alpha,
           const double* A, std::int64_t lda, const double* B, std::int64_t ldb, double beta, double* C,
           std::int64_t ldc);

// B <- alpha * op(A) * B (Left) or alpha * B * op(A) (Right), in place; A triangular (`uplo`, `diag`), B m x n.
void trmm(blas::Order order, blas::Side side, blas::Uplo uplo, blas::Op opA, blas::Diag diag, std::int64_t m,
          std::int64_t n, float alpha, const float* A, std::int64_t lda, float* B, std::int64_t ldb);
void trmm(blas::Order order, blas::Side side, blas::Uplo uplo, blas::Op opA, blas::Diag diag, std::int64_t m,
          std::int64_t n, double alpha, const double* A, std::int64_t lda, double* B, std::int64_t ldb);

// y <- alpha * A * x + beta * y; A n x n symmetric (`uplo` triangle read), x and y with increments incx, incy.
void symv(blas::Order order, blas::Uplo uplo, std::int64_t n, float alpha, const float* A, std::int64_t lda,
          const float* x, std::int64_t incx, float beta, float* y, std::int64_t incy);
void symv(blas::Order order, blas::Uplo uplo, std::int64_t n, double alpha, const double* A, std::int64_t lda,
          const double* x, std::int64_t incx, double beta, double* y, std::int64_t incy);

} // namespace kt::reference
