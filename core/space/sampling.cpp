// Rejection / index-list sampling of valid points and neighbourhoods.
#include "core/space/sampling.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <unordered_set>

namespace kt {

SpaceSampler::SpaceSampler(const ParameterSpace& space, std::uint64_t seed) : m_space(space), m_rng(seed) {
    m_space.validate();
    m_cartesian = space.cartesianSize();
    if (space.parameters().empty() || m_cartesian == 0) {
        m_empty = true;
        return;
    }
    // Points are drawn and listed by their mixed-radix index, which must fit in 64 bits.
    if (m_cartesian == std::numeric_limits<std::uint64_t>::max())
        throw std::invalid_argument("space '" + space.name + "' is too large to sample: the product of its value "
                                    "list sizes exceeds 2^64");
    // Estimate the density with trial draws; the index list is only worth building when rejection would be slow.
    constexpr int kTrials = 2000;
    int accepted = 0;
    std::uniform_int_distribution<std::uint64_t> dist(0, m_cartesian - 1);
    for (int i = 0; i < kTrials && accepted < 20; ++i)
        if (space.isValid(space.pointAt(dist(m_rng)))) ++accepted;
    if (accepted >= 20) return; // ≥ 1% valid: rejection needs ≤ ~100 draws per point
    std::vector<std::uint64_t> list;
    bool tooMany = false;
    space.forEachValid([&](const Point& p) {
        if (list.size() >= kMaxIndexList) {
            tooMany = true;
            return false;
        }
        list.push_back(*space.indexOf(p));
        return true;
    });
    if (list.empty()) m_empty = true;
    else if (!tooMany) m_indexList = std::move(list);
}

std::optional<std::uint64_t> SpaceSampler::drawIndex() {
    if (m_empty) return std::nullopt;
    if (m_indexList) {
        std::uniform_int_distribution<std::size_t> pick(0, m_indexList->size() - 1);
        return (*m_indexList)[pick(m_rng)];
    }
    std::uniform_int_distribution<std::uint64_t> dist(0, m_cartesian - 1);
    for (;;) {
        std::uint64_t index = dist(m_rng);
        if (m_space.isValid(m_space.pointAt(index))) return index;
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
    if (m_indexList) {
        all = *m_indexList;
    } else if (m_space.countValid(count * 4 + 1) <= count * 4) {
        // Asking for most of the space: enumerate instead of drawing until the rare unseen points turn up. (Counted
        // only that far: a huge space is never walked to learn that it is huge.)
        m_space.forEachValid([&](const Point& p) {
            all.push_back(*m_space.indexOf(p));
            return true;
        });
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
    std::unordered_set<std::uint64_t> seen;
    while (out.size() < count) {
        std::uint64_t index = *drawIndex();
        if (seen.insert(index).second) out.push_back(m_space.pointAt(index));
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
