// The GEMM-like synthetic landscape and its evaluator.
#include "support/synthetic/synthetic_landscape.hpp"

#include <cmath>

namespace kt {

namespace {

// SplitMix64: deterministic per-(seed, point, size) noise.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::uint64_t hashText(const std::string& s, std::uint64_t h) {
    for (unsigned char c : s) h = mix(h ^ c);
    return h;
}

} // namespace

SyntheticLandscape gemmLikeLandscape(std::uint64_t seed, double noise, double ruggedness) {
    SyntheticLandscape l;
    l.space.name = "synthetic-gemm";
    l.space.addParameter({"GEMM_ML", {16, 32, 64, 128, 256}, ""});
    l.space.addParameter({"GEMM_NL", {16, 32, 64, 128, 256}, ""});
    l.space.addParameter({"GEMM_KL", {4, 8, 16, 32, 64}, ""});
    l.space.addParameter({"GEMM_MS", {1, 2, 4, 8, 16}, ""});
    l.space.addParameter({"GEMM_NS", {1, 2, 4, 8, 16}, ""});
    l.space.addParameter({"GEMM_VW", {1, 2, 4, 8}, ""});
    l.space.addParameter({"GEMM_KS", {1, 2, 4}, ""});
    l.space.addConstraint({"(GEMM_ML / GEMM_MS) * (GEMM_NL / GEMM_NS) <= DEV_MAX_WG", ""});
    l.space.addConstraint({"(GEMM_ML / GEMM_MS) * (GEMM_NL / GEMM_NS) >= 16", ""});
    l.space.addConstraint({"(GEMM_ML + GEMM_NL) * GEMM_KL * 4 <= DEV_LOCAL_MEM", ""});
    l.space.addConstraint({"GEMM_VW == 1 || GEMM_NS % GEMM_VW == 0", ""});
    l.space.addConstraint({"GEMM_KL % GEMM_KS == 0", ""});
    l.space.setVariable("DEV_MAX_WG", 1024);
    l.space.setVariable("DEV_LOCAL_MEM", 65536);
    for (std::int64_t n : {1536, 4096}) l.sizes.push_back({{n, n, n}});
    for (std::int64_t n = 512; n <= 8192; n += 512) l.sweep.push_back({{n, n, n}});

    // The seed moves the preferred tile shape and the interaction strengths.
    std::uint64_t h = mix(seed);
    auto pick = [&](double lo, double hi) {
        h = mix(h);
        return lo + (hi - lo) * static_cast<double>(h >> 11) / 9007199254740992.0;
    };
    const double a0 = pick(5.0, 7.0), b0 = pick(5.0, 7.0), c0 = pick(3.0, 5.0), r0 = pick(3.5, 5.5);
    const double wg0 = pick(7.0, 8.5), cross = pick(0.05, 0.2), vwGain = pick(0.05, 0.15);
    l.value = [=](const Point& p, const ProblemSize& size) -> std::optional<double> {
        const double a = std::log2(static_cast<double>(p.values()[0])),
                     b = std::log2(static_cast<double>(p.values()[1]));
        const double c = std::log2(static_cast<double>(p.values()[2])),
                     m = std::log2(static_cast<double>(p.values()[3]));
        const double n = std::log2(static_cast<double>(p.values()[4])),
                     v = std::log2(static_cast<double>(p.values()[5]));
        const double wg = a + b - m - n; // log2 work-group size
        const double regs = m + n;       // log2 accumulators per work-item
        // Register spills beyond 64 accumulators make those candidates fail like a launch error would.
        if (regs > 6.5) return std::nullopt;
        double score = 0;
        score -= 0.10 * (a - a0) * (a - a0) + 0.10 * (b - b0) * (b - b0) + 0.15 * (c - c0) * (c - c0);
        score -= 0.20 * (regs - r0) * (regs - r0) + 0.12 * (wg - wg0) * (wg - wg0);
        score -= cross * (a - b) * (m - n);                  // tile aspect interacts with work-item aspect
        score += vwGain * v * (n >= v ? 1.0 : -1.0);         // vectors help when the tile holds them
        score -= 0.03 * c * (a + b - 12 > 0 ? a + b - 12 : 0); // big tiles with deep k strain local memory
        // Padding: work done on the rounded-up problem is wasted.
        double dim = static_cast<double>(size.dims.empty() ? 1 : size.dims[0]);
        double pm = std::ceil(dim / p.values()[0]) * p.values()[0], pn = std::ceil(dim / p.values()[1]) * p.values()[1];
        double efficiency = dim * dim / (pm * pn);
        const double ks = std::log2(static_cast<double>(p.values()[6]));
        score -= 0.08 * (ks - 1) * (ks - 1) + 0.05 * ks * (v - 1.5); // k unrolling competes with vector width
        // Idiosyncratic per-kernel ruggedness (same at every size): real kernels are not smooth in their parameters.
        score +=
            ruggedness * (static_cast<double>(hashText(p.key(), mix(seed ^ 0x1234)) >> 11) / 9007199254740992.0 - 0.5);
        double noiseFactor = 1.0;
        if (noise > 0) {
            std::uint64_t nh = hashText(p.key() + "|" + size.label(), mix(seed ^ 0xabcdef));
            noiseFactor = 1.0 + noise * (2.0 * static_cast<double>(nh >> 11) / 9007199254740992.0 - 1.0);
        }
        return 1000.0 * std::exp(score) * efficiency * noiseFactor;
    };
    return l;
}

std::vector<Evaluation> SyntheticEvaluator::evaluate(const std::vector<Point>& points, const ProblemSize& size) {
    std::vector<Evaluation> out;
    ++m_batches;
    for (const auto& p : points) {
        Evaluation e;
        e.point = p;
        e.size = size;
        auto v = m_landscape.value(p, size);
        e.ok = v.has_value();
        e.value = v.value_or(0);
        if (!e.ok) e.error = "synthetic failure";
        out.push_back(std::move(e));
        ++m_measurements;
        m_clock += m_secondsPer;
    }
    return out;
}

std::optional<Evaluation> SyntheticEvaluator::lookup(const Point& point, const ProblemSize& size) {
    auto it = m_cache.find(point.key() + "|" + size.label());
    if (it == m_cache.end()) return std::nullopt;
    return it->second;
}

void SyntheticEvaluator::remember(const Point& point, const ProblemSize& size) {
    Evaluation e;
    e.point = point;
    e.size = size;
    auto v = m_landscape.value(point, size);
    e.ok = v.has_value();
    e.value = v.value_or(0);
    m_cache[point.key() + "|" + size.label()] = e;
}

std::optional<double> trueMeanScore(const SyntheticLandscape& landscape, const Point& point,
                                    const std::vector<ProblemSize>& sizes) {
    double sum = 0;
    for (const auto& size : sizes) {
        auto v = landscape.value(point, size);
        if (!v) return std::nullopt;
        sum += *v;
    }
    return sum / static_cast<double>(sizes.size());
}

} // namespace kt
