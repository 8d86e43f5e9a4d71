// How a K x M operand of the TN GEMM kernel is stored (paper 003, Fig. 3). Shared by the GEMM generator, which reads
// the layouts, and the copy kernels, which write them, so neither family includes the other.
#pragma once
#include <string>

namespace kt::kernels {

//   Row: row-major, row stride M.
//   Cbl: column-block layout, each K x ml column block contiguous, row-major inside.
//   Rbl: row-block layout, each kl x ml sub-block contiguous (row-major), blocks of one kl row-block in order.
enum class Layout { Row = 0, Cbl = 1, Rbl = 2 };
std::string toString(Layout layout); // "ROW" / "CBL" / "RBL"

// Where element (p, i) of an R x Cc operand with blocks br x bc (kl x ml or kl x nl) lies in `layout`: the host's
// mirror of the copy kernels' index, for checks.
inline long long layoutIndex(Layout layout, long long p, long long i, long long R, long long Cc, long long br,
                             long long bc) {
    switch (layout) {
    case Layout::Cbl:
        return (i / bc) * R * bc + p * bc + i % bc;
    case Layout::Rbl:
        return (p / br) * br * Cc + (i / bc) * br * bc + (p % br) * bc + i % bc;
    case Layout::Row:
        break;
    }
    return p * Cc + i;
}

} // namespace kt::kernels
