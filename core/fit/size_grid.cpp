// SizeGrid: validation of the (from, to, step) triple and size ↔ index mapping.
#include "core/fit/size_grid.hpp"

#include <string>

namespace kt::fit {

SizeGrid::SizeGrid(long long from, long long to, long long step) : m_from(from), m_to(to), m_step(step), m_count(0) {
    if (step <= 0) throw FitInputError("grid step must be positive (got " + std::to_string(step) + ")");
    if (from > to)
        throw FitInputError("grid start " + std::to_string(from) + " is larger than grid end " + std::to_string(to));
    // Unsigned difference: from/to may span the whole long long range without overflow.
    const unsigned long long span = static_cast<unsigned long long>(to) - static_cast<unsigned long long>(from);
    if (span % static_cast<unsigned long long>(step) != 0)
        throw FitInputError("grid end " + std::to_string(to) + " is not reachable from " + std::to_string(from) +
                            " in steps of " + std::to_string(step));
    const unsigned long long points = span / static_cast<unsigned long long>(step) + 1;
    if (points > kMaxPoints)
        throw FitInputError("grid has " + std::to_string(points) + " points; at most " + std::to_string(kMaxPoints) +
                            " are supported");
    m_count = static_cast<std::size_t>(points);
}

std::optional<std::size_t> SizeGrid::indexOf(long long size) const {
    if (size < m_from || size > m_to) return std::nullopt;
    const unsigned long long off = static_cast<unsigned long long>(size) - static_cast<unsigned long long>(m_from);
    if (off % static_cast<unsigned long long>(m_step) != 0) return std::nullopt;
    return static_cast<std::size_t>(off / static_cast<unsigned long long>(m_step));
}

} // namespace kt::fit
