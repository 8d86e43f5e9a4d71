// sgemm_batched/dgemm_batched: the space and metadata, and candidates measured and verified on PoCL.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "core/engine/candidate_measurer.hpp"
#include "core/engine/compile_timeline.hpp"
#include "core/engine/plan_executor.hpp"
#include "core/engine/plan_run.hpp"
#include "core/engine/program_cache.hpp"
#include "core/engine/point_chooser.hpp"
#include "core/engine/routine.hpp"
#include "core/engine/tuned_routine.hpp"
#include "core/rules/rule_file.hpp"
#include "core/rules/size_table.hpp"
#include "kernels/batched/batched_family.hpp"
#include "kernels/reference/blas_reference.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::batched;
using namespace kt::test;

namespace {

BatchedParams params(int design, int tba, int wx, int wy, Precision prec = Precision::F32, bool reg = false,
                     bool pad = false) {
    BatchedParams p;
    p.precision = prec, p.design = Design(design), p.tba = tba, p.wx = wx, p.wy = wy, p.reg = reg, p.pad = pad;
    return p;
}
BatchedParams blocked(int design, int tba, int wx, int wy, bool pad, Precision prec = Precision::F32, int vec = 0) {
    BatchedParams p = params(design, tba, wx, wy, prec, true, pad);
    p.vec = vec;
    return p;
}

BatchedParams withSeq(BatchedParams p, int seq) {
    p.seq = seq;
    return p;
}
BatchedParams withMinBlocks(BatchedParams p, int minBlocks) {
    p.minBlocks = minBlocks;
    return p;
}
BatchedParams withLdv(BatchedParams p, int ldv) {
    p.ldv = ldv;
    return p;
}
BatchedParams withAsync(BatchedParams p) { // the next round's tiles in a second shared buffer (BATCHED_ASYNC)
    p.async = true;
    return p;
}

// Together they take every value of every parameter (checked below); each fits PoCL's work-group limit.
const std::vector<BatchedParams> kBatchedVariants = {
    params(0, 1, 1, 1),
    withMinBlocks(params(1, 2, 2, 2), 2), // launch bounds: OpenCL's required work-group size must match the launch
    withMinBlocks(params(0, 4, 4, 4), 4),
    withMinBlocks(params(1, 8, 8, 8), 4),
    params(0, 16, 16, 1),
    params(1, 32, 1, 2),
    params(0, 1, 32, 4),
    params(1, 2, 4, 32),
    params(1, 1, 16, 16),
    params(0, 128, 1, 2),
    withMinBlocks(params(1, 64, 2, 1), 6),
    blocked(1, 2, 4, 2, true),
    withSeq(blocked(0, 4, 2, 4, false), 4),                                // rounds without prefetch (read-only cache)
    blocked(0, 1, 1, 1, false),                                            // blocks beyond 32 elements: per element
    withSeq(blocked(1, 2, 4, 4, true, Precision::F32, 1), 2),              // vector tiles: rounds without prefetch
    withLdv(withSeq(blocked(1, 2, 4, 4, false, Precision::F32, 2), 4), 2), // column-major vector tiles, prefetch
    withLdv(withMinBlocks(withSeq(blocked(1, 2, 4, 4, true), 8), 8), 4),   // prefetch rounds, vector loads
    withLdv(withSeq(blocked(1, 1, 4, 8, false), 2), 2),
    // work-item counts that are no power of two (3, 5, 6, 7, 9, 10, 11, 15, 17, 18 along m and n)
    params(0, 4, 3, 5),
    withSeq(blocked(1, 2, 6, 7, true), 2),
    blocked(1, 1, 9, 10, false),
    withLdv(withSeq(blocked(1, 1, 11, 17, true), 4), 2),
    withSeq(blocked(1, 1, 18, 3, false), 2),
    params(1, 1, 17, 18),
    params(0, 2, 10, 9),
    blocked(1, 1, 5, 11, true),
    withSeq(params(0, 1, 7, 6), 2),
    withSeq(blocked(1, 1, 12, 14, true), 2),
    params(0, 1, 14, 12),
    withSeq(blocked(1, 2, 13, 13, true), 2),
    withSeq(blocked(1, 2, 15, 15, false), 2),
    // double-buffered tiles (DoubleBufferedTilesAtEverySquareSize takes the rest): vector runs with launch bounds,
    // work-item counts that are no power of two
    withAsync(withLdv(withMinBlocks(withSeq(blocked(1, 4, 2, 4, false), 4), 2), 2)),
    withAsync(withSeq(blocked(1, 2, 3, 5, true), 8)),
};

constexpr blas::Op N = blas::Op::N, T = blas::Op::T;

// Measures `p` (ops, alpha, beta of `problem`) at `sizes` through the engine and expects every size verified.
void expectVerified(Device& device, const BatchedParams& p, TuningProblem problem,
                    const std::vector<ProblemSize>& sizes) {
    auto family = std::make_shared<BatchedFamily>(p.precision, problem);
    CandidateMeasurer measurer(device, family);
    MeasureOptions options;
    options.timedRuns = 2;
    const auto result = measurer.measure(pointFromParams(p), sizes, options);
    ASSERT_EQ(result.size(), sizes.size());
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        SCOPED_TRACE(p.describe() + " " + sizes[i].label() + (problem.opA == T ? " T" : " N") +
                     (problem.opB == T ? "T" : "N") + " beta " + std::to_string(problem.beta));
        EXPECT_EQ(result[i].status, MeasurementStatus::Ok) << result[i].error;
        EXPECT_GT(result[i].value, 0.0);
    }
}

class BatchedPocl : public SharedDeviceTest<BatchedPocl, &openPoclDevice> {};

} // namespace

TEST(BatchedFamily, TestVariantsCoverEveryValueOfEveryParameter) {
    const auto space = BatchedFamily(Precision::F32).space(gpuLike());
    for (const auto& param : space.parameters())
        for (ParamValue value : param.values) {
            bool found = false;
            for (const auto& p : kBatchedVariants) found = found || pointFromParams(p)[param.name] == value;
            EXPECT_TRUE(found) << param.name << "=" << value << " is not tested";
        }
}

TEST(BatchedFamily, SpaceRespectsTheDevice) {
    const auto gpu = gpuLike();
    const auto space = BatchedFamily(Precision::F64).space(gpu);
    std::uint64_t valid = 0;
    space.forEachValid([&](const Point& point) {
        const auto p = paramsFromPoint(point, Precision::F64);
        EXPECT_LE(p.wgSize(), 1024) << point.key();
        EXPECT_GE(p.wgSize(), 32) << point.key();
        ++valid;
        return true;
    });
    EXPECT_GT(valid, 100u);
    EXPECT_EQ(BatchedFamily(Precision::F64).space(gpuLike(false)).cartesianSize() > 0, true);
    std::uint64_t noFp64 = 0;
    BatchedFamily(Precision::F64).space(gpuLike(false)).forEachValid([&](const Point&) { return ++noFp64, false; });
    EXPECT_EQ(noFp64, 0u);
}

TEST(BatchedFamily, MetadataSizesAndBench) {
    const BatchedFamily s(Precision::F32), d(Precision::F64);
    EXPECT_EQ(s.name(), "sgemm_batched");
    EXPECT_EQ(d.name(), "dgemm_batched");
    EXPECT_EQ(s.sizeDimensions(), (std::vector<std::string>{"m", "n", "k", "batch"}));
    EXPECT_DOUBLE_EQ(s.flops({{3, 5, 7, 11}}), 2.0 * 3 * 5 * 7 * 11);
    EXPECT_DOUBLE_EQ(d.bytes({{3, 5, 7, 11}}), (3.0 * 7 + 7 * 5 + 2 * 3 * 5) * 11 * 8);
    EXPECT_DOUBLE_EQ(s.work({{3, 5, 7, 11}}), s.flops({{3, 5, 7, 11}}));
    for (const auto& size : d.defaultSizes(gpuLike())) {
        const double mb = 3.0 * size.dims[0] * size.dims[0] * size.dims[3] * 8 / 1e6;
        EXPECT_GT(mb, 250) << size.label();
        EXPECT_LT(mb, 350) << size.label();
    }
    DeviceInfo cpu;
    cpu.type = DeviceType::Cpu;
    for (const auto& size : s.defaultSizes(cpu)) EXPECT_LT(3.0 * size.dims[0] * size.dims[0] * size.dims[3] * 4, 5e6);
    const auto call = s.benchCall("tn", {{3, 5, 7, 11}});
    ASSERT_TRUE(call.has_value());
    EXPECT_EQ(call->routine, "gemm_batched_strided");
    EXPECT_EQ(call->opA, T);
    EXPECT_EQ(call->opB, N);
    EXPECT_EQ(call->batchCount, 11);
    EXPECT_EQ(call->strideA, 21);
    EXPECT_EQ(s.benchDescription().variants,
              (std::vector<std::string>{"nn", "nt", "tn", "tt", "ptr-nn", "ptr-nt", "ptr-tn", "ptr-tt"}));
    // Sizes beyond 32, and shared tiles beyond the local memory, are not supported.
    const Point shared = pointFromParams(params(1, 32, 8, 8));
    EXPECT_FALSE(s.supports(shared, {{33, 2, 2, 1}}));
    EXPECT_TRUE(s.supportsOn(shared, {{8, 8, 8, 100}}, gpuLike()));
    EXPECT_FALSE(s.supportsOn(shared, {{32, 32, 32, 100}}, gpuLike())); // 32 x 8 KB > 48 KB
    EXPECT_THROW(paramsFromPoint(pointFromParams(params(0, 3, 1, 1)), Precision::F32), std::invalid_argument);
    // The paper's designs are valid points of a GPU's space and cover both designs.
    const auto seeds = d.seedPoints(gpuLike());
    EXPECT_GE(seeds.size(), 6u);
    bool readOnly = false, staged = false;
    for (const auto& p : seeds) (p["BATCHED_DESIGN"] ? staged : readOnly) = true;
    EXPECT_TRUE(readOnly && staged);
    // Pointer-array variants: gemm_batched calls whose offsets visit every dense slot once.
    const auto ptr = s.benchCall("ptr-nt", {{3, 5, 7, 11}});
    ASSERT_TRUE(ptr.has_value());
    EXPECT_EQ(ptr->routine, "gemm_batched");
    EXPECT_EQ(ptr->opB, T);
    ASSERT_NE(ptr->batchOffsets, nullptr);
    std::vector<std::int64_t> slots = ptr->batchOffsets->c();
    std::sort(slots.begin(), slots.end());
    for (std::size_t i = 0; i < slots.size(); ++i) EXPECT_EQ(slots[i], std::int64_t(i) * 15);
    EXPECT_NE(ptr->batchOffsets->c()[1], 15); // scrambled, not strided
    EXPECT_EQ(blas::invalidReason(*ptr, {{nullptr, 3, 0}, {nullptr, 7, 0}, {nullptr, 3, 0}}, false), "");
}

TEST(BatchedFamily, SharedTilesBeyondTheStaticLimitAreRefusedBeforeCompiling) {
    // H100 run E: 64 problems of 7 x 7 and 8 x 8 per work-group in double (50176 and 65536 bytes of tiles) failed in
    // NVRTC ("uses too much shared data (0xc400 bytes, 0xc000 max)"). A 48 KiB device refuses them with the
    // figures; a device with more local memory per work-group takes them.
    const BatchedFamily d(Precision::F64), s(Precision::F32);
    const BatchedParams column = withSeq(blocked(1, 64, 8, 1, false, Precision::F64), 2);
    const Point point = pointFromParams(column);
    const DeviceInfo cuda48 = gpuLike();
    DeviceInfo larger = gpuLike();
    larger.localMemBytes = 100 * 1024;
    for (std::int64_t n : {7, 8}) {
        const ProblemSize size{{n, n, n, 1000}};
        const std::string why = d.unsupportedReason(point, size, cuda48);
        EXPECT_FALSE(d.supportsOn(point, size, cuda48));
        EXPECT_NE(why.find(std::to_string(64 * 2 * n * n * 8) + " bytes"), std::string::npos) << why;
        EXPECT_NE(why.find("49152"), std::string::npos) << why;
        EXPECT_NE(why.find("static shared memory"), std::string::npos) << why;
        EXPECT_TRUE(d.supportsOn(point, size, larger)) << d.unsupportedReason(point, size, larger);
        EXPECT_EQ(d.unsupportedReason(point, size, larger), "");
        // The plans refuse it too (the bench and the routine build them without asking supportsOn), with the same
        // reason, before any source reaches a compiler.
        const BatchedShape shape{N, N, n, n, n};
        try {
            batchedRoutinePlan(column, cuda48, shape);
            ADD_FAILURE() << "the routine's plan took " << why;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
        }
        EXPECT_THROW(batchedTuningPlan(column, cuda48, shape), std::invalid_argument);
        EXPECT_NO_THROW(batchedTuningPlan(column, larger, shape));
        // In single precision the same shape takes half: within 48 KiB (its failure on the H100 was registers).
        EXPECT_TRUE(s.supportsOn(pointFromParams(withSeq(blocked(1, 64, 8, 1, false), 2)), size, cuda48));
    }
    // Exactly at the limit: 64 problems of 8 x 4 x 8 in double, (64 + 32) x 64 x 8 = 49152 bytes.
    EXPECT_TRUE(d.supportsOn(point, {{8, 4, 8, 1000}}, cuda48));
    EXPECT_FALSE(d.supportsOn(point, {{8, 5, 8, 1000}}, cuda48));
    // Double-buffered tiles (BATCHED_ASYNC) take twice: 2 problems of 32^3 in double fit in one buffer (32768 bytes)
    // and not in two (65536), refused by supportsOn and both plans; where the blocks exceed 32 elements (4 x 4
    // work-items at 32: 8 x 8 blocks) the kernel has no rounds through shared memory and one buffer.
    const BatchedParams twice = withAsync(withSeq(blocked(1, 2, 8, 8, false, Precision::F64), 4));
    BatchedParams once = twice;
    once.async = false;
    const ProblemSize s32{{32, 32, 32, 100}};
    EXPECT_EQ(once.localMemBytes(32, 32, 32), 32768);
    EXPECT_EQ(twice.localMemBytes(32, 32, 32), 65536);
    EXPECT_TRUE(d.supportsOn(pointFromParams(once), s32, cuda48));
    const std::string why = d.unsupportedReason(pointFromParams(twice), s32, cuda48);
    EXPECT_NE(why.find("65536 bytes"), std::string::npos) << why;
    EXPECT_THROW(batchedTuningPlan(twice, cuda48, {N, N, 32, 32, 32}), std::invalid_argument);
    EXPECT_THROW(batchedRoutinePlan(twice, cuda48, {N, T, 32, 32, 32}), std::invalid_argument);
    EXPECT_TRUE(d.supportsOn(pointFromParams(twice), s32, larger));
    EXPECT_TRUE(d.supportsOn(pointFromParams(twice), {{16, 16, 16, 100}}, cuda48)); // 16384 bytes
    BatchedParams wide = twice;
    wide.wx = wide.wy = 4;
    EXPECT_FALSE(wide.doubleBuffered(32, 32));
    EXPECT_EQ(wide.localMemBytes(32, 32, 32), 32768);
    EXPECT_TRUE(wide.doubleBuffered(16, 16));
    // Without rounds, register blocks or with vector tiles there is no next round's buffer to fill: refused.
    for (const BatchedParams& bad : {withAsync(blocked(1, 2, 8, 8, false)), withAsync(withSeq(params(1, 2, 8, 8), 2)),
                                     withAsync(withSeq(blocked(0, 2, 8, 8, false), 2)),
                                     withAsync(withSeq(blocked(1, 2, 8, 8, false, Precision::F32, 2), 2))})
        EXPECT_NE(bad.invalidReason().find("BATCHED_ASYNC"), std::string::npos) << bad.describe();
    // The read-only-cache design declares no local memory: no limit.
    EXPECT_TRUE(d.supportsOn(pointFromParams(params(0, 128, 1, 1, Precision::F64)), {{32, 32, 32, 10}}, cuda48));
    // Size refusals say why as well.
    EXPECT_NE(d.unsupportedReason(point, {{33, 2, 2, 1}}, larger).find("between 1 and 32"), std::string::npos);
    EXPECT_NE(d.unsupportedReason(point, {{2, 2, 2, 0}}, larger).find("batch"), std::string::npos);
}

TEST(BatchedFamily, EverySeedAndSpacePointThatIsRefusedSaysWhy) {
    // Devices: the CUDA GPU of gpuLike (48 KiB), the same without fp64, an OpenCL GPU with 32 KiB and work-groups
    // of at most 256, a CPU with 256 KiB.
    DeviceInfo small = gpuLike();
    small.backend = BackendKind::OpenCL, small.localMemBytes = 32 * 1024, small.maxWorkGroupSize = 256;
    small.maxWorkItemSizes = {256, 256, 256};
    DeviceInfo cpu;
    cpu.type = DeviceType::Cpu, cpu.fp64 = true, cpu.localMemBytes = 256 * 1024, cpu.maxWorkGroupSize = 4096;
    cpu.maxWorkItemSizes = {4096, 4096, 4096};
    std::vector<ProblemSize> sizes;
    for (std::int64_t n = 1; n <= 32; ++n) sizes.push_back({{n, n, n, 1000}});
    for (const auto& r : std::vector<std::array<std::int64_t, 3>>{{32, 5, 17}, {2, 32, 32}, {16, 8, 32}, {13, 29, 23}})
        sizes.push_back({{r[0], r[1], r[2], 100}});
    // A refusal states the limit, and supportsOn agrees with it; what is accepted compiles within the limit.
    auto check = [&](const BatchedFamily& family, const Point& point, const DeviceInfo& device,
                     const ProblemSize& size) {
        const std::string why = family.unsupportedReason(point, size, device);
        EXPECT_EQ(family.supportsOn(point, size, device), why.empty()) << point.key();
        const BatchedParams p = paramsFromPoint(point, family.precision());
        const std::int64_t bytes = p.localMemBytes(size.dims[0], size.dims[1], size.dims[2]);
        if (bytes > std::int64_t(device.localMemBytes)) {
            EXPECT_NE(why.find(std::to_string(bytes) + " bytes"), std::string::npos) << point.key() << ": " << why;
        } else {
            EXPECT_EQ(why, "") << point.key() << " " << size.label();
        }
    };
    std::size_t refusedSeeds = 0, refusedSizes = 0;
    for (Precision prec : {Precision::F32, Precision::F64}) {
        const BatchedFamily family(prec);
        for (const DeviceInfo& device : {gpuLike(), gpuLike(false), small, cpu}) {
            const auto space = family.space(device);
            for (const auto& c : space.constraints()) EXPECT_FALSE(c.description.empty()) << c.expression;
            const auto kept = family.seedPoints(device);
            for (const Point& seed : seedTable(prec)) {
                const bool valid = space.isValid(seed);
                EXPECT_EQ(valid, std::find(kept.begin(), kept.end(), seed) != kept.end()) << seed.key();
                if (!valid) { // dropped by a constraint of the space, which says why
                    ++refusedSeeds;
                    const auto broken = space.brokenConstraint(seed);
                    ASSERT_TRUE(broken.has_value()) << seed.key();
                    const auto c = std::find_if(space.constraints().begin(), space.constraints().end(),
                                                [&](const Constraint& x) { return x.expression == *broken; });
                    ASSERT_NE(c, space.constraints().end()) << *broken;
                    EXPECT_FALSE(c->description.empty());
                    continue;
                }
                for (const auto& size : sizes) {
                    check(family, seed, device, size);
                    refusedSizes += family.supportsOn(seed, size, device) ? 0 : 1;
                }
            }
        }
        // Every point of the GPU's space at the sizes where the largest tiles meet the limit.
        const auto gpu = gpuLike();
        family.space(gpu).forEachValid([&](const Point& point) {
            if (point["BATCHED_DESIGN"] == 1 && point["BATCHED_LDV"] == 1 && point["BATCHED_MINB"] == 0)
                for (const ProblemSize& size :
                     {ProblemSize{{8, 8, 8, 10}}, ProblemSize{{13, 13, 13, 10}}, ProblemSize{{32, 32, 32, 10}}})
                    check(family, point, gpu, size);
            return !HasFailure();
        });
    }
    // Both kinds of refusal happen (the 32 KiB device drops the 1024-work-item seeds; 32^3 tiles exceed 32 KiB).
    EXPECT_GT(refusedSeeds, 0u);
    EXPECT_GT(refusedSizes, 0u);
}

TEST_F(BatchedPocl, EveryVariantBothPrecisionsAndEveryOp) {
    const std::vector<std::pair<blas::Op, blas::Op>> ops = {{N, N}, {N, T}, {T, N}, {T, T}};
    for (std::size_t v = 0; v < kBatchedVariants.size(); ++v) {
        BatchedParams p = kBatchedVariants[v];
        p.precision = v % 2 ? Precision::F64 : Precision::F32;
        TuningProblem problem;
        problem.opA = ops[v % 4].first, problem.opB = ops[v % 4].second;
        // Odd sizes; batches of 1, 7 and one that is no multiple of the aggregation.
        expectVerified(*s_device, p, problem, {{{5, 3, 7, 7}}, {{16, 9, 2, 2 * p.tba + 1}}, {{1, 1, 1, 1}}});
    }
}

TEST_F(BatchedPocl, SquareSizesOneToThirtyTwo) {
    const std::vector<std::pair<blas::Op, blas::Op>> ops = {{N, N}, {T, N}, {N, T}, {T, T}};
    for (std::int64_t n = 1; n <= 32; ++n) {
        BatchedParams p = params(int(n % 2), n % 3 == 0 ? 4 : 2, 8, 4);
        p.precision = (n / 2) % 2 ? Precision::F64 : Precision::F32;
        TuningProblem problem;
        problem.opA = ops[n % 4].first, problem.opB = ops[n % 4].second;
        expectVerified(*s_device, p, problem, {{{n, n, n, 9}}});
    }
}

TEST_F(BatchedPocl, DoubleBufferedTilesAtEverySquareSize) {
    // BATCHED_ASYNC at every n = 1 ... 32 (8 x 4 work-items: blocks of at most 4 x 8, so the double-buffered path
    // is taken everywhere): S and D, every op, 2, 4 and 8 rounds, runs of 1, 2 and 4 elements (whole runs where a
    // column is whole vectors), padded or not, batches of 1, 7 and 2 rounds of work-groups plus one problem; beta 0
    // (C NaN-poisoned, never read) at every fourth size. Then rectangular shapes (the last four).
    const std::vector<std::pair<blas::Op, blas::Op>> ops = {{N, N}, {T, N}, {N, T}, {T, T}};
    std::vector<std::array<std::int64_t, 3>> shapes;
    for (std::int64_t n = 1; n <= 32; ++n) shapes.push_back({n, n, n});
    for (const auto& r : std::vector<std::array<std::int64_t, 3>>{{13, 29, 23}, {32, 5, 17}, {1, 32, 9}, {31, 2, 8}})
        shapes.push_back(r);
    for (std::size_t v = 0; v < shapes.size(); ++v) {
        const auto [m, n, k] = shapes[v];
        const int i = int(v) + 1;
        BatchedParams p = withSeq(blocked(1, i % 2 ? 1 : 2, 8, 4, i % 3 == 1), 2 << (i % 3));
        p = withAsync(withLdv(p, 1 << ((i / 3) % 3)));
        p.precision = (i / 2) % 2 ? Precision::F64 : Precision::F32;
        ASSERT_TRUE(p.doubleBuffered(m, n)) << p.describe();
        TuningProblem problem;
        problem.opA = ops[i % 4].first, problem.opB = ops[i % 4].second;
        if (i % 4 == 3) problem.beta = 0;
        const std::int64_t batch = i % 5 == 0 ? 7 : i % 7 == 0 ? 1 : 2 * p.tba * p.seq + 1;
        expectVerified(*s_device, p, problem, {{{m, n, k, batch}}});
    }
}

TEST_F(BatchedPocl, RectangularSizes) {
    const std::vector<ProblemSize> sizes = {{{1, 32, 7, 3}},  {{32, 1, 5, 3}},  {{3, 17, 32, 3}}, {{31, 2, 9, 5}},
                                            {{5, 7, 1, 3}},   {{32, 32, 1, 2}}, {{1, 1, 32, 4}},  {{13, 29, 23, 3}}};
    for (int design : {0, 1})
        for (Precision prec : {Precision::F32, Precision::F64}) {
            TuningProblem problem;
            problem.opA = design ? T : N, problem.opB = prec == Precision::F64 ? T : N;
            expectVerified(*s_device, params(design, 2, 4, 8, prec), problem, sizes);
        }
}

TEST_F(BatchedPocl, RegisterBlockingAndPaddingOddAndRectangularSizes) {
    // Register blocks whose rows or columns run past the problem (clamped, never stored), blocks of exactly 32
    // elements, odd sizes from 15 up and rectangular shapes, odd and even shared leading dimensions, every op, S
    // and D; each size once, spread over the designs and precisions.
    const std::vector<std::pair<blas::Op, blas::Op>> ops = {{N, N}, {T, N}, {N, T}, {T, T}};
    // One point per line, its precision alternating (S, D, ...) and its ops cycling through NN, TN, NT, TT.
    const std::vector<BatchedParams> points = {
        blocked(1, 2, 8, 8, true),  // 2 x 2 and 2 x 4 blocks, rows and columns past the problem
        blocked(1, 1, 4, 4, true),  // 6 x 6 = 36 elements: the per-element loop on padded tiles; 8 x 2 blocks
        blocked(1, 1, 8, 4, false), // exactly 32 elements at 31; a 1-row problem
        blocked(1, 1, 16, 16, true, Precision::F32, 1), // vector tiles, k a multiple of the vector and not
        withSeq(blocked(1, 2, 8, 8, true), 4), // prefetch rounds: batches ending inside a round and a work-group
        withLdv(withSeq(blocked(1, 1, 16, 8, false), 2), 2)}; // vector loads where a column is whole vectors
    const std::vector<std::vector<ProblemSize>> sizes = {
        {{{15, 15, 15, 5}}, {{13, 29, 23, 3}}},  {{{23, 23, 23, 5}}, {{32, 5, 17, 4}}},
        {{{31, 31, 31, 2}}, {{1, 32, 9, 5}}},    {{{32, 32, 32, 3}}, {{19, 21, 27, 3}}},
        {{{32, 32, 32, 11}}, {{21, 19, 18, 7}}}, {{{31, 31, 31, 5}}, {{32, 8, 20, 3}}}};
    for (std::size_t v = 0; v < points.size(); ++v) {
        BatchedParams p = points[v];
        p.precision = v % 2 ? Precision::F64 : Precision::F32;
        TuningProblem problem;
        problem.opA = ops[v % 4].first, problem.opB = ops[v % 4].second;
        expectVerified(*s_device, p, problem, sizes[v]);
    }
}

TEST_F(BatchedPocl, WorkItemShapesThatDivideTheSize) {
    // Work-item counts that are no power of two, each at the size it divides (every row and column of the blocks in
    // the problem) and at a neighbour (clamped rows or columns), S and D, every op; prefetch rounds with batches
    // ending inside a round, vector staging loads where a column is whole vectors, and the read-only-cache design.
    const std::vector<std::pair<blas::Op, blas::Op>> ops = {{N, N}, {T, N}, {N, T}, {T, T}};
    struct Case {
        BatchedParams p;
        std::int64_t n; // the size the shape divides; n + 1 is measured too
    };
    const std::vector<Case> cases = {
        {withSeq(blocked(1, 16, 3, 3, false), 2), 3},
        {withSeq(blocked(1, 16, 5, 5, false), 2), 5},
        {withSeq(blocked(1, 64, 5, 1, false), 4), 5},
        {params(0, 32, 5, 5), 5},
        {withSeq(blocked(1, 8, 6, 6, true), 4), 6},
        {withSeq(blocked(1, 16, 7, 7, false), 2), 7},
        {withSeq(blocked(1, 4, 9, 9, true), 2), 9},
        {withSeq(blocked(1, 4, 9, 3, true), 4), 9},
        {withLdv(withSeq(blocked(1, 4, 10, 5, true), 2), 2), 10},
        {withSeq(blocked(1, 2, 11, 11, false), 2), 11},
        {withSeq(blocked(1, 1, 17, 9, true), 4), 17},
        {withSeq(blocked(1, 1, 17, 6, false), 4), 17},
        {withLdv(withSeq(blocked(1, 1, 9, 9, true), 4), 2), 18},
        {withLdv(withSeq(blocked(1, 1, 18, 9, true), 4), 2), 18},
        {withSeq(blocked(1, 2, 12, 12, true), 2), 12},
        {withLdv(withSeq(blocked(1, 1, 14, 7, true), 4), 2), 28},
        // n = 13, prime: 7 x 7 (2 x 2 blocks over 14) and 13 x 5 (1 x 3 over 15) with 8 problems, the candidates
        // of H100 run M (each at 13, clamped, and 14)
        {withSeq(blocked(1, 8, 7, 7, true), 2), 13},
        {withSeq(blocked(1, 8, 13, 5, true), 2), 13},
        {withSeq(blocked(1, 8, 13, 7, true), 4), 13},
        // 15 x 15: one element each at 15, 2 x 2 blocks over 30 at 29 and 30 (H200 run Y)
        {withSeq(blocked(1, 2, 15, 15, false), 2), 15},
        {withLdv(withSeq(blocked(1, 1, 15, 15, false), 4), 2), 29},
    };
    for (std::size_t v = 0; v < cases.size(); ++v) {
        BatchedParams p = cases[v].p;
        p.precision = v % 2 ? Precision::F64 : Precision::F32;
        ASSERT_EQ(p.invalidReason(), "") << p.describe();
        TuningProblem problem;
        problem.opA = ops[v % 4].first, problem.opB = ops[v % 4].second;
        const std::int64_t n = cases[v].n, batch = 2 * p.tba * p.seq + 1;
        expectVerified(*s_device, p, problem, {{{n, n, n, batch}}, {{n + 1, n + 1, n + 1, batch}}, {{n, n + 1, n, 1}}});
    }
    // Beyond 32 work-items a side, or none, is refused with the parameter named.
    EXPECT_NE(params(1, 1, 33, 1).invalidReason().find("BATCHED_WX"), std::string::npos);
    EXPECT_NE(params(1, 1, 8, 0).invalidReason().find("BATCHED_WY"), std::string::npos);
}

TEST_F(BatchedPocl, ColumnVectorTilesAtOddAndRectangularSizes) {
    // BATCHED_VEC 2: op(B) read along k in vectors (k rounded up, the rest skipped), op(A) along m where a work-item's
    // consecutive rows are whole vectors (8 x 8 at 25, 4 x 8 at 13 and 9 x 9 at 17 in double: the last work-item with
    // a row in the problem reads a block past it; 7 x 7 at 28: every block inside) or row by row (9 x 9 at 27 and
    // 5 x 5 at 25: blocks of 3 and 5 rows), with and without padding and prefetch rounds, every op, S and D, batches
    // ending inside a round, and rectangular shapes.
    const std::vector<std::pair<blas::Op, blas::Op>> ops = {{N, N}, {T, N}, {N, T}, {T, T}};
    struct Case {
        BatchedParams p;
        std::vector<ProblemSize> sizes;
    };
    const std::vector<Case> cases = {
        {withSeq(blocked(1, 2, 8, 8, true, Precision::F32, 2), 4), {{{25, 25, 25, 17}}, {{32, 5, 17, 3}}}},
        {withLdv(withSeq(blocked(1, 1, 4, 8, false, Precision::F64, 2), 2), 2), {{{13, 13, 13, 5}}, {{13, 32, 32, 2}}}},
        {withSeq(blocked(1, 4, 7, 7, false, Precision::F32, 2), 2), {{{28, 28, 28, 9}}, {{27, 3, 1, 5}}}},
        {withSeq(blocked(1, 1, 9, 9, true, Precision::F64, 2), 8), {{{17, 17, 17, 19}}, {{27, 27, 27, 3}}}},
        {blocked(1, 8, 5, 5, false, Precision::F32, 2), {{{25, 25, 25, 9}}, {{9, 9, 9, 17}}}},
    };
    for (std::size_t v = 0; v < cases.size(); ++v) {
        ASSERT_EQ(cases[v].p.invalidReason(), "") << cases[v].p.describe();
        TuningProblem problem;
        problem.opA = ops[v % 4].first, problem.opB = ops[v % 4].second;
        expectVerified(*s_device, cases[v].p, problem, cases[v].sizes);
    }
}

TEST(BatchedFamily, PaddingMakesTheSharedLeadingDimensionsOdd) {
    // 32 x 32 x 32 in double: 33 x 32 tiles of op(A) and op(B), 16896 bytes; odd sizes need no padding.
    EXPECT_EQ(blocked(1, 1, 8, 8, true, Precision::F64).localMemBytes(32, 32, 32), 2 * 33 * 32 * 8);
    EXPECT_EQ(blocked(1, 1, 8, 8, false, Precision::F64).localMemBytes(32, 32, 32), 2 * 32 * 32 * 8);
    EXPECT_EQ(blocked(1, 2, 8, 8, true).localMemBytes(31, 7, 5), 2 * (31 * 5 + 5 * 7) * 4);
    EXPECT_EQ(blocked(1, 2, 8, 8, true).localMemBytes(16, 7, 4), 2 * (17 * 4 + 5 * 7) * 4);
    EXPECT_EQ(blocked(0, 2, 8, 8, false).localMemBytes(32, 32, 32), 0);
    // Vector tiles: (m + n) rows of k rounded to whole vectors, an odd number of vectors with padding.
    EXPECT_EQ(blocked(1, 1, 16, 16, true, Precision::F64, 1).localMemBytes(32, 32, 32), 64 * 34 * 8);
    EXPECT_EQ(blocked(1, 1, 16, 16, false, Precision::F64, 1).localMemBytes(32, 32, 32), 64 * 32 * 8);
    EXPECT_EQ(blocked(1, 2, 16, 16, true, Precision::F32, 1).localMemBytes(20, 9, 17), 2 * 29 * 20 * 4);
    EXPECT_EQ(blocked(1, 2, 16, 16, true, Precision::F32, 1).localMemBytes(20, 9, 13),
              2 * 29 * 16 * 4 + 2 * 29 * 4 * 4);
    // Column-major vector tiles: op(A)'s rows in whole blocks of RI where those are whole vectors (8 x 8 at 25 in
    // single: 4 rows each, 28 rows), else in whole vectors (9 x 9 at 25: 3 rows each, 28); k in whole vectors, an odd
    // number of them with padding (k = 25: 7 of 4 floats, odd already; k = 32 in double: 16 of 2, so 17).
    EXPECT_EQ(blocked(1, 2, 8, 8, true, Precision::F32, 2).localMemBytes(25, 25, 25), 2 * (28 * 25 + 28 * 25) * 4);
    EXPECT_EQ(blocked(1, 1, 9, 9, false, Precision::F32, 2).localMemBytes(25, 25, 25), (28 * 25 + 28 * 25) * 4);
    EXPECT_EQ(blocked(1, 1, 4, 8, true, Precision::F64, 2).localMemBytes(13, 32, 32), (16 * 32 + 34 * 32) * 8);
    EXPECT_EQ(blocked(1, 1, 4, 8, false, Precision::F64, 2).localMemBytes(13, 32, 32), (16 * 32 + 32 * 32) * 8);
    // Blocks beyond 32 elements keep the element-by-element loop and its tiles.
    EXPECT_EQ(blocked(1, 1, 4, 4, false, Precision::F64, 1).localMemBytes(32, 32, 32), 2 * 32 * 32 * 8);
    // The options reach the kernel.
    const auto program = batchedProgram(blocked(1, 2, 8, 8, true), gpuLike(), {N, N, 20, 20, 20});
    for (const char* o : {"-DBATCHED_REG=1", "-DBATCHED_PAD=1"})
        EXPECT_NE(std::find(program.options.begin(), program.options.end(), o), program.options.end()) << o;
    // Padding belongs to the shared design: the space has no read-only-cache point with it.
    const auto space = BatchedFamily(Precision::F32).space(gpuLike());
    EXPECT_FALSE(space.isValid(pointFromParams(params(0, 2, 8, 8, Precision::F32, true, true))));
    EXPECT_FALSE(space.isValid(pointFromParams(blocked(0, 2, 8, 8, false, Precision::F32, 1))));
    BatchedParams vecWithoutReg = blocked(1, 2, 8, 8, true, Precision::F32, 1);
    vecWithoutReg.reg = false;
    EXPECT_FALSE(space.isValid(pointFromParams(vecWithoutReg)));
    EXPECT_TRUE(space.isValid(pointFromParams(params(1, 2, 8, 8, Precision::F32, true, true))));
    // Keys stored before the two parameters existed still name the kernels they measured.
    const Point old = BatchedFamily(Precision::F32)
                          .pointFromKey("BATCHED_DESIGN=1,BATCHED_TBA=4,BATCHED_WX=8,"
                                        "BATCHED_WY=8",
                                        gpuLike());
    EXPECT_EQ(paramsFromPoint(old, Precision::F32).describe(), "s shared tba 4 8x8");
}

TEST_F(BatchedPocl, NanInCWithBetaZeroIsNeverRead) {
    // With beta 0 the tuning plan leaves C NaN-poisoned (no C0, no restore): a kernel that reads C fails.
    const auto plan = batchedTuningPlan(params(1, 2, 2, 2), s_device->info(), {N, N, 4, 4, 4}, 1.0, 0.0);
    EXPECT_EQ(plan.findBuffer("C0"), nullptr);
    ASSERT_NE(plan.findBuffer("C"), nullptr);
    EXPECT_EQ(plan.findBuffer("C")->role, BufferRole::Output);
    TuningProblem problem;
    problem.alpha = 0.75, problem.beta = 0;
    for (int design : {0, 1})
        for (Precision prec : {Precision::F32, Precision::F64})
            for (bool reg : {false, true})
                expectVerified(*s_device, params(design, 4, 2, 2, prec, reg, reg && design == 1), problem,
                               {{{7, 5, 3, 9}}, {{1, 1, 1, 1}}});
    // The double-buffered tiles read C at the start of a round, where beta says whether to.
    for (Precision prec : {Precision::F32, Precision::F64})
        expectVerified(*s_device, withAsync(withSeq(blocked(1, 2, 2, 2, false, prec), 4)), problem,
                       {{{7, 5, 3, 19}}, {{1, 1, 1, 1}}});
}

TEST_F(BatchedPocl, GeneralKernelRunsAnySize) {
    // The family's plan (the fallback, sizes at run time) runs any size up to 32 through one program.
    for (int design : {0, 1}) {
        BatchedFamily family(Precision::F64);
        const Point point = pointFromParams(params(design, 2, 4, 4, Precision::F64));
        ProgramCache programs(*s_device);
        PlanRun run(*s_device, family, programs, *family.plan(point, s_device->info()));
        for (const ProblemSize& size : {ProblemSize{{9, 3, 32, 5}}, ProblemSize{{32, 32, 32, 3}},
                                        ProblemSize{{1, 2, 3, 1}}}) {
            run.prepare(size, 5);
            run.run();
            const auto v = run.verify();
            EXPECT_TRUE(v.ok) << size.label() << ": " << v.message;
        }
    }
}

TEST_F(BatchedPocl, RoutineRunsStridedCallsWithOffsetsAndPadding) {
    BatchedFamily family(Precision::F32);
    ProgramCache programs(*s_device);
    auto routine = family.makeRoutine(*s_device, programs, pointFromParams(params(1, 4, 4, 2)));
    ASSERT_NE(routine, nullptr);
    blas::BlasCall call = *family.benchCall("tt", {{5, 6, 7, 9}});
    call.alpha = 1.5, call.beta = -0.5;
    const std::int64_t lda = 9, ldb = 8, ldc = 7; // A 7 x 5, B 6 x 7, C 5 x 6 stored with padding
    call.strideA = lda * 5 + 3, call.strideB = ldb * 7 + 1, call.strideC = ldc * 6 + 2;
    const std::int64_t offa = 2, offb = 1, offc = 3;
    auto filled = [](std::int64_t count, float seed) {
        std::vector<float> v(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(((i * 37 + std::size_t(seed * 11)) % 19) - 9) / 8.0f;
        return v;
    };
    const auto a = filled(offa + 9 * call.strideA, 1), b = filled(offb + 9 * call.strideB, 2);
    auto c = filled(offc + 9 * call.strideC, 3);
    auto ba = upload(*s_device, a), bb = upload(*s_device, b), bc = upload(*s_device, c);
    blas::BlasOperands ops{{ba.get(), lda, offa}, {bb.get(), ldb, offb}, {bc.get(), ldc, offc}};
    routine->enqueue(call, ops);
    s_device->finish();
    std::vector<float> got(c.size());
    s_device->read(*bc, got.data(), got.size() * sizeof(float));
    auto ha = a, hb = b;
    reference::run(call, reference::HostOperand<float>{ha.data(), lda, offa}, reference::HostOperand<float>{hb.data(), ldb, offb},
                   reference::HostOperand<float>{c.data(), ldc, offc});
    for (std::size_t i = 0; i < c.size(); ++i) ASSERT_NEAR(got[i], c[i], 1e-4) << "element " << i;
    // Sizes beyond 32 are refused with a message.
    call.m = 33;
    EXPECT_THROW(routine->enqueue(call, ops), std::invalid_argument);
}

namespace {

std::vector<double> pattern(std::int64_t count, int seed) {
    std::vector<double> v(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = double(int((i * 37 + std::size_t(seed) * 11) % 19) - 9) / 8.0;
    return v;
}

// Runs `call` through a routine of `p` on device copies of a, b, c (A and B one buffer when `aliasAB`), then checks C
// against the reference and that the `guard` elements after C's extent still hold their sentinel.
void expectRoutineMatches(Device& device, const BatchedParams& p, const blas::BlasCall& call, blas::BlasOperands layout,
                          const std::vector<double>& a, const std::vector<double>& b, std::vector<double> c,
                          bool aliasAB, std::size_t guard = 64) {
    SCOPED_TRACE(p.describe() + " " + call.describe() + (aliasAB ? " (A and B one buffer)" : ""));
    BatchedFamily family(p.precision);
    ProgramCache programs(device);
    auto routine = family.makeRoutine(device, programs, pointFromParams(p));
    const double sentinel = 12345.0;
    const std::size_t extentC = std::size_t(blas::elementExtent(call, blas::Operand::C, layout.c));
    ASSERT_LE(extentC, c.size());
    c.resize(extentC + guard, sentinel);
    auto run = [&](auto zero) {
        using T = decltype(zero);
        auto cast = [](const std::vector<double>& v) { return std::vector<T>(v.begin(), v.end()); };
        auto ha = cast(a), hb = cast(b), hc = cast(c);
        auto ba = upload(device, ha), bb = aliasAB ? nullptr : upload(device, hb), bc = upload(device, hc);
        blas::BlasOperands ops = layout;
        ops.a.buffer = ba.get(), ops.b.buffer = aliasAB ? ba.get() : bb.get(), ops.c.buffer = bc.get();
        routine->enqueue(call, ops);
        device.finish();
        std::vector<T> got(hc.size());
        device.read(*bc, got.data(), got.size() * sizeof(T));
        reference::run(call, reference::HostOperand<T>{ha.data(), layout.a.ld, layout.a.offset},
                       reference::HostOperand<T>{aliasAB ? ha.data() : hb.data(), layout.b.ld, layout.b.offset},
                       reference::HostOperand<T>{hc.data(), layout.c.ld, layout.c.offset});
        const double tol = p.precision == Precision::F64 ? 1e-12 : 1e-4;
        for (std::size_t i = 0; i < extentC; ++i) ASSERT_NEAR(double(got[i]), double(hc[i]), tol) << "element " << i;
        for (std::size_t i = extentC; i < got.size(); ++i)
            ASSERT_EQ(double(got[i]), sentinel) << "element " << i - extentC << " past C's extent was written";
    };
    if (p.precision == Precision::F64)
        run(0.0);
    else
        run(0.0f);
}

} // namespace

TEST_F(BatchedPocl, PointerArraysInAnyOrderBothDesignsAndPrecisions) {
    // Problems at scrambled slots with padding between them, offsets on every operand, beta != 0; "design" 2: the
    // shared register-blocked design with the next problem prefetched (11 problems: rounds of 2, work-groups of 4);
    // 3: the same with the next problem's tiles in a second shared buffer (BATCHED_ASYNC).
    for (int design : {0, 1, 2, 3})
        for (Precision prec : {Precision::F32, Precision::F64})
            for (const char* ops : {"ptr-nn", "ptr-tt", "ptr-tn", "ptr-nt"}) {
                if (design == 3 && (ops[4] == 'n') != (prec == Precision::F32)) continue; // 2 op pairs a precision
                BatchedFamily family(prec);
                blas::BlasCall call = *family.benchCall(ops, {{5, 3, 7, 11}});
                ASSERT_EQ(call.routine, "gemm_batched");
                call.alpha = 0.75, call.beta = -1.5;
                const auto dense = scrambledOffsets(11, 5 * 7 + 2, 7 * 3 + 1, 5 * 3 + 4); // gaps between problems
                call.batchOffsets = dense;
                blas::BlasOperands layout{{nullptr, blas::minimalLd(call, blas::Operand::A), 3},
                                          {nullptr, blas::minimalLd(call, blas::Operand::B), 1},
                                          {nullptr, 5, 2}};
                const auto extent = [&](blas::Operand w, const blas::BlasOperand& o) {
                    return blas::elementExtent(call, w, o);
                };
                const BatchedParams p = design == 3   ? withAsync(withSeq(blocked(1, 2, 2, 4, true, prec), 2))
                                        : design == 2 ? withSeq(blocked(1, 2, 2, 4, true, prec), 2)
                                                      : params(design, 4, 2, 4, prec);
                expectRoutineMatches(*s_device, p, call, layout, pattern(extent(blas::Operand::A, layout.a), 1),
                                     pattern(extent(blas::Operand::B, layout.b), 2),
                                     pattern(extent(blas::Operand::C, layout.c), 3), false);
            }
}

TEST_F(BatchedPocl, PointerArraysWithAliasesOfTheSameMatrix) {
    // Square problems: A and B are one buffer and every problem multiplies one matrix by itself (A_b = B_b), and
    // all problems share the first two matrices; C gets its own storage per problem. Row-major too (the offsets of A
    // and B trade places).
    const std::int64_t n = 6, batch = 9;
    std::vector<std::int64_t> ab(batch), c(batch);
    for (std::int64_t i = 0; i < batch; ++i)
        ab[std::size_t(i)] = (i % 2) * n * n, c[std::size_t(i)] = (batch - 1 - i) * n * n;
    for (blas::Order order : {blas::Order::ColMajor, blas::Order::RowMajor})
        for (int design : {0, 1}) {
            blas::BlasCall call;
            call.routine = "gemm_batched";
            call.precision = design ? Precision::F64 : Precision::F32;
            call.order = order;
            call.opA = blas::Op::N, call.opB = blas::Op::T;
            call.m = call.n = call.k = n;
            call.batchCount = batch;
            call.alpha = 1, call.beta = 0.5;
            call.batchOffsets = std::make_shared<const blas::BatchOffsets>(ab, ab, c);
            blas::BlasOperands layout{{nullptr, n, 0}, {nullptr, n, 0}, {nullptr, n, 0}};
            expectRoutineMatches(*s_device, params(design, 2, 4, 2, call.precision), call, layout,
                                 pattern(2 * n * n, 4), pattern(2 * n * n, 4), pattern(batch * n * n, 5), true);
        }
}

TEST_F(BatchedPocl, VectorStagingLoadsOfAlignedAndUnalignedProblems) {
    // Vector loads of the prefetch staging: problems of A alternately on and off a vector boundary (stride 8 x 8 + 2),
    // B's leading dimension no multiple of the vector (element loads throughout), C shifted by one; S with vectors of
    // 4 and D with vectors of 2, each with a guard after C.
    for (Precision prec : {Precision::F32, Precision::F64}) {
        const int ldv = prec == Precision::F32 ? 4 : 2;
        BatchedFamily family(prec);
        blas::BlasCall call = *family.benchCall(prec == Precision::F32 ? "nn" : "tn", {{8, 8, 8, 7}});
        call.beta = 0.5;
        call.strideA = 8 * 8 + 2, call.strideB = 10 * 8, call.strideC = 8 * 8;
        const blas::BlasOperands layout{{nullptr, 8, 0}, {nullptr, 10, 0}, {nullptr, 8, 1}};
        // The register prefetch, and the double-buffered tiles (unpadded, so that a whole run of op(A) is one copy).
        for (const BatchedParams& p : {withLdv(withSeq(blocked(1, 1, 4, 4, true, prec), 2), ldv),
                                       withAsync(withLdv(withSeq(blocked(1, 1, 4, 4, false, prec), 2), ldv))})
            expectRoutineMatches(*s_device, p, call, layout,
                                 pattern(blas::elementExtent(call, blas::Operand::A, layout.a), 1),
                                 pattern(blas::elementExtent(call, blas::Operand::B, layout.b), 2),
                                 pattern(blas::elementExtent(call, blas::Operand::C, layout.c), 3), false);
    }
}

TEST_F(BatchedPocl, StridedRoutineWritesNothingPastC) {
    // Every element after C's last problem keeps its sentinel, with padding inside C (ldc > m) and between problems.
    for (int design : {0, 1}) {
        BatchedFamily family(Precision::F64);
        blas::BlasCall call = *family.benchCall("nt", {{7, 5, 3, 13}});
        call.beta = 2;
        call.strideC = 9 * 5 + 3;
        blas::BlasOperands layout{{nullptr, 7, 0}, {nullptr, 5, 0}, {nullptr, 9, 1}};
        expectRoutineMatches(*s_device, params(design, 8, 4, 4, Precision::F64), call, layout,
                             pattern(blas::elementExtent(call, blas::Operand::A, layout.a), 6),
                             pattern(blas::elementExtent(call, blas::Operand::B, layout.b), 7),
                             pattern(blas::elementExtent(call, blas::Operand::C, layout.c), 8), false);
    }
}

TEST_F(BatchedPocl, BadCallsAreRefusedBeforeAnyWrite) {
    BatchedFamily family(Precision::F32);
    ProgramCache programs(*s_device);
    auto routine = family.makeRoutine(*s_device, programs, pointFromParams(params(1, 4, 4, 2)));
    const blas::BlasCall good = *family.benchCall("nn", {{4, 4, 4, 8}});
    std::vector<float> host(8 * 16 + 32, 7.0f);
    auto a = upload(*s_device, host), b = upload(*s_device, host), c = upload(*s_device, host);
    const blas::BlasOperands ops{{a.get(), 4, 0}, {b.get(), 4, 0}, {c.get(), 4, 0}};
    auto refused = [&](const blas::BlasCall& call, const std::string& says) {
        try {
            routine->enqueue(call, ops);
            ADD_FAILURE() << call.describe() << " was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what() << " does not say: " << says;
        }
    };
    blas::BlasCall call = good;
    call.batchCount = 0;
    refused(call, "batchCount is 0");
    call = good, call.strideA = -16;
    refused(call, "stride of A is -16");
    call = good, call.strideC = 15;
    refused(call, "C problems 0 and 1 overlap");
    call = good, call.routine = "gemm_batched"; // no offsets
    refused(call, "no batch offsets");
    call.batchOffsets =
        std::make_shared<const blas::BatchOffsets>(std::vector<std::int64_t>(8, 0), std::vector<std::int64_t>(8, 0),
                                                   std::vector<std::int64_t>{0, 16, 32, 48, 64, 80, 96, 90});
    refused(call, "C problems 5 and 7 overlap (offsets 80 and 90)");
    call = good, call.batchCount = 11; // more problems than the buffers hold
    refused(call, "buffer A holds 640 bytes, the plan needs 704");
    s_device->finish();
    std::vector<float> after(host.size());
    s_device->read(*c, after.data(), after.size() * sizeof(float));
    EXPECT_EQ(after, host) << "a refused call wrote to C";
}

TEST_F(BatchedPocl, DispatchTableOfRoundDesignsRunsWhatItNames) {
    // A table over (m, n, k) whose entries are the round designs (prefetch rounds, launch bounds, vector loads) and
    // the shapes that divide a size (9 x 9 work-items at n = 9, 5 x 5 with 2 x 2 blocks at 10: H100 run F's leaders
    // in single precision) beside a plain one, built by the rules code from measured-like curves, through its JSON
    // and a rule file, emitted as C++, and each size it is asked for run with the point it names, checked against
    // OpenBLAS.
    const std::vector<BatchedParams> designs = {
        params(0, 8, 4, 4),
        withSeq(blocked(1, 1, 16, 16, true), 4),
        withLdv(withMinBlocks(withSeq(blocked(1, 1, 8, 8, false), 8), 4), 4),
        withSeq(blocked(1, 8, 9, 9, true), 2),
        withSeq(blocked(1, 8, 5, 5, true), 2),
        withSeq(blocked(1, 4, 7, 7, true), 4), // run M's leader at single 13: 2 x 2 blocks over 14
        // the H200's single-precision leaders (runs X and Y): 8 x 8 with one problem and 8 rounds (27, 29, 31), two
        // problems and 4 rounds without padding (26, 30), 14 x 14 with quads of elements per staging load (28)
        withSeq(blocked(1, 1, 8, 8, true), 8),
        withSeq(blocked(1, 2, 8, 8, false), 4),
        withLdv(withSeq(blocked(1, 1, 14, 14, false), 4), 4),
    };
    rules::PointTable curves;
    curves.dims = {"m", "n", "k", "batch"};
    for (const auto& d : designs) curves.candidates.push_back(pointFromParams(d).key());
    // 3: the plain one, 9, 10 and 13: the dividing shapes, 16: rounds of 4, 24 and 32: rounds of 8, 26, 28 and 29:
    // the H200's
    const std::map<long long, std::size_t> leader = {{3, 0},  {9, 3},  {10, 4}, {13, 5}, {16, 1},
                                                     {24, 2}, {26, 7}, {28, 8}, {29, 6}, {32, 2}};
    for (const auto& [n, best] : leader) {
        curves.points.push_back({n, n, n, 100});
        std::vector<double> values;
        for (std::size_t c = 0; c < designs.size(); ++c) values.push_back(c == best ? 99.0 : 1.0 + double(c));
        curves.value.push_back(values);
    }
    auto json = rules::tableToJson(rules::buildSizeTable(curves, {"m", "n", "k"}));
    json["family"] = "sgemm_batched";
    const auto rule = rules::ruleFileFromJson(json, "table.json");
    const std::string cpp = rules::emitTableCpp(rules::tableFromJson(json));
    for (const auto& d : designs) EXPECT_NE(cpp.find(pointFromParams(d).key()), std::string::npos) << cpp;
    const std::vector<std::string> dims = {"m", "n", "k", "batch"};
    const std::vector<std::pair<std::vector<long long>, std::size_t>>
        asked = {{{3, 3, 3, 9}, 0},    {{9, 9, 9, 17}, 3},   {{10, 10, 10, 17}, 4},
                 {{11, 11, 11, 9}, 4}, // 11: the nearest entry, 10 (3 x 3 blocks with clamped rows and columns)
                 {{13, 13, 13, 9}, 5}, {{16, 16, 16, 9}, 1}, {{24, 24, 24, 19}, 2},
                 {{26, 26, 26, 9}, 7}, {{28, 28, 28, 5}, 8}, {{29, 29, 29, 9}, 6},
                 {{30, 30, 30, 9}, 6},  // 30: nearest, 29
                 {{31, 31, 31, 9}, 2}}; // 31: nearest, 32
    for (const auto& [size, want] : asked) {
        const auto choice = rule.select(dims, size);
        ASSERT_EQ(choice.candidate, curves.candidates[want]) << choice.why;
        const BatchedParams p = paramsFromPoint(Point::fromKey(choice.candidate), Precision::F32);
        EXPECT_EQ(p.seq, designs[want].seq);
        EXPECT_EQ(p.ldv, designs[want].ldv);
        EXPECT_EQ(p.minBlocks, designs[want].minBlocks);
        EXPECT_EQ(p.wx, designs[want].wx);
        EXPECT_EQ(p.wy, designs[want].wy);
        expectVerified(*s_device, p, TuningProblem{}, {{{size[0], size[1], size[2], size[3]}}});
    }
}

TEST_F(BatchedPocl, PointerArrayTableRunsItsOwnDesignAndStridedCallsTheStridedOne) {
    // One rule file with both tables, as `ktune rules --merge` writes it: at 6 the strided table names the read-only
    // design with 4 x 4 work-items and the pointers table the shared one with 3 x 3 work-items, 2 x 2 blocks, one
    // problem and rounds (the shape H200 run Y found for pointer arrays at single 32); at 3 only the strided table
    // has an entry. Every call runs through the tuned routine and is checked against OpenBLAS, and the programs
    // compiled say which design ran: a pointer-array program of the pointer design, strided programs of the
    // strided one, nothing else.
    const BatchedParams strided = params(0, 8, 4, 4), pointers = withSeq(blocked(1, 1, 3, 3, false), 2);
    const BatchedParams small = params(1, 4, 3, 3);
    const std::string sKey = pointFromParams(strided).key(), pKey = pointFromParams(pointers).key();
    rules::SizeTable main, ptr;
    main.dims = ptr.dims = {"m", "n", "k"};
    main.keys = {{3, 3, 3}, {6, 6, 6}};
    main.candidates = {pointFromParams(small).key(), sKey};
    ptr.keys = {{6, 6, 6}};
    ptr.candidates = {pKey};
    auto json = rules::tableToJson(rules::withKindTable(main, kPointersKind, ptr));
    json["family"] = "sgemm_batched";
    auto family = std::make_shared<BatchedFamily>(Precision::F32);
    auto chooser = std::make_shared<RuleChooser>(rules::ruleFileFromJson(json, "both.json"), *family, s_device->info());
    ProgramCache programs(*s_device);
    auto timeline = std::make_shared<CompileTimeline>();
    programs.recordTimeline(timeline);
    TunedRoutine routine(*s_device, programs, family, chooser);
    auto programKey = [&](const BatchedParams& p, const blas::BlasCall& call) {
        BatchedShape shape{call.opA, call.opB, call.m, call.n, call.k};
        shape.pointers = call.routine == blas::routine::kGemmBatched;
        return programs.key(batchedRoutinePlan(p, s_device->info(), shape).programs.front());
    };
    auto compiled = [&] {
        std::set<std::string> keys;
        for (const auto& e : timeline->events()) keys.insert(e.key);
        return keys;
    };
    struct Case {
        const char* variant;
        std::int64_t n;
        const BatchedParams* want;
        const char* kind; // the table that chose
    };
    for (const Case& c : {Case{"ptr-nt", 6, &pointers, "pointers"}, Case{"nt", 6, &strided, ""},
                          Case{"ptr-nn", 3, &small, ""}, Case{"tn", 3, &small, ""}}) {
        SCOPED_TRACE(std::string(c.variant) + " at " + std::to_string(c.n));
        blas::BlasCall call = *family->benchCall(c.variant, {{c.n, c.n, c.n, 13}});
        call.alpha = 0.5, call.beta = -1.25;
        const blas::BlasOperands layout{{nullptr, blas::minimalLd(call, blas::Operand::A), 0},
                                        {nullptr, blas::minimalLd(call, blas::Operand::B), 0},
                                        {nullptr, c.n, 0}};
        const auto before = compiled();
        const auto a = pattern(blas::elementExtent(call, blas::Operand::A, layout.a), 1);
        const auto b = pattern(blas::elementExtent(call, blas::Operand::B, layout.b), 2);
        std::vector<float> ha(a.begin(), a.end()), hb(b.begin(), b.end());
        std::vector<float> hc(std::size_t(blas::elementExtent(call, blas::Operand::C, layout.c)));
        for (std::size_t i = 0; i < hc.size(); ++i) hc[i] = float(int(i % 7) - 3) / 4.0f;
        auto ba = upload(*s_device, ha), bb = upload(*s_device, hb), bc = upload(*s_device, hc);
        blas::BlasOperands ops = layout;
        ops.a.buffer = ba.get(), ops.b.buffer = bb.get(), ops.c.buffer = bc.get();
        routine.enqueue(call, ops);
        s_device->finish();
        EXPECT_EQ(routine.lastChoice().key, pointFromParams(*c.want).key());
        EXPECT_EQ(routine.lastChoice().kind, c.kind);
        std::vector<float> got(hc.size());
        s_device->read(*bc, got.data(), got.size() * sizeof(float));
        reference::run(call, reference::HostOperand<float>{ha.data(), layout.a.ld, 0},
                       reference::HostOperand<float>{hb.data(), layout.b.ld, 0},
                       reference::HostOperand<float>{hc.data(), layout.c.ld, 0});
        for (std::size_t i = 0; i < hc.size(); ++i) ASSERT_NEAR(got[i], hc[i], 1e-4) << "element " << i;
        // What ran: the one program compiled for this call is the chosen design's, for this batch kind.
        std::set<std::string> added;
        for (const auto& k : compiled())
            if (!before.count(k)) added.insert(k);
        EXPECT_EQ(added, std::set<std::string>{programKey(*c.want, call)});
        for (const BatchedParams* other : {&strided, &pointers, &small})
            if (other != c.want) EXPECT_FALSE(compiled().count(programKey(*other, call)));
    }
}

TEST(BatchedFamily, RuleWithATableForAnUnknownKindIsRefused) {
    // The dispatch kinds the family has are the only tables a rule may add; a misspelt kind would otherwise never
    // be used without a word.
    rules::SizeTable main, other;
    main.dims = other.dims = {"m", "n", "k"};
    main.keys = other.keys = {{4, 4, 4}};
    main.candidates = other.candidates = {pointFromParams(params(0, 8, 4, 4)).key()};
    auto json = rules::tableToJson(rules::withKindTable(main, "pointer", other));
    BatchedFamily family(Precision::F32);
    const DeviceInfo device = gpuLike();
    try {
        RuleChooser chooser(rules::ruleFileFromJson(json, "typo.json"), family, device);
        ADD_FAILURE() << "accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("typo.json: a table for call kind 'pointer', which sgemm_batched does "
                                             "not have (its kinds: pointers)"),
                  std::string::npos)
            << e.what();
    }
    json = rules::tableToJson(rules::withKindTable(main, kPointersKind, other));
    try {
        RuleChooser chooser(rules::ruleFileFromJson(json, "ok.json"), family, device);
        EXPECT_EQ(chooser.choose({{4, 4, 4, 9}}, kPointersKind).kind, kPointersKind);
    } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
    }
}
