// Plan expressions (core/space/expression.hpp syntax) as C++ expressions over 64-bit integers, for the generated
// code of an exported package.
#pragma once
#include <string>

namespace kt::exporter {

// The C++ spelling of a plan expression: every name becomes `v_<name>`, the functions min, max, log2 and is_pow2
// become ktp::fnMin… (64-bit, as the plan evaluates them), integer literals become 64-bit (`12LL`). The text is
// parsed first, so a malformed expression throws kt::ExpressionError instead of producing C++ that does not build.
std::string cExpression(const std::string& expression);

// The C++ spelling of a string literal (escapes quotes, backslashes and control characters).
std::string cString(const std::string& text);

} // namespace kt::exporter
