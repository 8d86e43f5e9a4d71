// ssymv/dsymv (lower and upper) as kt::Family: the space, and candidates measured and verified on PoCL.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

#include "core/engine/candidate_measurer.hpp"
#include "core/engine/plan_run.hpp"
#include "core/engine/program_cache.hpp"
#include "kernels/builtin_families.hpp"
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
};

std::string str(int v) { return std::to_string(v); }

Point pointOf(const Variant& v) {
    return Point::fromKey("SYMV_ALGO=" + str(v.algo) + ",SYMV_BLOCK_SIZE=" + str(v.bs) + ",SYMV_UX=" + str(v.ux) +
                          ",SYMV_MULTIPLICITY=" + str(v.mult) + ",SYMV_MX=" + str(v.mx));
}

// Together: every value of every parameter, both atomic variants and L+U in each of the four families.
std::vector<Variant> variants() {
    const int bs[] = {32, 64, 96, 128, 160, 192, 224, 256};
    const Precision precs[] = {Precision::F32, Precision::F64};
    const blas::Uplo uplos[] = {blas::Uplo::Lower, blas::Uplo::Upper};
    std::vector<Variant> out;
    for (int i = 0; i < 25; ++i) // UX 8..32
        out.push_back({precs[i % 2], uplos[(i / 2) % 2], (i / 4) % 2, bs[i % 8], 8 + i, 1 + (i * 3) % 8, i % 10});
    for (int i = 0; i < 8; ++i)
        out.push_back({precs[i % 2], uplos[(i / 2) % 2], kSymvLU, bs[i], 8, 1, 0});
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
            EXPECT_EQ(plan->programs.at(0).kernels.at(0), v.algo == kSymvLU ? "symv_lu_rows" : "symv_atomic");
        }
    }
}

TEST(SymvFamily, VariantsCoverEveryValueOfEveryParameter) {
    const auto space = SymvFamily(Precision::F64, blas::Uplo::Lower).space(poclLike());
    const auto vs = variants();
    for (const auto& param : space.parameters())
        for (ParamValue value : param.values) {
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
    EXPECT_EQ(combos.size(), 12u); // 2 precisions x 2 triangles x 3 algorithms
}

TEST(SymvFamily, SpaceFollowsThePaperAndTheDevice) {
    const SymvFamily family(Precision::F64, blas::Uplo::Lower);
    const auto gpu = family.space(gpuLike());
    std::uint64_t valid = 0;
    gpu.forEachValid([&](const Point& p) {
        ++valid;
        EXPECT_LE(symvLocalBytes(p, Precision::F64, gpuLike()), 48 << 10) << p.key();
        return true;
    });
    // The paper's space is 8 x 25 x 8 x 10 = 16000 per atomic variant, less what eq. (3) removes; L+U adds 8.
    EXPECT_GT(valid, 16000u);
    EXPECT_LE(valid, 2 * 16000u + 8);
    // Without 64-bit atomics, double atomic adds are out; with a small work-group limit, large blocks are.
    DeviceInfo small = gpuLike();
    small.atomics64 = false, small.maxWorkGroupSize = 128;
    const auto limited = family.space(small);
    EXPECT_FALSE(limited.isValid(pointOf({Precision::F64, blas::Uplo::Lower, kSymvAtomicAdd, 128, 8, 1, 0})));
    EXPECT_FALSE(limited.isValid(pointOf({Precision::F64, blas::Uplo::Lower, kSymvAtomicLock, 256, 8, 1, 0})));
    EXPECT_TRUE(limited.isValid(pointOf({Precision::F64, blas::Uplo::Lower, kSymvAtomicLock, 128, 8, 1, 0})));
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
    for (std::size_t i = 0; i < vs.size(); i += 3) { // a third of the variants: every algorithm, triangle, precision
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
                                    "_ux" + str(v.ux) + "_m" + str(v.mult) + "_mx" + str(v.mx);
                         });

TEST_F(SymvPocl, AlphaAndBetaZero) {
    // beta = 0 must not read y (the output holds NaN poison and y0 is never read); alpha = 0 leaves beta y.
    ProgramCache programs(*s_device);
    for (auto [alpha, beta] : {std::pair{0.0, -0.5}, std::pair{1.25, 0.0}, std::pair{0.0, 0.0}})
        for (int algo : {kSymvAtomicLock, kSymvAtomicAdd, kSymvLU})
            for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper}) {
                const SymvFamily family(Precision::F64, uplo);
                const Point point = pointOf({Precision::F64, uplo, algo, 64, 12, 2, 3});
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
