// Problem sizes the papers use for their selection stages, as defaults for two-stage and sieve runs.
#pragma once
#include <cstdint>
#include <vector>

#include "core/model/device_info.hpp"
#include "core/model/measurement.hpp"

namespace kt {

// Square sizes n with `dims` equal dimensions (GEMM m = n = k: dims 3; SYMV: dims 1).
ProblemSize squareSize(std::int64_t n, std::size_t dims);
// from, from + step, …, ≤ to.
std::vector<ProblemSize> steppedSizes(std::int64_t from, std::int64_t to, std::int64_t step, std::size_t dims);
// `count` sizes spread evenly over [from, to] (ends included), rounded to integers, duplicates removed.
std::vector<ProblemSize> evenlySpacedSizes(std::int64_t from, std::int64_t to, std::size_t count, std::size_t dims);

// Two-stage selection (papers 003 and 000): stage 1 at n = 1536 and 4096 on GPUs, 768 and 1536 on CPUs; stage 2 over
// the multiples of 256 up to 8192.
std::vector<ProblemSize> twoStageStageSizes(DeviceType type, std::size_t dims);
std::vector<ProblemSize> twoStageSweepSizes(std::size_t dims, std::int64_t maxN = 8192);

// Champion sieve (paper 004, SYMV): detailed sampling at 48 sizes between 100 and 10000. The paper does not list its
// representative sizes; we use 6 spread over the same range (1000, 2800, 4600, 6400, 8200, 10000).
std::vector<ProblemSize> sieveRepresentativeSizes(std::size_t dims);
std::vector<ProblemSize> sieveDetailSizes(std::size_t dims);

} // namespace kt
