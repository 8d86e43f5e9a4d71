// Exhaustive search: every valid point at every objective size, streamed from the space in chunks (the product is
// never materialised). Its best is the bound the other strategies are judged against.
#include <algorithm>
#include <limits>

#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

class ExhaustiveStrategy : public Strategy {
public:
    std::string name() const override { return "exhaustive"; }
    std::string description() const override {
        return "Measures every valid point at every size. Options: keep (ranked points returned, default 1000; every "
               "evaluation is returned regardless), batch.";
    }
    std::vector<std::string> optionNames() const override { return {"keep", "batch"}; }

    StrategyResult run(const SearchContext& ctx) const override {
        SearchSession session(ctx);
        session.setPhase("exhaustive");
        // The estimate needs the whole count only when no budget stops the run earlier (budgetedCountCap).
        const std::uint64_t reachable =
            strategy_detail::budgetedCountCap(ctx, strategy_detail::pointsPerSizeInBudget(ctx));
        session.setTotalEstimate(ctx.space->countValid(reachable) * ctx.sizes.size());
        const auto keep = static_cast<std::size_t>(std::max(1.0, ctx.options.number("keep", 1000)));
        // Visited points are kept as cartesian indices: a run over millions of points must not hold them all.
        std::vector<std::uint64_t> visited;
        std::vector<Point> chunk;
        auto flush = [&] {
            strategy_detail::evaluateAtSizes(session, chunk, ctx.sizes);
            for (const auto& p : chunk) visited.push_back(*ctx.space->indexOf(p));
            chunk.clear();
            return !session.exhausted();
        };
        ctx.space->forEachValid([&](const Point& p) {
            chunk.push_back(p);
            return chunk.size() < 256 || flush();
        });
        if (!chunk.empty()) flush();
        // Best `keep` by mean score; ties keep enumeration order.
        std::vector<std::pair<double, std::uint64_t>> scored;
        for (std::uint64_t index : visited)
            if (auto s = session.meanScore(ctx.space->pointAt(index), ctx.sizes)) scored.emplace_back(*s, index);
        const std::size_t n = std::min(keep, scored.size());
        std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(n), scored.end(),
                          [](const auto& a, const auto& b) {
                              return a.first > b.first || (a.first == b.first && a.second < b.second);
                          });
        StrategyResult result;
        result.strategy = name();
        result.scoreSizes = ctx.sizes;
        for (std::size_t i = 0; i < n; ++i)
            result.best.push_back({ctx.space->pointAt(scored[i].second), scored[i].first});
        strategy_detail::finish(result, session);
        return result;
    }
};

} // namespace

std::unique_ptr<Strategy> makeExhaustiveStrategy() { return std::make_unique<ExhaustiveStrategy>(); }

} // namespace kt
