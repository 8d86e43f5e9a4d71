// Budget bookkeeping: exact evaluation counts, wall-clock trimming, cancellation.
#include "core/strategies/budget.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace kt {

std::string toString(StopReason reason) {
    switch (reason) {
    case StopReason::Completed: return "completed";
    case StopReason::Evaluations: return "evaluation budget reached";
    case StopReason::WallTime: return "wall-time budget reached";
    case StopReason::Cancelled: return "cancelled";
    }
    return "unknown";
}

double BudgetTracker::steadySeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

BudgetTracker::BudgetTracker(Budget budget, Clock clock, const std::atomic<bool>* cancel)
    : m_budget(budget), m_clock(clock ? std::move(clock) : Clock(&BudgetTracker::steadySeconds)), m_cancel(cancel) {
    m_start = m_clock();
}

StopReason BudgetTracker::reason() const {
    if (m_cancel && m_cancel->load()) return StopReason::Cancelled;
    if (m_budget.maxEvaluations > 0 && m_used >= m_budget.maxEvaluations) return StopReason::Evaluations;
    if (m_budget.maxWallSeconds > 0 && elapsed() >= m_budget.maxWallSeconds) return StopReason::WallTime;
    return StopReason::Completed;
}

bool BudgetTracker::exhausted() const { return reason() != StopReason::Completed; }

std::size_t BudgetTracker::grant(std::size_t wanted) const {
    if (wanted == 0 || exhausted()) return 0;
    std::size_t n = wanted;
    if (m_budget.maxEvaluations > 0) n = std::min<std::uint64_t>(n, m_budget.maxEvaluations - m_used);
    // With a time budget and nothing measured yet the cost of a candidate is unknown, and at large problem sizes one
    // takes seconds (H200 2026-11-28 run E: a first batch of 16 batched-GEMM seeds at 3 GB of operands ran over 30 s
    // past a 35 s budget): the first grant is one candidate, the later ones what the time left pays for.
    if (m_budget.maxWallSeconds > 0 && m_used == 0) n = std::min<std::size_t>(n, 1);
    if (m_budget.maxWallSeconds > 0 && m_used > 0 && m_measuredSeconds > 0) {
        double perEvaluation = m_measuredSeconds / static_cast<double>(m_used);
        double left = m_budget.maxWallSeconds - elapsed();
        auto affordable = static_cast<std::size_t>(std::max(1.0, std::ceil(left / perEvaluation)));
        n = std::min(n, affordable);
    }
    return n;
}

void BudgetTracker::charge(std::size_t count, double seconds) {
    m_used += count;
    m_measuredSeconds += std::max(0.0, seconds);
}

double BudgetTracker::fractionUsed() const {
    double f = 0;
    if (m_budget.maxEvaluations > 0) f = static_cast<double>(m_used) / static_cast<double>(m_budget.maxEvaluations);
    if (m_budget.maxWallSeconds > 0) f = std::max(f, elapsed() / m_budget.maxWallSeconds);
    return std::clamp(f, 0.0, 1.0);
}

} // namespace kt
