// The export without a device: plan expressions as C++, plan functions, the package model gathered from a store
// (dispatch tree, generic variant, provenance) and the writer's refusals.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include "core/engine/family.hpp"
#include "core/export/c_expression.hpp"
#include "core/export/package_model.hpp"
#include "core/export/package_templates.hpp"
#include "core/export/package_writer.hpp"
#include "core/export/plan_emitter.hpp"
#include "core/space/expression.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"
#include "tests/core/store/store_test_support.hpp"

namespace kt {
namespace {

using exporter::cExpression;

TEST(CExpression, NamesLiteralsAndFunctionsAreRewritten) {
    EXPECT_EQ(cExpression("(n + 511) / 512"), "((v_n + 511LL) / 512LL)");
    EXPECT_EQ(cExpression("min(a, b, 3) + max(m,n)"), "(ktp::fnMin(v_a, v_b, 3LL) + ktp::fnMax(v_m,v_n))");
    EXPECT_EQ(cExpression("log2(K) * is_pow2(N)"), "(ktp::fnLog2(v_K) * ktp::fnIsPow2(v_N))");
    EXPECT_EQ(cExpression("m > 0 && k > 0 ? offa + (m - 1) * lda + k : 0"),
              "(v_m > 0LL && v_k > 0LL ? v_offa + (v_m - 1LL) * v_lda + v_k : 0LL)");
    EXPECT_THROW(cExpression("m + "), ExpressionError);
    EXPECT_THROW(cExpression("foo(m)"), ExpressionError);
}

TEST(CExpression, StringsAreEscaped) { EXPECT_EQ(exporter::cString("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\001\""); }

class ExportModel : public store::test::TempDir {
protected:
    void SetUp() override {
        TempDir::SetUp();
        kernels::registerBuiltinFamilies();
        m_device = store::test::sampleDevice();
        m_db = std::make_unique<store::Database>(store::Database::open(dbPath()));
        store::DeviceRepository(*m_db).upsert(m_device);
    }
    // Stores `value` for point at size in a run of `family`.
    void measure(const std::string& family, const std::string& point, const ProblemSize& size, double value,
                 MeasurementStatus status = MeasurementStatus::Ok) {
        auto& run = m_runs[family];
        if (!run) {
            store::NewRun r;
            r.deviceId = m_device.stableId(), r.family = family, r.strategy = "test";
            run = store::RunRepository(*m_db).create(r);
        }
        Measurement m;
        m.pointKey = point, m.size = size, m.value = value, m.status = status, m.medianMs = 1;
        store::MeasurementRepository(*m_db).insert(run, m);
    }
    std::vector<std::string> gemmPoints() const {
        std::vector<std::string> keys;
        for (const auto& p : FamilyRegistry::instance().find("sgemm")->seedPoints(m_device)) keys.push_back(p.key());
        return keys;
    }

    DeviceInfo m_device;
    std::unique_ptr<store::Database> m_db;
    std::map<std::string, std::int64_t> m_runs;
};

TEST_F(ExportModel, TheTreeChoosesEachSizesWinnerAndTheGenericVariantIsTheMostMeasured) {
    const auto points = gemmPoints();
    ASSERT_GE(points.size(), 3u);
    measure("sgemm", points[0], {{64, 64, 64}}, 10);
    measure("sgemm", points[1], {{64, 64, 64}}, 5);
    measure("sgemm", points[0], {{1024, 1024, 1024}}, 50);
    measure("sgemm", points[1], {{1024, 1024, 1024}}, 80);
    measure("sgemm", points[1], {{2048, 2048, 2048}}, 90);
    measure("sgemm", points[2], {{2048, 2048, 2048}}, 1000, MeasurementStatus::WrongResult); // never chosen
    exporter::ExportRequest request{m_device.stableId(), {"sgemm"}, 3};
    const auto model = exporter::buildPackageModel(*m_db, request);
    ASSERT_EQ(model.families.size(), 1u);
    const auto& f = model.families[0];
    ASSERT_EQ(f.variants.size(), 2u);
    EXPECT_EQ(f.rule.select({64, 64, 64}), points[0]);
    EXPECT_EQ(f.rule.select({1024, 1024, 1024}), points[1]);
    EXPECT_EQ(f.variants[f.generic].pointKey, points[1]); // measured at three sizes
    EXPECT_EQ(f.variants[0].plans.size(), 4u);            // NN, NT, TN, TT
    EXPECT_EQ(f.best.size(), 3u);
    EXPECT_EQ(f.measurements.size(), 5u); // the ok ones of the two variants
}

TEST_F(ExportModel, RefusesUnknownDevicesFamiliesAndFamiliesWithoutRoutinesOrMeasurements) {
    const auto points = gemmPoints();
    measure("sgemm", points[0], {{64, 64, 64}}, 10);
    // The layout copies are tuned but are no routine of their own.
    const auto copy = FamilyRegistry::instance().find("layout_copy")->seedPoints(m_device);
    ASSERT_FALSE(copy.empty());
    measure("layout_copy", copy[0].key(), {{4096}}, 3);
    auto build = [&](const std::string& device, std::vector<std::string> families) {
        return exporter::buildPackageModel(*m_db, {device, std::move(families), 3});
    };
    EXPECT_THROW(build("opencl:nobody:none", {"sgemm"}), exporter::ExportError);
    EXPECT_THROW(build(m_device.stableId(), {"nosuch"}), exporter::ExportError);
    EXPECT_THROW(build(m_device.stableId(), {"dgemm"}), exporter::ExportError); // no measurement
    try {
        build(m_device.stableId(), {"layout_copy"});
        FAIL() << "layout_copy exported";
    } catch (const exporter::ExportError& e) {
        EXPECT_NE(std::string(e.what()).find("no routine"), std::string::npos) << e.what();
    }
    std::vector<std::string> skipped;
    const auto all = exporter::buildPackageModel(*m_db, {m_device.stableId(), {"all"}, 3}, &skipped);
    ASSERT_EQ(all.families.size(), 1u);
    EXPECT_EQ(all.families[0].name, "sgemm");
    EXPECT_FALSE(skipped.empty());
}

TEST_F(ExportModel, WritesAPackageAndNeverOverwritesAForeignFolder) {
    const auto points = gemmPoints();
    measure("sgemm", points[0], {{64, 64, 64}}, 10);
    const auto model = exporter::buildPackageModel(*m_db, {m_device.stableId(), {"sgemm"}, 3});
    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    const auto manifest = exporter::writePackage(model, options);
    EXPECT_EQ(manifest["format"], exporter::kManifestFormat);
    EXPECT_EQ(manifest["device"]["name"], m_device.name);
    EXPECT_EQ(manifest["routines"], nlohmann::json::array({"sgemm"}));
    EXPECT_EQ(manifest["families"][0]["measurements"][0]["value"], 10.0);
    for (const auto& [path, text] : exporter::packageTemplates())
        EXPECT_TRUE(std::filesystem::exists(options.out / path)) << path;
    std::ifstream in(options.out / "src/ktp_generated.cpp");
    std::stringstream code;
    code << in.rdbuf();
    EXPECT_NE(code.str().find("ktp::Routine::Gemm"), std::string::npos);
    EXPECT_NE(code.str().find("int select0(const std::int64_t* d)"), std::string::npos);
    // Again without replace: refused; with replace: written. A folder holding something else: always refused.
    EXPECT_THROW(exporter::writePackage(model, options), exporter::ExportError);
    options.replace = true;
    EXPECT_NO_THROW(exporter::writePackage(model, options));
    std::filesystem::create_directories(dir() / "mine");
    std::ofstream(dir() / "mine" / "notes.txt") << "keep";
    options.out = dir() / "mine";
    EXPECT_THROW(exporter::writePackage(model, options), exporter::ExportError);
    std::ifstream kept(dir() / "mine" / "notes.txt");
    std::string text;
    kept >> text;
    EXPECT_EQ(text, "keep");
    EXPECT_FALSE(std::filesystem::exists(dir() / "mine.ktp-tmp"));
}

TEST_F(ExportModel, SymvExportsOneColumnMajorPlanPerTriangleReadingOffsetsAndIncrementsFromTheCall) {
    for (const char* family : {"ssymv", "dsymv_upper"}) {
        const auto seeds = FamilyRegistry::instance().find(family)->seedPoints(m_device);
        ASSERT_FALSE(seeds.empty()) << family;
        measure(family, seeds[0].key(), {{4096}}, 100);
    }
    const auto model = exporter::buildPackageModel(*m_db, {m_device.stableId(), {"ssymv", "dsymv_upper"}, 3});
    ASSERT_EQ(model.families.size(), 2u);
    for (const auto& f : model.families) {
        ASSERT_EQ(f.variants.at(0).plans.size(), 1u) << f.name;
        const auto& rp = f.variants[0].plans[0];
        EXPECT_EQ(rp.call.routine, "symv");
        EXPECT_EQ(rp.call.order, blas::Order::ColMajor);
        EXPECT_EQ(rp.call.uplo, f.name == "ssymv" ? blas::Uplo::Lower : blas::Uplo::Upper);
        const std::string code = exporter::emitPlanFunction(rp.plan, "f", [](std::size_t) { return 0; });
        for (const char* read : {"v_offA = x.call.offa", "v_offx = x.call.offb", "v_incx = x.call.incx",
                                 "v_offy = x.call.offc", "v_incy = x.call.incy"})
            EXPECT_NE(code.find(read), std::string::npos) << read << " in\n" << code;
    }
    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    const auto manifest = exporter::writePackage(model, options);
    EXPECT_EQ(manifest["routines"], nlohmann::json::array({"ssymv", "dsymv"}));
}

TEST_F(ExportModel, Blas3FamiliesExportARowMajorPlanPerOptionSet) {
    for (const char* family : {"ssyrk", "dsyr2k", "ssymm", "dtrmm"}) {
        const auto seeds = FamilyRegistry::instance().find(family)->seedPoints(m_device);
        ASSERT_FALSE(seeds.empty()) << family;
        measure(family, seeds[0].key(), {{256, 128}}, 100);
    }
    std::vector<std::string> skipped;
    const auto model = exporter::buildPackageModel(*m_db, {m_device.stableId(), {"all"}, 3}, &skipped);
    ASSERT_EQ(model.families.size(), 4u);
    for (const auto& f : model.families) {
        // syrk, syr2k: lower/upper x N/T; symm: left/right x lower/upper; trmm: side x uplo x N/T x diag.
        const std::size_t want = f.name == "dtrmm" ? 16u : 4u;
        ASSERT_EQ(f.variants.at(0).plans.size(), want) << f.name;
        std::set<std::tuple<int, int, int, int>> shapes;
        for (const auto& rp : f.variants[0].plans) {
            EXPECT_EQ(rp.call.order, blas::Order::RowMajor);
            shapes.insert({int(rp.call.side), int(rp.call.uplo), int(rp.call.opA), int(rp.call.diag)});
            const std::string code = exporter::emitPlanFunction(rp.plan, "f", [](std::size_t) { return 0; });
            // TRMM writes B in place and reads no C.
            if (f.name == "dtrmm") EXPECT_EQ(code.find("\"C\""), std::string::npos) << code;
        }
        EXPECT_EQ(shapes.size(), want) << f.name; // one plan per option set, none twice
    }
    std::string why;
    for (const auto& s : skipped) why += s + "\n";
    EXPECT_EQ(why.find("family ssymm"), std::string::npos) << why;
    EXPECT_EQ(why.find("family dtrmm"), std::string::npos) << why;
    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    const auto manifest = exporter::writePackage(model, options);
    EXPECT_EQ(manifest["routines"], nlohmann::json::array({"dsyr2k", "dtrmm", "ssymm", "ssyrk"})); // by family name
}

TEST(PlanEmitter, RefusesInputsAndScalarsThatAreNoCallArguments) {
    KernelPlan plan;
    plan.inputs = {"m", "rows"};
    EXPECT_THROW(exporter::emitPlanFunction(plan, "f", [](std::size_t) { return 0; }), exporter::ExportError);
    plan.inputs = {"m"};
    plan.scalars = {{"gamma", 1}};
    EXPECT_THROW(exporter::emitPlanFunction(plan, "f", [](std::size_t) { return 0; }), exporter::ExportError);
    plan.scalars = {{"alpha", 1}};
    plan.programs.push_back({"kernel void k(int n, float a, global float* x) {}", {"-DX=1"}, {"k"}});
    plan.buffers = {{"A", BufferRole::InOut, "m"}};
    PlanLaunch l;
    l.kernel = "k";
    l.global = {"m", "1", "1"};
    l.args = {PlanArg::integer("m * 2"), PlanArg::real("alpha"), PlanArg::buffer("A")};
    plan.launches.push_back(l);
    l.phase = LaunchPhase::Reset; // tuning only: not emitted
    l.args[1] = PlanArg::real("-0.5");
    plan.launches.push_back(l);
    const std::string code = exporter::emitPlanFunction(plan, "f", [](std::size_t) { return 7; });
    EXPECT_NE(code.find("x.launch(7, \"k\""), std::string::npos) << code;
    EXPECT_NE(code.find("ktp::Arg::integer((v_m * 2LL))"), std::string::npos) << code;
    EXPECT_NE(code.find("ktp::Arg::scalar(x.call.alpha)"), std::string::npos) << code;
    EXPECT_EQ(code.find("-0.5"), std::string::npos) << code;
}

// A conditional launch (PlanLaunch::when) is emitted inside its test; "aligned" reads the call's alignment field,
// which the CUDA backend sets from the caller's pointers.
TEST(PlanEmitter, ConditionalLaunchesRunInsideTheirTest) {
    KernelPlan plan;
    plan.inputs = {"m", "aligned"};
    plan.variables = {{"exact", "m % 64 == 0 && aligned != 0"}};
    plan.programs.push_back({"kernel void k(int n) {}", {}, {"k"}});
    PlanLaunch l;
    l.kernel = "k";
    l.global = {"m", "1", "1"};
    l.args = {PlanArg::integer("m")};
    l.when = "!exact";
    plan.launches.push_back(l);
    l.when = "exact";
    plan.launches.push_back(l);
    ASSERT_EQ(plan.invalidReason(), "");
    const std::string code = exporter::emitPlanFunction(plan, "f", [](std::size_t) { return 0; });
    EXPECT_NE(code.find("v_aligned = x.call.aligned;"), std::string::npos) << code;
    const auto general = code.find("    if ((!v_exact)) {\n"), exact = code.find("    if ((v_exact)) {\n");
    ASSERT_NE(general, std::string::npos) << code;
    ASSERT_NE(exact, std::string::npos) << code;
    EXPECT_LT(general, exact);
    EXPECT_NE(code.find("x.launch(0, \"k\"", exact), std::string::npos) << code;
}

} // namespace
} // namespace kt
