// Evaluation-count and wall-clock budgets, and the tracker every strategy consults between batches.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace kt {

struct Budget {
    std::uint64_t maxEvaluations = 0; // measured (point, size) pairs; 0 = unlimited
    double maxWallSeconds = 0;        // 0 = unlimited
};

enum class StopReason { Completed, Evaluations, WallTime, Cancelled };
std::string toString(StopReason reason);

class BudgetTracker {
public:
    using Clock = std::function<double()>; // seconds, monotonic
    static double steadySeconds();

    explicit BudgetTracker(Budget budget, Clock clock = {}, const std::atomic<bool>* cancel = nullptr);

    // True when the count is reached, the wall time is over or the run was cancelled.
    bool exhausted() const;
    // Why exhausted() is true (Completed when it is not).
    StopReason reason() const;
    // How many of `wanted` new measurements the next batch may make: trimmed to the evaluations left and, once the
    // mean time per evaluation is known, to what the remaining wall time can pay for (at least 1 while time is
    // left). 0 when exhausted.
    std::size_t grant(std::size_t wanted) const;
    // Records `count` measurements that took `seconds` of wall time in total.
    void charge(std::size_t count, double seconds);

    std::uint64_t used() const { return m_used; }
    // How much of the tighter budget is spent, 0..1 (evaluations or wall time, whichever is further along);
    // 0 when the budget is unlimited. Annealing schedules and surrogate exploration follow it.
    double fractionUsed() const;
    double elapsed() const { return now() - m_start; }
    double now() const { return m_clock(); }
    const Budget& budget() const { return m_budget; }

private:
    Budget m_budget;
    Clock m_clock;
    const std::atomic<bool>* m_cancel;
    double m_start = 0;
    std::uint64_t m_used = 0;
    double m_measuredSeconds = 0;
};

} // namespace kt
