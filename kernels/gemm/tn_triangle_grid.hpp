// The launch grid of the SIMT TN kernel's triangle of C (SYRK/SYR2K): only the work-groups that own a block of C
// inside the triangle, folded so that the grid is a rectangle. Kernel text and launch geometry come from here both.
//
// Why: with the full M/ml x N/nl grid about half of the work-groups return at once. On an H100 the single-precision
// SYRK kernel (T2: 64-work-item groups, 4 per SM) then ran at 0.735 of the GEMM kernel's time for 0.516 of its
// work (docs/perf/blas3.md, run R: 56% SM throughput against 79%).
//
// Folding: with MB = M/ml block rows, group row p (launch dimension 1, p < ceil(MB/2)) holds block row p followed by
// block row MB-1-p, whose counts of blocks inside the triangle add up to about the same width for every p (for
// ml == nl exactly MB+1: the classic packing of a triangle into a rectangle). The grid width is an upper bound of
// that sum, exact when ml divides nl or nl divides ml (every point of the spaces but 48 / 96); the few groups
// beyond a pair's sum return at once. The tensor-core kernel keeps the full grid (it walks its own raster of block
// rows and reached its ideal half on the H100, run R).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/gemm/gemm_generator.hpp"

namespace kt::gemm {

// Whether the TN launch of `params` with `variant` uses the folded grid (SIMT kernel with a triangle of C).
bool usesFoldedTriangleGrid(const GemmParams& params, const TnVariant& variant);

// Kernel statements that define `bm` and `bn` (block row and column of C) from the group ids, returning from groups
// that own no block inside the triangle. Reads M and N (padded sizes), GEMM_ML and GEMM_NL.
std::vector<std::string> foldedTriangleMapping(TnTriangle triangle);

// Work-groups along launch dimension 0 (width) and 1 (height) of the folded grid, as plan expressions over the
// padded sizes M and N (expressions themselves).
std::string foldedTriangleWidth(const GemmParams& params, TnTriangle triangle, const std::string& M,
                                const std::string& N);
std::string foldedTriangleHeight(const GemmParams& params, const std::string& M);

// The same on the host, for tests: the block (bm, bn) that group (gx, gp) computes, or false when it returns.
bool foldedTriangleBlock(TnTriangle triangle, std::int64_t ml, std::int64_t nl, std::int64_t M, std::int64_t N,
                         std::int64_t gx, std::int64_t gp, std::int64_t& bm, std::int64_t& bn);

} // namespace kt::gemm
