// Simulated annealing over the one-parameter neighbourhood: each step measures a few unmeasured neighbours of the
// current point, moves to the best of them when it improves or by the Metropolis rule on the relative loss, and
// cools geometrically over the budget. Restarts from the best point's neighbourhood (or a random point) when the
// current neighbourhood is used up.
#include <algorithm>
#include <limits>
#include <cmath>
#include <random>

#include "core/space/sampling.hpp"
#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

class AnnealingStrategy : public Strategy {
public:
    std::string name() const override { return "annealing"; }
    std::string description() const override {
        return "Simulated annealing over one-parameter moves. Options: initial (random starts, default 8), moves "
               "(neighbours measured per step, default 4), t0 (start temperature as a relative loss, default 0.05), "
               "t1 (end temperature, default 0.002), fraction (evaluation cap without a budget, default 0.1), batch.";
    }
    std::vector<std::string> optionNames() const override { return {"initial", "moves", "t0", "t1", "fraction", "batch"}; }

    StrategyResult run(const SearchContext& original) const override {
        // With a budget the count only bounds the loop below, so it stops where no budget can reach (counting a
        // 22 M-point space takes a minute a short --budget-time tune does not have).
        // (reused points are free: four times the evaluation budget)
        const std::uint64_t countCap =
            strategy_detail::budgetedCountCap(original, 4 * (original.budget.maxEvaluations + 1));
        const std::uint64_t valid = original.space->countValid(countCap);
        const SearchContext ctx = strategy_detail::withDefaultCap(original, valid, 0.1);
        SearchSession session(ctx);
        const ParameterSpace& space = *ctx.space;
        std::mt19937_64 rng(ctx.seed);
        SpaceSampler sampler(space, ctx.seed ^ 0x9e3779b97f4a7c15ull);
        const auto initial = static_cast<std::size_t>(std::max(1.0, ctx.options.number("initial", 8)));
        const auto moves = static_cast<std::size_t>(std::max(1.0, ctx.options.number("moves", 4)));
        const double t0 = ctx.options.number("t0", 0.05), t1 = ctx.options.number("t1", 0.002);
        session.setTotalEstimate(ctx.budget.maxEvaluations);

        std::vector<Point> measured; // points with a complete score attempt, in order
        auto known = [&](const Point& p) { return session.find(p, ctx.sizes.back()) != nullptr; };
        auto measure = [&](const std::vector<Point>& pts) {
            strategy_detail::evaluateAtSizes(session, pts, ctx.sizes);
            for (const auto& p : pts)
                if (known(p)) measured.push_back(p);
        };
        auto score = [&](const Point& p) { return session.meanScore(p, ctx.sizes); };

        session.setPhase("initial");
        if (!ctx.seeds.empty()) measure(ctx.seeds); // warm start: the best seed may become the first current point
        measure(sampler.distinct(initial));
        std::optional<Point> current;
        double currentScore = 0;
        for (const auto& r : strategy_detail::rank(session, measured, ctx.sizes)) {
            current = r.point;
            currentScore = r.score;
            break;
        }
        session.setPhase("anneal");
        std::uniform_real_distribution<double> unit(0, 1);
        while (!session.exhausted() && measured.size() < valid) {
            if (!current) { // nothing ok yet: keep sampling
                auto p = sampler.next();
                if (!p) break;
                if (!known(*p)) measure({*p});
                if (auto s = score(*p)) current = *p, currentScore = *s;
                continue;
            }
            std::vector<Point> fresh;
            for (auto kind : {Neighbourhood::Adjacent, Neighbourhood::AnyValue}) {
                for (auto& n : neighbours(space, *current, kind))
                    if (!known(n)) fresh.push_back(std::move(n));
                if (!fresh.empty()) break;
            }
            if (fresh.empty()) {
                // Neighbourhood used up: jump to an unmeasured random point and continue from there.
                std::optional<Point> jump;
                for (int tries = 0; tries < 1000 && !jump; ++tries)
                    if (auto p = sampler.next(); p && !known(*p)) jump = p;
                if (!jump) break;
                measure({*jump});
                if (auto s = score(*jump)) current = *jump, currentScore = *s;
                continue;
            }
            std::shuffle(fresh.begin(), fresh.end(), rng);
            if (fresh.size() > moves) fresh.resize(moves);
            measure(fresh);
            std::optional<Point> bestMove;
            double bestMoveScore = 0;
            for (const auto& p : fresh)
                if (auto s = score(p); s && (!bestMove || *s > bestMoveScore)) bestMove = p, bestMoveScore = *s;
            if (!bestMove) continue;
            double progress = session.tracker().fractionUsed();
            double temperature = t0 * std::pow(t1 / t0, progress);
            double loss = (currentScore - bestMoveScore) / std::max(std::abs(currentScore), 1e-300);
            if (loss <= 0 || unit(rng) < std::exp(-loss / temperature)) {
                current = bestMove;
                currentScore = bestMoveScore;
            }
        }
        StrategyResult result;
        result.strategy = name();
        result.scoreSizes = ctx.sizes;
        result.best = strategy_detail::rank(session, measured, ctx.sizes);
        strategy_detail::finish(result, session);
        return result;
    }
};

} // namespace

std::unique_ptr<Strategy> makeAnnealingStrategy() { return std::make_unique<AnnealingStrategy>(); }

} // namespace kt
