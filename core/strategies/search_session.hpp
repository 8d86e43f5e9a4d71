// The context a strategy runs in and the session object through which it evaluates points: in-run memo,
// evaluator cache (free), exact budget, batching, progress reports and the record of every evaluation.
#pragma once
#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/space/parameter_space.hpp"
#include "core/strategies/budget.hpp"
#include "core/strategies/evaluator.hpp"

namespace kt {

struct Progress {
    std::uint64_t done = 0;          // evaluations so far (measured + reused)
    std::uint64_t totalEstimate = 0; // expected final `done`: the strategy's estimate capped by the budget (changes)
    std::optional<Evaluation> best;  // best single ok evaluation so far
    std::string phase;               // e.g. "stage 1", "sweep", "refine"
};
using ProgressCallback = std::function<void(const Progress&)>;

// Numeric knobs by name (e.g. "top" for two-stage, "batch"); each strategy documents the ones it reads.
struct StrategyOptions {
    std::map<std::string, double> values;
    double number(const std::string& name, double fallback) const {
        auto it = values.find(name);
        return it == values.end() ? fallback : it->second;
    }
};

struct SearchContext {
    const ParameterSpace* space = nullptr;
    Evaluator* evaluator = nullptr;
    Budget budget;
    std::uint64_t seed = 1;
    // Sizes the objective averages over (exhaustive, random, annealing, surrogate) or the first-stage /
    // representative sizes (two-stage, sieve). At least one.
    std::vector<ProblemSize> sizes;
    // Second-stage sweep (two-stage) or detailed sampling sizes (sieve); empty: reuse `sizes`.
    std::vector<ProblemSize> sweep;
    StrategyOptions options;      // "batch" (default 16) is read by the session itself
    // Valid points of `space` to measure first (warm start: surrogate, annealing, random); may be empty.
    std::vector<Point> seeds;
    ProgressCallback progress;    // may be empty
    const std::atomic<bool>* cancel = nullptr;
    BudgetTracker::Clock clock;   // empty: steady clock (tests inject a fake one)
};

class SearchSession {
public:
    explicit SearchSession(const SearchContext& context);

    // Evaluates `points` at `size` and returns the evaluations resolved, in input order. Points already evaluated
    // in this run and points the evaluator's cache knows cost no budget; the rest are measured in batches of
    // "batch" while the budget lasts. Points the budget could not pay for are left out of the result.
    std::vector<Evaluation> evaluate(const std::vector<Point>& points, const ProblemSize& size);
    // The evaluation of (point, size) made or looked up earlier in this run.
    const Evaluation* find(const Point& point, const ProblemSize& size) const;
    // Mean value over `sizes` when every one is known and ok; nullopt otherwise.
    std::optional<double> meanScore(const Point& point, const std::vector<ProblemSize>& sizes) const;

    bool exhausted() const { return m_tracker.exhausted(); }
    StopReason stopReason() const { return m_tracker.reason(); }
    // Evaluations still affordable (UINT64_MAX when the count is unlimited).
    std::uint64_t remainingEvaluations() const;
    const BudgetTracker& tracker() const { return m_tracker; }
    const std::vector<Evaluation>& evaluations() const { return m_all; }
    // Moves the record out (the session is finished with it).
    std::vector<Evaluation> takeEvaluations() { return std::move(m_all); }
    std::uint64_t measured() const { return m_measured; }
    std::uint64_t reused() const { return m_reused; }
    void setPhase(std::string phase);
    void setTotalEstimate(std::uint64_t total);
    const SearchContext& context() const { return m_context; }

private:
    void report();
    // Memo key: the point's cartesian index and the size's position in m_sizes (compact: runs may hold millions).
    struct MemoKey {
        std::uint64_t point;
        std::uint32_t size;
        bool operator==(const MemoKey&) const = default;
    };
    struct MemoHash {
        std::size_t operator()(const MemoKey& k) const { return std::hash<std::uint64_t>()(k.point * 31 + k.size); }
    };
    std::optional<MemoKey> memoKey(const Point& point, const ProblemSize& size) const;
    std::uint32_t sizeIndex(const ProblemSize& size);

    const SearchContext& m_context;
    BudgetTracker m_tracker;
    std::size_t m_batch;
    std::vector<ProblemSize> m_sizes;                           // sizes seen, in order
    std::unordered_map<MemoKey, std::size_t, MemoHash> m_index; // → index in m_all
    std::vector<Evaluation> m_all;
    std::optional<Evaluation> m_best;
    std::uint64_t m_measured = 0, m_reused = 0, m_totalEstimate = 0;
    std::string m_phase;
};

} // namespace kt
