// One-dimensional dispatch rules: intervals [lo, hi) of problem size → candidate, derived from curves and
// evaluated against measurements (loss versus the per-size oracle).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/rules/curve_table.hpp"

namespace kt::rules {

struct Interval {
    long long lo = 0, hi = 0; // [lo, hi)
    std::string candidate;
    bool operator==(const Interval&) const = default;
};

struct SizeRule {
    // Ordered, contiguous (hi of one = lo of the next), covering min size … max size (last hi = max size + 1).
    std::vector<Interval> intervals;
    // The candidate for a size; sizes below the first interval take the first candidate, sizes at or past the
    // last hi the last one (the emitted C++ does the same).
    const std::string& select(long long size) const;
    // The interval select() takes its candidate from (the last one for sizes past the end, the first below it).
    const Interval& intervalFor(long long size) const;
};

// A size rule's intervals for calls of one kind (a family's dispatch kind: GEMM's "tn"), beside its main ones.
struct KindIntervals {
    std::string kind;
    SizeRule rule;
};

// A size rule's intervals for the sizes that are positive multiples of `multiple` ("aligned" in R.json), beside its
// main ones, with intervals per kind of their own as the main ones have. Derived from curves measured at such sizes
// only: there GEMM's kernels run their exact-fit programs and other kernels win than at the ragged sizes between
// (H200 2026-11-29 runs B-D: a DGEMM rule derived at multiples of 128 took as little as 0.72 of the best at ragged
// sizes, one derived at ragged sizes as little as 0.65 at the multiples).
struct AlignedIntervals {
    long long multiple = 0; // >= 2
    SizeRule rule;
    std::vector<KindIntervals> kinds;
    bool takes(long long size) const { return multiple > 0 && size > 0 && size % multiple == 0; }
};

struct RuleOptions {
    long long minWidth = 1; // intervals narrower than this (hi − lo, in size units) are absorbed by a neighbour
    double tolerance = 0;   // a candidate within this fraction of the best counts as good enough (0.02 = 2%)
};

// Best candidate per size, merged into intervals. With a tolerance, a candidate stays in charge while it is
// within the tolerance of the per-size best, and at each switch the candidate that stays acceptable longest
// takes over (the fewest switches for that tolerance). Then intervals narrower than minWidth are given to the
// neighbour that loses least on them, narrowest first. Throws RuleInputError on options out of range.
SizeRule deriveRule(const CurveTable& curves, const RuleOptions& options = {});

struct RuleEvaluation {
    std::size_t sizes = 0;      // sizes in the measurements
    std::size_t evaluated = 0;  // sizes where the rule's candidate was measured
    std::size_t unmeasured = 0; // sizes where it was not (not counted in the losses)
    std::size_t oracleHits = 0; // sizes where the rule picks the measured best
    double meanLoss = 0;        // mean of (best − chosen)/|best| over evaluated sizes
    double maxLoss = 0;
    long long worstSize = 0;
};

RuleEvaluation evaluateRule(const SizeRule& rule, const CurveTable& measurements);

} // namespace kt::rules
