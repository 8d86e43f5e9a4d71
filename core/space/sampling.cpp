// Prefix-table rejection sampling of valid points, and neighbourhoods.
#include "core/space/sampling.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <tuple>
#include <unordered_set>

namespace kt {

namespace {

// The order in which the sampler binds parameters. Any order keeps draws uniform; a good one checks constraints
// early, so the prefix table stays small and a draw restarts after few parameters. Greedy: next the parameter that
// completes the most constraints (the GEMM spaces' tensor-core parameters, each fixed to one value by a constraint
// of its own, come first instead of last), then the one read by most unfinished constraints, then the one with the
// fewest values; single-valued parameters cost nothing and go first. Ties keep the space's order.
std::vector<std::size_t> bindingOrder(const ParameterSpace& space) {
    const auto& params = space.parameters();
    const auto reads = space.constraintParameters();
    std::vector<std::size_t> unbound(reads.size()); // per constraint: parameters it reads not yet bound
    for (std::size_t c = 0; c < reads.size(); ++c) unbound[c] = reads[c].size();
    std::vector<bool> bound(params.size(), false);
    std::vector<std::size_t> order;
    while (order.size() < params.size()) {
        std::size_t best = params.size();
        std::tuple<bool, std::size_t, std::size_t, std::size_t> bestKey{};
        for (std::size_t p = 0; p < params.size(); ++p) {
            if (bound[p]) continue;
            std::size_t completes = 0, involved = 0;
            for (std::size_t c = 0; c < reads.size(); ++c)
                if (std::binary_search(reads[c].begin(), reads[c].end(), p)) ++(unbound[c] == 1 ? completes : involved);
            // Larger is better in every component (the value count negated through its complement).
            std::tuple<bool, std::size_t, std::size_t, std::size_t> key{
                params[p].values.size() == 1, completes, involved, kMaxValuesPerParameter - params[p].values.size()};
            if (best == params.size() || key > bestKey) {
                best = p;
                bestKey = key;
            }
        }
        bound[best] = true;
        order.push_back(best);
        for (std::size_t c = 0; c < reads.size(); ++c)
            if (std::binary_search(reads[c].begin(), reads[c].end(), best)) --unbound[c];
    }
    return order;
}

} // namespace

SpaceSampler::SpaceSampler(const ParameterSpace& space, std::uint64_t seed, std::uint64_t maxPrefixWork)
    : m_space(space), m_rng(seed), m_order(bindingOrder(space)), m_checks(space.levelChecks(m_order)) {
    m_cartesian = space.cartesianSize();
    if (space.parameters().empty() || m_cartesian == 0 || m_checks.alwaysFalse()) {
        m_empty = true;
        return;
    }
    // Points are drawn and listed by their mixed-radix index, which must fit in 64 bits.
    if (m_cartesian == std::numeric_limits<std::uint64_t>::max())
        throw std::invalid_argument("space '" + space.name + "' is too large to sample: the product of its value "
                                    "list sizes exceeds 2^64");
    m_values.resize(space.parameters().size());
    m_digits.resize(space.parameters().size());
    buildPrefixTable(maxPrefixWork);
}

void SpaceSampler::bindPrefix(std::uint64_t prefix, std::size_t levels) {
    const auto& params = m_space.parameters();
    for (std::size_t k = levels; k-- > 0;) { // the last level bound is the least significant digit
        const auto& list = params[m_order[k]].values;
        m_digits[m_order[k]] = static_cast<std::size_t>(prefix % list.size());
        m_values[m_order[k]] = list[m_digits[m_order[k]]];
        prefix /= list.size();
    }
}

std::uint64_t SpaceSampler::boundIndex() const {
    const auto& params = m_space.parameters();
    std::uint64_t index = 0;
    for (std::size_t i = 0; i < params.size(); ++i) index = index * params[i].values.size() + m_digits[i];
    return index;
}

void SpaceSampler::buildPrefixTable(std::uint64_t maxWork) {
    const auto& params = m_space.parameters();
    m_prefixes.assign(1, 0); // the empty prefix
    m_prefixLevels = 0;
    std::uint64_t work = 0;
    while (m_prefixLevels < params.size()) {
        const std::size_t level = m_prefixLevels;
        const std::size_t param = m_order[level];
        const auto& list = params[param].values;
        // Each candidate costs one check of the level's constraints (counted as one unit however many there are:
        // the bound is on candidates, which also bounds the table's size).
        std::uint64_t candidates = 0;
        if (__builtin_mul_overflow(static_cast<std::uint64_t>(m_prefixes.size()),
                                   static_cast<std::uint64_t>(list.size()), &candidates) ||
            candidates > maxWork - work)
            return; // deeper is too costly: draw the remaining parameters
        work += candidates;
        std::vector<std::uint64_t> next;
        for (std::uint64_t prefix : m_prefixes) {
            bindPrefix(prefix, level);
            for (std::size_t j = 0; j < list.size(); ++j) {
                m_values[param] = list[j];
                if (m_checks.holds(level, m_values.data())) next.push_back(prefix * list.size() + j);
            }
        }
        m_prefixes = std::move(next);
        ++m_prefixLevels;
        if (m_prefixes.empty()) { // no prefix of this length keeps the constraints: no valid point at all
            m_empty = true;
            return;
        }
    }
    // The table is the (non-empty) list of all valid points: keep their indices in the space's own order.
    for (auto& entry : m_prefixes) {
        bindPrefix(entry, m_prefixLevels);
        entry = boundIndex();
    }
    m_knownNonEmpty = true;
}

std::optional<std::uint64_t> SpaceSampler::drawIndex() {
    if (m_empty) return std::nullopt;
    std::uniform_int_distribution<std::size_t> pickPrefix(0, m_prefixes.size() - 1);
    if (usesIndexList()) return m_prefixes[pickPrefix(m_rng)];
    const auto& params = m_space.parameters();
    for (;;) {
        // Bind a uniformly chosen prefix, then the rest uniformly, restarting at the first broken constraint:
        // every valid point has the same probability per attempt (see the class comment).
        bindPrefix(m_prefixes[pickPrefix(m_rng)], m_prefixLevels);
        bool ok = true;
        for (std::size_t level = m_prefixLevels; level < params.size() && ok; ++level) {
            const std::size_t param = m_order[level];
            const auto& list = params[param].values;
            std::uniform_int_distribution<std::size_t> pick(0, list.size() - 1);
            m_digits[param] = pick(m_rng);
            m_values[param] = list[m_digits[param]];
            ok = m_checks.holds(level, m_values.data());
        }
        if (ok) {
            m_knownNonEmpty = true;
            return boundIndex();
        }
        // Many failures and no point yet: maybe there is none (the table stopped above the level that decides).
        // One pruned walk to the first valid point settles it; a non-empty space then keeps drawing.
        if (!m_knownNonEmpty && ++m_failedAttempts == kAttemptsBeforeWalk) {
            if (m_space.countValid(1) == 0) {
                m_empty = true;
                return std::nullopt;
            }
            m_knownNonEmpty = true;
        }
    }
}

std::optional<Point> SpaceSampler::next() {
    auto index = drawIndex();
    if (!index) return std::nullopt;
    return m_space.pointAt(*index);
}

std::vector<Point> SpaceSampler::distinct(std::size_t count) {
    std::vector<Point> out;
    if (m_empty || count == 0) return out;
    std::vector<std::uint64_t> all;
    if (usesIndexList()) {
        all = m_prefixes;
    } else {
        // Asking for most of the space: enumerate instead of drawing until the rare unseen points turn up. (Counted
        // only that far: a huge space is never walked to learn that it is huge.)
        const std::uint64_t cap = count > (std::numeric_limits<std::uint64_t>::max() - 1) / 4
                                      ? std::numeric_limits<std::uint64_t>::max()
                                      : static_cast<std::uint64_t>(count) * 4 + 1;
        const std::uint64_t valid = m_space.countValid(cap);
        if (valid == 0) {
            m_empty = true;
            return out;
        }
        if (valid < cap) {
            all.reserve(valid);
            m_space.forEachValid([&](const Point& p) {
                all.push_back(*m_space.indexOf(p));
                return true;
            });
        }
    }
    if (!all.empty()) {
        // Partial Fisher-Yates: the first `count` entries become a uniform sample without replacement.
        std::size_t n = std::min(count, all.size());
        for (std::size_t i = 0; i < n; ++i) {
            std::uniform_int_distribution<std::size_t> pick(i, all.size() - 1);
            std::swap(all[i], all[pick(m_rng)]);
            out.push_back(m_space.pointAt(all[i]));
        }
        return out;
    }
    // More than 4 × count valid points: repeats are rare (fewer than one draw in four is a repeat).
    std::unordered_set<std::uint64_t> seen;
    while (out.size() < count) {
        auto index = drawIndex();
        if (!index) break;
        if (seen.insert(*index).second) out.push_back(m_space.pointAt(*index));
    }
    return out;
}

std::vector<Point> neighbours(const ParameterSpace& space, const Point& point, Neighbourhood kind) {
    std::vector<Point> out;
    auto own = space.adopt(point);
    if (!own) return out;
    const auto& params = space.parameters();
    for (std::size_t i = 0; i < params.size(); ++i) {
        const auto& list = params[i].values;
        auto it = std::find(list.begin(), list.end(), own->values()[i]);
        if (it == list.end()) continue;
        std::size_t at = static_cast<std::size_t>(it - list.begin());
        std::vector<std::size_t> candidates;
        if (kind == Neighbourhood::Adjacent) {
            if (at > 0) candidates.push_back(at - 1);
            if (at + 1 < list.size()) candidates.push_back(at + 1);
        } else {
            for (std::size_t j = 0; j < list.size(); ++j)
                if (j != at) candidates.push_back(j);
        }
        for (std::size_t j : candidates) {
            std::vector<ParamValue> values = own->values();
            values[i] = list[j];
            Point p = space.makePoint(std::move(values));
            if (space.isValid(p)) out.push_back(std::move(p));
        }
    }
    return out;
}

} // namespace kt
