// SearchSession: memo, free cache hits, exact budget, batching and progress for every strategy.
#include "core/strategies/search_session.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <unordered_set>

namespace kt {

SearchSession::SearchSession(const SearchContext& context)
    : m_context(context), m_tracker(context.budget, context.clock, context.cancel) {
    if (!context.space || !context.evaluator)
        throw std::invalid_argument("search context needs a space and an evaluator");
    if (context.sizes.empty()) throw std::invalid_argument("search context needs at least one problem size");
    m_batch = static_cast<std::size_t>(std::max(1.0, context.options.number("batch", 16)));
}

std::optional<SearchSession::MemoKey> SearchSession::memoKey(const Point& point, const ProblemSize& size) const {
    auto s = std::find(m_sizes.begin(), m_sizes.end(), size);
    if (s == m_sizes.end()) return std::nullopt;
    auto index = m_context.space->indexOf(point);
    if (!index) return std::nullopt;
    return MemoKey{*index, static_cast<std::uint32_t>(s - m_sizes.begin())};
}

std::uint32_t SearchSession::sizeIndex(const ProblemSize& size) {
    auto s = std::find(m_sizes.begin(), m_sizes.end(), size);
    if (s != m_sizes.end()) return static_cast<std::uint32_t>(s - m_sizes.begin());
    m_sizes.push_back(size);
    return static_cast<std::uint32_t>(m_sizes.size() - 1);
}

const Evaluation* SearchSession::find(const Point& point, const ProblemSize& size) const {
    auto key = memoKey(point, size);
    if (!key) return nullptr;
    auto it = m_index.find(*key);
    return it == m_index.end() ? nullptr : &m_all[it->second];
}

std::optional<double> SearchSession::meanScore(const Point& point, const std::vector<ProblemSize>& sizes) const {
    if (sizes.empty()) return std::nullopt;
    double sum = 0;
    for (const auto& s : sizes) {
        const Evaluation* e = find(point, s);
        if (!e || !e->ok) return std::nullopt;
        sum += e->value;
    }
    return sum / static_cast<double>(sizes.size());
}

std::uint64_t SearchSession::remainingEvaluations() const {
    if (m_tracker.exhausted()) return 0;
    if (m_context.budget.maxEvaluations == 0) return std::numeric_limits<std::uint64_t>::max();
    return m_context.budget.maxEvaluations - m_tracker.used();
}

void SearchSession::setPhase(std::string phase) { m_phase = std::move(phase); }
void SearchSession::setTotalEstimate(std::uint64_t total) { m_totalEstimate = total; }

void SearchSession::report() {
    if (!m_context.progress) return;
    Progress p;
    p.done = m_measured + m_reused;
    // The strategy's own estimate, capped by what the budget lets it measure (reused points come on top).
    std::uint64_t estimate = m_totalEstimate;
    auto cap = [&](std::uint64_t limit) { estimate = estimate ? std::min(estimate, limit) : limit; };
    if (m_context.budget.maxEvaluations > 0) cap(m_context.budget.maxEvaluations + m_reused);
    const double elapsed = m_tracker.elapsed();
    if (m_context.budget.maxWallSeconds > 0 && elapsed > 0 && m_measured > 0)
        cap(m_reused + static_cast<std::uint64_t>(static_cast<double>(m_measured) * m_context.budget.maxWallSeconds /
                                                  elapsed));
    p.totalEstimate = std::max(estimate, p.done);
    p.best = m_best;
    p.phase = m_phase;
    m_context.progress(p);
}

std::vector<Evaluation> SearchSession::evaluate(const std::vector<Point>& points, const ProblemSize& size) {
    const std::uint32_t sizeAt = sizeIndex(size);
    auto record = [&](std::uint64_t pointIndex, Evaluation e) {
        if (e.ok && (!m_best || e.value > m_best->value)) m_best = e;
        m_index.emplace(MemoKey{pointIndex, sizeAt}, m_all.size());
        m_all.push_back(std::move(e));
    };
    // First pass: resolve what is free (memo, evaluator cache); collect distinct points that need measuring.
    std::vector<Point> pending;
    std::vector<std::uint64_t> pendingIndex;
    std::unordered_set<std::uint64_t> pendingSet;
    bool reusedAny = false;
    for (const auto& p : points) {
        auto index = m_context.space->indexOf(p);
        if (!index)
            throw std::invalid_argument("point '" + p.key() + "' is not in the space being searched");
        if (m_index.count(MemoKey{*index, sizeAt}) || pendingSet.count(*index)) continue;
        if (auto hit = m_context.evaluator->lookup(p, size)) {
            hit->point = p;
            hit->size = size;
            hit->cached = true;
            ++m_reused;
            reusedAny = true;
            record(*index, std::move(*hit));
            continue;
        }
        pendingSet.insert(*index);
        pending.push_back(p);
        pendingIndex.push_back(*index);
    }
    if (reusedAny) report();
    // Second pass: measure in batches while the budget lasts.
    for (std::size_t at = 0; at < pending.size();) {
        std::size_t n = m_tracker.grant(std::min(m_batch, pending.size() - at));
        if (n == 0) break;
        std::vector<Point> batch(pending.begin() + static_cast<std::ptrdiff_t>(at),
                                 pending.begin() + static_cast<std::ptrdiff_t>(at + n));
        double start = m_tracker.now();
        std::vector<Evaluation> results = m_context.evaluator->evaluate(batch, size);
        m_tracker.charge(n, m_tracker.now() - start);
        if (results.size() != n)
            throw std::logic_error("evaluator returned " + std::to_string(results.size()) + " results for " +
                                   std::to_string(n) + " points");
        for (std::size_t i = 0; i < n; ++i) {
            results[i].point = batch[i];
            results[i].size = size;
            results[i].cached = false;
            record(pendingIndex[at + i], std::move(results[i]));
        }
        m_measured += n;
        at += n;
        report();
    }
    std::vector<Evaluation> out;
    for (const auto& p : points)
        if (const Evaluation* e = find(p, size)) out.push_back(*e);
    return out;
}

} // namespace kt
