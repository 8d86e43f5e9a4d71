// beta y inside the tiled kernel on PoCL: SYMV_FUSE 1 (flags that work-groups claim, publish and wait on) and
// SYMV_FUSE 2 (the last group to add into a block of y writes it): every run of many verified against OpenBLAS, the
// workspaces zero after each run, and SYMV_FUSE 2's count per block against a brute-force count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/engine/plan_run.hpp"
#include "core/engine/program_cache.hpp"
#include "kernels/symv/symv_family.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::symv;

namespace {

struct Shape {
    int bs, ux, vw, cg, chunk;
    int fuse = 1;
};

std::string str(int v) { return std::to_string(v); }

Point fusedPoint(const Shape& s) {
    return Point::fromKey("SYMV_ALGO=" + str(kSymvTiled) + ",SYMV_BLOCK_SIZE=" + str(s.bs) + ",SYMV_UX=" + str(s.ux) +
                          ",SYMV_MULTIPLICITY=1,SYMV_MX=0,SYMV_VW=" + str(s.vw) + ",SYMV_CG=" + str(s.cg) +
                          ",SYMV_CHUNK=" + str(s.chunk) + ",SYMV_FUSE=" + str(s.fuse));
}

class SymvFusedPocl : public test::SharedDeviceTest<SymvFusedPocl, &test::openPoclDevice> {
protected:
    // The flags (SYMV_FUSE 1) or arrival counts (2), and SYMV_FUSE 2's sums W, all zero: what the next run needs.
    static bool workspaceZero(PlanRun& run, Precision precision) {
        std::vector<std::int32_t> words(run.executor().elements("locks"));
        s_device->read(run.executor().buffer("locks"), words.data(), words.size() * sizeof(std::int32_t));
        bool zero = std::all_of(words.begin(), words.end(), [](std::int32_t w) { return w == 0; });
        if (run.executor().plan().findBuffer("W")) {
            const std::size_t count = run.executor().elements("W");
            if (precision == Precision::F64) {
                std::vector<double> w(count);
                s_device->read(run.executor().buffer("W"), w.data(), count * sizeof(double));
                zero = zero && std::all_of(w.begin(), w.end(), [](double v) { return v == 0; });
            } else {
                std::vector<float> w(count);
                s_device->read(run.executor().buffer("W"), w.data(), count * sizeof(float));
                zero = zero && std::all_of(w.begin(), w.end(), [](float v) { return v == 0; });
            }
        }
        return zero;
    }

    // Runs `shape` `runs` times at each size in all four families; every run starts from NaN in y, is checked
    // against OpenBLAS, and must leave the flag workspace zero (the last group resets it for the next call: a count
    // that misses or overshoots the number of groups leaves it set, and the next call then skips beta y).
    static void expectEveryRunCorrect(const Shape& shape, const std::vector<std::int64_t>& sizes, int runs) {
        ProgramCache programs(*s_device);
        for (auto precision : {Precision::F64, Precision::F32})
            for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper}) {
                const SymvFamily family(precision, uplo);
                const Point point = fusedPoint(shape);
                auto plan = family.plan(point, s_device->info());
                ASSERT_TRUE(plan);
                PlanRun run(*s_device, family, programs, *plan);
                for (std::int64_t n : sizes) {
                    int wrong = 0, dirty = 0;
                    std::string first;
                    for (int r = 0; r < runs; ++r) {
                        run.prepare({{n}}, 17); // same operands: outputs poisoned with NaN again
                        run.run();
                        const auto v = run.verify();
                        const bool zero = workspaceZero(run, precision);
                        wrong += v.ok ? 0 : 1;
                        dirty += zero ? 0 : 1;
                        if ((!v.ok || !zero) && first.empty())
                            first = "run " + str(r) + ": " + (v.ok ? "workspace left non-zero" : v.message);
                    }
                    EXPECT_EQ(wrong, 0) << family.name() << " " << point.key() << " n " << n << ": " << first;
                    EXPECT_EQ(dirty, 0) << family.name() << " " << point.key() << " n " << n << ": " << first;
                }
            }
    }
};

} // namespace

// Row tiles of 8 (BLOCK_SIZE / CG = 8, VW 1; the sweep that found them had CHUNK 7, any CHUNK fails): every run was
// wrong, the count of finished groups ran past the number of groups. PoCL 3.1 evaluated the `t == 0` test of the count,
// then at the kernel's end after its last barrier, for work-item 0 only and assumed it for the others (llvm.assume in
// its parallel.bc), so every work-item counted.
TEST_F(SymvFusedPocl, RowTilesOfEightCountEachGroupOnce) {
    expectEveryRunCorrect({32, 12, 1, 4, 8}, {100, 128, 300}, 4);
    expectEveryRunCorrect({64, 24, 1, 8, 1}, {100, 128, 300}, 4);
}

// Shapes of the kind that failed only under load with the old kernel (CG 1 or 2, VW 2 or 4), and ones with
// several groups waiting on one block of rows (small CHUNK, n over one and two blocks of 256 rows): many runs each,
// all must match. The interleavings differ from run to run; what is asserted does not.
TEST_F(SymvFusedPocl, ManyRunsOfTheCrossGroupWaitAllMatch) {
    const Shape shapes[] = {{32, 8, 2, 1, 1},   {64, 16, 4, 2, 1}, {96, 24, 2, 2, 2},
                            {128, 32, 4, 1, 1}, {32, 20, 4, 2, 4}, {64, 12, 2, 1, 1}};
    for (const auto& s : shapes) expectEveryRunCorrect(s, {100, 128, 300, 513}, 12);
}

// SYMV_FUSE 2 in all four families, several runs per size with NaN in y before each (verified against OpenBLAS, the
// counts and W zero after each): every VW, CG and CHUNK, the shapes PoCL once miscompiled (row tiles of 8 rows; P1,
// the H100's kernel, whose column sums PoCL skipped before they were written as a loop), n = 1 ... 1000 (one to four
// blocks of 256 rows, no multiple of UX 12, 24, 20; 1000 = 31 x 32 + 8).
TEST_F(SymvFusedPocl, LastContributorFinalizesEveryRun) {
    const Shape shapes[] = {{32, 12, 1, 4, 8, 2}, {64, 24, 1, 8, 1, 2}, {128, 32, 1, 4, 4, 2}, {32, 8, 2, 1, 1, 2},
                            {64, 16, 4, 2, 32, 2}, {96, 24, 2, 2, 2, 2}, {160, 20, 4, 1, 16, 2}};
    for (const auto& s : shapes) expectEveryRunCorrect(s, {1, 7, 33, 100, 257, 1000}, 3);
}

namespace {
// The number of non-empty work-groups of symv_tiled whose additions touch each block of 256 rows of y, counted the
// slow way: every group of the grid, its early exit, every row of every one of its tiles and every column.
std::vector<std::int32_t> bruteForceCounts(int n, int ux, int tr, int chunk, bool upper) {
    const int blocks = (n + 255) / 256, columnBlocks = (n + ux - 1) / ux;
    const int gridY = ((n + tr - 1) / tr + chunk - 1) / chunk; // the plan's second grid dimension
    std::vector<std::int32_t> counts(std::size_t(blocks), 0);
    for (int b = 0; b < columnBlocks; ++b)
        for (int g = 0; g < gridY; ++g) {
            const int j0 = b * ux, jEnd = std::min(j0 + ux, n);
            const int rowBegin = upper ? 0 : j0, rowEnd = upper ? jEnd : n;
            const int tiles = (rowEnd - rowBegin + tr - 1) / tr;
            const int first = g * chunk, last = std::min(first + chunk, tiles);
            if (first >= last) continue;
            std::set<int> touched;
            for (int tile = first; tile < last; ++tile)
                for (int i = rowBegin + tile * tr; i < rowBegin + (tile + 1) * tr && i < rowEnd; ++i)
                    touched.insert(i / 256);
            for (int j = j0; j < jEnd; ++j) touched.insert(j / 256);
            for (int k : touched) ++counts[std::size_t(k)];
        }
    return counts;
}
} // namespace

// symv_fin_setup's expected counts (what completes each block of y) against the brute-force count, for many n and
// tilings in both triangles: the setup kernel takes UX, rows per tile and CHUNK as arguments, so one program serves
// every tiling (tile heights 8 ... 1024 and CHUNK 1 ... 32, as BLOCK_SIZE / CG x VW and SYMV_CHUNK allow).
TEST_F(SymvFusedPocl, ExpectedCountsMatchABruteForceCount) {
    ProgramCache programs(*s_device);
    const int sizes[] = {1, 7, 100, 255, 256, 257, 511, 700, 1000, 2049};
    const int uxs[] = {8, 12, 17, 32}, trs[] = {8, 12, 32, 96, 320, 1024}, chunks[] = {1, 2, 3, 8, 32};
    int checked = 0;
    for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper}) {
        const SymvFamily family(Precision::F32, uplo);
        auto plan = family.plan(fusedPoint({64, 8, 1, 1, 1, 2}), s_device->info());
        ASSERT_TRUE(plan);
        PlanLaunch* setup = nullptr;
        for (auto& l : plan->launches)
            if (l.kernel == "symv_fin_setup") setup = &l;
        ASSERT_TRUE(setup);
        std::uint32_t pick = 1;
        for (int n : sizes)
            for (int ux : uxs)
                for (int tr : trs)
                    for (int chunk : chunks) {
                        pick = pick * 1103515245u + 12345u;
                        if (n > 300 && (pick >> 16) % 4 != 0) continue; // a quarter of the larger cases
                        setup->args.at(1) = PlanArg::integer(std::to_string(ux));
                        setup->args.at(2) = PlanArg::integer(std::to_string(tr));
                        setup->args.at(3) = PlanArg::integer(std::to_string(chunk));
                        PlanExecutor exec(*s_device, programs, *plan);
                        exec.bindInputs({{"n", n}});
                        exec.allocate();
                        exec.enqueue(LaunchPhase::Setup);
                        std::vector<std::int32_t> got(exec.elements("expected"));
                        s_device->read(exec.buffer("expected"), got.data(), got.size() * sizeof(std::int32_t));
                        const auto want = bruteForceCounts(n, ux, tr, chunk, uplo == blas::Uplo::Upper);
                        ASSERT_EQ(got, want) << family.name() << " n " << n << " UX " << ux << " rows per tile "
                                             << tr << " CHUNK " << chunk;
                        ++checked;
                    }
    }
    EXPECT_GT(checked, 800);
}

// A wrong count fails the checks the tests above make: one more than the truth and block 0 is never written (NaN
// stays in y, the count stays set); one less and a group finalizes before the last one has added (the late sums stay
// in W, the count is left at 1).
TEST_F(SymvFusedPocl, AWrongExpectedCountIsCaught) {
    ProgramCache programs(*s_device);
    const SymvFamily family(Precision::F64, blas::Uplo::Lower);
    auto plan = family.plan(fusedPoint({64, 12, 1, 2, 2, 2}), s_device->info());
    ASSERT_TRUE(plan);
    for (int delta : {+1, -1}) {
        PlanRun run(*s_device, family, programs, *plan);
        run.prepare({{300}}, 5);
        std::vector<std::int32_t> expected(run.executor().elements("expected"));
        Buffer& buffer = run.executor().buffer("expected");
        s_device->read(buffer, expected.data(), expected.size() * sizeof(std::int32_t));
        ASSERT_GT(expected.at(0), 2); // so that one less never lets the last group finalize a second time
        expected[0] += delta;
        s_device->write(buffer, expected.data(), expected.size() * sizeof(std::int32_t));
        run.run();
        const bool ok = run.verify().ok, zero = workspaceZero(run, Precision::F64);
        EXPECT_FALSE(ok && zero) << "expected count off by " << delta << " went unnoticed";
        EXPECT_FALSE(zero) << "off by " << delta;
    }
}
