// Samples CSV validation (sorted, on the grid, numeric) and fitted-curve CSV output.
#include "core/fit/fit_io.hpp"

#include "core/fit/csv_table.hpp"

namespace kt::fit {

namespace {
std::vector<Sample> samplesFrom(const CsvTable& t, const SizeGrid* grid) {
    std::vector<Sample> out;
    for (const CsvRow& row : t.rows) {
        Sample s;
        s.size = csvInteger(t, row, 0, "size");
        s.value = csvNumber(t, row, 1, "value");
        if (!out.empty() && s.size < out.back().size)
            throw FitInputError(t.where(row.line) + ": size " + std::to_string(s.size) + " is smaller than the size " +
                                std::to_string(out.back().size) + " before it (samples must be sorted by size)");
        if (grid && !grid->indexOf(s.size))
            throw FitInputError(t.where(row.line) + ": size " + std::to_string(s.size) + " is not on the grid " +
                                std::to_string(grid->from()) + ", " + std::to_string(grid->from() + grid->step()) +
                                ", …, " + std::to_string(grid->to()));
        out.push_back(s);
    }
    if (out.empty()) throw FitInputError(t.source + ": no samples after the header");
    if (out.size() < 2) throw FitInputError(t.source + ": a fit needs at least 2 samples, the file has 1");
    if (out.front().size == out.back().size)
        throw FitInputError(t.source + ": all samples are at size " + std::to_string(out.front().size) +
                            "; a fit needs at least 2 distinct sizes");
    return out;
}
} // namespace

std::vector<Sample> readSamplesCsv(const std::string& path, const SizeGrid* grid) {
    return samplesFrom(readCsv(path, {"size", "value"}), grid);
}

std::vector<Sample> parseSamplesCsv(const std::string& text, const std::string& source, const SizeGrid* grid) {
    return samplesFrom(parseCsv(text, source, {"size", "value"}), grid);
}

std::string fitCsvText(const SizeGrid& grid, const std::vector<double>& values) {
    std::string out = "size,value\n";
    out.reserve(values.size() * 24);
    for (std::size_t i = 0; i < values.size(); ++i) {
        out += std::to_string(grid.sizeAt(i));
        out += ',';
        out += formatDouble(values[i]);
        out += '\n';
    }
    return out;
}

} // namespace kt::fit
