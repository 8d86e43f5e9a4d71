// Default stage sizes of the papers' selection procedures.
#include "core/model/paper_sizes.hpp"

#include <cmath>

namespace kt {

ProblemSize squareSize(std::int64_t n, std::size_t dims) { return ProblemSize{std::vector<std::int64_t>(dims, n)}; }

std::vector<ProblemSize> steppedSizes(std::int64_t from, std::int64_t to, std::int64_t step, std::size_t dims) {
    std::vector<ProblemSize> out;
    for (std::int64_t n = from; step > 0 && n <= to; n += step) out.push_back(squareSize(n, dims));
    return out;
}

std::vector<ProblemSize> evenlySpacedSizes(std::int64_t from, std::int64_t to, std::size_t count, std::size_t dims) {
    std::vector<ProblemSize> out;
    for (std::size_t i = 0; i < count; ++i) {
        double t = count == 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(count - 1);
        auto n =
            static_cast<std::int64_t>(std::llround(static_cast<double>(from) + t * static_cast<double>(to - from)));
        ProblemSize s = squareSize(n, dims);
        if (out.empty() || !(out.back() == s)) out.push_back(s);
    }
    return out;
}

std::vector<ProblemSize> twoStageStageSizes(DeviceType type, std::size_t dims) {
    if (type == DeviceType::Cpu) return {squareSize(768, dims), squareSize(1536, dims)};
    return {squareSize(1536, dims), squareSize(4096, dims)};
}

std::vector<ProblemSize> twoStageSweepSizes(std::size_t dims, std::int64_t maxN) {
    return steppedSizes(256, maxN, 256, dims);
}

std::vector<ProblemSize> sieveRepresentativeSizes(std::size_t dims) { return evenlySpacedSizes(1000, 10000, 6, dims); }

std::vector<ProblemSize> sieveDetailSizes(std::size_t dims) { return evenlySpacedSizes(100, 10000, 48, dims); }

} // namespace kt
