// `ktune export --rule`: a family's package dispatch following a `ktune rules` file (ExportFamily::givenRule), without
// a device: the model chooses as KernelTune's RuleChooser at the sizes the rule covers and by the store's tree
// elsewhere, the package holds the rule as the header `ktune rules --emit-cpp` writes and records it in the manifest,
// and bad requests are refused naming the problem, through the model and through the CLI (exit 2, nothing written).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/engine/point_chooser.hpp"
#include "core/export/package_model.hpp"
#include "core/export/package_writer.hpp"
#include "core/rules/rule_emit.hpp"
#include "tests/cli_fit/cli_helper.hpp"
#include "tests/export/export_model_fixture.hpp"

namespace kt {
namespace {

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

class ExportRule : public ExportModel {
protected:
    void SetUp() override {
        ExportModel::SetUp();
        // Five valid points (the family has three seeds): the first of the space.
        FamilyRegistry::instance().find("sgemm")->space(m_device).forEachValid([&](const Point& p) {
            m_points.push_back(p.key());
            return m_points.size() < 5;
        });
        ASSERT_EQ(m_points.size(), 5u);
        // The store's tree: points[0] below 1024, points[1] from there; points[1] is generic (three sizes).
        measure("sgemm", m_points[0], {{64, 64, 64}}, 10);
        measure("sgemm", m_points[1], {{64, 64, 64}}, 5);
        measure("sgemm", m_points[0], {{1024, 1024, 1024}}, 50);
        measure("sgemm", m_points[1], {{1024, 1024, 1024}}, 80);
        measure("sgemm", m_points[1], {{2048, 2048, 2048}}, 90);
    }
    // A per-op interval rule for sgemm naming points the store never measured: points[2] below 512 and points[3]
    // from there for the main kind, points[4] everywhere for tn.
    nlohmann::json opsRule() const {
        return {{"format", "ktune-rules/1"},
                {"family", "sgemm"},
                {"intervals",
                 {{{"lo", 128}, {"hi", 512}, {"candidate", m_points[2]}},
                  {{"lo", 512}, {"hi", 4097}, {"candidate", m_points[3]}}}},
                {"kinds", {{"tn", {{"intervals", {{{"lo", 128}, {"hi", 4097}, {"candidate", m_points[4]}}}}}}}}};
    }
    exporter::ExportRequest request(const nlohmann::json& rule, const std::string& family = "sgemm") const {
        exporter::ExportRequest r{m_device.stableId(), {"sgemm"}, 3};
        r.rules.push_back({family, rules::ruleFileFromJson(rule, "ops.json")});
        return r;
    }
    void refused(const exporter::ExportRequest& r, const std::string& expected) {
        try {
            exporter::buildPackageModel(*m_db, r);
            ADD_FAILURE() << "accepted; expected: " << expected;
        } catch (const exporter::ExportError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    }

    std::vector<std::string> m_points;
};

TEST_F(ExportRule, AnIntervalRuleChoosesPerKindAtCubesAndTheStoresTreeElsewhere) {
    const auto model = exporter::buildPackageModel(*m_db, request(opsRule()));
    ASSERT_EQ(model.families.size(), 1u);
    const auto& f = model.families[0];
    ASSERT_TRUE(f.givenRule.has_value());
    // As KernelTune runs the same rule (ktune bench --rule, TunedRoutine): RuleChooser, per kind.
    const auto family = FamilyRegistry::instance().find("sgemm");
    const RuleChooser chooser(*f.givenRule, *family, m_device);
    for (const long long s : {64LL, 256LL, 511LL, 512LL, 1024LL, 9000LL})
        for (const std::string kind : {"", "nt", "tn", "tt"}) {
            const ProblemSize size{{s, s, s}};
            EXPECT_EQ(f.select(size, kind), chooser.choose(size, kind).key) << s << " " << kind;
        }
    EXPECT_EQ(f.select({{256, 256, 256}}), m_points[2]);
    EXPECT_EQ(f.select({{1024, 1024, 1024}}), m_points[3]);
    EXPECT_EQ(f.select({{1024, 1024, 1024}}, "tn"), m_points[4]);
    EXPECT_EQ(f.select({{1024, 1024, 1024}}, "nt"), m_points[3]);
    // A row-major NT call is KernelTune's kind tn.
    blas::BlasCall rowNT;
    rowNT.routine = std::string(blas::routine::kGemm), rowNT.order = blas::Order::RowMajor;
    rowNT.opA = blas::Op::N, rowNT.opB = blas::Op::T;
    EXPECT_EQ(f.select({{1024, 1024, 1024}}, family->dispatchKind(rowNT)), m_points[4]);
    // Not a cube: the rule cannot choose (RuleFile::select throws), the store's tree does, for every kind.
    EXPECT_EQ(f.select({{64, 64, 32}}, "tn"), m_points[0]);
    EXPECT_EQ(f.select({{2048, 2048, 1024}}), m_points[1]);
    // The rule's candidates are variants, measured or not; the generic variant stays the store's.
    std::set<std::string> variants;
    for (const auto& v : f.variants) variants.insert(v.pointKey);
    EXPECT_EQ(variants, (std::set<std::string>(m_points.begin(), m_points.begin() + 5)));
    EXPECT_EQ(f.variants[f.generic].pointKey, m_points[1]);

    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    const auto manifest = exporter::writePackage(model, options);
    const auto& jf = manifest["families"][0];
    EXPECT_EQ(jf["given_rule"]["file"], "ops.json");
    EXPECT_EQ(jf["given_rule"]["rule"], opsRule());
    EXPECT_EQ(jf["rule"]["format"], "ktune-tree/1"); // the store's, which still decides off the cubes
    for (const auto& b : jf["best_per_size"])
        EXPECT_EQ(b["chosen"], f.select({b["size"].get<std::vector<std::int64_t>>()}));
    // The rule as `ktune rules --emit-cpp` writes it, asked by the family's rule lookup.
    rules::CppEmitOptions cpp;
    cpp.functionName = "select", cpp.namespaceName = "ktp_rule_sgemm";
    EXPECT_EQ(readText(options.out / "src/ktp_rule_sgemm.hpp"),
              rules::emitKindsCpp(*f.givenRule->sizeRule, f.givenRule->kindRules, cpp));
    const std::string code = readText(options.out / "src/ktp_generated.cpp");
    EXPECT_NE(code.find("#include \"ktp_rule_sgemm.hpp\"\n"), std::string::npos);
    EXPECT_NE(code.find("int selectRule0(const std::int64_t* d, const char* kind) {\n"), std::string::npos) << code;
    EXPECT_NE(code.find("        if (d[i] != d[0]) return -1;\n"), std::string::npos) << code;
    EXPECT_NE(code.find("ktp_rule_sgemm::select(d[0], kind);"), std::string::npos) << code;
    EXPECT_NE(code.find(", nullptr, selectRule0},"), std::string::npos) << code;
    const std::string readme = readText(options.out / "README.md");
    EXPECT_NE(readme.find("`sgemm` follows the rule given to `ktune export --rule`, `ops.json`"), std::string::npos)
        << readme;
    EXPECT_NE(readme.find("a call of other sizes takes the store's dispatch tree"), std::string::npos) << readme;
}

// A rule with aligned intervals (`ktune rules --merge --aligned`): multiples of 256 take them, as in KernelTune; the
// package's header is the one `ktune rules --emit-cpp` writes for it and the README says which sizes.
TEST_F(ExportRule, AlignedIntervalsChooseAtTheMultiplesAsKernelTune) {
    nlohmann::json rule = opsRule();
    rule["aligned"] = {{"multiple", 256},
                       {"intervals", {{{"lo", 256}, {"hi", 4097}, {"candidate", m_points[0]}}}},
                       {"kinds", {{"tt", {{"intervals", {{{"lo", 256}, {"hi", 4097}, {"candidate", m_points[1]}}}}}}}}};
    const auto model = exporter::buildPackageModel(*m_db, request(rule));
    const auto& f = model.families[0];
    ASSERT_TRUE(f.givenRule.has_value() && f.givenRule->aligned.has_value());
    const auto family = FamilyRegistry::instance().find("sgemm");
    const RuleChooser chooser(*f.givenRule, *family, m_device);
    for (const long long s : {255LL, 256LL, 511LL, 512LL, 768LL, 1000LL, 1024LL, 9000LL, 9216LL})
        for (const std::string kind : {"", "nt", "tn", "tt"}) {
            const ProblemSize size{{s, s, s}};
            EXPECT_EQ(f.select(size, kind), chooser.choose(size, kind).key) << s << " " << kind;
        }
    EXPECT_EQ(f.select({{1024, 1024, 1024}}), m_points[0]);
    EXPECT_EQ(f.select({{1024, 1024, 1024}}, "tt"), m_points[1]);
    EXPECT_EQ(f.select({{1024, 1024, 1024}}, "tn"), m_points[0]); // tn has no aligned intervals: the aligned main
    EXPECT_EQ(f.select({{1000, 1000, 1000}}, "tn"), m_points[4]);
    EXPECT_EQ(f.select({{1000, 1000, 1000}}), m_points[3]);

    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    exporter::writePackage(model, options);
    rules::CppEmitOptions cpp;
    cpp.functionName = "select", cpp.namespaceName = "ktp_rule_sgemm";
    EXPECT_EQ(readText(options.out / "src/ktp_rule_sgemm.hpp"),
              rules::emitKindsCpp(*f.givenRule->sizeRule, f.givenRule->kindRules, cpp, &*f.givenRule->aligned));
    const std::string readme = readText(options.out / "README.md");
    EXPECT_NE(readme.find("sizes that are multiples of 256 take its aligned intervals"), std::string::npos) << readme;
}

// Trees and tables choose at every size; a tree over fewer dimensions in another order reads the call's.
TEST_F(ExportRule, TreeAndTableRulesChooseAsKernelTuneEverywhere) {
    const nlohmann::json tree = {{"format", "ktune-tree/1"},
                                 {"dims", {"k", "m"}},
                                 {"tree",
                                  {{"dim", "k"},
                                   {"threshold", 100},
                                   {"left", {{"candidate", m_points[2]}}},
                                   {"right",
                                    {{"dim", "m"},
                                     {"threshold", 50},
                                     {"left", {{"candidate", m_points[3]}}},
                                     {"right", {{"candidate", m_points[4]}}}}}}}};
    const nlohmann::json table = {
        {"format", "ktune-table/1"},
        {"dims", {"m", "n", "k"}},
        {"entries",
         {{{"size", {64, 64, 64}}, {"candidate", m_points[2]}},
          {{"size", {500, 500, 500}}, {"candidate", m_points[3]}}}},
        {"kinds", {{"tn", {{"entries", {{{"size", {64, 64, 64}}, {"candidate", m_points[4]}}}}}}}}};
    const auto family = FamilyRegistry::instance().find("sgemm");
    for (const auto& rule : {tree, table}) {
        const auto model = exporter::buildPackageModel(*m_db, request(rule));
        const auto& f = model.families[0];
        const RuleChooser chooser(*f.givenRule, *family, m_device);
        for (const ProblemSize& size :
             {ProblemSize{{64, 64, 64}}, ProblemSize{{40, 70, 200}}, ProblemSize{{70, 40, 200}},
              ProblemSize{{450, 500, 520}}, ProblemSize{{10, 10, 10}}})
            for (const std::string kind : {"", "tn"})
                EXPECT_EQ(f.select(size, kind), chooser.choose(size, kind).key) << rule["format"] << " " << kind;
        exporter::WriteOptions options;
        options.out = dir() / "pkg";
        options.replace = true;
        exporter::writePackage(model, options);
        const std::string code = readText(options.out / "src/ktp_generated.cpp");
        EXPECT_NE(code.find(rule == tree ? "ktp_rule_sgemm::select(d[2], d[0]);"
                                         : "ktp_rule_sgemm::select(d[0], d[1], d[2], kind);"),
                  std::string::npos)
            << code;
    }
    EXPECT_EQ(exporter::buildPackageModel(*m_db, request(tree)).families[0].select({{40, 70, 200}}), m_points[3]);
    EXPECT_EQ(exporter::buildPackageModel(*m_db, request(table)).families[0].select({{64, 64, 64}}, "tn"), m_points[4]);
}

TEST_F(ExportRule, BadRulesAreRefusedNamingTheProblem) {
    auto bad = opsRule();
    bad["kinds"]["tn"]["intervals"][0]["candidate"] = "GEMM_ML=7";
    refused(request(bad), "candidate 'GEMM_ML=7' is not a valid sgemm point");
    auto all = request(bad);
    all.families = {"all"}; // not skipped as a family without measurements would be
    refused(all, "candidate 'GEMM_ML=7' is not a valid sgemm point");
    auto other = opsRule();
    other["family"] = "dgemm";
    refused(request(other), "ops.json is a rule for family dgemm, not sgemm");
    // A point of the family that the tuned device cannot run (GEMM takes keys outside its space, so its requirements
    // are checked as for `ktune bench --point`): run AO's FP64 tensor-core kernels on an OpenCL device.
    measure("dgemm", m_points[0], {{64, 64, 32}}, 10);
    auto ao = request(
        nlohmann::json::parse(readText(KT_SOURCE_DIR "/docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json")), "dgemm");
    ao.families = {"dgemm"};
    refused(ao, "cannot run on " + m_device.label() + ": FP64 tensor cores need a CUDA device");
    auto kind = opsRule();
    kind["kinds"]["pointers"] = kind["kinds"]["tn"];
    refused(request(kind), "a table for call kind 'pointers', which sgemm does not have");
    refused(request(opsRule(), "nosuch"), "a rule (ops.json) for family 'nosuch', which is unknown");
    refused(request(opsRule(), "dgemm"), "a rule (ops.json) for family dgemm, which is not exported");
    auto twice = request(opsRule());
    twice.rules.push_back(twice.rules[0]);
    refused(twice, "two rules for family sgemm");
    auto withTable = request(opsRule());
    withTable.kindTables.push_back({"sgemm", "tn", {}});
    refused(withTable, "family sgemm has a rule (ops.json) and a 'tn' table");
}

// Run AO's per-op DGEMM rule (docs/perf/gemm.md) as `ktune export --rule` takes it for the H200 it was derived on: its
// candidates, none of them in the store, are the family's variants, with a routine plan each, and the package
// dispatches every op by its own intervals.
TEST_F(ExportRule, RunAOsPerOpRuleExportsForACudaDevice) {
    DeviceInfo h200 = store::test::sampleDevice("NVIDIA H200");
    h200.backend = BackendKind::Cuda, h200.platform = "CUDA", h200.vendor = "NVIDIA Corporation";
    h200.computeCapabilityMajor = 9, h200.localMemBytes = 48 << 10;
    store::DeviceRepository(*m_db).upsert(h200);
    m_device = h200, m_runs.clear();
    measure("dgemm", m_points[0], {{1536, 1024, 512}}, 10);
    const auto rule = rules::readRuleFile(KT_SOURCE_DIR "/docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json");
    exporter::ExportRequest r{h200.stableId(), {"dgemm"}, 3};
    r.rules.push_back({"dgemm", rule});
    const auto model = exporter::buildPackageModel(*m_db, r);
    const auto& f = model.families[0];
    EXPECT_EQ(f.variants.size(), rule.candidates().size() + 1); // and the store's one
    EXPECT_EQ(f.variants[f.generic].pointKey, m_points[0]);
    const RuleChooser chooser(rule, *FamilyRegistry::instance().find("dgemm"), h200);
    std::set<std::string> at1024;
    for (const std::string kind : {"", "nt", "tn", "tt"}) {
        EXPECT_EQ(f.select({{1024, 1024, 1024}}, kind), chooser.choose({{1024, 1024, 1024}}, kind).key) << kind;
        at1024.insert(f.select({{1024, 1024, 1024}}, kind));
    }
    EXPECT_GT(at1024.size(), 1u); // per op: not one kernel for all four
    EXPECT_EQ(f.select({{1536, 1024, 512}}, "tn"), m_points[0]);
    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    exporter::writePackage(model, options);
    const std::string header = readText(options.out / "src/ktp_rule_dgemm.hpp");
    for (const char* function : {"select_nt(long long size)", "select_tn(long long size)", "select_tt(long long size)"})
        EXPECT_NE(header.find(function), std::string::npos) << function;
}

TEST_F(ExportRule, TheCliRefusesABadRuleWithExitCode2AndWritesNothing) {
    test::Scratch scratch;
    scratch.write("ops.json", opsRule().dump());
    scratch.write("broken.json", "{\"format\": \"ktune-rules/1\", \"intervals\": [");
    auto other = opsRule();
    other["family"] = "dgemm";
    scratch.write("dgemm.json", other.dump());
    const nlohmann::json table = {{"format", "ktune-table/1"},
                                  {"dims", {"m", "n", "k"}},
                                  {"entries", {{{"size", {64, 64, 64}}, {"candidate", m_points[4]}}}}};
    scratch.write("t.json", table.dump());
    const std::string common =
        "export --db '" + dbPath().string() + "' --device '" + m_device.stableId() + "' --family sgemm --out pkg ";
    const auto ok = scratch.ktune(common + "--rule sgemm=ops.json");
    ASSERT_EQ(ok.rc, 0) << ok.output;
    EXPECT_NE(ok.output.find("sgemm: 5 variants, dispatch tree of depth 1 over 3 measured sizes, rule ops.json "
                             "(ktune-rules/1) first"),
              std::string::npos)
        << ok.output;
    const std::string manifest = scratch.read("pkg/manifest.json");
    for (const auto& [arguments, expected] : std::vector<std::pair<std::string, std::string>>{
             {"--rule sgemm=broken.json", "broken.json: not JSON"},
             {"--rule sgemm=nosuch.json", "nosuch.json: cannot read the rule file"},
             {"--rule sgemm", "--rule 'sgemm': expected FAMILY=FILE"},
             {"--rule sgemm=dgemm.json", "dgemm.json is a rule for family dgemm, not sgemm"},
             {"--rule nosuch=ops.json", "for family 'nosuch', which is unknown"},
             {"--rule sgemm=ops.json --kind-table sgemm:tn=t.json",
              "family sgemm has a rule (ops.json) and a 'tn' table"},
         }) {
        const auto r = scratch.ktune(common + "--replace " + arguments);
        EXPECT_EQ(r.rc, 2) << arguments << "\n" << r.output;
        EXPECT_NE(r.output.find(expected), std::string::npos) << arguments << "\n" << r.output;
        EXPECT_EQ(scratch.read("pkg/manifest.json"), manifest) << arguments; // the earlier package is untouched
        EXPECT_FALSE(scratch.exists("pkg.ktp-tmp")) << arguments;
    }
    const auto fresh = scratch.ktune("export --db '" + dbPath().string() + "' --device '" + m_device.stableId() +
                                     "' --family sgemm --out fresh --rule sgemm=broken.json");
    EXPECT_EQ(fresh.rc, 2) << fresh.output;
    EXPECT_FALSE(scratch.exists("fresh"));
}

} // namespace
} // namespace kt
