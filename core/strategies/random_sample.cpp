// Random sampling: distinct valid points drawn uniformly, measured at every objective size until the budget or
// the sample is used up.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/space/sampling.hpp"
#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

class RandomSampleStrategy : public Strategy {
public:
    std::string name() const override { return "random"; }
    std::string description() const override {
        return "Measures uniformly drawn distinct valid points. Options: fraction (of the valid points to sample when "
               "no evaluation budget is set, default 0.1), batch.";
    }

    StrategyResult run(const SearchContext& ctx) const override {
        SearchSession session(ctx);
        session.setPhase("random");
        const std::uint64_t valid = ctx.space->countValid();
        std::uint64_t count = static_cast<std::uint64_t>(
            std::ceil(static_cast<double>(valid) * std::clamp(ctx.options.number("fraction", 0.1), 0.0, 1.0)));
        if (ctx.budget.maxEvaluations > 0) count = ctx.budget.maxEvaluations / ctx.sizes.size() + 1;
        count = std::min(count, valid);
        session.setTotalEstimate(count * ctx.sizes.size());
        SpaceSampler sampler(*ctx.space, ctx.seed);
        std::vector<Point> sample = sampler.distinct(count);
        std::vector<Point> done;
        const std::size_t chunk = 64;
        for (std::size_t at = 0; at < sample.size() && !session.exhausted(); at += chunk) {
            std::vector<Point> part(sample.begin() + static_cast<std::ptrdiff_t>(at),
                                    sample.begin() + static_cast<std::ptrdiff_t>(std::min(sample.size(), at + chunk)));
            strategy_detail::evaluateAtSizes(session, part, ctx.sizes);
            done.insert(done.end(), part.begin(), part.end());
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
