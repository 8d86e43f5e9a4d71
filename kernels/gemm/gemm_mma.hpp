// The FP64 tensor-core variant of the TN GEMM kernel (GemmParams::mma > 0): warp-level mma.sync through inline PTX.
#pragma once
#include <string>

#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

// Kernel body (without the dialect preamble) with the TN kernel's name, arguments and launch geometry
// (gemm_generator.hpp), so the plans, the routine and split-K take it unchanged. CUDA only (NVRTC, sm_80 for
// m8n8k4, sm_90 for the m16n8k* shapes); the family's space keeps it to such devices. Each warp owns a
// wm x wn tile of C made of MMA tiles; A and B tiles reach shared memory through cp.async in a ring of `stages`
// k-blocks (one barrier per k-block) and the fragments are read from there in the layouts mma.sync expects.
// `variant` (BLAS3, ksplit 1): the SIMT kernel's triangle of C and k range, through the same text
// (tnVariantPrologue, tnVariantStoreCondition) at the kernel's edges; the k loop itself is the GEMM's.
std::string generateMmaKernel(const GemmParams& params, const TnVariant& variant = {});

} // namespace kt::gemm
