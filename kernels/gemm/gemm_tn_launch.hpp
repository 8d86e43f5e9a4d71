// Launching one TN kernel: the kernel itself, or with split-K (ksplit > 1) the kernel into a workspace followed by
// the reduction into C. Shared by the tuning candidate, the GEMM routine, the benchmarks and the tests, so every
// path runs a split-K variant the same way.
#pragma once
#include <cstdint>
#include <memory>

#include "core/engine/backend.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

inline constexpr const char* kSplitkReduceKernelName = "gemm_splitk_reduce";

// The reduction kernel's text (without the dialect preamble).
std::string splitkReduceBody();

class TnLauncher {
public:
    // `program` was built from tnKernelSource(params) or a text containing it (it holds the reduction kernel when
    // params.ksplit > 1).
    TnLauncher(Device& device, const GemmParams& params, Program& program);
    ~TnLauncher();

    // Allocates the split-K workspace for an mC x nC result now (otherwise the first enqueue does).
    void reserve(std::int64_t mC, std::int64_t nC);

    // C[0:mC, 0:nC] (row-major, stride ldc) <- alpha * A^T * B + beta * C, with A K x M and B K x N in the kernel's
    // layouts, M, N, K multiples of ml, nl and params.kMultiple(). Enqueues without waiting.
    void enqueue(std::int64_t M, std::int64_t N, std::int64_t K, double alpha, double beta, Buffer& A, Buffer& B,
                 Buffer& C, std::int64_t ldc, std::int64_t mC, std::int64_t nC);
    // The same, timed on the device (milliseconds): the kernel alone, or kernel + reduction for split-K.
    double run(std::int64_t M, std::int64_t N, std::int64_t K, double alpha, double beta, Buffer& A, Buffer& B,
               Buffer& C, std::int64_t ldc, std::int64_t mC, std::int64_t nC);

private:
    KernelArg real(double value) const;

    Device& m_device;
    GemmParams m_p;
    std::unique_ptr<Kernel> m_tn, m_reduce;
    std::unique_ptr<Buffer> m_workspace;
};

// Largest mC * nC * ksplit a split-K variant takes (the workspace in elements): beyond it C is large enough to keep
// every compute unit busy without splitting, and the workspace would cost gigabytes.
inline constexpr std::int64_t kMaxSplitkWorkspace = std::int64_t(1) << 28;

} // namespace kt::gemm
