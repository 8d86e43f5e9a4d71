// The copy-kernel generator of the BLAS3 routines (paper 002, Sec. 3.6): every conversion the routines need into the
// TN GEMM kernel's operand layouts (plain or transposed, symmetric fill, triangular copy; zero padded), with the
// paper's six tuning parameters, as launches of a kernel plan. Shared by the GEMM and BLAS3 routines and the copy
// family that tunes it, so none of them includes another.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/kernel_plan.hpp"
#include "core/model/blas.hpp"
#include "core/space/parameter_space.hpp"
#include "kernels/common/tile_layout.hpp"

namespace kt::kernels {

inline constexpr const char* kCopyKernelName = "copy_to_layout";

// The tuned part of a copy (the paper's six parameters and a vector width). The default is the shape the routines
// used before copies were tuned: 32 x 8 work-items writing a 32 x 32 block, four rows each, element by element.
struct CopyShape {
    int mwg = 32, nwg = 32; // a work-group writes mwg rows x nwg columns of the destination
    int mwi = 4, nwi = 1;   // a work-item writes mwi x nwi vectors of them (strided by the work-group's height, width)
    int mud = 4, nud = 1;   // unroll degrees of the loops over mwi and nwi
    int vw = 1;             // elements per vector access (1, 2, 4); stores and keys without it mean 1
    int wgM() const { return mwg / mwi; }        // work-items along the rows (local dimension 1)
    int wgN() const { return nwg / (nwi * vw); } // work-items along the columns (local dimension 0)
    std::string invalidReason() const; // empty when the kernel can be generated; names the parameter otherwise
    std::string describe() const;      // "32x32/4x1/4x1", "+v4" appended for a vector width above 1
    bool operator==(const CopyShape&) const = default;
};

enum class CopyFill {
    None = 0,       // the source as it is (or transposed)
    Symmetric = 1,  // a symmetric matrix from its stored triangle (SYMM's A)
    Triangular = 2, // one triangle, the other zeroed, optionally a unit diagonal (TRMM's A)
};

// What a copy does to the values (the shape says how fast).
struct CopyConversion {
    bool transpose = false; // dst(p, i) = S(i, p); never with a symmetric fill (it is its own transpose)
    CopyFill fill = CopyFill::None;
    blas::Uplo uplo = blas::Uplo::Lower; // the stored triangle of the row-major source (Lower: column <= row)
    bool unitDiag = false;               // triangular only: the diagonal is 1 and not read
};

struct CopyParams {
    CopyConversion conversion;
    Layout layout = Layout::Row;
    int blockRows = 1; // kl of the TN kernel
    int blockCols = 1; // ml (for A) or nl (for B)
    CopyShape shape;
    Precision precision = Precision::F32;
};

// Complete source (preamble included) and the -D options selecting the variant.
std::string copySource();
std::vector<std::string> copyOptions(const CopyParams& params);
GeneratedSource copyProgram(const CopyParams& params);
// Local memory of the variant in bytes (the staged tile of transposing and symmetric copies, else 0).
std::int64_t copyLocalBytes(const CopyParams& params);
// The vector width the kernel of `params` is built with: the shape's, halved until it divides blockCols (a destination
// vector stays inside one layout block and aligned). The work-group keeps its size: nwi grows by what vw lost.
CopyShape effectiveCopyShape(const CopyParams& params);

// One copy in plan terms: the r x c logical matrix read from buffer `src` (row-major, stride ld, element offset
// `offset`; stored c x r when transposing) into the R x Cc operand `dst`. R, Cc must be multiples of blockRows,
// blockCols and >= r, c. All sizes are expressions.
struct CopyOperands {
    std::string src, dst;
    std::string R, Cc, r, c, ld, offset = "0";
};
// Adds the copy's program (once) and its launch. Throws std::invalid_argument for an invalid shape or conversion.
void addCopyLaunch(KernelPlan& plan, const CopyParams& params, const CopyOperands& operands, LaunchPhase phase);

// What the copy writes, computed on the host (the check of the copy family and the tests): the R x Cc destination
// of `params` from the source at `src` (offset applied) with stride ld and r x c valid values.
std::vector<float> hostCopy(const CopyParams& params, const float* src, std::int64_t ld, std::int64_t r, std::int64_t c,
                            std::int64_t R, std::int64_t Cc);
std::vector<double> hostCopy(const CopyParams& params, const double* src, std::int64_t ld, std::int64_t r,
                             std::int64_t c, std::int64_t R, std::int64_t Cc);

// The copy families (one per precision) that tune the shape, and their parameters: the routines look up the stored
// winner by this name (core/engine/tuned_parts.hpp) and read it with copyShapeFromPoint.
std::string copyFamilyName(Precision precision); // "layout_copy" / "dlayout_copy"
inline constexpr const char* kCopyParamNames[] = {"COPY_MWG", "COPY_NWG", "COPY_MWI", "COPY_NWI",
                                                  "COPY_MUD", "COPY_NUD", "COPY_VW"};
// Throws std::invalid_argument when one of the paper's six parameters is missing or the shape is invalid; a point
// without COPY_VW (stored before it existed) means vector width 1.
CopyShape copyShapeFromPoint(const Point& point);
Point pointFromCopyShape(const CopyShape& shape);
// The stored best copy shape of `precision` for `device` (core/engine/tuned_parts.hpp), else the default shape.
CopyShape tunedCopyShape(Precision precision, const DeviceInfo& device);

} // namespace kt::kernels
