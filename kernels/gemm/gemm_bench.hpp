// Entry points for GPU benchmarks: time the full GEMM routine (copies + TN kernel) or the TN kernel alone on
// operands already in its layout, for one parameter point, on any kt::Device.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "kernels/gemm/gemm_routine.hpp"

namespace kt::gemm {

struct GemmTiming {
    std::vector<double> timesMs; // each timed repetition (device time)
    double medianMs = 0;
    double minMs = 0;
    bool verified = false;     // whether a check against OpenBLAS ran
    VerifyResult verification; // its outcome when verified
    double gflops(std::int64_t m, std::int64_t n, std::int64_t k) const {
        return medianMs > 0 ? 2.0 * double(m) * double(n) * double(k) / (medianMs * 1e6) : 0;
    }
};

struct BenchOptions {
    int warmupRuns = 1;
    int timedRuns = 5;
    std::uint64_t seed = 42;
    bool verify = false; // compare the last run with OpenBLAS (host time grows as m n k)
};

// The full routine C <- alpha op(A) op(B) + beta C for `call` (ld* = 0 means dense) on random inputs; each timed
// run covers the copies and the TN kernel between two device markers.
GemmTiming timeGemmRoutine(Device& device, const GemmParams& params, GemmCall call, const BenchOptions& options = {});

// Only the TN kernel (alpha = 1, beta = 1: A^T B + C as in the papers) on m x n x k operands prepared on the host
// in the kernel's layouts (padded to the blocking factors).
GemmTiming timeTnKernel(Device& device, const GemmParams& params, std::int64_t m, std::int64_t n, std::int64_t k,
                        const BenchOptions& options = {});

} // namespace kt::gemm
