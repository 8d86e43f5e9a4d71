// The evaluation grid of a fit: sizes from, from+step, …, to (inclusive), mapped to indices 0…count-1.
#pragma once
#include <cstddef>
#include <optional>
#include <stdexcept>

namespace kt::fit {

// Bad input to fitting (grid, samples, CSV): the message names what is wrong; the CLI maps it to exit code 2.
struct FitInputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class SizeGrid {
public:
    // Throws FitInputError unless step > 0, from <= to and to is reachable from from by whole steps.
    SizeGrid(long long from, long long to, long long step = 1);

    long long from() const { return m_from; }
    long long to() const { return m_to; }
    long long step() const { return m_step; }
    std::size_t count() const { return m_count; }
    long long sizeAt(std::size_t index) const { return m_from + static_cast<long long>(index) * m_step; }
    // The index of a size on the grid, or nullopt when the size is outside or between grid points.
    std::optional<std::size_t> indexOf(long long size) const;

    // Grids beyond this many points are refused: they would not be a mistake the user wants to wait for.
    static constexpr std::size_t kMaxPoints = 200'000'000;

private:
    long long m_from, m_to, m_step;
    std::size_t m_count;
};

} // namespace kt::fit
