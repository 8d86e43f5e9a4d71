// Floating-point precision of a family, a plan or a BLAS call: the lowest layer of core's vocabulary.
#pragma once
#include <string>

namespace kt {
enum class Precision { F32, F64 };
std::string toString(Precision precision); // "f32" / "f64"
inline int bytesOf(Precision precision) { return precision == Precision::F64 ? 8 : 4; }
} // namespace kt
