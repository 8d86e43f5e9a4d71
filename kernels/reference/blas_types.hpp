// BLAS-style enums shared by the routines in kernels/ and the CBLAS reference.
#pragma once
#include <string>

namespace kt::blas {
enum class Order { RowMajor, ColMajor };
enum class Op { N, T }; // op(X) = X or X^T
inline std::string toString(Order o) { return o == Order::RowMajor ? "row" : "col"; }
inline std::string toString(Op o) { return o == Op::N ? "N" : "T"; }
} // namespace kt::blas
