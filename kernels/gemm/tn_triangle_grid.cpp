// The folded launch grid of the triangular SIMT TN kernel (tn_triangle_grid.hpp).
//
// Blocks inside the triangle, per block row r (rows r*ml .. r*ml+ml-1 of C, columns bn*nl .. bn*nl+nl-1):
//   Lower (row >= column): bn = 0 .. count-1, count(r) = min(NB, (r*ml + ml - 1) / nl + 1)
//   Upper (row <= column): bn = first .. NB-1, first(r) = r*ml / nl, count(r) = NB - first(r)
// Every block row holds at least one block: r*ml < n <= N (M, N are n rounded up to ml, nl).
#include "kernels/gemm/tn_triangle_grid.hpp"

#include <algorithm>

namespace kt::gemm {

namespace {


std::int64_t countOf(TnTriangle t, std::int64_t ml, std::int64_t nl, std::int64_t NB, std::int64_t r) {
    return t == TnTriangle::Lower ? std::min(NB, (r * ml + ml - 1) / nl + 1) : NB - r * ml / nl;
}

} // namespace

bool usesFoldedTriangleGrid(const GemmParams& p, const TnVariant& v) {
    return p.mma == 0 && v.triangle != TnTriangle::All;
}

std::vector<std::string> foldedTriangleMapping(TnTriangle t) {
    const bool lower = t == TnTriangle::Lower;
    auto countOfRow = [&](const std::string& r) {
        const std::string up = "(" + r + " * GEMM_ML + GEMM_ML - 1) / GEMM_NL + 1";
        return lower ? "(" + up + " < NB ? " + up + " : NB)" : "(NB - " + r + " * GEMM_ML / GEMM_NL)";
    };
    return {
        "// Folded grid (tn_triangle_grid.hpp): only groups inside the " + std::string(lower ? "lower" : "upper") +
            " triangle are launched;",
        "// group row gp holds block row gp, then block row MB - 1 - gp.",
        "const int MB = M / GEMM_ML, NB = N / GEMM_NL;",
        "const int gp = (int)get_group_id(1);",
        "const int c0 = " + countOfRow("gp") + ";",
        "int bm = gp, bn = (int)get_group_id(0);",
        "if (bn >= c0) {",
        "    bm = MB - 1 - gp, bn -= c0;",
        "    if (bm <= gp || bn >= " + countOfRow("bm") + ") return; // beyond this pair's blocks",
        "}",
        lower ? "// lower: a block row's blocks start at column block 0"
              : "bn += bm * GEMM_ML / GEMM_NL; // upper: a block row's blocks start at its diagonal",
    };
}

std::string foldedTriangleWidth(const GemmParams& p, TnTriangle t, const std::string& M, const std::string& N) {
    const std::int64_t ml = p.ml, nl = p.nl;
    const std::string MB = "((" + M + ") / " + std::to_string(ml) + ")", NB = "((" + N + ") / " + std::to_string(nl) + ")";
    // An upper bound of count(r) + count(MB-1-r) over r, exact in the divisible cases.
    if (t == TnTriangle::Lower) {
        if (nl % ml == 0) // count(r) = floor(r/q) + 1: at most floor((MB-1)/q) + 2, reached at r = 0
            return "min(2 * " + NB + ", (" + MB + " - 1) / " + std::to_string(nl / ml) + " + 2)";
        if (ml % nl == 0) // count(r) = q (r + 1): q (MB + 1)
            return "min(2 * " + NB + ", " + std::to_string(ml / nl) + " * (" + MB + " + 1))";
        // floor(x) + floor(y) <= floor(x + y) with x + y = (M + ml - 2) / nl
        return "min(2 * " + NB + ", ((" + M + ") + " + std::to_string(ml - 2) + ") / " + std::to_string(nl) + " + 2)";
    }
    if (nl % ml == 0) { // 2 NB - (floor(r/q) + floor((MB-1-r)/q)); the sum's least value is a - 1 unless b == q - 1
        const std::string q = std::to_string(nl / ml), a = "(" + MB + " - 1) / " + q,
                          b = "(" + MB + " - 1 - " + a + " * " + q + ")";
        return "2 * " + NB + " - " + a + " + (" + b + " < " + std::to_string(nl / ml - 1) + " ? 1 : 0)";
    }
    if (ml % nl == 0) // first(r) = q r: 2 NB - q (MB - 1)
        return "2 * " + NB + " - " + std::to_string(ml / nl) + " * (" + MB + " - 1)";
    // floor(x) + floor(y) >= floor(x + y) - 1 with x + y = (M - ml) / nl
    return "min(2 * " + NB + ", 2 * " + NB + " + 1 - ((" + M + ") - " + std::to_string(ml) + ") / " + std::to_string(nl) + ")";
}

std::string foldedTriangleHeight(const GemmParams& p, const std::string& M) {
    return "((" + M + ") / " + std::to_string(p.ml) + " + 1) / 2";
}

bool foldedTriangleBlock(TnTriangle t, std::int64_t ml, std::int64_t nl, std::int64_t M, std::int64_t N,
                         std::int64_t gx, std::int64_t gp, std::int64_t& bm, std::int64_t& bn) {
    const std::int64_t MB = M / ml, NB = N / nl;
    const std::int64_t c0 = countOf(t, ml, nl, NB, gp);
    bm = gp, bn = gx;
    if (bn >= c0) {
        bm = MB - 1 - gp, bn -= c0;
        if (bm <= gp || bn >= countOf(t, ml, nl, NB, bm)) return false;
    }
    if (t == TnTriangle::Upper) bn += bm * ml / nl;
    return true;
}

} // namespace kt::gemm
