// Host reference BLAS (CBLAS over OpenBLAS) used to verify kernels: thin typed wrappers, so no other file needs
// cblas.h.
#pragma once
#include <cstdint>

#include "kernels/reference/blas_types.hpp"

namespace kt::reference {
// C <- alpha * op(A) * op(B) + beta * C; op(A) is m x k, op(B) k x n, C m x n.
void gemm(blas::Order order, blas::Op opA, blas::Op opB, std::int64_t m, std::int64_t n, std::int64_t k, float alpha,
          const float* A, std::int64_t lda, const float* B, std::int64_t ldb, float beta, float* C, std::int64_t ldc);
void gemm(blas::Order order, blas::Op opA, blas::Op opB, std::int64_t m, std::int64_t n, std::int64_t k, double alpha,
          const double* A, std::int64_t lda, const double* B, std::int64_t ldb, double beta, double* C,
          std::int64_t ldc);
} // namespace kt::reference
