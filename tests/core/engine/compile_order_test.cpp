// The order a batch of candidates' programs is compiled in (compileOrder): own programs before helpers, each group
// most expensive first, ties in the candidates' order, repeats last; and the GEMM generator's cost estimate, which
// must rank the programs NVRTC takes longest on first.
#include <gtest/gtest.h>

#include "core/engine/candidate_measurer.hpp"
#include "kernels/gemm/gemm_plan.hpp"

namespace kt {
namespace {

GeneratedSource program(const std::string& text, double cost) {
    GeneratedSource s;
    s.source = text;
    s.compileCost = cost;
    return s;
}

std::vector<std::string> texts(const std::vector<const GeneratedSource*>& order) {
    std::vector<std::string> out;
    for (const auto* s : order) out.push_back(s->source);
    return out;
}

TEST(CompileOrder, OwnProgramsThenHelpersEachMostExpensiveFirstRepeatsLast) {
    // Four candidates: own programs a (cost 1), b (8), c (8), d (1, the same text as a); helpers h1 (1), h2 (4), and
    // h1 again in a later candidate.
    const std::vector<std::vector<GeneratedSource>> batch = {
        {program("a", 1), program("h1", 1)},
        {program("b", 8), program("h2", 4)},
        {program("c", 8), program("h1", 1)},
        {program("a", 1)},
    };
    const auto order = compileOrder(batch, [](const GeneratedSource& s) { return s.source; });
    EXPECT_EQ(texts(order), (std::vector<std::string>{"b", "c", "a", "h2", "h1", "a", "h1"}));
}

TEST(CompileOrder, EqualCostsKeepTheCandidatesOrder) {
    std::vector<std::vector<GeneratedSource>> batch;
    for (const char* t : {"p", "q", "r", "s"}) batch.push_back({program(t, 1)});
    const auto order = compileOrder(batch, [](const GeneratedSource& s) { return s.source; });
    EXPECT_EQ(texts(order), (std::vector<std::string>{"p", "q", "r", "s"}));
}

TEST(CompileOrder, GemmCostRanksTheLongestCompilesFirst) {
    // H200 2026-11-28 run N: 16 x 8 blocks with kl 64 and PREFETCH 5 took 37 s in NVRTC, 4 x 4 with kl 8 under 1 s.
    gemm::GemmParams small, large = small;
    small.ml = 32, small.nl = 32, small.kl = 8, small.ms = 4, small.ns = 4, small.ks = 1, small.vw = 1;
    large.ml = 128, large.nl = 64, large.kl = 64, large.ms = 16, large.ns = 8, large.ks = 8, large.vw = 1;
    DeviceInfo gpu;
    gpu.type = DeviceType::Gpu;
    gpu.maxWorkGroupSize = 1024;
    gpu.maxWorkItemSizes = {1024, 1024, 64};
    gpu.localMemBytes = 48 * 1024;
    const double smallCost = gemm::tnProgram(small, gpu, {}).compileCost;
    const double largeCost = gemm::tnProgram(large, gpu, {}).compileCost;
    large.prefetch = 5;
    EXPECT_EQ(largeCost, 64 * smallCost); // 16 x 8 x 64 against 4 x 4 x 8 multiply-adds
    EXPECT_EQ(gemm::tnProgram(large, gpu, {}).compileCost, 2 * largeCost); // two k-blocks in PREFETCH 5's loop
}

} // namespace
} // namespace kt
