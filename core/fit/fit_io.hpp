// The `ktune fit` file formats: samples CSV (size,value) in, fitted curve CSV (size,value) out.
#pragma once
#include <string>
#include <vector>

#include "core/fit/d_spline.hpp"

namespace kt::fit {

// Reads `size,value` samples. Errors (file:line): missing/wrong header, empty file, non-numeric fields, a size
// smaller than the one before (sizes must not decrease; equal sizes are repeats and are averaged), a size off
// `grid` (when given), fewer than 2 samples. Throws FitInputError.
std::vector<Sample> readSamplesCsv(const std::string& path, const SizeGrid* grid = nullptr);
std::vector<Sample> parseSamplesCsv(const std::string& text, const std::string& source, const SizeGrid* grid = nullptr);

// `size,value`, one row per grid point.
std::string fitCsvText(const SizeGrid& grid, const std::vector<double>& values);

} // namespace kt::fit
