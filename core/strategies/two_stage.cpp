// Two-stage selection (paper 003, Matsumoto et al. 2012): measure every valid candidate at a few sizes (the paper
// uses n = 1536 and 4096 on GPUs), keep the fastest K = 50 by mean, measure those over a size sweep
// (256..8192 step 256 in the paper) and pick the best by mean over the sweep. Option champions=1 adds the winner of
// each stage size to the finalists: for a dispatch rule over sizes, the kernel that wins only the large stage size
// (large tiles) must reach the sweep even when its mean loses to kernels that are good at every size.
#include <algorithm>
#include <functional>

#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

class TwoStageStrategy : public Strategy {
public:
    std::string name() const override { return "two-stage"; }
    std::string description() const override {
        return "Stage 1: every valid point at the stage sizes, ranked by mean. Stage 2: the top K over the sweep "
               "sizes; best by mean over the sweep. Options: top (K, default 50), champions (1: each stage size's "
               "winner is a finalist too, default 0), batch.";
    }
    std::vector<std::string> optionNames() const override { return {"top", "champions", "batch"}; }

    StrategyResult run(const SearchContext& ctx) const override {
        SearchSession session(ctx);
        const auto top = static_cast<std::size_t>(std::max(1.0, ctx.options.number("top", 50)));
        const bool champions = ctx.options.number("champions", 0) != 0;
        const std::vector<ProblemSize>& sweep = ctx.sweep.empty() ? ctx.sizes : ctx.sweep;
        // Stage 1 reaches at most the budget's points: counted no further (see budgetedCountCap).
        const std::uint64_t valid = ctx.space->countValid(
            strategy_detail::budgetedCountCap(ctx, strategy_detail::pointsPerSizeInBudget(ctx)));
        session.setTotalEstimate(valid * ctx.sizes.size() + std::min<std::uint64_t>(top, valid) * sweep.size());

        session.setPhase("stage 1");
        // Streamed: only the top K of stage 1 are kept, so spaces of millions of points stay small in memory.
        strategy_detail::TopList top1(top);
        std::vector<strategy_detail::TopList> winners(champions ? ctx.sizes.size() : 0, strategy_detail::TopList(1));
        strategy_detail::forEachValidChunk(*ctx.space, 256, [&](const std::vector<Point>& chunk) {
            strategy_detail::evaluateAtSizes(session, chunk, ctx.sizes);
            for (const auto& p : chunk) {
                const auto index = *ctx.space->indexOf(p);
                if (auto score = session.meanScore(p, ctx.sizes)) top1.offer(*score, index);
                for (std::size_t s = 0; s < winners.size(); ++s)
                    if (const Evaluation* e = session.find(p, ctx.sizes[s]); e && e->ok)
                        winners[s].offer(e->value, index);
            }
            return !session.exhausted();
        });
        std::vector<RankedPoint> stage1;
        std::vector<std::uint64_t> chosen; // the finalists' indices: the top K, then each stage size's winner once
        for (const auto& [score, index] : top1.sorted()) {
            stage1.push_back({ctx.space->pointAt(index), score});
            chosen.push_back(index);
        }
        for (const auto& w : winners)
            for (const auto& [score, index] : w.sorted())
                if (std::find(chosen.begin(), chosen.end(), index) == chosen.end()) chosen.push_back(index);

        StrategyResult result;
        result.strategy = name();
        std::vector<Point> finalists;
        for (std::uint64_t index : chosen) finalists.push_back(ctx.space->pointAt(index));

        session.setPhase("stage 2");
        if (!session.exhausted()) strategy_detail::evaluateAtSizes(session, finalists, sweep);
        result.best = strategy_detail::rank(session, finalists, sweep);
        result.scoreSizes = sweep;
        if (result.best.empty()) { // the budget ended before the sweep finished: fall back to the stage-1 ranking
            result.best = stage1;
            result.scoreSizes = ctx.sizes;
        }
        strategy_detail::finish(result, session);
        return result;
    }
};

} // namespace

std::unique_ptr<Strategy> makeTwoStageStrategy() { return std::make_unique<TwoStageStrategy>(); }

} // namespace kt
