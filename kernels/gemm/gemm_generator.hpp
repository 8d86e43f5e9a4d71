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
// Arguments: (int M, int N, int K, real alpha, real beta, A, B, C, int offC, int ldc, int mC, int nC), and with
// params.direct also (int kA, int lda, int offA, int ldb, int offB): the real k and where the caller's A and B lie (M,
// N, K still padded: they size the launch and the k loop; mC, nC and k bound the reads). A and B are
// images (KT_IMAGE1D, texels of chunk() elements) when params.imageA / imageB: build them with tnKernelArgs. Throws
// std::invalid_argument with params.invalidReason() when the parameters are not valid. What the BLAS3 routines change
// in the TN kernel (paper 002, Sec. 3.3-3.5); the default is plain GEMM and adds no text. Variants need ksplit 1.
enum class TnTriangle {
    All,
    Lower,
    Upper
}; // Lower: only row >= column of C is written (Upper: row <= column);
   // work-groups wholly outside return at once, diagonal blocks masked
enum class TnKRange {
    All,
    FromRowBlock, // k-blocks from the one holding the work-group's first row of C (op(A) upper triangular)
    ToRowBlock,   // k-blocks up to the one holding its last row (op(A) lower triangular)
    FromColBlock, // from its first column (the triangular operand on the right, lower)
    ToColBlock,   // up to its last column (on the right, upper)
};
struct TnVariant {
    TnTriangle triangle = TnTriangle::All;
    TnKRange kRange = TnKRange::All;
    // Direct reads only (GemmParams::direct, either kernel): the kernel's A(p, i) lies at A[i * lda + p]
    // (k-contiguous: row-major op(A) = A) instead of A[p * lda + i]; likewise B(p, j) at B[j * ldb + p] (op(B) = B^T).
    bool aKMajor = false, bKMajor = false;
    // Direct reads of a call whose m, n, k are multiples of the blocks (k of kl * ksplit) and whose operands have
    // rows aligned to the loads (GemmParams::directAlign: 16 bytes on tensor cores, chunk() elements on the SIMT
    // kernel): the tile copies are the packed kernel's, with the caller's ld, and no bounds or alignment test.
    bool exactFit = false;
    // SYRK/SYR2K with ml != nl (one a multiple of the other) and one layout for both operands: the operand with the
    // narrower blocks reads its tiles out of the wider operand's blocks (K x max(M, N), blocks of max(ml, nl)), so
    // one copy of a matrix serves both TN operands. Only for products with m = n, so that the wider padding covers
    // the narrower; needs tnOneCopyPossible.
    bool oneCopy = false;
    // Whether the BLAS3 masking is off (the read orientation is not masking: it works with split-K too).
    bool isDefault() const { return triangle == TnTriangle::All && kRange == TnKRange::All; }
};
std::string generateTnKernel(const GemmParams& params, const TnVariant& variant = {});
// The variant's text shared by the SIMT and the tensor-core kernels (ksplit 1), so both mask alike: the statements
// that define kbBegin and kbEnd and return from work-groups wholly outside the triangle (after bm, bn are known), and
// the condition under which element (gi, gj) of C is stored. `groupsInsideTriangle`: the grid launches none outside
// (the SIMT kernel's folded grid, tn_triangle_grid.hpp), so no return is emitted.
std::vector<std::string> tnVariantPrologue(const TnVariant& variant, bool groupsInsideTriangle = false);
std::string tnVariantStoreCondition(const TnVariant& variant);
// The SIMT kernel's statements that define bm and bn from the group ids on the full grid: launch order row by row,
// except that a k range starts with the work-groups of the longest k loops (reversed block rows for ToRowBlock,
// block columns in order or reversed for FromColBlock / ToColBlock), as FromRowBlock does by itself. On the H100
// FromRowBlock ran STRMM at 0.96 of SGEMM at 8192, FromColBlock and ToRowBlock at 0.85-0.89 with the same kernel
// (docs/perf/blas3.md, runs V and AE): lighter groups last should shorten the tail (not measured yet).
std::vector<std::string> tnGroupMapping(const TnVariant& variant);

// Whether both operands of the TN kernel of `params` can be read from copies in the wider operand's layout
// (TnVariant::oneCopy): one layout for both, ml != nl with one dividing the other, no images, no direct reads.
bool tnOneCopyPossible(const GemmParams& params);

// Where the kl x `wide` tiles of one TN operand lie (the kernel's names: GEMM_ML / GEMM_NL, M / N, bm / bn): column
// block `blk` of a K x `cols` operand stored in `layout` with blocks `storedWide` wide (the tile's own width, or
// with TnVariant::oneCopy the wider operand's, of which the tile is a part).
struct TileSource {
    Layout layout = Layout::Row;
    std::string wide, storedWide, cols, blk;
};
TileSource tileSource(const GemmParams& params, const TnVariant& variant, char operand); // 'A' or 'B'
// Element offset (a size_t expression) of the tile at k-block `kb`, and the distance of its rows (`cols` for ROW,
// `storedWide` for CBL and RBL).
std::string tileOffset(const TileSource& source, const std::string& kb);
std::string tileStride(const TileSource& source);

// The TN kernel plus, for split-K (ksplit > 1), the reduction kernel (gemm_plan.hpp), without the preamble.
std::string tnKernelBody(const GemmParams& params, const TnVariant& variant = {});
// Complete text for Device::build (preamble included; the plans of gemm_plan.hpp launch it) and its options for `device`: -DKT_DOUBLE=1 for f64, and
// the register cap in the device compiler's spelling. Throws std::invalid_argument for a cap the device cannot take.
std::string tnKernelSource(const GemmParams& params);
std::vector<std::string> tnKernelOptions(const GemmParams& params, const DeviceInfo& device);

// The kernel's arguments for padded sizes M, N, K (multiples of ml, nl, kl * ksplit). A (K x M elements) and B (K x N) are
// passed as buffers, or as image views (tnImageView) when params.imageA / imageB; alpha and beta in the precision.
std::vector<KernelArg> tnKernelArgs(const GemmParams& params, std::int64_t M, std::int64_t N, std::int64_t K,
                                    double alpha, double beta, Buffer& A, Buffer& B, Buffer& C, std::int64_t ldc,
                                    std::int64_t mC, std::int64_t nC);
// `elements` of `buffer` viewed as the kernel's image operand: one texel per load of chunk() elements, in the
// format KT_READ_IMAGE expects for that load type (see kernels/common/preamble.cl).
ImageView tnImageView(const GemmParams& params, Buffer& buffer, std::int64_t elements);
// The texel format alone (channels and channel type; no buffer, no texel count): what plans put in image arguments.
ImageView tnImageFormat(const GemmParams& params);
// Empty when the operands of a padded M x N x K problem can be read as images on `device` (always when neither
// operand is an image); otherwise why not: no image support, or an operand beyond the device's image-buffer size.
std::string tnImageLimitReason(const GemmParams& params, std::int64_t M, std::int64_t N, std::int64_t K,
                               const DeviceInfo& device);

// Launch geometry for padded sizes M, N (multiples of ml, nl): dimension 0 runs along n, 1 along m, 2 over the
// ksplit parts of k.
Range tnGlobalRange(const GemmParams& params, std::int64_t M, std::int64_t N);
Range tnLocalRange(const GemmParams& params);

} // namespace kt::gemm
