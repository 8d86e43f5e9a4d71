// CSV reading with line-accurate errors, strict number parsing and atomic writes.
#include "core/fit/csv_table.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace kt::fit {

namespace {
std::string trim(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::vector<std::string> splitLine(const std::string& line, const std::string& where) {
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                cur += '"', ++i;
            else if (c == '"')
                quoted = false;
            else
                cur += c;
        } else if (c == '"' && trim(cur).empty()) {
            quoted = wasQuoted = true;
            cur.clear();
        } else if (c == ',') {
            out.push_back(wasQuoted ? cur : trim(cur));
            cur.clear();
            wasQuoted = false;
        } else {
            cur += c;
        }
    }
    if (quoted) throw FitInputError(where + ": unterminated quoted field");
    out.push_back(wasQuoted ? cur : trim(cur));
    return out;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + v[i];
    return s;
}
} // namespace

CsvTable parseCsv(const std::string& text, const std::string& source, const std::vector<std::string>& expected) {
    CsvTable t;
    t.source = source;
    std::istringstream in(text);
    std::string line;
    std::size_t lineNo = 0;
    bool haveHeader = false;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (lineNo == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3); // UTF-8 BOM from spreadsheets
        if (trim(line).empty()) continue;
        auto fields = splitLine(line, t.where(lineNo));
        if (!haveHeader) {
            haveHeader = true;
            for (auto& f : fields) f = lower(f);
            if (!expected.empty() && fields != expected)
                throw FitInputError(t.where(lineNo) + ": expected the header '" + joined(expected) + "', got '" +
                                    trim(line) + "'");
            t.header = fields;
            continue;
        }
        if (fields.size() != t.header.size())
            throw FitInputError(t.where(lineNo) + ": expected " + std::to_string(t.header.size()) + " fields (" +
                                joined(t.header) + "), got " + std::to_string(fields.size()));
        t.rows.push_back({lineNo, std::move(fields)});
    }
    if (!haveHeader)
        throw FitInputError(source + ": the file is empty (expected the header '" + joined(expected) + "')");
    return t;
}

CsvTable readCsv(const std::string& path, const std::vector<std::string>& expectedHeader) {
    std::error_code ec;
    if (const auto bytes = std::filesystem::file_size(path, ec); !ec && bytes > kMaxCsvBytes)
        throw FitInputError(path + ": " + std::to_string(bytes) + " bytes, more than the " +
                            std::to_string(kMaxCsvBytes >> 20) + " MiB a CSV input may have");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FitInputError(path + ": cannot open the file for reading");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw FitInputError(path + ": read error");
    return parseCsv(text.str(), path, expectedHeader);
}

long long csvInteger(const CsvTable& t, const CsvRow& row, std::size_t field, const std::string& name) {
    const std::string& s = row.fields.at(field);
    long long v = 0;
    const char* b = s.data() + (s.size() > 0 && s[0] == '+' ? 1 : 0);
    auto [ptr, ec] = std::from_chars(b, s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || ptr != s.data() + s.size())
        throw FitInputError(t.where(row.line) + ": " + name + " '" + s + "' is not an integer");
    return v;
}

long long csvSize(const CsvTable& t, const CsvRow& row, std::size_t field, const std::string& name) {
    const long long v = csvInteger(t, row, field, name);
    if (v > kMaxCsvSize)
        throw FitInputError(t.where(row.line) + ": " + name + " " + std::to_string(v) + " is above " +
                            std::to_string(kMaxCsvSize) + ", the largest size a kernel indexes");
    return v;
}

double csvNumber(const CsvTable& t, const CsvRow& row, std::size_t field, const std::string& name) {
    const std::string& s = row.fields.at(field);
    double v = 0;
    bool ok = !s.empty();
    if (ok) {
        char* end = nullptr;
        v = std::strtod(s.c_str(), &end);
        ok = end == s.c_str() + s.size() && std::isfinite(v);
    }
    if (!ok) throw FitInputError(t.where(row.line) + ": " + name + " '" + s + "' is not a finite number");
    return v;
}

void writeFileAtomically(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error(path + ": cannot open for writing");
        out << text;
        out.flush();
        if (!out) {
            std::error_code ec;
            std::filesystem::remove(tmp, ec);
            throw std::runtime_error(path + ": write failed");
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        const std::string why = ec.message(); // before remove() below reuses ec (it said "Success")
        std::filesystem::remove(tmp, ec);
        throw std::runtime_error(path + ": cannot replace the file: " + why);
    }
}

std::string formatDouble(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

} // namespace kt::fit
