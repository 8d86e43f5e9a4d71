// TunedRoutine and the point choosers on PoCL: an sgemm routine whose point comes from the store (the stored size
// nearest the call) or from a rule (both sides of its boundary), each call checked against OpenBLAS; a family whose
// candidate is the routine, an empty store and a rule naming a point outside the space give clear errors.
#include <limits>
#include <tuple>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app/bench/blas_check.hpp"
#include "core/engine/tuned_routine.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;

namespace {

class TunedRoutinePocl : public test::SharedDeviceTest<TunedRoutinePocl, &test::openPoclDevice> {
protected:
    static std::shared_ptr<const Family> family(const std::string& name) {
        kernels::registerBuiltinFamilies();
        return FamilyRegistry::instance().find(name);
    }
    // Two different seed points of sgemm on this device.
    std::pair<Point, Point> twoPoints() const {
        const auto seeds = family("sgemm")->seedPoints(s_device->info());
        EXPECT_GE(seeds.size(), 2u);
        return {seeds.at(0), seeds.at(1)};
    }
    // A routine of `name` whose rule takes `small` below 48 and `large` from 48 (its sizes all equal).
    TunedRoutine ruledRoutine(const std::string& name, const Point& small, const Point& large,
                              ProgramCache& programs) const {
        const auto rule =
            rules::ruleFileFromJson(nlohmann::json{{"format", "ktune-rules/1"},
                                                   {"family", name},
                                                   {"intervals",
                                                    {{{"lo", 1}, {"hi", 48}, {"candidate", small.key()}},
                                                     {{"lo", 48}, {"hi", 4096}, {"candidate", large.key()}}}}},
                                    "R.json");
        return TunedRoutine(*s_device, programs, family(name),
                            std::make_shared<RuleChooser>(rule, *family(name), s_device->info()));
    }
};

// An sgemm of size n through the routine (column-major TN unless said), checked against the host reference.
void expectCorrect(Device& device, Routine& routine, std::int64_t n, blas::Op opA = blas::Op::T,
                   blas::Op opB = blas::Op::N, blas::Order order = blas::Order::ColMajor) {
    blas::BlasCall call;
    call.precision = Precision::F32;
    call.order = order;
    call.opA = opA, call.opB = opB;
    call.m = n, call.n = n, call.k = n;
    call.alpha = 1.5, call.beta = -0.5;
    auto host = bench::randomOperands<float>(call, 7);
    auto a = test::upload(device, host.a), b = test::upload(device, host.b), c = test::upload(device, host.c);
    blas::BlasOperands ops = host.layout;
    ops.a.buffer = a.get(), ops.b.buffer = b.get(), ops.c.buffer = c.get();
    routine.enqueue(call, ops);
    std::vector<float> got(host.c.size());
    device.read(*c, got.data(), got.size() * sizeof(float));
    const auto v = bench::checkBlasResult(call, host, got);
    EXPECT_TRUE(v.ok) << "n = " << n << ": " << v.message;
}

} // namespace

TEST_F(TunedRoutinePocl, StoredBestOfTheNearestSizeRunsAndIsCorrect) {
    const auto [small, large] = twoPoints();
    auto db = store::Database::open(":memory:");
    store::DeviceRepository(db).upsert(s_device->info());
    store::NewRun run;
    run.deviceId = s_device->info().stableId();
    run.family = "sgemm";
    run.strategy = "test";
    const auto runId = store::RunRepository(db).create(run);
    store::MeasurementRepository measurements(db);
    auto stored = [&](const Point& p, std::int64_t n, double value) {
        Measurement m;
        m.pointKey = p.key();
        m.size = {{n, n, n}};
        m.status = MeasurementStatus::Ok;
        m.value = value;
        measurements.insert(runId, m);
    };
    stored(small, 32, 10), stored(large, 32, 5); // small wins at 32
    stored(small, 256, 5), stored(large, 256, 10); // large wins at 256

    auto chooser = std::make_shared<StoredBestChooser>(measurements, run.deviceId, *family("sgemm"));
    ProgramCache programs(*s_device);
    TunedRoutine routine(*s_device, programs, family("sgemm"), chooser);
    expectCorrect(*s_device, routine, 40); // nearer 32 than 256
    EXPECT_EQ(routine.lastChoice().key, small.key());
    EXPECT_EQ(routine.lastChoice().origin, "best");
    EXPECT_EQ(routine.lastChoice().tunedAt, "32x32x32");
    expectCorrect(*s_device, routine, 200);
    EXPECT_EQ(routine.lastChoice().key, large.key());
    expectCorrect(*s_device, routine, 33);
    EXPECT_EQ(routine.builtRoutines(), 2u); // one routine per point, reused
}

TEST_F(TunedRoutinePocl, RuleChoosesOnBothSidesOfItsBoundary) {
    const auto [small, large] = twoPoints();
    ProgramCache programs(*s_device);
    TunedRoutine routine = ruledRoutine("sgemm", small, large, programs);
    expectCorrect(*s_device, routine, 47);
    EXPECT_EQ(routine.lastChoice().key, small.key());
    EXPECT_EQ(routine.lastChoice().why, "1 <= m = n = k < 48");
    expectCorrect(*s_device, routine, 48);
    EXPECT_EQ(routine.lastChoice().key, large.key());
}

// GEMM's merged rule (`ktune rules --merge` of an NN rule and a TN rule): TN calls, and the row-major NT calls
// that are column-major TN, take the TN intervals' kernel; NN calls and TT calls (no TT intervals) the main one.
TEST_F(TunedRoutinePocl, GemmOpsTakeTheirOwnIntervals) {
    const auto [nnPoint, tnPoint] = twoPoints();
    const auto rule = rules::ruleFileFromJson(
        nlohmann::json{{"format", "ktune-rules/1"},
                       {"family", "sgemm"},
                       {"intervals", {{{"lo", 1}, {"hi", 4096}, {"candidate", nnPoint.key()}}}},
                       {"kinds", {{"tn", {{"intervals", {{{"lo", 1}, {"hi", 4096}, {"candidate", tnPoint.key()}}}}}}}}},
        "M.json");
    ProgramCache programs(*s_device);
    TunedRoutine routine(*s_device, programs, family("sgemm"),
                         std::make_shared<RuleChooser>(rule, *family("sgemm"), s_device->info()));
    using blas::Op;
    struct Case {
        Op opA, opB;
        blas::Order order;
        const Point* want;
        const char* kind;
    };
    for (const Case& c : {Case{Op::N, Op::N, blas::Order::ColMajor, &nnPoint, ""},
                          Case{Op::T, Op::N, blas::Order::ColMajor, &tnPoint, "tn"},
                          Case{Op::N, Op::T, blas::Order::RowMajor, &tnPoint, "tn"},
                          Case{Op::T, Op::T, blas::Order::ColMajor, &nnPoint, ""}}) {
        SCOPED_TRACE(std::string(c.kind) + (c.order == blas::Order::RowMajor ? " row-major" : " column-major"));
        expectCorrect(*s_device, routine, 37, c.opA, c.opB, c.order);
        EXPECT_EQ(routine.lastChoice().key, c.want->key());
        EXPECT_EQ(routine.lastChoice().kind, c.kind);
    }
    // A kind sgemm does not have is refused when the routine is made.
    auto wrong = rule.document;
    wrong["kinds"]["pointers"] = wrong["kinds"]["tn"];
    EXPECT_THROW(RuleChooser(rules::ruleFileFromJson(wrong, "W.json"), *family("sgemm"), s_device->info()),
                 std::invalid_argument);
}

// A BLAS3 family through the same routine: an ssyrk rule over n = k (as tools/gpu-dispatch.sh derives it) picks the
// TN kernel per call; lower and upper calls on both sides of the boundary match OpenBLAS, the other triangle untouched.
TEST_F(TunedRoutinePocl, Blas3RuleChoosesTheKernelPerSize) {
    const auto [small, large] = twoPoints(); // GEMM points without split-K are ssyrk points as they are
    ProgramCache programs(*s_device);
    TunedRoutine routine = ruledRoutine("ssyrk", small, large, programs);
    for (const auto& [n, uplo, key] :
         {std::tuple{47, blas::Uplo::Lower, small.key()}, std::tuple{48, blas::Uplo::Upper, large.key()},
          std::tuple{33, blas::Uplo::Upper, small.key()}}) {
        blas::BlasCall call;
        call.routine = blas::routine::kSyrk;
        call.precision = Precision::F32;
        call.order = blas::Order::ColMajor;
        call.uplo = uplo;
        call.opA = call.opB = blas::Op::N;
        call.n = n, call.k = n;
        call.alpha = 1.5, call.beta = -0.5;
        auto host = bench::randomOperands<float>(call, 11);
        for (std::size_t i = 0; i < host.c.size(); ++i) // the other triangle must stay as it is, NaN included
            if (uplo == blas::Uplo::Lower ? i / std::size_t(n) > i % std::size_t(n)
                                          : i / std::size_t(n) < i % std::size_t(n))
                host.c[i] = std::numeric_limits<float>::quiet_NaN();
        auto a = test::upload(*s_device, host.a), c = test::upload(*s_device, host.c);
        blas::BlasOperands ops = host.layout;
        ops.a.buffer = a.get(), ops.c.buffer = c.get();
        routine.enqueue(call, ops);
        std::vector<float> got(host.c.size());
        s_device->read(*c, got.data(), got.size() * sizeof(float));
        const auto v = bench::checkBlasResult(call, host, got);
        EXPECT_TRUE(v.ok) << "n = " << n << ": " << v.message;
        EXPECT_EQ(routine.lastChoice().key, key) << "n = " << n;
    }
    EXPECT_EQ(routine.lastChoice().why, "1 <= n = k < 48");
    EXPECT_EQ(routine.builtRoutines(), 2u);
}

TEST_F(TunedRoutinePocl, ClearErrors) {
    auto db = store::Database::open(":memory:");
    const store::MeasurementRepository measurements(db);
    try {
        StoredBestChooser(measurements, s_device->info().stableId(), *family("sgemm"));
        FAIL() << "an empty store gave a chooser";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no successful sgemm measurements"), std::string::npos) << e.what();
    }
    const auto bad = rules::ruleFileFromJson(
        nlohmann::json{{"format", "ktune-rules/1"}, {"intervals", {{{"lo", 1}, {"hi", 8}, {"candidate", "GEMM_ML=3"}}}}},
        "bad.json");
    try {
        RuleChooser(bad, *family("sgemm"), s_device->info());
        FAIL() << "a rule naming a point outside the space gave a chooser";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("candidate 'GEMM_ML=3'"), std::string::npos) << e.what();
    }
    // A valid point this device cannot run (an FP64 tensor-core kernel, from the H200 DGEMM rule, on PoCL): refused
    // before any device work, naming the candidate and the requirement.
    const std::string mma = "GEMM_ML=64,GEMM_NL=64,GEMM_KL=16,GEMM_MS=8,GEMM_NS=4,GEMM_KS=1,GEMM_VW=2,GEMM_LOCAL_A=1,"
                            "GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=0,GEMM_LAYOUT_B=0,"
                            "GEMM_PREFETCH=0,GEMM_MAXREGS=0,GEMM_KSPLIT=1,GEMM_MMA=2,GEMM_WM=64,GEMM_STAGES=3,"
                            "GEMM_SWIZZLE=3,GEMM_DBUF=1,GEMM_LDS128=1,GEMM_MINB=0,GEMM_DIRECT=1,GEMM_CSTAGE=1";
    const auto tensorCores = rules::ruleFileFromJson(
        nlohmann::json{{"format", "ktune-rules/1"}, {"intervals", {{{"lo", 1}, {"hi", 8}, {"candidate", mma}}}}},
        "tc.json");
    try {
        RuleChooser(tensorCores, *family("dgemm"), s_device->info());
        FAIL() << "a rule naming a tensor-core kernel gave a chooser on " << s_device->info().label();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("tc.json: candidate 'GEMM_ML=64"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("cannot run on"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("FP64 tensor cores need a CUDA device"), std::string::npos) << e.what();
    }
    // dot's candidate is what runs: it has no routine on user operands.
    const auto dot = family("sdot");
    const auto rule = rules::ruleFileFromJson(
        nlohmann::json{{"format", "ktune-rules/1"},
                       {"intervals", {{{"lo", 1}, {"hi", 8}, {"candidate", "DOT_WG=64,DOT_WPT=2"}}}}},
        "dot.json");
    ProgramCache programs(*s_device);
    TunedRoutine routine(*s_device, programs, dot, std::make_shared<RuleChooser>(rule, *dot, s_device->info()));
    blas::BlasCall call;
    call.routine = "dot";
    call.n = 4;
    EXPECT_THROW(routine.enqueue(call, {}), std::invalid_argument);
}
