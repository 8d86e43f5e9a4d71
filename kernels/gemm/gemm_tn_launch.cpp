// TN kernel launches with and without split-K (see gemm_tn_launch.hpp).
#include "kernels/gemm/gemm_tn_launch.hpp"

#include <stdexcept>

#include "kernels/common/embedded.hpp"
#include "kernels/gemm/gemm_generator.hpp"

namespace kt::gemm {

std::string splitkReduceBody() { return kernels::embeddedSource("gemm/splitk_reduce.cl"); }

TnLauncher::TnLauncher(Device& device, const GemmParams& params, Program& program)
    : m_device(device), m_p(params), m_tn(program.kernel(kTnKernelName)) {
    if (params.ksplit > 1) m_reduce = program.kernel(kSplitkReduceKernelName);
}

TnLauncher::~TnLauncher() = default;

void TnLauncher::reserve(std::int64_t mC, std::int64_t nC) {
    if (m_p.ksplit == 1) return;
    const auto elements = std::int64_t(m_p.ksplit) * mC * nC;
    if (elements > kMaxSplitkWorkspace)
        throw std::invalid_argument("gemm: split-K workspace of " + std::to_string(elements) +
                                    " elements (ksplit x m x n) exceeds the limit of " +
                                    std::to_string(kMaxSplitkWorkspace) + "; use ksplit 1 for this size");
    const auto bytes = std::size_t(elements) * std::size_t(m_p.realBytes());
    if (!m_workspace || m_workspace->bytes() < bytes) m_workspace = m_device.allocate(bytes);
}

KernelArg TnLauncher::real(double value) const {
    return m_p.precision == Precision::F64 ? KernelArg(value) : KernelArg(float(value));
}

void TnLauncher::enqueue(std::int64_t M, std::int64_t N, std::int64_t K, double alpha, double beta, Buffer& A,
                         Buffer& B, Buffer& C, std::int64_t ldc, std::int64_t mC, std::int64_t nC) {
    if (K % m_p.kMultiple() != 0)
        throw std::invalid_argument("gemm: K=" + std::to_string(K) + " is not a multiple of kl x ksplit = " +
                                    std::to_string(m_p.kMultiple()));
    if (m_p.ksplit == 1) {
        m_device.enqueue(*m_tn, tnGlobalRange(m_p, M, N), tnLocalRange(m_p),
                         tnKernelArgs(m_p, M, N, K, alpha, beta, A, B, C, ldc, mC, nC));
        return;
    }
    reserve(mC, nC);
    // Slices of the workspace are mC x nC (stride nC); beta goes to the reduction, which alone reads C.
    m_device.enqueue(*m_tn, tnGlobalRange(m_p, M, N), tnLocalRange(m_p),
                     tnKernelArgs(m_p, M, N, K, alpha, 0.0, A, B, *m_workspace, nC, mC, nC));
    constexpr std::int64_t kTile = 16;
    const Range global(std::size_t(roundUp(nC, kTile)), std::size_t(roundUp(mC, kTile)));
    m_device.enqueue(*m_reduce, global, Range(std::size_t(kTile), std::size_t(kTile)),
                     {std::int32_t(m_p.ksplit), std::int32_t(mC), std::int32_t(nC), real(beta), m_workspace.get(), &C,
                      std::int32_t(ldc)});
}

double TnLauncher::run(std::int64_t M, std::int64_t N, std::int64_t K, double alpha, double beta, Buffer& A,
                       Buffer& B, Buffer& C, std::int64_t ldc, std::int64_t mC, std::int64_t nC) {
    if (m_p.ksplit == 1)
        return m_device.launch(*m_tn, tnGlobalRange(m_p, M, N), tnLocalRange(m_p),
                               tnKernelArgs(m_p, M, N, K, alpha, beta, A, B, C, ldc, mC, nC));
    reserve(mC, nC); // outside the timed span
    return m_device.timeSpan([&] { enqueue(M, N, K, alpha, beta, A, B, C, ldc, mC, nC); });
}

} // namespace kt::gemm
