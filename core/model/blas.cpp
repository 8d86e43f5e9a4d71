// String forms of the BLAS vocabulary.
#include "core/model/blas.hpp"

#include "core/model/text.hpp"

namespace kt::blas {

std::string toString(Order o) { return o == Order::RowMajor ? "row" : "col"; }
std::string toString(Op o) { return o == Op::N ? "N" : "T"; }
std::string toString(Side s) { return s == Side::Left ? "L" : "R"; }
std::string toString(Uplo u) { return u == Uplo::Lower ? "L" : "U"; }
std::string toString(Diag d) { return d == Diag::NonUnit ? "N" : "U"; }

std::optional<Order> parseOrder(std::string_view text) {
    const auto t = model::lower(text);
    if (t == "row" || t == "rowmajor" || t == "row-major" || t == "r") return Order::RowMajor;
    if (t == "col" || t == "column" || t == "colmajor" || t == "col-major" || t == "column-major" || t == "c")
        return Order::ColMajor;
    return std::nullopt;
}

std::optional<Op> parseOp(std::string_view text) {
    const auto t = model::lower(text);
    if (t == "n" || t == "notrans" || t == "no") return Op::N;
    if (t == "t" || t == "trans" || t == "transpose" || t == "yes") return Op::T;
    return std::nullopt;
}

std::optional<Side> parseSide(std::string_view text) {
    const auto t = model::lower(text);
    if (t == "l" || t == "left") return Side::Left;
    if (t == "r" || t == "right") return Side::Right;
    return std::nullopt;
}

std::optional<Uplo> parseUplo(std::string_view text) {
    const auto t = model::lower(text);
    if (t == "l" || t == "lower" || t == "lo") return Uplo::Lower;
    if (t == "u" || t == "upper" || t == "up") return Uplo::Upper;
    return std::nullopt;
}

std::optional<Diag> parseDiag(std::string_view text) {
    const auto t = model::lower(text);
    if (t == "n" || t == "nonunit" || t == "non-unit") return Diag::NonUnit;
    if (t == "u" || t == "unit") return Diag::Unit;
    return std::nullopt;
}

} // namespace kt::blas
