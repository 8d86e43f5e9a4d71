// ssymv/dsymv (lower and upper) as kt::Family: the space, and candidates measured and verified on PoCL.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <unistd.h>

#include "core/engine/candidate_measurer.hpp"
#include "core/engine/plan_run.hpp"
#include "core/engine/program_cache.hpp"
#include "core/engine/routine.hpp"
#include "kernels/builtin_families.hpp"
#include "kernels/reference/cblas_reference.hpp"
#include "kernels/symv/symv_family.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::kernels;
using namespace kt::symv;

namespace {

struct Variant {
    Precision precision;
    blas::Uplo uplo;
    int algo, bs, ux, mult, mx;
    int vw = 1, cg = 1, chunk = 1, fuse = 0; // the tiled algorithm's parameters
    int one = 0;                             // L+U in one launch: rows per work-group
};

std::string str(int v) { return std::to_string(v); }

Point pointOf(const Variant& v) {
    return Point::fromKey("SYMV_ALGO=" + str(v.algo) + ",SYMV_BLOCK_SIZE=" + str(v.bs) + ",SYMV_UX=" + str(v.ux) +
                          ",SYMV_MULTIPLICITY=" + str(v.mult) + ",SYMV_MX=" + str(v.mx) + ",SYMV_VW=" + str(v.vw) +
                          ",SYMV_CG=" + str(v.cg) + ",SYMV_CHUNK=" + str(v.chunk) + ",SYMV_FUSE=" + str(v.fuse) +
                          ",SYMV_ONE_LAUNCH=" + str(v.one) + ",SYMV_PDL=0"); // PDL: CUDA sm_90 only (symv_nvrtc_test)
}

// Together: every value of every parameter, both atomic variants, L+U and the tiled algorithm in each of the four
// families.
std::vector<Variant> variants() {
    const int bs[] = {32, 64, 96, 128, 160, 192, 224, 256};
    const Precision precs[] = {Precision::F32, Precision::F64};
    const blas::Uplo uplos[] = {blas::Uplo::Lower, blas::Uplo::Upper};
    std::vector<Variant> out;
    for (int i = 0; i < 25; ++i) // UX 8..32
        out.push_back({precs[i % 2], uplos[(i / 2) % 2], (i / 4) % 2, bs[i % 8], 8 + i, 1 + (i * 3) % 8, i % 10});
    const int luRows[] = {0, 0, 0, 0, 1, 2, 4, 8};
    for (int i = 0; i < 8; ++i) { // two kernels, then one launch with 1, 2, 4, 8 rows per group, in all four families
        out.push_back({precs[i % 2], uplos[(i / 2) % 2], kSymvLU, bs[i], 8, 1, 0});
        out.back().one = luRows[i];
    }
    // Tiled: every VW, CG and CHUNK; tiles of 32 to 320 rows, so n = 1000 takes several tiles and chunks per block.
    const int tiled[][5] = {{64, 8, 1, 1, 1},    {128, 12, 2, 2, 2}, {256, 16, 4, 4, 4}, {96, 24, 1, 8, 8},
                            {160, 32, 2, 1, 16}, {32, 8, 4, 2, 32},  {64, 20, 1, 4, 1},  {128, 16, 2, 8, 2}};
    for (int i = 0; i < 8; ++i) {
        const auto* r = tiled[i];
        out.push_back(
            {precs[i % 2], uplos[(i / 2) % 2], kSymvTiled, r[0], r[1], 1 + i % 2, 0, r[2], r[3], r[4], (i / 4) % 2});
    }
    // SYMV_FUSE 2 (the last group to add into a block of y writes it): the same eight tilings in the other
    // precision and triangle, so every VW, CG and CHUNK meets it in all four families; n = 1000 is no multiple of
    // UX 12, 24, 20 or 32 and spans four blocks of 256 rows.
    for (int i = 0; i < 8; ++i) {
        const auto* r = tiled[i];
        out.push_back({precs[(i + 1) % 2], uplos[(i / 2 + 1) % 2], kSymvTiled, r[0], r[1], 1 + i % 2, 0, r[2], r[3],
                       r[4], 2});
    }
    // β·y inside the kernel with column groups and UX a multiple of CG but of no power of two above it: PoCL 3.1 once
    // skipped every column sum of these (the count of finished groups behind two barriers, symv.cl).
    out.push_back({Precision::F64, blas::Uplo::Lower, kSymvTiled, 32, 24, 4, 0, 1, 2, 4, 1});
    out.push_back({Precision::F32, blas::Uplo::Upper, kSymvTiled, 32, 20, 4, 0, 1, 2, 1, 1});
    return out;
}

DeviceInfo poclLike() {
    DeviceInfo d;
    d.type = DeviceType::Cpu, d.fp64 = true, d.atomics64 = true;
    d.localMemBytes = 1 << 20, d.maxWorkGroupSize = 4096, d.maxWorkItemSizes = {4096, 4096, 4096};
    return d;
}

DeviceInfo gpuLike() {
    DeviceInfo d;
    d.type = DeviceType::Gpu, d.fp64 = true, d.atomics64 = true;
    d.localMemBytes = 48 << 10, d.maxWorkGroupSize = 1024, d.maxWorkItemSizes = {1024, 1024, 64};
    return d;
}

class SymvPocl : public test::SharedDeviceTest<SymvPocl, &test::openPoclDevice> {};

constexpr int kOneLaunchLU = 4; // test cases: the algorithms, then L+U in one launch, then SYMV_FUSE 2
constexpr int kTiledFuse2 = 5;

// One point per algorithm (and L+U in one launch) for the alpha/beta and routine cases.
Variant exampleOf(int kind, blas::Uplo uplo) {
    if (kind == kTiledFuse2) // 32-row tiles, two per group: at n = 130 all 26 groups count into one block of y
        return {Precision::F64, uplo, kSymvTiled, 64, 12, 2, 0, 1, 2, 2, 2};
    if (kind == kSymvTiled)
        return {Precision::F64, uplo, kSymvTiled, 64, 12, 2, 0, 2, 2, 2, 1};
    if (kind == kOneLaunchLU) {
        Variant v{Precision::F64, uplo, kSymvLU, 64, 8, 1, 0};
        v.one = 4; // n = 5 and 130 leave the last group short of rows
        return v;
    }
    if (kind == kSymvLU)
        return {Precision::F64, uplo, kSymvLU, 64, 8, 1, 0};
    return {Precision::F64, uplo, kind, 64, 12, 2, 3};
}

} // namespace

TEST(SymvFamily, RegisteredWithTheirMetadata) {
    registerBuiltinFamilies();
    for (const char* name : {"ssymv", "dsymv", "ssymv_upper", "dsymv_upper"}) {
        const auto family = FamilyRegistry::instance().find(name);
        ASSERT_TRUE(family) << name;
        EXPECT_EQ(family->sizeDimensions(), std::vector<std::string>{"n"});
        EXPECT_EQ(family->metric(), Metric::GFlops);
        EXPECT_DOUBLE_EQ(family->flops({{100}}), 2e4);
        const double eb = family->precision() == Precision::F64 ? 8 : 4;
        EXPECT_DOUBLE_EQ(family->bytes({{100}}), (5050 + 300) * eb);
        const auto call = family->benchCall("", {{100}});
        ASSERT_TRUE(call);
        EXPECT_EQ(call->routine, "symv");
        EXPECT_EQ(call->n, 100);
        EXPECT_EQ(call->uplo, std::string(name).ends_with("_upper") ? blas::Uplo::Upper : blas::Uplo::Lower);
        for (const auto& v : variants()) {
            const auto plan = family->plan(pointOf(v), gpuLike());
            ASSERT_TRUE(plan);
            EXPECT_EQ(plan->invalidReason(), "") << pointOf(v).key();
            const char* first = v.algo == kSymvLU ? (v.one ? "symv_lu_one" : "symv_lu_rows")
                                : v.algo == kSymvTiled ? "symv_tiled"
                                                       : "symv_atomic";
            EXPECT_EQ(plan->programs.at(0).kernels.at(0), first);
            // L+U in one launch: beta y in the same kernel, so a call is one launch.
            if (v.algo == kSymvLU) {
                EXPECT_EQ(plan->launches.size(), v.one ? 1u : 2u) << pointOf(v).key();
            }
        }
    }
}

TEST(SymvFamily, VariantsCoverEveryValueOfEveryParameter) {
    const auto space = SymvFamily(Precision::F64, blas::Uplo::Lower).space(poclLike());
    const auto vs = variants();
    for (const auto& param : space.parameters())
        for (ParamValue value : param.values) {
            if (param.name == "SYMV_PDL") continue; // CUDA sm_90+ only: symv_nvrtc_test and symv_cuda_test
            bool found = false;
            for (const auto& v : vs)
                found = found || pointOf(v)[param.name] == value;
            EXPECT_TRUE(found) << param.name << "=" << value << " is not tested";
        }
    std::set<std::tuple<Precision, blas::Uplo, int>> combos;
    for (const auto& v : vs) {
        combos.insert({v.precision, v.uplo, v.algo});
        EXPECT_TRUE(SymvFamily(v.precision, v.uplo).space(poclLike()).isValid(pointOf(v))) << pointOf(v).key();
    }
    EXPECT_EQ(combos.size(), 16u); // 2 precisions x 2 triangles x 4 algorithms
}

TEST(SymvFamily, SpaceFollowsThePaperAndTheDevice) {
    const SymvFamily family(Precision::F64, blas::Uplo::Lower);
    const auto gpu = family.space(gpuLike());
    std::uint64_t valid = 0, tiledValid = 0;
    gpu.forEachValid([&](const Point& p) {
        ++valid;
        // With the fused kernels' other local arrays: within CUDA's static limit.
        EXPECT_LE(symvLocalBytes(p, Precision::F64, gpuLike()) + symvFusedLocalBytes(p), 48 << 10) << p.key();
        if (p["SYMV_ALGO"] == kSymvTiled) {
            ++tiledValid;
            EXPECT_EQ(p["SYMV_MX"], 0);
            EXPECT_EQ(p["SYMV_UX"] % p["SYMV_CG"], 0) << p.key();
            EXPECT_EQ(p["SYMV_UX"] % p["SYMV_VW"], 0) << p.key();
            EXPECT_GE(symvLocalBytes(p, Precision::F64, gpuLike()), symvTiledLocalElems(p, Precision::F64) * 8);
        } else {
            EXPECT_EQ(p["SYMV_VW"] * p["SYMV_CG"] * p["SYMV_CHUNK"], 1) << p.key();
            EXPECT_EQ(p["SYMV_FUSE"], 0) << p.key();
            if (p["SYMV_ALGO"] != kSymvLU) {
                EXPECT_EQ(p["SYMV_ONE_LAUNCH"], 0) << p.key();
            }
        }
        return true;
    });
    // The paper's space is 8 x 25 x 8 x 10 = 16000 per atomic variant, less what eq. (3) removes; L+U adds 8 per
    // launch form (two kernels, one launch with 1, 2, 4 or 8 rows per group); the
    // tiled algorithm at most 8 x 25 x 8 x 3 x 4 x 6, less the divisibility and local-memory constraints.
    EXPECT_GT(valid - tiledValid, 16000u);
    EXPECT_LE(valid - tiledValid, 2 * 16000u + 40);
    EXPECT_GT(tiledValid, 1000u);
    EXPECT_LT(tiledValid, 8u * 25 * 8 * 72 * 3); // SYMV_FUSE 0, 1, 2
    // The column sums use at most 16 KiB per pass plus a partial per work-item; the row sums BLOCK_SIZE x VW.
    const Point wide = pointOf({Precision::F64, blas::Uplo::Lower, kSymvTiled, 256, 32, 1, 0, 2, 1, 4});
    EXPECT_EQ(symvTiledColumnsPerPass(wide, Precision::F64), 7); // 2048 doubles / 257 per column
    EXPECT_EQ(symvTiledLocalElems(wide, Precision::F64), 7 * 257 + 256);
    const Point grouped = pointOf({Precision::F32, blas::Uplo::Lower, kSymvTiled, 128, 8, 1, 0, 4, 8, 1});
    EXPECT_EQ(symvTiledColumnsPerPass(grouped, Precision::F32), 1);
    EXPECT_EQ(symvTiledLocalElems(grouped, Precision::F32), 128 * 4); // the row sums: more than 8 x 17 + 128
    // Without 64-bit atomics, double atomic adds are out; with a small work-group limit, large blocks are.
    DeviceInfo small = gpuLike();
    small.atomics64 = false, small.maxWorkGroupSize = 128;
    const auto limited = family.space(small);
    EXPECT_FALSE(limited.isValid(pointOf({Precision::F64, blas::Uplo::Lower, kSymvAtomicAdd, 128, 8, 1, 0})));
    EXPECT_FALSE(limited.isValid(pointOf({Precision::F64, blas::Uplo::Lower, kSymvAtomicLock, 256, 8, 1, 0})));
    EXPECT_TRUE(limited.isValid(pointOf({Precision::F64, blas::Uplo::Lower, kSymvAtomicLock, 128, 8, 1, 0})));
    // L+U in one launch reduces BLOCK_SIZE reals per row of its group: 8 KiB of local memory (7 KiB usable) holds
    // 256 x 2 doubles, not 256 x 4.
    DeviceInfo tiny = gpuLike();
    tiny.localMemBytes = 8 << 10;
    const auto tight = family.space(tiny);
    Variant lu{Precision::F64, blas::Uplo::Lower, kSymvLU, 256, 8, 1, 0};
    lu.one = 2;
    EXPECT_TRUE(tight.isValid(pointOf(lu)));
    lu.one = 4;
    EXPECT_FALSE(tight.isValid(pointOf(lu)));
    EXPECT_TRUE(gpu.isValid(pointOf(lu)));
    // MULTIPLICITY raises the local-memory request to one group's share of the compute unit.
    const Point p = pointOf({Precision::F64, blas::Uplo::Lower, kSymvAtomicLock, 128, 16, 4, 0});
    EXPECT_EQ(symvLocalBytes(p, Precision::F64, gpuLike()), (48 << 10) / 4 - 1024);
    EXPECT_FALSE(family.seedPoints(gpuLike()).empty());
}

TEST(SymvFamily, SameTextCompilesAsCuda) {
    const std::string nvcc = std::getenv("KT_NVCC") ? std::getenv("KT_NVCC") : "/usr/local/cuda/bin/nvcc";
    if (!std::filesystem::exists(nvcc))
        GTEST_SKIP() << "nvcc not found at " << nvcc;
    const auto dir = std::filesystem::temp_directory_path() / ("kt_symv_nvcc_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto vs = variants();
    for (std::size_t i = 0; i < vs.size(); ++i) {
        // A third of the variants (every algorithm, triangle, precision) and every SYMV_FUSE 2 one.
        if (i % 3 != 0 && vs[i].fuse != 2) continue;
        const SymvFamily family(vs[i].precision, vs[i].uplo);
        const auto program = family.generate(pointOf(vs[i]), gpuLike());
        const auto file = dir / ("symv" + std::to_string(i) + ".cu"), log = dir / "nvcc.log";
        std::ofstream(file) << program.source;
        std::string cmd = nvcc + " -arch=sm_90 -c -x cu -o /dev/null";
        for (const auto& o : program.options)
            cmd += " " + o;
        cmd += " " + file.string() + " > " + log.string() + " 2>&1";
        const int rc = std::system(cmd.c_str());
        std::ifstream in(log);
        const std::string output{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        EXPECT_EQ(rc, 0) << family.name() << " " << pointOf(vs[i]).key() << ":\n" << output;
    }
    std::filesystem::remove_all(dir);
}

class SymvPoclVariant : public SymvPocl, public ::testing::WithParamInterface<Variant> {};

TEST_P(SymvPoclVariant, MatchesOpenBlasThroughTheMeasurer) {
    const Variant v = GetParam();
    MeasureOptions options;
    options.warmupRuns = 1;
    options.timedRuns = 2; // a second run shows that beta y is applied once per run, not accumulated
    const std::vector<ProblemSize> sizes = {{{1}}, {{7}}, {{33}}, {{100}}, {{257}}, {{1000}}};
    auto family = std::make_shared<SymvFamily>(v.precision, v.uplo);
    const Point point = pointOf(v);
    SCOPED_TRACE(family->name() + " " + point.key());
    CandidateMeasurer measurer(*s_device, family);
    const auto results = measurer.measure(point, sizes, options);
    ASSERT_EQ(results.size(), sizes.size());
    for (const auto& m : results) {
        EXPECT_EQ(m.status, MeasurementStatus::Ok) << m.size.label() << ": " << m.error;
        EXPECT_GT(m.value, 0.0);
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, SymvPoclVariant, ::testing::ValuesIn(variants()),
                         [](const ::testing::TestParamInfo<Variant>& info) {
                             const Variant& v = info.param;
                             return SymvFamily(v.precision, v.uplo).name() + "_algo" + str(v.algo) + "_bs" + str(v.bs) +
                                    "_ux" + str(v.ux) + "_m" + str(v.mult) + "_mx" + str(v.mx) +
                                    (v.one ? "_one" + str(v.one) : "") +
                                    (v.algo == kSymvTiled ? "_vw" + str(v.vw) + "_cg" + str(v.cg) + "_chunk" +
                                                                str(v.chunk) + "_fuse" + str(v.fuse)
                                                          : "");
                         });

TEST_F(SymvPocl, AlphaAndBetaZero) {
    // beta = 0 must not read y (the output holds NaN poison and y0 is never read); alpha = 0 leaves beta y.
    ProgramCache programs(*s_device);
    for (auto [alpha, beta] : {std::pair{0.0, -0.5}, std::pair{1.25, 0.0}, std::pair{0.0, 0.0}})
        for (int kind : {kSymvAtomicLock, kSymvAtomicAdd, kSymvLU, kSymvTiled, kOneLaunchLU, kTiledFuse2})
            for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper}) {
                const SymvFamily family(Precision::F64, uplo);
                const Point point = pointOf(exampleOf(kind, uplo));
                SCOPED_TRACE(family.name() + " " + point.key() + " alpha " + std::to_string(alpha) + " beta " +
                             std::to_string(beta));
                auto plan = family.plan(point, s_device->info());
                ASSERT_TRUE(plan);
                for (auto& s : plan->scalars)
                    s.tuningValue = s.name == "alpha" ? alpha : beta;
                PlanRun run(*s_device, family, programs, *plan);
                for (std::int64_t n : {5, 130}) {
                    run.prepare({{n}}, 7);
                    run.run();
                    const auto r = run.verify();
                    EXPECT_TRUE(r.ok) << "n " << n << ": " << r.message;
                }
            }
}

TEST(SymvFamily, MultiplicityUsesTheComputeUnitsLocalMemory) {
    // An H100 SM holds 228 KiB of shared memory, a block may declare 48 KiB: MULTIPLICITY 1..3 would request 48 KiB
    // like 4 does (4 groups fit then), so only 4..8 remain, each requesting its share.
    DeviceInfo h100 = gpuLike();
    h100.localMemPerComputeUnitBytes = 228 << 10;
    const SymvFamily family(Precision::F64, blas::Uplo::Lower);
    const auto space = family.space(h100);
    for (int mult = 1; mult <= 8; ++mult) {
        const Point p = pointOf({Precision::F64, blas::Uplo::Lower, kSymvAtomicLock, 128, 16, mult, 0});
        EXPECT_EQ(space.isValid(p), mult >= 4) << "MULTIPLICITY " << mult;
        EXPECT_EQ(space.isValid(pointOf({Precision::F64, blas::Uplo::Lower, kSymvLU, 128, 8, mult, 0})), mult == 1);
        if (mult >= 4) {
            const std::int64_t bytes = symvLocalBytes(p, Precision::F64, h100);
            EXPECT_EQ(bytes, std::min<std::int64_t>((228 << 10) / mult - 1024, 48 << 10) / 8 * 8);
            EXPECT_LE((228 << 10) / (bytes + 1024), mult) << "more than MULTIPLICITY groups would fit";
        }
    }
    // Where the share reaches the 48 KiB a group may declare (MULTIPLICITY 4), the fused tiled kernels' other local
    // arrays must still fit beside it: every valid point, SYMV_FUSE 1 and 2 included.
    std::uint64_t fused = 0;
    space.forEachValid([&](const Point& p) {
        fused += symvFusedLocalBytes(p) > 0 ? 1 : 0;
        EXPECT_LE(symvLocalBytes(p, Precision::F64, h100) + symvFusedLocalBytes(p), 48 << 10) << p.key();
        return true;
    });
    EXPECT_GT(fused, 0u);
    // Without the compute unit's size, one group's limit is the pool (as before it was known).
    EXPECT_TRUE(family.space(gpuLike()).isValid(pointOf({Precision::F64, blas::Uplo::Lower, 0, 128, 16, 1, 0})));
}

namespace {
// Runs the routine of `point` on operands with padding (lda > n, offsets, increments 2 and 3, or a row-major call)
// and compares every element of the y buffer with OpenBLAS on the same layout; elements between y's entries must
// be left alone.
template <class T> void checkRoutine(Device& device, ProgramCache& programs, const SymvFamily& family,
                                     const Point& point, blas::Order order, std::int64_t n, double alpha, double beta,
                                     Routine* reuse = nullptr) {
    const std::int64_t lda = n + 3, offA = 5, offx = 2, incx = 2, offy = 1, incy = 3;
    std::vector<T> a(std::size_t(offA + lda * n)), x(std::size_t(offx + incx * n)), y(std::size_t(offy + incy * n));
    unsigned seed = 11;
    auto next = [&] { return T(int((seed = seed * 1103515245u + 12345u) >> 16) % 200 - 100) / T(64); };
    for (auto* v : {&a, &x, &y})
        for (auto& e : *v) e = next();
    std::vector<T> start = y;
    if (beta == 0)
        for (std::int64_t i = 0; i < n; ++i) start[std::size_t(offy + i * incy)] = std::numeric_limits<T>::quiet_NaN();
    auto A = test::upload(device, a), X = test::upload(device, x), Y = test::upload(device, start);
    blas::BlasCall call;
    call.routine = std::string(blas::routine::kSymv);
    call.precision = family.precision();
    call.order = order;
    // A row-major call of the other triangle is the family's column-major problem.
    call.uplo = order == blas::Order::ColMajor
                    ? family.uplo()
                    : (family.uplo() == blas::Uplo::Lower ? blas::Uplo::Upper : blas::Uplo::Lower);
    call.n = n, call.alpha = alpha, call.beta = beta;
    blas::BlasOperands ops;
    ops.a = {A.get(), lda, offA}, ops.b = {X.get(), incx, offx}, ops.c = {Y.get(), incy, offy};
    std::unique_ptr<Routine> made;
    if (!reuse) {
        made = family.makeRoutine(device, programs, point);
        ASSERT_TRUE(made);
    }
    (reuse ? reuse : made.get())->enqueue(call, ops);
    device.finish();
    std::vector<T> got(y.size());
    device.read(*Y, got.data(), got.size() * sizeof(T));
    std::vector<T> ref = start;
    if (beta == 0)
        for (std::int64_t i = 0; i < n; ++i) ref[std::size_t(offy + i * incy)] = 0;
    reference::symv(order, call.uplo, n, T(alpha), a.data() + offA, lda, x.data() + offx, incx, T(beta),
                    ref.data() + offy, incy);
    for (std::size_t i = 0; i < y.size(); ++i) {
        const bool entry = i >= std::size_t(offy) && (i - std::size_t(offy)) % std::size_t(incy) == 0;
        if (!entry) {
            EXPECT_EQ(got[i], start[i]) << "element " << i << " between y's entries was written";
            continue;
        }
        // Entries are at most 100/64 in magnitude, |alpha|, |beta| <= 2: |alpha| |A| |x| + |beta| |y| <= 5 n + 4.
        const double tol = (2 * std::sqrt(double(n)) + 8) * std::numeric_limits<T>::epsilon() * (5.0 * n + 4);
        EXPECT_NEAR(double(got[i]), double(ref[i]), tol) << "y element " << i;
    }
}
} // namespace

TEST_F(SymvPocl, RoutineOnUserOperands) {
    ProgramCache programs(*s_device);
    // Every algorithm in both triangles; three cases rotate over them so that each algorithm meets two and each case
    // both triangles: column-major double, row-major double with beta = 0 (NaN in y), float with alpha = 0.
    for (int u = 0; u < 2; ++u)
        for (int algo : {kSymvAtomicLock, kSymvAtomicAdd, kSymvLU, kSymvTiled, kOneLaunchLU}) {
            const auto uplo = u == 0 ? blas::Uplo::Lower : blas::Uplo::Upper;
            // The tiled point has 16-byte loads where A is aligned (lda = n + 3 and offset 5 must take the
            // element-wise path) and scales y in place inside the kernel (SYMV_FUSE 1); L+U in one launch scales
            // y in place in the same write as the sum.
            Variant v = exampleOf(algo, uplo);
            if (algo == kSymvTiled)
                v.cg = 4;
            if (algo < kSymvLU)
                v.mx = 5;
            const Point point = pointOf(v);
            const SymvFamily dfam(Precision::F64, uplo);
            const SymvFamily sfam(Precision::F32, uplo);
            SCOPED_TRACE(dfam.name() + " " + point.key());
            switch ((u + algo) % 3) {
            case 0:
                checkRoutine<double>(*s_device, programs, dfam, point, blas::Order::ColMajor, 77, 1.25, -0.5);
                break;
            case 1:
                checkRoutine<double>(*s_device, programs, dfam, point, blas::Order::RowMajor, 33, -0.75, 0.0);
                break;
            default:
                checkRoutine<float>(*s_device, programs, sfam, point, blas::Order::ColMajor, 130, 0.0, 2.0);
            }
        }
}

// SYMV_FUSE 2 on user operands: each of the three cases in both triangles, then one routine called again and again
// with n going up and down (its Setup writes the counts that complete each block of y for one n, so it must run again
// whenever n changes, and the counts and W must be back to zero after every call).
TEST_F(SymvPocl, RoutineWithTheLastGroupFinalizing) {
    ProgramCache programs(*s_device);
    for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper}) {
        const Point point = pointOf(exampleOf(kTiledFuse2, uplo));
        const SymvFamily dfam(Precision::F64, uplo), sfam(Precision::F32, uplo);
        SCOPED_TRACE(dfam.name() + " " + point.key());
        checkRoutine<double>(*s_device, programs, dfam, point, blas::Order::ColMajor, 77, 1.25, -0.5);
        checkRoutine<double>(*s_device, programs, dfam, point, blas::Order::RowMajor, 33, -0.75, 0.0);
        checkRoutine<float>(*s_device, programs, sfam, point, blas::Order::ColMajor, 130, 0.0, 2.0);
        auto routine = dfam.makeRoutine(*s_device, programs, point);
        for (std::int64_t n : {300, 77, 77, 600, 1, 300}) {
            SCOPED_TRACE("n " + std::to_string(n));
            checkRoutine<double>(*s_device, programs, dfam, point, blas::Order::ColMajor, n, 1.25, n % 2 ? 0.0 : -0.5,
                                 routine.get());
        }
    }
}

TEST_F(SymvPocl, RoutineRefusesCallsItCannotRun) {
    ProgramCache programs(*s_device);
    const SymvFamily family(Precision::F64, blas::Uplo::Lower);
    auto routine =
        family.makeRoutine(*s_device, programs, pointOf({Precision::F64, blas::Uplo::Lower, 0, 64, 8, 1, 0}));
    auto buf = s_device->allocate(8 * 100);
    blas::BlasCall call;
    call.routine = std::string(blas::routine::kSymv);
    call.precision = Precision::F64;
    call.order = blas::Order::ColMajor;
    call.uplo = blas::Uplo::Upper;
    call.n = 5;
    blas::BlasOperands ops;
    ops.a = {buf.get(), 5, 0}, ops.b = {buf.get(), 1, 0}, ops.c = {buf.get(), 1, 50};
    EXPECT_THROW(routine->enqueue(call, ops), std::invalid_argument); // the other triangle
    call.uplo = blas::Uplo::Lower;
    call.precision = Precision::F32;
    EXPECT_THROW(routine->enqueue(call, ops), std::invalid_argument); // the other precision
    call.precision = Precision::F64;
    ops.a.ld = 4;
    EXPECT_THROW(routine->enqueue(call, ops), std::invalid_argument); // lda < n
    ops.a.ld = 5;
    call.n = 0;
    EXPECT_NO_THROW(routine->enqueue(call, ops)); // n = 0 returns at once
}
