// SYMM, SYRK, SYR2K and TRMM as kernel plans built from the same tuned parts as GEMM (paper 002): copies of the
// operands into the TN kernel's layouts (kernels/common/layout_copy: symmetric fill for SYMM, triangular copy for
// TRMM) and the TN kernel (with its triangle for SYRK/SYR2K and its k range for TRMM). Row-major BLAS semantics; the
// routine (blas3_routine.hpp) reduces column-major calls to them.
#pragma once
#include <string>
#include <string_view>

#include "core/engine/kernel_plan.hpp"
#include "core/model/blas.hpp"
#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

// One call shape of a BLAS3 routine (row-major); the options a routine does not have are ignored.
struct Blas3Shape {
    std::string routine; // blas::routine::kSymm, kSyrk, kSyr2k, kTrmm
    blas::Side side = blas::Side::Left;
    blas::Uplo uplo = blas::Uplo::Lower;
    blas::Op op = blas::Op::N; // syrk, syr2k: op(A); trmm: op(A)
    blas::Diag diag = blas::Diag::NonUnit;
    int key() const; // distinct per shape, for caching plans
};

// The plan's size inputs, as BLAS names them: symm and trmm m, n; syrk and syr2k n, k.
std::vector<std::string> blas3Dimensions(std::string_view routine);

// The routine plan: inputs the two dimensions, lda, ldb, ldc, offa, offb, offc (row-major leading dimensions and
// element offsets); scalars alpha, beta; buffers A, B, C as the routine reads and writes them (trmm: B in place, no C).
// `tuning`: ld and offsets are variables (dense operands from element 0) so the inputs are the dimensions alone.
// Throws std::invalid_argument for an unknown routine or a TN kernel with ksplit > 1.
KernelPlan blas3Plan(const Blas3Shape& shape, const GemmParams& params, const kernels::CopyShape& copy,
                     const DeviceInfo& device, bool tuning = false);

} // namespace kt::gemm
