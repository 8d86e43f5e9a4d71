// Model-guided search: a ridge-regression surrogate of log(value) over ordinal parameter features (positions in the
// value lists, their squares and pairwise products, plus one-hot main effects) picks the next batch by an
// optimistic acquisition (prediction + κ · residual spread · distance to the nearest measured point), mixed with
// hill-climbing moves around the best point measured so far. κ decays to 0 so the end of the budget exploits.
#include <algorithm>
#include <limits>
#include <cmath>
#include <numeric>
#include <random>
#include <unordered_set>

#include "core/space/sampling.hpp"
#include "core/strategies/builtin_strategies.hpp"

namespace kt {

namespace {

// Feature map of a point: [1, x_i, x_i², x_i·x_j (i<j), onehot(param i = value v)], x_i = position / (len − 1).
class FeatureMap {
public:
    explicit FeatureMap(const ParameterSpace& space) {
        for (const auto& p : space.parameters()) m_lengths.push_back(p.values.size());
        const std::size_t n = m_lengths.size();
        m_size = 1 + 2 * n + n * (n - 1) / 2 + std::accumulate(m_lengths.begin(), m_lengths.end(), std::size_t{0});
    }
    std::size_t size() const { return m_size; }
    void compute(const std::vector<std::size_t>& positions, double* out) const {
        const std::size_t n = m_lengths.size();
        std::size_t k = 0;
        out[k++] = 1;
        std::vector<double> x(n);
        for (std::size_t i = 0; i < n; ++i)
            x[i] = m_lengths[i] > 1 ? static_cast<double>(positions[i]) / static_cast<double>(m_lengths[i] - 1) : 0;
        for (std::size_t i = 0; i < n; ++i) out[k++] = x[i];
        for (std::size_t i = 0; i < n; ++i) out[k++] = x[i] * x[i];
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j) out[k++] = x[i] * x[j];
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t v = 0; v < m_lengths[i]; ++v) out[k++] = positions[i] == v ? 1.0 : 0.0;
    }

private:
    std::vector<std::size_t> m_lengths;
    std::size_t m_size = 0;
};

// Solves (A + λI) w = b for symmetric positive semi-definite A by Cholesky (A is overwritten).
std::vector<double> ridgeSolve(std::vector<double> a, std::vector<double> b, std::size_t n, double lambda) {
    for (std::size_t i = 0; i < n; ++i) a[i * n + i] += lambda;
    for (std::size_t j = 0; j < n; ++j) {
        double d = a[j * n + j];
        for (std::size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
        d = std::sqrt(std::max(d, 1e-12));
        a[j * n + j] = d;
        for (std::size_t i = j + 1; i < n; ++i) {
            double s = a[i * n + j];
            for (std::size_t k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = s / d;
        }
    }
    for (std::size_t i = 0; i < n; ++i) { // L y = b
        double s = b[i];
        for (std::size_t k = 0; k < i; ++k) s -= a[i * n + k] * b[k];
        b[i] = s / a[i * n + i];
    }
    for (std::size_t i = n; i-- > 0;) { // Lᵀ w = y
        double s = b[i];
        for (std::size_t k = i + 1; k < n; ++k) s -= a[k * n + i] * b[k];
        b[i] = s / a[i * n + i];
    }
    return b;
}

class SurrogateStrategy : public Strategy {
public:
    std::string name() const override { return "surrogate"; }
    std::string description() const override {
        return "Ridge-regression surrogate with optimistic acquisition plus hill-climbing around the best point. "
               "Options: initial (random points, default max(16, 2% of the budget)), points (per step, default 8), "
               "kappa (exploration weight, default 2), lambda (ridge, default 0.05), pool (candidate pool cap, "
               "default 100000), fraction (evaluation cap without a budget, default 0.05), batch.";
    }
    std::vector<std::string> optionNames() const override { return {"initial", "points", "kappa", "lambda", "pool", "fraction", "batch"}; }

    StrategyResult run(const SearchContext& original) const override {
        const ParameterSpace& space = *original.space;
        // Candidate pool: the whole valid set when it is small enough, else a uniform sample.
        const auto poolCap = static_cast<std::uint64_t>(original.options.number("pool", 100000));
        // With a budget the count only chooses between the whole set and a sample, and bounds the refills: counting
        // stops at four pools (counting a 22 M-point space takes a minute a short --budget-time tune does not have).
        const bool budgeted = original.budget.maxEvaluations > 0 || original.budget.maxWallSeconds > 0;
        const std::uint64_t countCap = budgeted ? 4 * poolCap + 1 : std::numeric_limits<std::uint64_t>::max();
        const std::uint64_t valid = space.countValid(countCap);
        const bool counted = valid < countCap; // false: at least `valid` points, maybe many more
        const SearchContext ctx = strategy_detail::withDefaultCap(original, valid, 0.05);
        SearchSession session(ctx);
        session.setTotalEstimate(ctx.budget.maxEvaluations);
        SpaceSampler sampler(space, ctx.seed);
        std::mt19937_64 rng(ctx.seed ^ 0x5bd1e995u);

        std::vector<Point> pool = valid <= poolCap ? strategy_detail::allValid(space) : sampler.distinct(poolCap);
        // Warm-start seeds join the pool (a sampled pool may not hold them) and are measured first.
        {
            std::unordered_set<std::string> inPool;
            for (const auto& p : pool) inPool.insert(p.key());
            for (const auto& seed : ctx.seeds)
                if (inPool.insert(seed.key()).second) pool.push_back(seed);
        }
        const FeatureMap features(space);
        const std::size_t f = features.size();
        std::vector<double> x(pool.size() * f);
        std::vector<std::vector<std::size_t>> positions(pool.size());
        for (std::size_t i = 0; i < pool.size(); ++i) {
            positions[i] = positionsOf(space, pool[i]);
            features.compute(positions[i], &x[i * f]);
        }
        std::unordered_map<std::string, std::size_t> poolIndex;
        for (std::size_t i = 0; i < pool.size(); ++i) poolIndex.emplace(pool[i].key(), i);

        // Normal equations grow by one rank-1 update per measured point.
        std::vector<double> ata(f * f, 0), atb(f, 0);
        std::vector<char> done(pool.size(), 0);
        std::vector<double> minDist(pool.size(), 1.0);
        std::vector<Point> measured;
        std::vector<double> targets;
        double sumY = 0, sumY2 = 0;
        std::size_t nOk = 0;

        // Failures (compile/launch errors) are not values: they stay out of the regression, and a candidate whose
        // nearest measured point failed is treated as likely to fail too (nearest-neighbour classifier).
        std::vector<double> minDistOk(pool.size(), 2.0), minDistFail(pool.size(), 2.0);
        auto distance = [&](const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
            double d = 0; // in normalised ordinal space
            for (std::size_t k = 0; k < a.size(); ++k) {
                std::size_t len = space.parameters()[k].values.size();
                if (len > 1)
                    d += std::abs(static_cast<double>(a[k]) - static_cast<double>(b[k])) / static_cast<double>(len - 1);
            }
            return d / static_cast<double>(std::max<std::size_t>(1, a.size()));
        };
        std::vector<std::pair<std::size_t, bool>> absorbed; // pool index, ok
        auto absorb = [&](const Point& p, std::size_t idx) {
            done[idx] = 1;
            auto s = session.meanScore(p, ctx.sizes);
            absorbed.emplace_back(idx, s.has_value());
            std::vector<double>& nearest = s ? minDistOk : minDistFail;
            for (std::size_t j = 0; j < pool.size(); ++j) {
                const double d = distance(positions[j], positions[idx]);
                minDist[j] = std::min(minDist[j], d);
                nearest[j] = std::min(nearest[j], d);
            }
            if (!s) return;
            const double y = std::log(std::max(*s, 1e-12));
            ++nOk;
            sumY += y;
            sumY2 += y * y;
            const double* row = &x[idx * f];
            for (std::size_t a = 0; a < f; ++a) {
                atb[a] += row[a] * y;
                for (std::size_t b = 0; b < f; ++b) ata[a * f + b] += row[a] * row[b];
            }
            measured.push_back(p);
        };
        auto measure = [&](const std::vector<Point>& pts) {
            strategy_detail::evaluateAtSizes(session, pts, ctx.sizes);
            for (const auto& p : pts) {
                auto it = poolIndex.find(p.key());
                if (it != poolIndex.end() && !done[it->second] && session.find(p, ctx.sizes.back()))
                    absorb(p, it->second);
            }
        };

        // A sampled pool holds few neighbours of a good point in a large space: hill-climbing moves join the pool
        // (features, distances to everything measured so far) when they are proposed.
        auto poolSlot = [&](const Point& p) -> std::size_t {
            if (auto it = poolIndex.find(p.key()); it != poolIndex.end()) return it->second;
            const std::size_t i = pool.size();
            pool.push_back(p);
            positions.push_back(positionsOf(space, p));
            x.resize(x.size() + f);
            features.compute(positions[i], &x[i * f]);
            done.push_back(0);
            minDist.push_back(1.0), minDistOk.push_back(2.0), minDistFail.push_back(2.0);
            for (const auto& [j, ok] : absorbed) {
                const double d = distance(positions[i], positions[j]);
                minDist[i] = std::min(minDist[i], d);
                (ok ? minDistOk[i] : minDistFail[i]) = std::min(ok ? minDistOk[i] : minDistFail[i], d);
            }
            poolIndex.emplace(p.key(), i);
            return i;
        };

        const double budgetPoints =
            ctx.budget.maxEvaluations > 0 ? static_cast<double>(ctx.budget.maxEvaluations) / ctx.sizes.size() : 1e9;
        const auto initial = static_cast<std::size_t>(
            ctx.options.number("initial", std::max(16.0, std::min(0.02 * budgetPoints, 64.0))));
        const auto perStep = static_cast<std::size_t>(std::max(1.0, ctx.options.number("points", 8)));
        const double kappa0 = ctx.options.number("kappa", 2.0), lambda = ctx.options.number("lambda", 0.05);

        session.setPhase("initial");
        {
            std::vector<std::size_t> order(pool.size());
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), rng);
            std::vector<Point> first = ctx.seeds; // then `initial` random points besides them
            std::unordered_set<std::string> seeded;
            for (const auto& p : ctx.seeds) seeded.insert(p.key());
            for (std::size_t i = 0; i < order.size() && first.size() < initial + ctx.seeds.size(); ++i)
                if (!seeded.count(pool[order[i]].key())) first.push_back(pool[order[i]]);
            measure(first);
        }
        session.setPhase("model");
        std::vector<double> acquisition;
        while (!session.exhausted()) {
            // A sampled pool that is nearly measured out gets fresh samples, so the model keeps candidates to rank.
            if (!counted || valid > pool.size()) {
                const auto open = static_cast<std::size_t>(std::count(done.begin(), done.end(), 0));
                const std::uint64_t unpooled = counted ? valid - pool.size() : poolCap;
                if (open < 4 * perStep)
                    for (const auto& p : sampler.distinct(std::min<std::uint64_t>(poolCap, unpooled)))
                        poolSlot(p);
            }
            std::vector<Point> next;
            std::unordered_set<std::size_t> chosen;
            // Exploitation: unmeasured one-parameter moves around the best point.
            // Adjacent values first; once those are all measured, any other value of one parameter (a plateau in
            // ordinal space is often left by a jump, e.g. a layout or a flag).
            auto ranked = strategy_detail::rank(session, measured, ctx.sizes);
            if (!ranked.empty()) {
                for (auto kind : {Neighbourhood::Adjacent, Neighbourhood::AnyValue}) {
                    auto moves = neighbours(space, ranked.front().point, kind);
                    std::shuffle(moves.begin(), moves.end(), rng);
                    for (const auto& m : moves) {
                        const std::size_t slot = poolSlot(m);
                        if (done[slot] || chosen.count(slot)) continue;
                        next.push_back(m);
                        chosen.insert(slot);
                        if (next.size() * 2 >= perStep) break;
                    }
                    if (!next.empty()) break;
                }
            }
            // Exploration/exploitation by the model.
            if (nOk >= 2) {
                acquisition.resize(pool.size());
                std::vector<double> w = ridgeSolve(ata, atb, f, lambda);
                double mean = sumY / static_cast<double>(nOk);
                double spread = std::sqrt(std::max(0.0, sumY2 / static_cast<double>(nOk) - mean * mean));
                double progress = session.tracker().fractionUsed();
                double kappa = kappa0 * (1.0 - progress) * (1.0 - progress);
                for (std::size_t i = 0; i < pool.size(); ++i) {
                    if (done[i]) {
                        acquisition[i] = -INFINITY;
                        continue;
                    }
                    double pred = 0;
                    const double* row = &x[i * f];
                    for (std::size_t k = 0; k < f; ++k) pred += row[k] * w[k];
                    acquisition[i] = pred + kappa * spread * minDist[i];
                    if (minDistFail[i] < minDistOk[i]) acquisition[i] -= 4 * spread + 1; // likely failure
                }
                std::vector<std::size_t> order(pool.size());
                std::iota(order.begin(), order.end(), 0);
                std::size_t want = std::min(pool.size(), perStep + chosen.size());
                std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(want), order.end(),
                                  [&](std::size_t a, std::size_t b) { return acquisition[a] > acquisition[b]; });
                for (std::size_t i = 0; i < want && next.size() < perStep; ++i)
                    if (!done[order[i]] && !chosen.count(order[i])) {
                        next.push_back(pool[order[i]]);
                        chosen.insert(order[i]);
                    }
            }
            // Not enough signal yet (or nothing left to model): random unmeasured points.
            for (std::size_t tries = 0; next.size() < perStep && tries < pool.size() * 2; ++tries) {
                std::size_t i = std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng);
                if (!done[i] && chosen.insert(i).second) next.push_back(pool[i]);
            }
            if (next.empty()) break;
            std::size_t before = session.measured() + session.reused();
            measure(next);
            if (session.measured() + session.reused() == before) break; // nothing could be evaluated
        }
        StrategyResult result;
        result.strategy = name();
        result.scoreSizes = ctx.sizes;
        result.best = strategy_detail::rank(session, measured, ctx.sizes);
        strategy_detail::finish(result, session);
        return result;
    }

private:
    static std::vector<std::size_t> positionsOf(const ParameterSpace& space, const Point& p) {
        std::vector<std::size_t> out;
        for (std::size_t i = 0; i < space.parameters().size(); ++i) {
            const auto& list = space.parameters()[i].values;
            out.push_back(static_cast<std::size_t>(std::find(list.begin(), list.end(), p.values()[i]) - list.begin()));
        }
        return out;
    }
};

} // namespace

std::unique_ptr<Strategy> makeSurrogateStrategy() { return std::make_unique<SurrogateStrategy>(); }

} // namespace kt
