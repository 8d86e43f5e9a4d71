// Minimal CSV reading/writing for fit and rule inputs: header check, rows with their line numbers, strict numbers.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/fit/size_grid.hpp"

namespace kt::fit {

// Bounds on input (docs/reliability.md): a CSV file of at most 256 MiB, and sizes up to 2^31 - 1, the largest a
// kernel indexes (and far enough from the long long limit that an interval end size + 1 cannot overflow).
constexpr std::uintmax_t kMaxCsvBytes = 256u << 20;
constexpr long long kMaxCsvSize = 2147483647;

struct CsvRow {
    std::size_t line = 0; // 1-based line in the file
    std::vector<std::string> fields;
};

struct CsvTable {
    std::string source; // file name, for messages
    std::vector<std::string> header;
    std::vector<CsvRow> rows;
    // "S.csv:12" — every message about the input starts like this.
    std::string where(std::size_t line) const { return source + ":" + std::to_string(line); }
};

// Reads a CSV file: fields are trimmed, double-quoted fields may hold commas ("" is a quote), blank lines are
// skipped, CRLF is accepted. The header must equal `expectedHeader` (case-insensitive) unless that is empty.
// Every row must have as many fields as the header. Throws FitInputError naming file and line.
CsvTable readCsv(const std::string& path, const std::vector<std::string>& expectedHeader);
// The same from text already in memory (source names it in messages).
CsvTable parseCsv(const std::string& text, const std::string& source, const std::vector<std::string>& expectedHeader);

// Strict field parsing; errors read "S.csv:3: size 'abc' is not an integer".
long long csvInteger(const CsvTable& t, const CsvRow& row, std::size_t field, const std::string& name);
double csvNumber(const CsvTable& t, const CsvRow& row, std::size_t field, const std::string& name);
// A size column: an integer no larger than kMaxCsvSize.
long long csvSize(const CsvTable& t, const CsvRow& row, std::size_t field, const std::string& name);

// Writes text to path through a temporary file and a rename, so a failure never leaves a half-written file
// in place of a good one. Throws std::runtime_error on I/O failure.
void writeFileAtomically(const std::string& path, const std::string& text);

// "%.17g": doubles survive a round trip through text.
std::string formatDouble(double v);

} // namespace kt::fit
