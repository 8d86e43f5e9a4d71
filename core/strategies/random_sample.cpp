// Random sampling: distinct valid points drawn uniformly, measured at every objective size until the budget or
// the sample is used up.
#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_set>

#include "core/space/sampling.hpp"
#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

class RandomSampleStrategy : public Strategy {
public:
    std::string name() const override { return "random"; }
    std::string description() const override {
        return "Measures uniformly drawn distinct valid points until the budget is spent. Options: fraction (of the "
               "valid points to sample when no evaluation budget is set, default 0.1), batch.";
    }
    std::vector<std::string> optionNames() const override { return {"fraction", "batch"}; }

    StrategyResult run(const SearchContext& ctx) const override {
        SearchSession session(ctx);
        session.setPhase("random");
        // Without a count budget the sample size is a fraction of the space; with one, sampling goes on until the
        // budget is spent (points the evaluator already knows are free, so more of them may be visited). The space
        // is counted only as far as a budget can matter: a short --budget-time tune of a 22 M-point GEMM space must
        // not spend its minute counting. With a count budget, far enough to choose between enumerating and
        // sampling; with a time budget alone, up to 2^20 points (the fraction then applies to that many).
        const std::uint64_t perSize = strategy_detail::pointsPerSizeInBudget(ctx);
        const std::uint64_t countCap = strategy_detail::budgetedCountCap(ctx, 4 * perSize + 1);
        const std::uint64_t valid = ctx.space->countValid(countCap);
        const bool counted = valid < countCap; // false: the space has at least `valid` points, maybe many more
        std::uint64_t target = static_cast<std::uint64_t>(
            std::ceil(static_cast<double>(valid) * std::clamp(ctx.options.number("fraction", 0.1), 0.0, 1.0)));
        if (ctx.budget.maxEvaluations > 0) target = valid;
        target = std::min(target, valid);
        const std::uint64_t planned = ctx.budget.maxEvaluations > 0 ? std::min(valid, perSize) : target;
        session.setTotalEstimate(planned * ctx.sizes.size());
        SpaceSampler sampler(*ctx.space, ctx.seed);
        std::vector<Point> done; // each point once (a seed may be drawn again; measuring it again costs nothing)
        std::unordered_set<std::string> seen;
        const std::size_t chunk = 64;
        if (!ctx.seeds.empty()) { // warm start: the seeds first, then the random sample
            strategy_detail::evaluateAtSizes(session, ctx.seeds, ctx.sizes);
            for (const auto& p : ctx.seeds)
                if (seen.insert(p.key()).second) done.push_back(p);
        }
        if (counted && planned * 4 >= valid) {
            // Most of the space will be visited: one shuffled enumeration, no rejection of repeats.
            std::vector<Point> all = sampler.distinct(target);
            for (std::size_t at = 0; at < all.size() && !session.exhausted(); at += chunk) {
                std::vector<Point> part(all.begin() + static_cast<std::ptrdiff_t>(at),
                                        all.begin() + static_cast<std::ptrdiff_t>(std::min(all.size(), at + chunk)));
                strategy_detail::evaluateAtSizes(session, part, ctx.sizes);
                for (const auto& p : part)
                    if (seen.insert(p.key()).second) done.push_back(p);
            }
        } else {
            while (!session.exhausted() && seen.size() < target) {
                std::vector<Point> part;
                while (part.size() < chunk && seen.size() < target) {
                    auto p = sampler.next();
                    if (!p) break;
                    if (seen.insert(p->key()).second) part.push_back(std::move(*p));
                }
                if (part.empty()) break;
                strategy_detail::evaluateAtSizes(session, part, ctx.sizes);
                done.insert(done.end(), part.begin(), part.end());
            }
        }
        StrategyResult result;
        result.strategy = name();
        result.scoreSizes = ctx.sizes;
        result.best = strategy_detail::rank(session, done, ctx.sizes);
        strategy_detail::finish(result, session);
        return result;
    }
};

} // namespace

std::unique_ptr<Strategy> makeRandomSampleStrategy() { return std::make_unique<RandomSampleStrategy>(); }

} // namespace kt
