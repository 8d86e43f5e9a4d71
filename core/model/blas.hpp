// The BLAS vocabulary (storage order, op, side, triangle, diagonal) shared by the reference, the routines and the
// vendor peers, so a new routine adds its arguments once.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace kt::blas {

enum class Order { RowMajor, ColMajor };
enum class Op { N, T }; // op(X) = X or X^T
enum class Side { Left, Right }; // where the special (symmetric, triangular) matrix stands: A B or B A
enum class Uplo { Lower, Upper }; // the triangle that is stored and read
enum class Diag { NonUnit, Unit }; // Unit: the diagonal is taken as ones and never read

std::string toString(Order o); // "row" / "col"
std::string toString(Op o);    // "N" / "T"
std::string toString(Side s);  // "L" / "R"
std::string toString(Uplo u);  // "L" / "U"
std::string toString(Diag d);  // "N" / "U"

// Each accepts its toString form and the spelled-out names in any case ("row", "RowMajor", "col", "column",
// "ColMajor"; "N", "T", "trans"; "L", "left", "R", "right"; "L", "lower", "U", "upper"; "N", "nonunit", "U",
// "unit"); nullopt otherwise.
std::optional<Order> parseOrder(std::string_view text);
std::optional<Op> parseOp(std::string_view text);
std::optional<Side> parseSide(std::string_view text);
std::optional<Uplo> parseUplo(std::string_view text);
std::optional<Diag> parseDiag(std::string_view text);

// The other order, triangle, op, side: a row-major call is the column-major call on the transposed operands.
inline Order other(Order o) { return o == Order::RowMajor ? Order::ColMajor : Order::RowMajor; }
inline Uplo other(Uplo u) { return u == Uplo::Lower ? Uplo::Upper : Uplo::Lower; }
inline Op other(Op o) { return o == Op::N ? Op::T : Op::N; }
inline Side other(Side s) { return s == Side::Left ? Side::Right : Side::Left; }

} // namespace kt::blas
