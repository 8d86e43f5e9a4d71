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

} // namespace kt::kernels
