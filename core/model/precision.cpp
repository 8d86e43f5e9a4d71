// String forms of Precision.
#include "core/model/precision.hpp"

#include "core/model/text.hpp"

namespace kt {

std::string toString(Precision precision) { return precision == Precision::F32 ? "f32" : "f64"; }

std::optional<Precision> parsePrecision(std::string_view text) {
    const std::string t = model::lower(text);
    if (t == "f32" || t == "single" || t == "s" || t == "float" || t == "fp32") return Precision::F32;
    if (t == "f64" || t == "double" || t == "d" || t == "fp64") return Precision::F64;
    return std::nullopt;
}

} // namespace kt
