// Floating-point precision of a family, a routine or a BLAS call; the lowest core layer, so every other one can use it.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace kt {

enum class Precision { F32, F64 };

std::string toString(Precision precision); // "f32" / "f64"
// "f32", "single", "s", "float" / "f64", "double", "d" (any case); nullopt otherwise.
std::optional<Precision> parsePrecision(std::string_view text);
inline constexpr int elementBytes(Precision precision) { return precision == Precision::F64 ? 8 : 4; }

} // namespace kt
