// Search strategies: plain objects of (space, evaluator, budget, seed) run through a SearchSession, registered by
// name so the CLI and GUI can offer them.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/strategies/search_session.hpp"

namespace kt {

struct RankedPoint {
    Point point;
    double score = 0; // mean value over StrategyResult::scoreSizes
};

struct StrategyResult {
    std::string strategy;
    std::vector<RankedPoint> best;        // best first; empty when no point was ok
    std::vector<ProblemSize> scoreSizes;  // the sizes `best` scores average over
    std::vector<Evaluation> evaluations;  // every evaluation made or reused, in order
    std::uint64_t measured = 0;           // charged to the budget
    std::uint64_t reused = 0;             // from the evaluator's cache, free
    StopReason stop = StopReason::Completed;
};

class Strategy {
public:
    virtual ~Strategy() = default;
    virtual std::string name() const = 0;
    virtual std::string description() const = 0; // one paragraph; lists the options it reads
    // The option names it reads (StrategyOptions keys), so a misspelt --option is refused instead of ignored.
    virtual std::vector<std::string> optionNames() const { return {"batch"}; }
    virtual StrategyResult run(const SearchContext& context) const = 0;
};

class StrategyRegistry {
public:
    using Factory = std::function<std::unique_ptr<Strategy>()>;
    // Holds the built-in strategies (exhaustive, random, two-stage, sieve, annealing, surrogate).
    static StrategyRegistry& instance();
    void add(const std::string& name, Factory factory); // replaces one with the same name
    // Throws std::invalid_argument listing the known names when `name` is unknown.
    std::unique_ptr<Strategy> create(const std::string& name) const;
    std::vector<std::string> names() const; // sorted

private:
    std::vector<std::pair<std::string, Factory>> m_factories;
};

// Helpers shared by strategy implementations.
namespace strategy_detail {
// Fills the bookkeeping fields of `result` from the session and moves its evaluations out (call it last).
void finish(StrategyResult& result, SearchSession& session);
// Ranks `points` by mean score over `sizes` (points without a complete ok score are dropped), best first.
std::vector<RankedPoint> rank(const SearchSession& session, const std::vector<Point>& points,
                              const std::vector<ProblemSize>& sizes);
// Every valid point of the space (strategies that need the whole list; callers check the count first).
std::vector<Point> allValid(const ParameterSpace& space);
// Streams the valid points in chunks of `chunk`; `visit` returns false to stop.
void forEachValidChunk(const ParameterSpace& space, std::size_t chunk,
                       const std::function<bool(const std::vector<Point>&)>& visit);
// Keeps the `capacity` best (score, cartesian index) pairs; ties go to the lower index (enumeration order).
class TopList {
public:
    explicit TopList(std::size_t capacity) : m_capacity(capacity) {}
    void offer(double score, std::uint64_t index);
    // Best first.
    std::vector<std::pair<double, std::uint64_t>> sorted() const;

private:
    std::size_t m_capacity;
    std::vector<std::pair<double, std::uint64_t>> m_heap; // worst on top
};
// Evaluates `points` at every size, in chunks of "batch" points; returns false when the budget ran out.
bool evaluateAtSizes(SearchSession& session, const std::vector<Point>& points, const std::vector<ProblemSize>& sizes);
// Model-guided strategies need a stopping point: with neither an evaluation nor a wall budget, caps the evaluations
// at `fraction` of (valid points × sizes) (option "fraction" overrides the default).
SearchContext withDefaultCap(const SearchContext& context, std::uint64_t validPoints, double defaultFraction);
// How far a strategy counts the valid points when a budget can end the run first: counting a GEMM space of tens of
// millions of points takes minutes, which a short --budget-time tune does not have (a two-stage tune of sgemm with
// 45 s measured nothing). `forCountBudget` where the run has an evaluation budget (the caller knows how many points
// that budget can reach), 2^20 with a time budget alone, everything without a budget.
std::uint64_t budgetedCountCap(const SearchContext& context, std::uint64_t forCountBudget);
// How many points an evaluation budget can measure at every size: maxEvaluations / sizes + 1 (1 without a count
// budget, where budgetedCountCap does not use it).
std::uint64_t pointsPerSizeInBudget(const SearchContext& context);
} // namespace strategy_detail

} // namespace kt
