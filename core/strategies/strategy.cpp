// Strategy registry and the helpers shared by the strategy implementations.
#include "core/strategies/strategy.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "core/strategies/builtin_strategies.hpp"

namespace kt {

StrategyRegistry& StrategyRegistry::instance() {
    static StrategyRegistry registry = [] {
        StrategyRegistry r;
        r.add("exhaustive", makeExhaustiveStrategy);
        r.add("random", makeRandomSampleStrategy);
        r.add("two-stage", makeTwoStageStrategy);
        r.add("sieve", makeChampionSieveStrategy);
        r.add("annealing", makeAnnealingStrategy);
        r.add("surrogate", makeSurrogateStrategy);
        return r;
    }();
    return registry;
}

void StrategyRegistry::add(const std::string& name, Factory factory) {
    for (auto& [n, f] : m_factories)
        if (n == name) {
            f = std::move(factory);
            return;
        }
    m_factories.emplace_back(name, std::move(factory));
}

std::unique_ptr<Strategy> StrategyRegistry::create(const std::string& name) const {
    for (const auto& [n, f] : m_factories)
        if (n == name) return f();
    std::string known;
    for (const auto& n : names()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown strategy '" + name + "' (known: " + known + ")");
}

std::vector<std::string> StrategyRegistry::names() const {
    std::vector<std::string> out;
    for (const auto& [n, f] : m_factories) out.push_back(n);
    std::sort(out.begin(), out.end());
    return out;
}

namespace strategy_detail {

void finish(StrategyResult& result, SearchSession& session) {
    result.evaluations = session.takeEvaluations();
    result.measured = session.measured();
    result.reused = session.reused();
    result.stop = session.stopReason();
}

std::vector<RankedPoint> rank(const SearchSession& session, const std::vector<Point>& points,
                              const std::vector<ProblemSize>& sizes) {
    std::vector<RankedPoint> out;
    for (const auto& p : points)
        if (auto s = session.meanScore(p, sizes)) out.push_back({p, *s});
    // Stable: ties keep enumeration order, so results are reproducible.
    std::stable_sort(out.begin(), out.end(),
                     [](const RankedPoint& a, const RankedPoint& b) { return a.score > b.score; });
    return out;
}

std::vector<Point> allValid(const ParameterSpace& space) {
    std::vector<Point> out;
    space.forEachValid([&](const Point& p) {
        out.push_back(p);
        return true;
    });
    return out;
}

std::uint64_t budgetedCountCap(const SearchContext& context, std::uint64_t forCountBudget) {
    if (context.budget.maxEvaluations > 0) return forCountBudget;
    if (context.budget.maxWallSeconds > 0) return std::uint64_t(1) << 20;
    return std::numeric_limits<std::uint64_t>::max();
}

std::uint64_t pointsPerSizeInBudget(const SearchContext& context) {
    return context.budget.maxEvaluations / context.sizes.size() + 1;
}

void forEachValidChunk(const ParameterSpace& space, std::size_t chunk,
                       const std::function<bool(const std::vector<Point>&)>& visit) {
    std::vector<Point> part;
    bool go = true;
    space.forEachValid([&](const Point& p) {
        part.push_back(p);
        if (part.size() < chunk) return true;
        go = visit(part);
        part.clear();
        return go;
    });
    if (go && !part.empty()) visit(part);
}

namespace {
// Heap order: a "better" pair sorts first, so the heap's top is the worst kept.
bool better(const std::pair<double, std::uint64_t>& a, const std::pair<double, std::uint64_t>& b) {
    return a.first > b.first || (a.first == b.first && a.second < b.second);
}
} // namespace

void TopList::offer(double score, std::uint64_t index) {
    std::pair<double, std::uint64_t> item{score, index};
    if (m_heap.size() < m_capacity) {
        m_heap.push_back(item);
        std::push_heap(m_heap.begin(), m_heap.end(), better);
    } else if (m_capacity > 0 && better(item, m_heap.front())) {
        std::pop_heap(m_heap.begin(), m_heap.end(), better);
        m_heap.back() = item;
        std::push_heap(m_heap.begin(), m_heap.end(), better);
    }
}

std::vector<std::pair<double, std::uint64_t>> TopList::sorted() const {
    auto out = m_heap;
    std::sort(out.begin(), out.end(), better);
    return out;
}

bool evaluateAtSizes(SearchSession& session, const std::vector<Point>& points, const std::vector<ProblemSize>& sizes) {
    // Chunk by points, sizes inside: a chunk's compiled candidates are reused for every size, and a budget that
    // ends mid-way leaves complete points (at most one chunk is partial).
    const auto chunk = static_cast<std::size_t>(std::max(1.0, session.context().options.number("batch", 16)));
    for (std::size_t at = 0; at < points.size(); at += chunk) {
        std::vector<Point> part(points.begin() + static_cast<std::ptrdiff_t>(at),
                                points.begin() + static_cast<std::ptrdiff_t>(std::min(points.size(), at + chunk)));
        for (const auto& s : sizes) {
            session.evaluate(part, s);
            if (session.exhausted()) return false;
        }
    }
    return true;
}

SearchContext withDefaultCap(const SearchContext& context, std::uint64_t validPoints, double defaultFraction) {
    SearchContext capped = context;
    if (capped.budget.maxEvaluations == 0 && capped.budget.maxWallSeconds <= 0) {
        double fraction = std::clamp(context.options.number("fraction", defaultFraction), 0.0, 1.0);
        capped.budget.maxEvaluations = std::max<std::uint64_t>(
            1, static_cast<std::uint64_t>(fraction * static_cast<double>(validPoints * context.sizes.size())));
    }
    return capped;
}

} // namespace strategy_detail

} // namespace kt

