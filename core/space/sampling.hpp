// Uniform random sampling of valid points and the one-parameter neighbourhood used by local search.
#pragma once
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "core/space/parameter_space.hpp"

namespace kt {

// Draws valid points uniformly, by rejection over a table of valid prefixes.
//
// Parameters are bound in a chosen order (any order keeps draws uniform; the one chosen lets constraints be checked
// early, see bindingOrder in sampling.cpp). The constructor lists, breadth first, the valid prefixes: the value
// combinations of the first L parameters of that order that keep every constraint reading only those parameters
// (the pruning forEachValid does), going as deep as kMaxPrefixWork candidate checks allow. A draw then picks a
// prefix uniformly, binds the remaining parameters one at a time, each uniformly from its list, and starts over as
// soon as a constraint over the bound parameters fails. Every valid point has the same chance per attempt
// (1/prefixes × 1/product of the remaining list sizes), so the result is exactly uniform over the valid points,
// like rejection over the whole product, but an attempt is rejected after a few checks and the table has already
// removed most invalid combinations. When the table reaches the last parameter it is the list of all valid
// points, and draws need no rejection.
//
// Work before the first point: at most kMaxPrefixWork checks for the table, then on average (checks per attempt) /
// (acceptance of an attempt). A space whose emptiness the table cannot decide is walked (forEachValid, to its first
// point) after kAttemptsBeforeWalk failed attempts, so an empty space ends in nullopt instead of drawing forever.
// Numbers for the built-in families: bench/sampler_bench.cpp (kt_sampler_bench).
class SpaceSampler {
public:
    // 2^18 checks: ≤ 20 ms and 2 MiB of table on the built-in spaces; a larger table barely raises the GEMM spaces'
    // acceptance (2^22: 0.2 s before the first point for 2 instead of 6 µs per point after it).
    static constexpr std::uint64_t kMaxPrefixWork = std::uint64_t(1) << 18;
    static constexpr std::uint64_t kAttemptsBeforeWalk = std::uint64_t(1) << 16;

    // Keeps a reference to `space`, which must outlive the sampler. `maxPrefixWork` bounds the table's candidate
    // checks (tests lower it to exercise every table depth on small spaces).
    SpaceSampler(const ParameterSpace& space, std::uint64_t seed, std::uint64_t maxPrefixWork = kMaxPrefixWork);
    // nullopt only when the space has no valid point.
    std::optional<Point> next();
    // Up to `count` distinct valid points (fewer when the space has fewer); all of them, shuffled, when count ≥
    // the valid count. On a space with many more than `count` valid points they are drawn (repeats skipped), so
    // the cost grows with `count`, not with the space; only a count close to or above the valid count enumerates.
    std::vector<Point> distinct(std::size_t count);
    // True when the prefix table covers every parameter: it is the list of all valid points.
    bool usesIndexList() const { return !m_empty && m_prefixLevels == m_space.parameters().size(); }
    // Parameters bound by the prefix table (0: plain rejection with early restarts).
    std::size_t prefixLevels() const { return m_prefixLevels; }
    // Constraint expressions evaluated so far by the table and the draws (not by the forEachValid walks of
    // distinct() and the emptiness check): the work counter the tests bound.
    std::uint64_t constraintEvaluations() const { return m_checks.evaluations(); }
    const ParameterSpace& space() const { return m_space; }

private:
    void buildPrefixTable(std::uint64_t maxWork);
    // Binds the first `levels` parameters of the binding order (m_values, m_digits) from a table entry.
    void bindPrefix(std::uint64_t prefix, std::size_t levels);
    // Index in the space (pointAt) of the values bound in m_digits.
    std::uint64_t boundIndex() const;
    std::optional<std::uint64_t> drawIndex();

    const ParameterSpace& m_space;
    std::mt19937_64 m_rng;
    std::vector<std::size_t> m_order; // parameters in binding order (bindingOrder in sampling.cpp)
    LevelChecks m_checks;             // per level of m_order
    std::uint64_t m_cartesian = 0;
    // Mixed-radix indices over the first m_prefixLevels parameters of m_order; once the table covers every
    // parameter, the valid points' indices in the space (pointAt).
    std::vector<std::uint64_t> m_prefixes;
    std::size_t m_prefixLevels = 0;
    std::vector<ParamValue> m_values; // scratch, in the space's parameter order: the values being bound
    std::vector<std::size_t> m_digits; // and their positions in the value lists
    bool m_empty = false;
    bool m_knownNonEmpty = false; // a draw succeeded or a walk found a point
    std::uint64_t m_failedAttempts = 0; // since construction, while !m_knownNonEmpty
};

enum class Neighbourhood {
    Adjacent, // one parameter moved to the previous or next value of its list
    AnyValue  // one parameter changed to any other value of its list (Hamming distance 1)
};

// Valid points that differ from `point` in exactly one parameter, in parameter order.
std::vector<Point> neighbours(const ParameterSpace& space, const Point& point,
                              Neighbourhood kind = Neighbourhood::Adjacent);

} // namespace kt
