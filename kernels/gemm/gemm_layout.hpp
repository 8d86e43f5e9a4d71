// Host-side view of the TN kernel's operand layouts (ROW, CBL, RBL): index mapping and packing with zero padding.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

// Storage index of element (p, i) of an R x Cc operand (R multiple of blockRows, Cc of blockCols).
inline std::size_t layoutIndex(Layout layout, std::int64_t p, std::int64_t i, std::int64_t R, std::int64_t Cc,
                               std::int64_t blockRows, std::int64_t blockCols) {
    switch (layout) {
    case Layout::Cbl: return std::size_t((i / blockCols) * R * blockCols + p * blockCols + i % blockCols);
    case Layout::Rbl:
        return std::size_t((p / blockRows) * blockRows * Cc + (i / blockCols) * blockRows * blockCols +
                           (p % blockRows) * blockCols + i % blockCols);
    case Layout::Row: break;
    }
    return std::size_t(p * Cc + i);
}

// Packs the r x c row-major matrix `src` (stride ld) into an R x Cc operand in `layout`, zeros in the padding.
template <class T> std::vector<T> packOperand(const T* src, std::int64_t ld, std::int64_t r, std::int64_t c,
                                              Layout layout, std::int64_t R, std::int64_t Cc, std::int64_t blockRows,
                                              std::int64_t blockCols) {
    std::vector<T> out(std::size_t(R * Cc), T(0));
    for (std::int64_t p = 0; p < r; ++p)
        for (std::int64_t i = 0; i < c; ++i)
            out[layoutIndex(layout, p, i, R, Cc, blockRows, blockCols)] = src[p * ld + i];
    return out;
}

} // namespace kt::gemm
