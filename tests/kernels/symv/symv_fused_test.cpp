// SYMV_FUSE 1 (beta y inside the tiled kernel, behind flags that work-groups claim, publish and wait on) on PoCL:
// every run of many verified against OpenBLAS, and the flags and the count of finished groups zero after each run.
#include <gtest/gtest.h>

#include <cstdint>
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
};

std::string str(int v) { return std::to_string(v); }

Point fusedPoint(const Shape& s) {
    return Point::fromKey("SYMV_ALGO=" + str(kSymvTiled) + ",SYMV_BLOCK_SIZE=" + str(s.bs) + ",SYMV_UX=" + str(s.ux) +
                          ",SYMV_MULTIPLICITY=1,SYMV_MX=0,SYMV_VW=" + str(s.vw) + ",SYMV_CG=" + str(s.cg) +
                          ",SYMV_CHUNK=" + str(s.chunk) + ",SYMV_FUSE=1");
}

class SymvFusedPocl : public test::SharedDeviceTest<SymvFusedPocl, &test::openPoclDevice> {
protected:
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
                        Buffer& flags = run.executor().buffer("locks");
                        std::vector<std::int32_t> words(run.executor().elements("locks"));
                        s_device->read(flags, words.data(), words.size() * sizeof(std::int32_t));
                        bool zero = true;
                        for (auto w : words) zero = zero && w == 0;
                        wrong += v.ok ? 0 : 1;
                        dirty += zero ? 0 : 1;
                        if ((!v.ok || !zero) && first.empty())
                            first = "run " + str(r) + ": " + (v.ok ? "flags left set" : v.message);
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
