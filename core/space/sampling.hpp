// Uniform random sampling of valid points and the one-parameter neighbourhood used by local search.
#pragma once
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "core/space/parameter_space.hpp"

namespace kt {

// Draws valid points uniformly. Dense spaces (≥ 1% of the cartesian product valid, estimated from trial draws)
// use rejection sampling over the product; sparse ones enumerate the valid indices once (when at most
// kMaxIndexList) and draw from that list. A sparse space larger than that falls back to rejection, which stays
// uniform but gets slow.
class SpaceSampler {
public:
    static constexpr std::uint64_t kMaxIndexList = 8'000'000;

    // Keeps a reference to `space`, which must outlive the sampler.
    SpaceSampler(const ParameterSpace& space, std::uint64_t seed);
    // nullopt only when the space has no valid point.
    std::optional<Point> next();
    // Up to `count` distinct valid points (fewer when the space has fewer); all of them, shuffled, when count ≥
    // the valid count.
    std::vector<Point> distinct(std::size_t count);
    bool usesIndexList() const { return m_indexList.has_value(); }
    const ParameterSpace& space() const { return m_space; }

private:
    std::optional<std::uint64_t> drawIndex();

    const ParameterSpace& m_space;
    std::mt19937_64 m_rng;
    std::uint64_t m_cartesian = 0;
    std::optional<std::vector<std::uint64_t>> m_indexList;
    bool m_empty = false;
};

enum class Neighbourhood {
    Adjacent, // one parameter moved to the previous or next value of its list
    AnyValue  // one parameter changed to any other value of its list (Hamming distance 1)
};

// Valid points that differ from `point` in exactly one parameter, in parameter order.
std::vector<Point> neighbours(const ParameterSpace& space, const Point& point,
                              Neighbourhood kind = Neighbourhood::Adjacent);

} // namespace kt
