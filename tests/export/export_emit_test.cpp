// The export without a device: plan expressions as C++, plan functions, the package model gathered from a store
// (dispatch tree, generic variant, provenance) and the writer's refusals.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
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
#include "kernels/batched/batched_plan.hpp"
#include "kernels/builtin_families.hpp"
#include "tests/core/store/store_test_support.hpp"
#include "tests/export/export_model_fixture.hpp"

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
    EXPECT_FALSE(f.table.has_value()); // its programs are compiled once: the tree dispatches
    EXPECT_EQ(f.rule.select({64, 64, 64}), points[0]);
    EXPECT_EQ(f.rule.select({1024, 1024, 1024}), points[1]);
    EXPECT_EQ(f.variants[f.generic].pointKey, points[1]); // measured at three sizes
    EXPECT_EQ(f.variants[0].plans.size(), 4u);            // NN, NT, TN, TT
    EXPECT_EQ(f.best.size(), 3u);
    EXPECT_EQ(f.measurements.size(), 5u); // the ok ones of the two variants
}

// The batched kernels are compiled per call size, so the dispatch is a table over m, n, k: every measured size its
// own winner (five sizes, four winners: more than a depth-1 tree holds), the nearest entry elsewhere, also in the
// generated lookup and the manifest.
TEST_F(ExportModel, BatchedFamiliesDispatchByATableOfEveryMeasuredSize) {
    std::vector<std::string> points;
    for (const auto& p : FamilyRegistry::instance().find("sgemm_batched")->seedPoints(m_device))
        points.push_back(p.key());
    ASSERT_GE(points.size(), 4u);
    const std::vector<ProblemSize> sizes{
        {{2, 2, 2, 64}}, {{4, 4, 4, 64}}, {{8, 8, 8, 64}}, {{16, 16, 16, 64}}, {{32, 32, 32, 64}}};
    const std::vector<std::size_t> winner{0, 1, 2, 3, 1};
    for (std::size_t s = 0; s < sizes.size(); ++s)
        for (std::size_t p = 0; p < 4; ++p) measure("sgemm_batched", points[p], sizes[s], p == winner[s] ? 20 : 10);
    const auto model = exporter::buildPackageModel(*m_db, {m_device.stableId(), {"sgemm_batched"}, 1});
    ASSERT_EQ(model.families.size(), 1u);
    const auto& f = model.families[0];
    ASSERT_TRUE(f.table.has_value());
    EXPECT_EQ(f.table->dims, (std::vector<std::string>{"m", "n", "k"}));
    EXPECT_EQ(f.variants.size(), 4u);
    for (std::size_t s = 0; s < sizes.size(); ++s) EXPECT_EQ(f.select(sizes[s]), points[winner[s]]) << s;
    EXPECT_EQ(f.select({{9, 9, 9, 1000}}), points[2]); // nearest: 8 x 8 x 8
    EXPECT_EQ(f.select({{30, 31, 29, 1}}), points[1]); // nearest: 32 x 32 x 32
    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    const auto manifest = exporter::writePackage(model, options);
    EXPECT_EQ(manifest["families"][0]["rule"]["format"], "ktune-table/1");
    for (const auto& b : manifest["families"][0]["best_per_size"]) EXPECT_EQ(b["chosen"], b["best"]) << b.dump();
    std::ifstream in(options.out / "src/ktp_generated.cpp");
    std::stringstream code;
    code << in.rdbuf();
    EXPECT_NE(code.str().find("// sgemm_batched: the dispatch table over (m, n, k, batch)"), std::string::npos);
    EXPECT_NE(code.str().find("        {8LL, 8LL, 8LL}, // " + points[2] + "\n"), std::string::npos) << code.str();
    EXPECT_NE(code.str().find("static const int dims[] = {0, 1, 2}; // m n k"), std::string::npos) << code.str();
    // Pointer-array batches are exported beside strided ones and dispatched by the same table (the store holds no
    // pointers table: its measurements are strided batches).
    EXPECT_NE(code.str().find("ktp::Routine::GemmBatched, false"), std::string::npos) << code.str();
    EXPECT_EQ(manifest["routines"], nlohmann::json::array({"sgemm_batch_strided", "sgemm_batch_ptr"}));
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
    // A folder whose manifest.json is not a package's (another format, malformed, not an object) is foreign too.
    EXPECT_TRUE(exporter::isPackageManifest(manifest.dump()));
    for (const char* other : {R"({"format": "ktune-package/2"})", R"({"format": "ktune-package/1")",
                              R"([{"format": "ktune-package/1"}])", R"({"format": ["ktune-package/1"]})", ""}) {
        EXPECT_FALSE(exporter::isPackageManifest(other)) << other;
        std::filesystem::create_directories(dir() / "other");
        std::ofstream(dir() / "other" / "manifest.json") << other;
        options.out = dir() / "other";
        EXPECT_THROW(exporter::writePackage(model, options), exporter::ExportError) << other;
    }
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

// Per-call options ("${expr}", core/engine/kernel_plan.cpp) read only declared names and close their brace.
TEST(KernelPlan, PerCallOptionsReadDeclaredNames) {
    KernelPlan plan;
    plan.inputs = {"m"};
    plan.programs.push_back({"kernel void k(int n) {}", {"-DX=1", "-DM=${m + 1}"}, {"k"}});
    EXPECT_EQ(plan.invalidReason(), "");
    plan.programs[0].options[1] = "-DM=${q}";
    EXPECT_NE(plan.invalidReason().find("reads 'q'"), std::string::npos) << plan.invalidReason();
    plan.programs[0].options[1] = "-DM=${m";
    EXPECT_NE(plan.invalidReason().find("without '}'"), std::string::npos) << plan.invalidReason();
}

// The batched kernel's shared tiles as the package's plan computes them per call equal the kernel's own count
// (BatchedParams::localMemBytes) at every size 1..32, for every tile layout: plain, padded, register blocks with
// k-contiguous vectors (VEC 1) and column vectors (VEC 2, rows per work-item a multiple of the vector or not), and
// the double-buffered tiles of BATCHED_ASYNC.
TEST(BatchedPackagePlan, TileBytesMatchTheKernelAtEverySize) {
    using batched::BatchedParams;
    std::vector<BatchedParams> points;
    for (Precision precision : {Precision::F32, Precision::F64})
        for (int vec : {0, 1, 2})
            for (bool pad : {false, true})
                for (bool reg : {false, true})
                    for (auto [wx, wy, tba] : {std::tuple{3, 4, 2}, std::tuple{4, 2, 1}, std::tuple{8, 8, 4}}) {
                        BatchedParams p;
                        p.precision = precision, p.design = batched::Design::SharedMemory;
                        p.vec = vec, p.pad = pad, p.reg = reg, p.wx = wx, p.wy = wy, p.tba = tba;
                        points.push_back(p);
                    }
    points.push_back(BatchedParams{}); // the read-only-cache design: no tiles
    // Double-buffered tiles (BATCHED_ASYNC): twice the tiles where the blocks are registers, once elsewhere.
    for (bool pad : {false, true})
        for (auto [wx, wy, tba] : {std::tuple{3, 4, 2}, std::tuple{8, 8, 1}}) {
            BatchedParams p;
            p.design = batched::Design::SharedMemory, p.reg = true, p.seq = 4, p.async = true;
            p.pad = pad, p.wx = wx, p.wy = wy, p.tba = tba;
            points.push_back(p);
        }
    for (const auto& p : points) {
        const std::string text = batched::localMemBytesExpr(p);
        const auto compiled =
            Expression::parse(text).compile([](const std::string& name) -> std::optional<NameBinding> {
                if (name == "m") return NameBinding{NameBinding::Kind::Slot, 0};
                if (name == "n") return NameBinding{NameBinding::Kind::Slot, 1};
                if (name == "k") return NameBinding{NameBinding::Kind::Slot, 2};
                return std::nullopt;
            });
        int wrong = 0;
        for (std::int64_t m = 1; m <= 32; ++m)
            for (std::int64_t n = 1; n <= 32; ++n)
                for (std::int64_t k = 1; k <= 32; ++k) {
                    const std::int64_t slots[3] = {m, n, k};
                    std::int64_t bytes = -1;
                    if ((!compiled.evaluate(slots, bytes) || bytes != p.localMemBytes(m, n, k)) && wrong++ < 3)
                        ADD_FAILURE() << p.describe() << " vec " << p.vec << " at " << m << "x" << n << "x" << k << ": "
                                      << bytes << " != " << p.localMemBytes(m, n, k) << "\n"
                                      << text;
                }
        EXPECT_EQ(wrong, 0) << p.describe();
    }
}

// The plan's variables at these inputs, in order, as the package's plan function computes them.
std::map<std::string, std::int64_t> evaluate(const KernelPlan& plan, std::map<std::string, std::int64_t> values) {
    auto lookup = [&](const std::string& name) -> std::optional<std::int64_t> {
        auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<std::int64_t>(it->second);
    };
    for (const auto& v : plan.variables) values[v.name] = Expression::parse(v.expression).evaluate(lookup).value();
    for (const auto& c : plan.checks)
        values["check: " + c.message] = Expression::parse(c.expression).evaluate(lookup).value();
    return values;
}

// A pointers table given to the export (pointer-array curves are not in the store) is added to the store-built
// table: pointer-array calls take its exact entries, the strided table's choice at other sizes, as KernelTune's
// routine chooses; its candidates are exported variants, and the generated dispatch holds the kind's lookup.
TEST_F(ExportModel, APointersTableChoosesThePointerArrayCallsKernelAtItsSizes) {
    std::vector<std::string> points;
    for (const auto& p : FamilyRegistry::instance().find("sgemm_batched")->seedPoints(m_device))
        points.push_back(p.key());
    ASSERT_GE(points.size(), 3u);
    for (const ProblemSize& size : {ProblemSize{{4, 4, 4, 64}}, ProblemSize{{8, 8, 8, 64}}}) {
        measure("sgemm_batched", points[0], size, 20);
        measure("sgemm_batched", points[1], size, 10);
    }
    exporter::ExportRequest request{m_device.stableId(), {"sgemm_batched"}, 1};
    exporter::ExportRequest::KindTable k{"sgemm_batched", "pointers", {}};
    k.table.dims = {"m", "n", "k"};
    k.table.keys = {{4, 4, 4}};
    k.table.candidates = {points[2]}; // measured by the pointer-array bench only
    request.kindTables.push_back(k);
    const auto model = exporter::buildPackageModel(*m_db, request);
    ASSERT_EQ(model.families.size(), 1u);
    const auto& f = model.families[0];
    EXPECT_EQ(f.select({{4, 4, 4, 64}}), points[0]);
    EXPECT_EQ(f.select({{4, 4, 4, 64}}, "pointers"), points[2]);
    EXPECT_EQ(f.select({{8, 8, 8, 64}}, "pointers"), points[0]); // a size the pointers table lacks
    EXPECT_EQ(f.select({{5, 4, 4, 64}}, "pointers"), points[0]); // not its exact entry: the nearest strided one
    bool exported = false;
    for (const auto& v : f.variants) exported = exported || v.pointKey == points[2];
    EXPECT_TRUE(exported);
    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    const auto manifest = exporter::writePackage(model, options);
    EXPECT_EQ(manifest["families"][0]["rule"]["kinds"]["pointers"]["entries"].size(), 1u) << manifest.dump();
    std::ifstream in(options.out / "src/ktp_generated.cpp");
    std::stringstream code;
    code << in.rdbuf();
    EXPECT_NE(code.str().find("int selectPointers0(const std::int64_t* d) {"), std::string::npos) << code.str();
    EXPECT_NE(code.str().find("        {4LL, 4LL, 4LL}, // " + points[2] + "\n"), std::string::npos) << code.str();
    EXPECT_NE(code.str().find(", selectPointers0, nullptr},"), std::string::npos) << code.str(); // no rule given

    // Refused, naming the problem: a kind the family lacks, other dimensions, a family not exported.
    auto refused = [&](exporter::ExportRequest r, const std::string& expected) {
        try {
            exporter::buildPackageModel(*m_db, r);
            ADD_FAILURE() << "accepted; expected: " << expected;
        } catch (const exporter::ExportError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    };
    auto bogus = request;
    bogus.kindTables[0].kind = "bogus";
    refused(bogus, "has no dispatch kind 'bogus'");
    bogus.families = {"all"}; // not skipped as a family without measurements would be
    refused(bogus, "has no dispatch kind 'bogus'");
    auto dims = request;
    dims.kindTables[0].table.dims = {"m", "n"};
    dims.kindTables[0].table.keys = {{4, 4}};
    refused(dims, "'pointers' table:");
    auto missing = request;
    missing.kindTables[0].family = "dgemm_batched";
    refused(missing, "not exported");
}

// The package's batched plan holds the general kernel and the kernel with the sizes as per-call options; with the
// call's values substituted the latter's options are exactly those KernelTune's routine compiles for that size. It
// runs where its tiles fit the device, the general kernel elsewhere (here: 32 x 32 x 32 with padded tiles, 16896
// bytes on a 16 KiB device, where the general kernel's 1024 elements per operand fit).
TEST(BatchedPackagePlan, CompilesPerCallSizeWhereTheTilesFitElseTheGeneralKernel) {
    DeviceInfo device = store::test::sampleDevice();
    device.localMemBytes = 16384;
    batched::BatchedParams p;
    p.precision = Precision::F64, p.design = batched::Design::SharedMemory, p.pad = true, p.tba = 1;
    const KernelPlan plan = batched::batchedPackagePlan(p, device, blas::Op::N, blas::Op::T);
    ASSERT_EQ(plan.invalidReason(), "");
    ASSERT_EQ(plan.programs.size(), 2u);
    const auto split = exporter::splitOptions(plan.programs[1]);
    EXPECT_EQ(split.perCall, (std::vector<std::string>{"-DBATCHED_M=${m}", "-DBATCHED_N=${n}", "-DBATCHED_K=${k}"}));
    EXPECT_EQ(split.fixed.find("BATCHED_MAX_MK"), std::string::npos) << split.fixed;
    EXPECT_TRUE(exporter::splitOptions(plan.programs[0]).perCall.empty());
    auto substituted = plan.programs[1].options;
    for (auto& o : substituted)
        for (const char* d : {"M", "N", "K"})
            if (o == std::string("-DBATCHED_") + d + "=${" + char(std::tolower(*d)) + "}")
                o = std::string("-DBATCHED_") + d + "=12";
    const auto routine = batched::batchedProgram(p, device, {blas::Op::N, blas::Op::T, 12, 12, 12});
    EXPECT_EQ(substituted, routine.options);
    EXPECT_EQ(plan.programs[1].source, routine.source);
    ASSERT_EQ(plan.launches.size(), 2u);
    EXPECT_EQ(plan.launches[0].program, 1u);
    EXPECT_EQ(plan.launches[0].when, "sized");
    EXPECT_EQ(plan.launches[1].program, 0u);
    EXPECT_EQ(plan.launches[1].when, "!sized");
    std::map<std::string, std::int64_t> call{{"batch", 5},      {"lda", 32},       {"ldb", 32},       {"ldc", 32},
                                             {"stridea", 1024}, {"strideb", 1024}, {"stridec", 1024}, {"offa", 0},
                                             {"offb", 0},       {"offc", 0}};
    call["m"] = call["n"] = call["k"] = 16;
    auto at16 = evaluate(plan, call);
    EXPECT_EQ(at16["sized"], 1);
    call["m"] = call["n"] = call["k"] = 32;
    auto at32 = evaluate(plan, call);
    EXPECT_EQ(at32["tilebytes"], 16896);
    EXPECT_EQ(at32["sized"], 0);
    for (const auto& [name, value] : at32)
        if (name.rfind("check: ", 0) == 0) {
            EXPECT_NE(value, 0) << name;
        }
    call["m"] = 33;
    bool refused = false;
    for (const auto& [name, value] : evaluate(plan, call))
        refused = refused || (name.rfind("check: ", 0) == 0 && !value);
    EXPECT_TRUE(refused);

    // Emitted: the per-call options built from the call's values and handed to the launch; the general kernel none.
    const std::string code = exporter::emitPlanFunction(plan, "f", [](std::size_t i) { return int(i) + 3; });
    EXPECT_NE(code.find("const std::string perCall = std::string() + \"-DBATCHED_M=\" + std::to_string((v_m)) + "
                        "\" -DBATCHED_N=\" + std::to_string((v_n)) + \" -DBATCHED_K=\" + std::to_string((v_k));"),
              std::string::npos)
        << code;
    EXPECT_NE(code.find("x.launch(4, \"gemm_batched\""), std::string::npos) << code;
    EXPECT_NE(code.find("perCall.c_str()))"), std::string::npos) << code;
    EXPECT_NE(code.find("nullptr))"), std::string::npos) << code;
}

// Every routine plan of the batched families compiles per call size.
TEST(BatchedPackagePlan, TheFamiliesRoutinePlansAreSizeSpecialised) {
    kernels::registerBuiltinFamilies();
    const DeviceInfo device = store::test::sampleDevice();
    for (const char* name : {"sgemm_batched", "dgemm_batched"}) {
        const auto family = FamilyRegistry::instance().find(name);
        ASSERT_TRUE(family);
        const auto seeds = family->seedPoints(device);
        ASSERT_FALSE(seeds.empty());
        const auto plans = family->routinePlans(seeds.front(), device);
        ASSERT_EQ(plans.size(), 8u); // strided and pointer-array batches, each op pair
        for (std::size_t i = 0; i < plans.size(); ++i) {
            const auto& r = plans[i];
            EXPECT_EQ(r.plan.invalidReason(), "");
            ASSERT_EQ(r.plan.programs.size(), 2u);
            EXPECT_EQ(exporter::splitOptions(r.plan.programs[1]).perCall.size(), 3u) << name;
            EXPECT_EQ(r.call.routine, i < 4 ? blas::routine::kGemmBatchedStrided : blas::routine::kGemmBatched);
        }
    }
}

// The pointer-array plan as the package runs it: the largest offsets are call fields, the offsets are int buffers
// PA, PB, PC of `batch` elements passed after C, and the kernel is compiled with BATCHED_POINTERS, as KernelTune's
// routine compiles it for a gemm_batched call.
TEST(BatchedPackagePlan, PointerArrayPlansReadTheCallsOffsets) {
    const DeviceInfo device = store::test::sampleDevice();
    batched::BatchedParams p;
    p.precision = Precision::F32;
    const KernelPlan plan = batched::batchedPackagePlan(p, device, blas::Op::T, blas::Op::N, true);
    ASSERT_EQ(plan.invalidReason(), "");
    batched::BatchedShape shape{blas::Op::T, blas::Op::N, 7, 5, 9};
    shape.pointers = true;
    auto substituted = plan.programs[1].options;
    for (auto& o : substituted)
        for (const char* d : {"M", "N", "K"})
            if (o == std::string("-DBATCHED_") + d + "=${" + char(std::tolower(*d)) + "}")
                o = std::string("-DBATCHED_") + d + "=" + (*d == 'M' ? "7" : *d == 'N' ? "5" : "9");
    EXPECT_EQ(substituted, batched::batchedProgram(p, device, shape).options);
    const std::string code = exporter::emitPlanFunction(plan, "f", [](std::size_t i) { return int(i); });
    EXPECT_NE(code.find("const std::int64_t v_maxpa = x.call.maxpa;"), std::string::npos) << code;
    EXPECT_NE(code.find("const std::int64_t v_maxpc = x.call.maxpc;"), std::string::npos) << code;
    EXPECT_NE(code.find("x.buffer(3, \"PA\", ktp::kInput, (v_batch), true)"), std::string::npos) << code;
    EXPECT_NE(code.find("x.buffer(5, \"PC\", ktp::kInput, (v_batch), true)"), std::string::npos) << code;
    EXPECT_NE(code.find("ktp::Arg::buffer(5)}"), std::string::npos) << code;
}

} // namespace
} // namespace kt
