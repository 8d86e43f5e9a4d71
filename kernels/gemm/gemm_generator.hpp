// The TN GEMM kernel generator: from GemmParams to readable kernel text in the KernelTune dialect.
#pragma once
#include <string>

#include "core/engine/backend.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

inline constexpr const char* kTnKernelName = "gemm_tn";

// Kernel body (without the dialect preamble). The kernel computes
//   C[0:mC, 0:nC] <- alpha * A^T * B + beta * C   (C row-major with stride ldc; beta == 0 never reads C)
// where A is K x M and B is K x N, stored in params.layoutA / layoutB, M, N, K multiples of ml, nl, kl.
// Arguments: (int M, int N, int K, real alpha, real beta, A, B, C, int ldc, int mC, int nC).
// Throws std::invalid_argument with params.invalidReason() when the parameters are not valid.
std::string generateTnKernel(const GemmParams& params);

// The TN kernel plus, for split-K (ksplit > 1), the reduction kernel (gemm_tn_launch.hpp), without the preamble.
std::string tnKernelBody(const GemmParams& params);
// Complete text for Device::build (preamble included; TnLauncher runs it) and its options for `device`: -DKT_DOUBLE=1 for f64, and
// the register cap in the device compiler's spelling. Throws std::invalid_argument for a cap the device cannot take.
std::string tnKernelSource(const GemmParams& params);
std::vector<std::string> tnKernelOptions(const GemmParams& params, const DeviceInfo& device);

// Launch geometry for padded sizes M, N (multiples of ml, nl): dimension 0 runs along n, 1 along m, 2 over the
// ksplit parts of k.
Range tnGlobalRange(const GemmParams& params, std::int64_t M, std::int64_t N);
Range tnLocalRange(const GemmParams& params);

} // namespace kt::gemm
