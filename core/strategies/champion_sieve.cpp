// Champion sieve (paper 004, Imamura et al.): measure every valid kernel at representative sizes, rank the kernels
// at each size and award the top R ranks points ((R − rank) / R: the champion gets 1, the R-th 1/R), sum the points
// over the sizes, keep the F kernels with the most points (the paper: R = 25, F = 10) and sample those in detail
// over all sizes; the best is the one with the highest mean over the detailed sizes. With option `initial` the
// detailed sampling is incremental: the finalists are measured at that many detail sizes spread over the range, then
// d-splines are fitted and the finalists that may win are measured where the winner is least certain, until every
// detail size's winner is known with the option `confidence` (one-dimensional sizes only). With option `champions`
// the winner of each representative size is a finalist whatever its points (the rest by points): a kernel that wins
// only at the largest size collects at most one size's points and would otherwise lose its place to kernels that
// rank well at the others, so the rule could not pick it where it is best.
#include <algorithm>
#include <map>
#include <optional>

#include "core/fit/curve_set.hpp"
#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

// `count` of `sizes` (sorted) spread evenly, both ends included.
std::vector<ProblemSize> spread(const std::vector<ProblemSize>& sizes, std::size_t count) {
    std::vector<ProblemSize> out;
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t i = count == 1 ? 0 : (k * (sizes.size() - 1) + (count - 1) / 2) / (count - 1);
        if (out.empty() || !(out.back() == sizes[i])) out.push_back(sizes[i]);
    }
    return out;
}

// Measures the finalists at `initial` detail sizes, then one size at a time where the fitted curves leave the
// winner least certain: the two leading finalists there are measured if they were not. Stops when no detail size's
// winner flips with probability `confidence` or more, or the budget ends. Returns the sizes every finalist has.
std::vector<ProblemSize> sampleIncrementally(SearchSession& session, const std::vector<Point>& finalists,
                                             std::vector<ProblemSize> detail, std::size_t initial, double confidence) {
    std::sort(detail.begin(), detail.end(),
              [](const ProblemSize& a, const ProblemSize& b) { return a.dims.at(0) < b.dims.at(0); });
    const auto start = spread(detail, initial);
    strategy_detail::evaluateAtSizes(session, finalists, start);
    const fit::SizeGrid grid(detail.front().dims[0], detail.back().dims[0], 1);
    while (!session.exhausted()) {
        std::vector<fit::CurveSamples> samples;
        std::vector<std::size_t> finalistOf; // curve samples index → finalist
        for (std::size_t f = 0; f < finalists.size(); ++f) {
            fit::CurveSamples c;
            c.name = std::to_string(f);
            for (const auto& size : detail)
                if (const Evaluation* e = session.find(finalists[f], size); e && e->ok)
                    c.samples.push_back({size.dims[0], e->value, 1});
            samples.push_back(std::move(c));
        }
        const auto curves = fit::fitCurves(grid, samples);
        if (curves.size() < 2) break;
        double worst = 0;
        std::optional<ProblemSize> where;
        std::vector<Point> toMeasure;
        for (const auto& size : detail) {
            const auto w = fit::winnerAt(curves, *grid.indexOf(size.dims[0]));
            std::vector<Point> missing;
            for (std::size_t c : {w.best, w.second}) {
                const Point& p = finalists[std::stoul(curves[c].name)];
                if (!session.find(p, size)) missing.push_back(p);
            }
            if (missing.empty() || w.flip <= worst) continue;
            worst = w.flip;
            where = size;
            toMeasure = std::move(missing);
        }
        if (!where || worst < confidence) break;
        session.evaluate(toMeasure, *where);
    }
    return start;
}

class ChampionSieveStrategy : public Strategy {
public:
    std::string name() const override { return "sieve"; }
    std::string description() const override {
        return "Champion sieve: every valid point at the representative sizes; per size the top R ranks get "
               "(R - rank)/R points; the F point-richest go to detailed sampling over the sweep sizes. Options: "
               "ranks (R, default 25), finalists (F, default 10), initial (incremental detailed sampling from this "
               "many sizes, 0: every "
               "size), confidence (incremental: stop when no winner flips with this probability, default 0.05), "
               "champions (1: each representative size's winner is a finalist, the rest by points), batch.";
    }
    std::vector<std::string> optionNames() const override {
        return {"ranks", "finalists", "initial", "confidence", "champions", "batch"};
    }

    StrategyResult run(const SearchContext& ctx) const override {
        SearchSession session(ctx);
        const auto ranks = static_cast<std::size_t>(std::max(1.0, ctx.options.number("ranks", 25)));
        const auto finalistCount = static_cast<std::size_t>(std::max(1.0, ctx.options.number("finalists", 10)));
        const std::vector<ProblemSize>& detail = ctx.sweep.empty() ? ctx.sizes : ctx.sweep;
        // The sieve reaches at most the budget's points: counted no further (see budgetedCountCap).
        const std::uint64_t valid = ctx.space->countValid(
            strategy_detail::budgetedCountCap(ctx, strategy_detail::pointsPerSizeInBudget(ctx)));
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
        std::vector<std::uint64_t> chosen; // finalists' indices: the champions first (if kept), then by points
        auto choose = [&](std::uint64_t index) {
            if (std::find(chosen.begin(), chosen.end(), index) == chosen.end()) chosen.push_back(index);
        };
        if (ctx.options.number("champions", 0) > 0)
            for (const auto& list : perSize)
                if (const auto ranked = list.sorted(); !ranked.empty()) choose(ranked.front().second);
        const std::size_t count = std::max(finalistCount, chosen.size());
        strategy_detail::TopList richest(count + chosen.size());
        for (const auto& [index, pts] : points) richest.offer(pts, index);
        for (const auto& [pts, index] : richest.sorted())
            if (chosen.size() < count) choose(index);
        std::vector<Point> finalists;
        for (std::uint64_t index : chosen) finalists.push_back(ctx.space->pointAt(index));

        session.setPhase("detail");
        const auto initial = static_cast<std::size_t>(std::max(0.0, ctx.options.number("initial", 0)));
        std::vector<ProblemSize> scored = detail;
        if (initial >= 2 && initial < detail.size() && detail.front().dims.size() == 1) {
            session.setTotalEstimate(valid * ctx.sizes.size() + finalistCount * initial);
            if (!session.exhausted())
                scored =
                    sampleIncrementally(session, finalists, detail, initial, ctx.options.number("confidence", 0.05));
        } else if (!session.exhausted()) {
            strategy_detail::evaluateAtSizes(session, finalists, detail);
        }
        StrategyResult result;
        result.strategy = name();
        result.best = strategy_detail::rank(session, finalists, scored);
        result.scoreSizes = scored;
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
