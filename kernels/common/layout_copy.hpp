// Copy kernels that bring GEMM operands into the TN kernel's layout (with or without transposition, zero padded),
// as launches of a kernel plan.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/kernel_plan.hpp"
#include "kernels/common/tile_layout.hpp"

namespace kt::copy {

inline constexpr const char* kCopyKernelName = "copy_to_layout";

// Default work-group shape: 32 x 8 work-items copy a 32 x 32 tile, four elements each.
inline constexpr int kDefaultCopyTile = 32;
inline constexpr int kDefaultCopyRows = 8;

// The work-group shape of a copy: the part of a copy variant that is tuned rather than implied by the conversion.
struct CopyShape {
    int tile = kDefaultCopyTile; // a work-group copies a tile x tile block
    int rows = kDefaultCopyRows; // work-group is tile x rows; each work-item copies tile / rows elements
};

struct CopyParams {
    bool transpose = false; // dst(p, i) = src(i, p)
    kernels::Layout layout = kernels::Layout::Row;
    int blockRows = 1; // kl of the TN kernel
    int blockCols = 1; // ml (for A) or nl (for B)
    int tile = kDefaultCopyTile;
    int rows = kDefaultCopyRows; // rows divides tile
    Precision precision = Precision::F32;
};

// Complete source (preamble included) and the -D options selecting the variant.
std::string copySource();
std::vector<std::string> copyOptions(const CopyParams& params);
GeneratedSource copyProgram(const CopyParams& params);

// One copy in plan terms: the r x c row-major matrix at buffer `src` (stride ld, element offset `offset`) into the
// R x Cc operand `dst`. R, Cc must be multiples of blockRows, blockCols and >= r, c. All sizes are expressions.
struct CopyOperands {
    std::string src, dst;
    std::string R, Cc, r, c, ld, offset = "0";
};
// Adds the copy's program (once) and its launch. Throws std::invalid_argument when rows does not divide the tile.
void addCopyLaunch(KernelPlan& plan, const CopyParams& params, const CopyOperands& operands, LaunchPhase phase);

} // namespace kt::copy
