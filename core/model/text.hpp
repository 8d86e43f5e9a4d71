// Small text helpers shared by the model's parse functions.
#pragma once
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace kt::model {
inline std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}
} // namespace kt::model
