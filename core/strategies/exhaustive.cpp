// Exhaustive search: every valid point at every objective size, streamed from the space in chunks (the product is
// never materialised). Its best is the bound the other strategies are judged against.
#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

class ExhaustiveStrategy : public Strategy {
public:
    std::string name() const override { return "exhaustive"; }
    std::string description() const override {
        return "Measures every valid point at every size. Options: batch.";
    }

    StrategyResult run(const SearchContext& ctx) const override {
        SearchSession session(ctx);
        session.setPhase("exhaustive");
        session.setTotalEstimate(ctx.space->countValid() * ctx.sizes.size());
        std::vector<Point> visited, chunk;
        auto flush = [&] {
            strategy_detail::evaluateAtSizes(session, chunk, ctx.sizes);
            visited.insert(visited.end(), chunk.begin(), chunk.end());
            chunk.clear();
            return !session.exhausted();
        };
        ctx.space->forEachValid([&](const Point& p) {
            chunk.push_back(p);
            return chunk.size() < 256 || flush();
        });
        if (!chunk.empty()) flush();
        StrategyResult result;
        result.strategy = name();
        result.scoreSizes = ctx.sizes;
        result.best = strategy_detail::rank(session, visited, ctx.sizes);
        strategy_detail::finish(result, session);
        return result;
    }
};

} // namespace

std::unique_ptr<Strategy> makeExhaustiveStrategy() { return std::make_unique<ExhaustiveStrategy>(); }

} // namespace kt
