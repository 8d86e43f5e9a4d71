// sgemm_batched/dgemm_batched: the space and metadata, and candidates measured and verified on PoCL.
#include <gtest/gtest.h>

#include "core/engine/candidate_measurer.hpp"
#include "core/engine/plan_executor.hpp"
#include "core/engine/plan_run.hpp"
#include "core/engine/program_cache.hpp"
#include "core/engine/routine.hpp"
#include "kernels/batched/batched_family.hpp"
#include "kernels/reference/blas_reference.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::batched;
using namespace kt::test;

namespace {

BatchedParams params(int design, int tba, int wx, int wy, Precision prec = Precision::F32) {
    BatchedParams p;
    p.precision = prec, p.design = Design(design), p.tba = tba, p.wx = wx, p.wy = wy;
    return p;
}

// Together they take every value of every parameter (checked below); each fits PoCL's work-group limit.
const std::vector<BatchedParams> kBatchedVariants = {
    params(0, 1, 1, 1),  params(1, 2, 2, 2),  params(0, 4, 4, 4), params(1, 8, 8, 8),   params(0, 16, 16, 1),
    params(1, 32, 1, 2), params(0, 1, 32, 4), params(1, 2, 4, 32), params(1, 1, 16, 16),
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
    EXPECT_EQ(s.benchDescription().variants, (std::vector<std::string>{"nn", "nt", "tn", "tt"}));
    // Sizes beyond 32, and shared tiles beyond the local memory, are not supported.
    const Point shared = pointFromParams(params(1, 32, 8, 8));
    EXPECT_FALSE(s.supports(shared, {{33, 2, 2, 1}}));
    EXPECT_TRUE(s.supportsOn(shared, {{8, 8, 8, 100}}, gpuLike()));
    EXPECT_FALSE(s.supportsOn(shared, {{32, 32, 32, 100}}, gpuLike())); // 32 x 8 KB > 48 KB
    EXPECT_THROW(paramsFromPoint(pointFromParams(params(0, 3, 1, 1)), Precision::F32), std::invalid_argument);
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
            expectVerified(*s_device, params(design, 4, 2, 2, prec), problem, {{{7, 5, 3, 9}}, {{1, 1, 1, 1}}});
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
