// Plan expressions rewritten as C++ (see c_expression.hpp).
#include "core/export/c_expression.hpp"

#include <cctype>
#include <cstdio>

#include "core/space/expression.hpp"

namespace kt::exporter {

std::string cExpression(const std::string& expression) {
    Expression::parse(expression); // the grammar is C's: what parses is rewritten token by token below
    std::string out;
    std::size_t i = 0;
    const std::size_t n = expression.size();
    while (i < n) {
        const char c = expression[i];
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            std::size_t j = i;
            while (j < n && (std::isalnum(static_cast<unsigned char>(expression[j])) || expression[j] == '_')) ++j;
            const std::string name = expression.substr(i, j - i);
            std::size_t k = j;
            while (k < n && std::isspace(static_cast<unsigned char>(expression[k]))) ++k;
            if (k < n && expression[k] == '(') {
                if (name == "min")
                    out += "ktp::fnMin";
                else if (name == "max")
                    out += "ktp::fnMax";
                else if (name == "log2")
                    out += "ktp::fnLog2";
                else
                    out += "ktp::fnIsPow2"; // the parser accepts no other function
            } else {
                out += "v_" + name;
            }
            i = j;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t j = i;
            while (j < n && std::isdigit(static_cast<unsigned char>(expression[j]))) ++j;
            out += expression.substr(i, j - i) + "LL";
            i = j;
        } else {
            out += c;
            ++i;
        }
    }
    return "(" + out + ")";
}

std::string cString(const std::string& text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\%03o", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    return out + "\"";
}

} // namespace kt::exporter
