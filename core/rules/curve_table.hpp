// Performance curves of several candidates over problem size (higher value = better), as read from CSV.
#pragma once
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace kt::rules {

// Bad rule input (CSV, options, JSON): the message names the file and line or field; the CLI exits with 2.
struct RuleInputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct CurveTable {
    std::vector<long long> sizes;           // strictly increasing
    std::vector<std::string> candidates;    // in order of first appearance
    std::vector<std::vector<double>> value; // value[candidate][size index]; NaN where not measured

    static constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
    bool has(std::size_t c, std::size_t s) const { return value[c][s] == value[c][s]; }
    // Index of the best measured candidate at a size (ties: the first candidate), or npos if none is measured.
    std::size_t best(std::size_t s) const;
    std::size_t candidateIndex(const std::string& name) const; // npos when absent
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    // Builds a table from (size, candidate, value) triples; throws RuleInputError on a repeated pair.
    void add(long long size, const std::string& candidate, double v);
    // The sizes that are positive multiples of `multiple` (aligned true) or the others, with every value measured
    // there (candidates in their order of first appearance among those sizes); empty when there is no such size.
    CurveTable sizesAligned(long long multiple, bool aligned) const;
};

// Reads `size,candidate,value` (any row order). Errors name file and line: header, non-integer size, empty
// candidate, non-finite value, a (size, candidate) pair given twice, no rows. Throws RuleInputError.
CurveTable readCurvesCsv(const std::string& path);
CurveTable parseCurvesCsv(const std::string& text, const std::string& source);

} // namespace kt::rules
