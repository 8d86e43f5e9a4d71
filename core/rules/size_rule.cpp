// deriveRule: tolerant greedy interval cover + minimum-width merging; evaluateRule: loss versus the oracle.
#include "core/rules/size_rule.hpp"

#include <algorithm>
#include <cmath>

namespace kt::rules {

const Interval& SizeRule::intervalFor(long long size) const {
    if (intervals.empty()) throw RuleInputError("empty rule");
    // First interval whose hi is above the size; past the end → the last.
    auto it = std::upper_bound(intervals.begin(), intervals.end(), size,
                               [](long long s, const Interval& iv) { return s < iv.hi; });
    return it == intervals.end() ? intervals.back() : *it;
}

const std::string& SizeRule::select(long long size) const { return intervalFor(size).candidate; }

namespace {

double lossAt(const CurveTable& t, std::size_t c, std::size_t s) {
    const std::size_t b = t.best(s);
    if (b == CurveTable::npos) return 0;
    if (!t.has(c, s)) return 1; // a candidate with no measurement here is as bad as it gets
    const double best = t.value[b][s];
    const double scale = std::fabs(best) > 0 ? std::fabs(best) : 1.0;
    return (best - t.value[c][s]) / scale;
}

struct Run {
    std::size_t first, last; // size indices, inclusive
    std::size_t cand;
};

} // namespace

SizeRule deriveRule(const CurveTable& t, const RuleOptions& o) {
    if (!(o.tolerance >= 0) || !(o.tolerance < 1))
        throw RuleInputError("tolerance must be a fraction in [0, 1) (0.02 = 2%), got " + std::to_string(o.tolerance));
    if (o.minWidth < 1) throw RuleInputError("minimum width must be >= 1, got " + std::to_string(o.minWidth));
    if (t.sizes.empty() || t.candidates.empty()) throw RuleInputError("no curves to derive a rule from");
    const std::size_t m = t.sizes.size(), nc = t.candidates.size();
    std::vector<double> best(m);
    for (std::size_t s = 0; s < m; ++s) {
        const std::size_t b = t.best(s);
        if (b == CurveTable::npos)
            throw RuleInputError("no candidate has a value at size " + std::to_string(t.sizes[s]));
        best[s] = t.value[b][s];
    }
    auto acceptable = [&](std::size_t c, std::size_t s) {
        return t.has(c, s) && t.value[c][s] >= best[s] - o.tolerance * std::fabs(best[s]);
    };
    // runEnd[c][s]: one past the last size of c's acceptable run starting at s; prefix sums give run totals.
    std::vector<std::vector<std::size_t>> runEnd(nc, std::vector<std::size_t>(m + 1, 0));
    std::vector<std::vector<double>> prefix(nc, std::vector<double>(m + 1, 0.0));
    for (std::size_t c = 0; c < nc; ++c) {
        runEnd[c][m] = m;
        for (std::size_t s = m; s-- > 0;) runEnd[c][s] = acceptable(c, s) ? runEnd[c][s + 1] : s;
        for (std::size_t s = 0; s < m; ++s) prefix[c][s + 1] = prefix[c][s] + (t.has(c, s) ? t.value[c][s] : 0.0);
    }
    // Greedy cover: longest acceptable run from the first uncovered size; ties → larger total value.
    std::vector<Run> runs;
    for (std::size_t s = 0; s < m;) {
        std::size_t bestC = CurveTable::npos, bestEnd = s;
        double bestSum = 0;
        for (std::size_t c = 0; c < nc; ++c) {
            if (!acceptable(c, s)) continue;
            const std::size_t e = runEnd[c][s];
            const double sum = prefix[c][e] - prefix[c][s];
            if (bestC == CurveTable::npos || e > bestEnd || (e == bestEnd && sum > bestSum))
                bestC = c, bestEnd = e, bestSum = sum;
        }
        runs.push_back({s, bestEnd - 1, bestC}); // the per-size best is always acceptable, so bestC exists
        s = bestEnd;
    }
    auto hiOf = [&](const Run& r) { return r.last + 1 < m ? t.sizes[r.last + 1] : t.sizes[m - 1] + 1; };
    auto width = [&](const Run& r) { return hiOf(r) - t.sizes[r.first]; };
    auto mergeEqual = [&] {
        std::vector<Run> out;
        for (const Run& r : runs) {
            if (!out.empty() && out.back().cand == r.cand)
                out.back().last = r.last;
            else
                out.push_back(r);
        }
        runs = std::move(out);
    };
    // Narrow intervals (the paper's 8059 ≤ N < 8060) go to the neighbour that loses least on their sizes.
    while (runs.size() > 1) {
        std::size_t narrow = runs.size();
        for (std::size_t i = 0; i < runs.size(); ++i)
            if (width(runs[i]) < o.minWidth && (narrow == runs.size() || width(runs[i]) < width(runs[narrow])))
                narrow = i;
        if (narrow == runs.size()) break;
        auto lossOver = [&](std::size_t c) {
            double l = 0;
            for (std::size_t s = runs[narrow].first; s <= runs[narrow].last; ++s) l += lossAt(t, c, s);
            return l;
        };
        std::size_t pick;
        if (narrow == 0)
            pick = runs[1].cand;
        else if (narrow + 1 == runs.size())
            pick = runs[narrow - 1].cand;
        else {
            const std::size_t left = runs[narrow - 1].cand, right = runs[narrow + 1].cand;
            pick = lossOver(right) < lossOver(left) ? right : left;
        }
        runs[narrow].cand = pick;
        mergeEqual();
    }
    SizeRule rule;
    for (const Run& r : runs) rule.intervals.push_back({t.sizes[r.first], hiOf(r), t.candidates[r.cand]});
    return rule;
}

RuleEvaluation evaluateRule(const SizeRule& rule, const CurveTable& t) {
    RuleEvaluation e;
    double total = 0;
    for (std::size_t s = 0; s < t.sizes.size(); ++s) {
        const std::size_t b = t.best(s);
        if (b == CurveTable::npos) continue;
        ++e.sizes;
        const std::size_t c = t.candidateIndex(rule.select(t.sizes[s]));
        if (c == CurveTable::npos || !t.has(c, s)) {
            ++e.unmeasured;
            continue;
        }
        ++e.evaluated;
        const double l = lossAt(t, c, s);
        if (l <= 0) ++e.oracleHits;
        total += l;
        if (e.evaluated == 1 || l > e.maxLoss) e.maxLoss = l, e.worstSize = t.sizes[s];
    }
    if (e.evaluated) e.meanLoss = total / static_cast<double>(e.evaluated);
    return e;
}

} // namespace kt::rules
