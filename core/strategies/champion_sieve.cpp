// Champion sieve (paper 004, Imamura et al.): measure every valid kernel at representative sizes, rank the kernels
// at each size and award the top R ranks points ((R − rank) / R: the champion gets 1, the R-th 1/R), sum the points
// over the sizes, keep the F kernels with the most points (the paper: R = 25, F = 10) and sample those in detail
// over all sizes; the best is the one with the highest mean over the detailed sizes.
#include <algorithm>
#include <map>

#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

class ChampionSieveStrategy : public Strategy {
public:
    std::string name() const override { return "sieve"; }
    std::string description() const override {
        return "Champion sieve: every valid point at the representative sizes; per size the top R ranks get "
               "(R - rank)/R points; the F point-richest go to detailed sampling over the sweep sizes. Options: "
               "ranks (R, default 25), finalists (F, default 10), batch.";
    }
    std::vector<std::string> optionNames() const override { return {"ranks", "finalists", "batch"}; }

    StrategyResult run(const SearchContext& ctx) const override {
        SearchSession session(ctx);
        const auto ranks = static_cast<std::size_t>(std::max(1.0, ctx.options.number("ranks", 25)));
        const auto finalistCount = static_cast<std::size_t>(std::max(1.0, ctx.options.number("finalists", 10)));
        const std::vector<ProblemSize>& detail = ctx.sweep.empty() ? ctx.sizes : ctx.sweep;
        const std::uint64_t valid = ctx.space->countValid();
        session.setTotalEstimate(valid * ctx.sizes.size() + finalistCount * detail.size());

        session.setPhase("sieve");
        // Streamed: per representative size only the top R kernels matter for the points, so only they are kept.
        std::vector<strategy_detail::TopList> perSize(ctx.sizes.size(), strategy_detail::TopList(ranks));
        strategy_detail::forEachValidChunk(*ctx.space, 256, [&](const std::vector<Point>& chunk) {
            strategy_detail::evaluateAtSizes(session, chunk, ctx.sizes);
            for (const auto& p : chunk) {
                const std::uint64_t index = *ctx.space->indexOf(p);
                for (std::size_t s = 0; s < ctx.sizes.size(); ++s) {
                    const Evaluation* e = session.find(p, ctx.sizes[s]);
                    if (e && e->ok) perSize[s].offer(e->value, index);
                }
            }
            return !session.exhausted();
        });
        // Award points per representative size; a kernel that failed at a size simply gets none there.
        std::map<std::uint64_t, double> points;
        for (const auto& list : perSize) {
            auto ranked = list.sorted();
            for (std::size_t r = 0; r < ranked.size(); ++r)
                points[ranked[r].second] += static_cast<double>(ranks - r) / static_cast<double>(ranks);
        }
        strategy_detail::TopList richest(finalistCount);
        for (const auto& [index, pts] : points) richest.offer(pts, index);
        std::vector<Point> finalists;
        for (const auto& [pts, index] : richest.sorted()) finalists.push_back(ctx.space->pointAt(index));

        session.setPhase("detail");
        if (!session.exhausted()) strategy_detail::evaluateAtSizes(session, finalists, detail);
        StrategyResult result;
        result.strategy = name();
        result.best = strategy_detail::rank(session, finalists, detail);
        result.scoreSizes = detail;
        if (result.best.empty()) { // the budget ended early: rank the finalists at the representative sizes
            result.best = strategy_detail::rank(session, finalists, ctx.sizes);
            result.scoreSizes = ctx.sizes;
        }
        strategy_detail::finish(result, session);
        return result;
    }
};

} // namespace

std::unique_ptr<Strategy> makeChampionSieveStrategy() { return std::make_unique<ChampionSieveStrategy>(); }

} // namespace kt
