// Copy kernels that bring GEMM operands into the TN kernel's layout (with or without transposition, zero padded).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "core/engine/family.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::copy {

inline constexpr const char* kCopyKernelName = "copy_to_layout";

// Default work-group shape: 32 x 8 work-items copy a 32 x 32 tile, four elements each.
inline constexpr int kDefaultCopyTile = 32;
inline constexpr int kDefaultCopyRows = 8;

struct CopyParams {
    bool transpose = false; // dst(p, i) = src(i, p)
    gemm::Layout layout = gemm::Layout::Row;
    int blockRows = 1; // kl of the TN kernel
    int blockCols = 1; // ml (for A) or nl (for B)
    int tile = kDefaultCopyTile; // a work-group copies a tile x tile block
    int rows = kDefaultCopyRows; // work-group is tile x rows; each work-item copies tile / rows elements (rows divides tile)
    Precision precision = Precision::F32;
};

// Complete source (preamble included) and the -D options selecting the variant.
std::string copySource();
std::vector<std::string> copyOptions(const CopyParams& params);

// Enqueues (without waiting) the copy of the r x c row-major matrix at `src` (stride ld, element offset `offset`)
// into the R x Cc operand `dst`. R, Cc must be multiples of blockRows, blockCols and >= r, c.
void enqueueCopy(Device& device, Kernel& kernel, const CopyParams& params, std::int64_t R, std::int64_t Cc,
                 std::int64_t r, std::int64_t c, Buffer& src, std::int64_t ld, std::int64_t offset, Buffer& dst);

} // namespace kt::copy
