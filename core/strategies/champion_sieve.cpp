// Champion sieve (paper 004, Imamura et al.): measure every valid kernel at representative sizes, rank the kernels
// at each size and award the top R ranks points ((R − rank) / R: the champion gets 1, the R-th 1/R), sum the points
// over the sizes, keep the F kernels with the most points (the paper: R = 25, F = 10) and sample those in detail
// over all sizes; the best is the one with the highest mean over the detailed sizes.
#include <algorithm>
#include <unordered_map>

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

    StrategyResult run(const SearchContext& ctx) const override {
        SearchSession session(ctx);
        const auto ranks = static_cast<std::size_t>(std::max(1.0, ctx.options.number("ranks", 25)));
        const auto finalistCount = static_cast<std::size_t>(std::max(1.0, ctx.options.number("finalists", 10)));
        const std::vector<ProblemSize>& detail = ctx.sweep.empty() ? ctx.sizes : ctx.sweep;
        const std::uint64_t valid = ctx.space->countValid();
        session.setTotalEstimate(valid * ctx.sizes.size() + finalistCount * detail.size());

        session.setPhase("sieve");
        std::vector<Point> candidates = strategy_detail::allValid(*ctx.space);
        strategy_detail::evaluateAtSizes(session, candidates, ctx.sizes);

        // Award points per representative size; a kernel that failed at a size simply gets none there.
        std::unordered_map<std::string, double> points;
        std::unordered_map<std::string, std::size_t> order; // enumeration order breaks ties reproducibly
        for (std::size_t i = 0; i < candidates.size(); ++i) order.emplace(candidates[i].key(), i);
        for (const auto& size : ctx.sizes) {
            std::vector<RankedPoint> ranked = strategy_detail::rank(session, candidates, {size});
            for (std::size_t r = 0; r < ranked.size() && r < ranks; ++r)
                points[ranked[r].point.key()] += static_cast<double>(ranks - r) / static_cast<double>(ranks);
        }
        std::vector<std::pair<double, Point>> scored;
        for (const auto& p : candidates) {
            auto it = points.find(p.key());
            if (it != points.end()) scored.emplace_back(it->second, p);
        }
        std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        if (scored.size() > finalistCount) scored.resize(finalistCount);
        std::vector<Point> finalists;
        for (const auto& [pts, p] : scored) finalists.push_back(p);

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
