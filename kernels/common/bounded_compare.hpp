// Checks products (GEMM, SYMV, the BLAS3 routines) against a host reference, with a tolerance that scales with k and
// the magnitudes of the terms.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <vector>

#include "core/engine/family.hpp"

namespace kt::kernels {

// `got` and `ref` are m x n row-major with stride ldc; `bound` holds |alpha|*|op(A)|*|op(B)| + |beta|*|C| (same
// shape), the magnitude that rounding errors scale with. Accepts |got - ref| <= (2 sqrt(k) + 8) * eps * bound,
// comfortably above the rounding of any summation order for random data, far below a missing or wrong term.
template <class T> VerifyResult compareBounded(const std::vector<T>& got, const std::vector<T>& ref,
                                            const std::vector<T>& bound, std::int64_t m, std::int64_t n,
                                            std::int64_t ldc, std::int64_t k) {
    VerifyResult r;
    r.ok = true;
    const double factor = (2.0 * std::sqrt(double(k)) + 8.0) * std::numeric_limits<T>::epsilon();
    for (std::int64_t i = 0; i < m; ++i) {
        for (std::int64_t j = 0; j < n; ++j) {
            const std::size_t o = std::size_t(i * ldc + j);
            const double g = got[o], e = ref[o], b = bound[o];
            const double abs = std::fabs(g - e);
            const double rel = abs / std::max(std::fabs(e), std::numeric_limits<double>::min());
            if (!(abs <= factor * b + std::numeric_limits<T>::min())) { // also catches NaN
                if (r.ok) {
                    std::ostringstream s;
                    s << "C[" << i << "," << j << "] = " << g << " expected " << e << " (error " << abs
                      << " > tolerance " << factor * b << ")";
                    r.message = s.str();
                }
                r.ok = false;
            }
            if (!(abs <= r.maxAbsError)) r.maxAbsError = abs; // NaN propagates
            if (!(rel <= r.maxRelError)) r.maxRelError = rel;
        }
    }
    return r;
}

} // namespace kt::kernels
