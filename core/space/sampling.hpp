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
// The constructor lists, breadth first, the valid prefixes: the value combinations of the first L parameters that
// keep every constraint reading only those parameters (the pruning forEachValid does), going as deep as
// kMaxPrefixWork constraint checks allow. A draw then picks a prefix uniformly, draws the remaining parameters one
// at a time, each uniformly from its list, and starts over as soon as a constraint over the bound parameters
// fails. Every valid point has the same chance per attempt (1 / prefixes × 1 / product of the remaining list
// sizes), so the result is exactly uniform over the valid points, like rejection over the whole product, but an
// attempt is rejected after a few checks and the prefix table has already removed most invalid combinations.
// When the table reaches the last parameter it is the list of all valid points, and draws need no rejection.
//
// Work before the first point: at most kMaxPrefixWork checks for the table, then on average (checks per attempt)
// / (valid fraction of prefixes × remaining product) — for the GEMM spaces (22 M valid of 7·10^13) a few
// milliseconds instead of minutes (docs/perf: kt_sampler_bench). A space whose validity the table cannot decide
// is walked (forEachValid, first point only) after kAttemptsBeforeWalk failed attempts, so an empty space ends in
// nullopt instead of drawing forever.
class SpaceSampler {
public:
    static constexpr std::uint64_t kMaxPrefixWork = std::uint64_t(1) << 22; // ~0.3 s; 32 MiB of table at most
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
    std::optional<std::uint64_t> drawIndex();

    const ParameterSpace& m_space;
    std::mt19937_64 m_rng;
    LevelChecks m_checks;
    std::uint64_t m_cartesian = 0;
    std::vector<std::uint64_t> m_prefixes; // mixed-radix indices over the first m_prefixLevels parameters
    std::size_t m_prefixLevels = 0;
    std::vector<ParamValue> m_values; // scratch: the values being bound
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
