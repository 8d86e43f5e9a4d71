// A small JSON scanner that records where values start (see json_lines.hpp); values themselves are read by nlohmann.
#include "core/export/json_lines.hpp"

#include <cctype>

namespace kt::exporter {

namespace {

class Scanner {
public:
    Scanner(const std::string& text, std::map<std::string, int>& out) : m_text(text), m_out(out) {}

    bool value(const std::string& pointer, int depth) {
        space();
        if (m_pos >= m_text.size() || depth > 512) return false;
        m_out[pointer] = m_line;
        const char c = m_text[m_pos];
        if (c == '{') {
            ++m_pos;
            space();
            if (peek('}')) return ++m_pos, true;
            while (true) {
                space();
                std::string key;
                if (!string(&key)) return false;
                space();
                if (!peek(':')) return false;
                ++m_pos;
                if (!value(pointer + "/" + escape(key), depth + 1)) return false;
                space();
                if (peek(',')) {
                    ++m_pos;
                    continue;
                }
                if (peek('}')) return ++m_pos, true;
                return false;
            }
        }
        if (c == '[') {
            ++m_pos;
            space();
            if (peek(']')) return ++m_pos, true;
            for (int i = 0;; ++i) {
                if (!value(pointer + "/" + std::to_string(i), depth + 1)) return false;
                space();
                if (peek(',')) {
                    ++m_pos;
                    continue;
                }
                if (peek(']')) return ++m_pos, true;
                return false;
            }
        }
        if (c == '"') return string(nullptr);
        while (m_pos < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) ||
                                         m_text[m_pos] == '-' || m_text[m_pos] == '+' || m_text[m_pos] == '.'))
            ++m_pos;
        return true;
    }

private:
    static std::string escape(const std::string& key) { // JSON pointer: ~ -> ~0, / -> ~1
        std::string out;
        for (char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
        return out;
    }
    bool peek(char c) const { return m_pos < m_text.size() && m_text[m_pos] == c; }
    void space() {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos]))) {
            if (m_text[m_pos] == '\n') ++m_line;
            ++m_pos;
        }
    }
    bool string(std::string* out) {
        if (!peek('"')) return false;
        ++m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] != '"') {
            if (m_text[m_pos] == '\\') {
                ++m_pos;
                if (m_pos < m_text.size() && out && m_text[m_pos] != 'u') *out += m_text[m_pos];
            } else if (out) {
                *out += m_text[m_pos];
            }
            if (m_pos < m_text.size() && m_text[m_pos] == '\n') ++m_line;
            ++m_pos;
        }
        if (!peek('"')) return false;
        ++m_pos;
        return true;
    }

    const std::string& m_text;
    std::map<std::string, int>& m_out;
    std::size_t m_pos = 0;
    int m_line = 1;
};

} // namespace

std::map<std::string, int> jsonValueLines(const std::string& text) {
    std::map<std::string, int> out;
    Scanner(text, out).value("", 0);
    return out;
}

} // namespace kt::exporter
