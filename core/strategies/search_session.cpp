// SearchSession: memo, free cache hits, exact budget, batching and progress for every strategy.
#include "core/strategies/search_session.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace kt {

namespace {

std::string memoKey(const Point& point, const ProblemSize& size) { return point.key() + "|" + size.label(); }

} // namespace

SearchSession::SearchSession(const SearchContext& context)
    : m_context(context), m_tracker(context.budget, context.clock, context.cancel) {
    if (!context.space || !context.evaluator)
        throw std::invalid_argument("search context needs a space and an evaluator");
    if (context.sizes.empty()) throw std::invalid_argument("search context needs at least one problem size");
    m_batch = static_cast<std::size_t>(std::max(1.0, context.options.number("batch", 16)));
}

const Evaluation* SearchSession::find(const Point& point, const ProblemSize& size) const {
    auto it = m_index.find(memoKey(point, size));
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
    p.totalEstimate = std::max(m_totalEstimate, p.done);
    p.best = m_best;
    p.phase = m_phase;
    m_context.progress(p);
}

std::vector<Evaluation> SearchSession::evaluate(const std::vector<Point>& points, const ProblemSize& size) {
    auto record = [&](Evaluation e) {
        if (e.ok && (!m_best || e.value > m_best->value)) m_best = e;
        m_index.emplace(memoKey(e.point, size), m_all.size());
        m_all.push_back(std::move(e));
    };
    // First pass: resolve what is free (memo, evaluator cache); collect distinct points that need measuring.
    std::vector<Point> pending;
    std::unordered_map<std::string, bool> pendingKeys;
    bool reusedAny = false;
    for (const auto& p : points) {
        std::string k = memoKey(p, size);
        if (m_index.count(k) || pendingKeys.count(k)) continue;
        if (auto hit = m_context.evaluator->lookup(p, size)) {
            hit->point = p;
            hit->size = size;
            hit->cached = true;
            ++m_reused;
            reusedAny = true;
            record(std::move(*hit));
            continue;
        }
        pendingKeys.emplace(k, true);
        pending.push_back(p);
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
            record(std::move(results[i]));
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
