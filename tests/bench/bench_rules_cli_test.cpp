// `ktune bench --rules` on the PoCL CPU device: the whole path tuning run → curves → rule → measured rule
// (tools/gpu-dispatch.sh with tiny sizes), hand-written interval and tree rules switching kernels where they say,
// `ktune best --curves`, and bad rule files (exit 2, the problem named, nothing written).
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/cli_fit/cli_helper.hpp"

namespace {

using kt::test::CliResult;
using nlohmann::json;

// Small tiles: fast to build and run on a CPU, and two of them differ in the work-group's block of C.
constexpr const char* kSmall = "GEMM_ML=16,GEMM_NL=16,GEMM_KL=8,GEMM_MS=4,GEMM_NS=4,GEMM_KS=1,GEMM_VW=1,"
                               "GEMM_LOCAL_A=1,GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,"
                               "GEMM_LAYOUT_B=1,GEMM_PREFETCH=0";
constexpr const char* kLarge = "GEMM_ML=32,GEMM_NL=32,GEMM_KL=8,GEMM_MS=4,GEMM_NS=4,GEMM_KS=1,GEMM_VW=1,"
                               "GEMM_LOCAL_A=1,GEMM_LOCAL_B=1,GEMM_IMAGE_A=0,GEMM_IMAGE_B=0,GEMM_LAYOUT_A=1,"
                               "GEMM_LAYOUT_B=1,GEMM_PREFETCH=0";

// Four sgemm points (16 or 32 wide blocks of C); the two-stage run measures all of them at every size.
constexpr const char* kTinySpace = R"({
  "name": "sgemm-tiny",
  "description": "four small-tile SGEMM kernels for CPU tests",
  "parameters": [
    {"name": "GEMM_ML", "values": [16, 32]}, {"name": "GEMM_NL", "values": [16, 32]},
    {"name": "GEMM_KL", "values": [8]}, {"name": "GEMM_MS", "values": [4]}, {"name": "GEMM_NS", "values": [4]},
    {"name": "GEMM_KS", "values": [1]}, {"name": "GEMM_VW", "values": [1]},
    {"name": "GEMM_LOCAL_A", "values": [1]}, {"name": "GEMM_LOCAL_B", "values": [1]},
    {"name": "GEMM_IMAGE_A", "values": [0]}, {"name": "GEMM_IMAGE_B", "values": [0]},
    {"name": "GEMM_LAYOUT_A", "values": [1]}, {"name": "GEMM_LAYOUT_B", "values": [1]},
    {"name": "GEMM_PREFETCH", "values": [0]}
  ],
  "constraints": [
    {"expr": "(GEMM_ML / GEMM_MS) * (GEMM_NL / GEMM_NS) <= DEV_MAX_WG"}
  ]
})";

class BenchRulesCli : public ::testing::Test {
protected:
    void SetUp() override {
        m_db = path("rules.sqlite");
        const auto devices = ktune("devices --json");
        if (devices.rc != 0 || devices.output.find("\"cpu\"") == std::string::npos)
            GTEST_SKIP() << "no OpenCL CPU device: " << devices.output.substr(0, 300);
    }
    std::string path(const std::string& name) const { return m_scratch.path(name); }
    CliResult ktune(const std::string& args) const { return m_scratch.ktune(args); }
    CliResult bench(const std::string& args) const {
        return ktune("bench --db '" + m_db + "' --device cpu --family sgemm " + args);
    }
    json readJson(const std::string& file) const {
        std::ifstream in(file);
        EXPECT_TRUE(in.good()) << file << " missing";
        return json::parse(in);
    }
    std::string writeRule(const std::string& name, const json& rule) const {
        return m_scratch.write(name, rule.dump(2));
    }
    // tools/gpu-dispatch.sh FAMILY on the CPU device over n = 16:64:16 into OUT, with the knobs (environment
    // assignments) after KT_KTUNE and KT_SPACE; its output in `log`. True when it exits 0.
    bool dispatch(const std::string& family, const std::string& space, const std::string& knobs, const std::string& out,
                  std::string& log) const {
        const std::string logName = family + "-dispatch.log";
        const std::string cmd = "KT_KTUNE='" KT_KTUNE_PATH "' KT_SPACE='" + space + "' " + knobs +
                                " '" KT_SOURCE_DIR "/tools/gpu-dispatch.sh' " + family + " cpu 16:64:16 120s '" + out +
                                "' > '" + path(logName) + "' 2>&1";
        const int status = std::system(cmd.c_str());
        log = m_scratch.read(logName);
        return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }

    kt::test::Scratch m_scratch;
    std::string m_db;
};

// The interval holding n, the nearest at either end: what the rule says, computed here from the file.
std::string intervalCandidate(const json& rule, long long n) {
    const auto& ivs = rule["intervals"];
    for (const auto& iv : ivs)
        if (n < iv["hi"].get<long long>()) return iv["candidate"];
    return ivs.back()["candidate"];
}

json twoIntervalRule() {
    return {{"format", "ktune-rules/1"},
            {"family", "sgemm"},
            {"intervals",
             {{{"lo", 16}, {"hi", 40}, {"candidate", kSmall}}, {{"lo", 40}, {"hi", 65}, {"candidate", kLarge}}}}};
}

TEST_F(BenchRulesCli, PipelineFromTuningRunToMeasuredRule) {
    const std::string space = m_scratch.write("tiny.json", kTinySpace);
    const std::string out = path("dispatch");
    std::string log;
    ASSERT_TRUE(dispatch("sgemm", space,
                         "KT_TUNE_ARGS=--no-isolation KT_OPS=nn,tt KT_RUNS=1 KT_BENCH_RUNS=1 KT_BENCH_ARGS=--verify",
                         out, log))
        << log;

    // Curves from the stored run: point keys at the four sweep sizes.
    std::ifstream curves(out + "/curves.csv");
    std::string header;
    std::getline(curves, header);
    EXPECT_EQ(header, "size,candidate,value");
    std::set<long long> curveSizes;
    for (std::string line; std::getline(curves, line);) curveSizes.insert(std::stoll(line.substr(0, line.find(','))));
    EXPECT_EQ(curveSizes, (std::set<long long>{16, 32, 48, 64}));

    const auto rule = readJson(out + "/rule.json");
    EXPECT_EQ(rule["format"], "ktune-rules/1");
    EXPECT_EQ(rule["family"], "sgemm");
    ASSERT_FALSE(rule["intervals"].empty());
    EXPECT_EQ(rule["intervals"].front()["lo"], 16);
    EXPECT_EQ(rule["intervals"].back()["hi"], 65);
    EXPECT_TRUE(std::filesystem::exists(out + "/rule.hpp"));

    // What the rule dispatches ran at every size and op, verified against OpenBLAS, CLBlast alongside.
    const auto b = readJson(out + "/bench-rules.json");
    EXPECT_EQ(b["rule"]["file"], out + "/rule.json");
    EXPECT_EQ(b["rule"]["intervals"], rule["intervals"]);
    ASSERT_EQ(b["rows"].size(), 8u) << b.dump(2);
    std::set<std::pair<long long, std::string>> seen;
    for (const auto& row : b["rows"]) {
        const long long n = row["size"][0];
        EXPECT_EQ(row["size"], json({n, n, n}));
        seen.insert({n, row["op"]});
        EXPECT_EQ(row["candidate"], intervalCandidate(rule, n)) << row.dump();
        EXPECT_EQ(row["origin"], "rule");
        EXPECT_NE(row["rule"].get<std::string>().find("<= m = n = k <"), std::string::npos) << row.dump();
        EXPECT_FALSE(row.contains("rule_note")) << row.dump(); // every size is inside the rule
        EXPECT_EQ(row["verified"], true) << row.dump();
        EXPECT_GT(row["ours_gflops"].get<double>(), 0);
        EXPECT_TRUE(row["peer_gflops"].is_number()) << row.dump();
    }
    EXPECT_EQ(seen.size(), 8u);
    // The single-kernel baseline ran too, with one candidate everywhere.
    const auto single = readJson(out + "/bench-single.json");
    EXPECT_EQ(single["candidates"].size(), 1u);
    EXPECT_NE(log.find("== bench-rules: rc 0"), std::string::npos) << log;
    std::ifstream compare(out + "/compare.txt"); // rule vs single kernel vs peer, one line per size and op
    std::string text((std::istreambuf_iterator<char>(compare)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("64x64x64         tt"), std::string::npos) << text;
}

// A BLAS3 family (two size dimensions, n and k; variants instead of GEMM ops) takes the same path: the tuning run at
// n = k, the interval rule over n = k, the rule benched per variant, and compare.txt matching rows by variant. The
// evaluation budget runs out within the last sweep size (4 kernels at 16 and 32, then 48 for all, 64 for two), as a
// time budget did on the H100 (run V): the curves keep the kernels measured at all sizes but the last one.
TEST_F(BenchRulesCli, Blas3FamilyFromTuningRunToMeasuredRule) {
    std::string space = kTinySpace; // the same four kernels as BLAS3 points (no split-K)
    space.replace(space.find("sgemm-tiny"), 10, "ssyrk-tiny");
    space = m_scratch.write("tiny3.json", space);
    const std::string out = path("dispatch3");
    std::string log;
    ASSERT_TRUE(dispatch("ssyrk", space,
                         "KT_TUNE_ARGS='--no-isolation --budget-evals 14' KT_VARIANTS=ln,ut KT_RUNS=1 "
                         "KT_BENCH_RUNS=1 KT_BENCH_ARGS=--verify KT_STAGE_SIZES=16,32",
                         out, log))
        << log;
    EXPECT_NE(log.find("2 candidates measured at 4 or more sizes, fewer than 4 (budget?): one size less"),
              std::string::npos)
        << log;

    std::ifstream curves(out + "/curves.csv");
    std::string line;
    std::getline(curves, line);
    std::map<long long, std::set<std::string>> measuredAt; // size -> candidates in the curves
    while (std::getline(curves, line)) {
        const auto comma = line.find(',');
        measuredAt[std::stoll(line.substr(0, comma))].insert(line.substr(comma + 1, line.rfind(',') - comma - 1));
    }
    ASSERT_EQ(measuredAt.size(), 4u);
    EXPECT_EQ(measuredAt[48].size(), 4u); // every finalist, not only the two that reached 64
    EXPECT_EQ(measuredAt[64].size(), 2u);

    const auto rule = readJson(out + "/rule.json");
    EXPECT_EQ(rule["family"], "ssyrk");
    ASSERT_FALSE(rule["intervals"].empty());
    EXPECT_EQ(rule["intervals"].front()["lo"], 16);
    EXPECT_EQ(rule["intervals"].back()["hi"], 65);
    // At 64 the rule names one of the two kernels measured there (the curves quote keys: compare unquoted).
    const std::string at64 = intervalCandidate(rule, 64);
    EXPECT_TRUE(measuredAt[64].count(at64) || measuredAt[64].count("\"" + at64 + "\"")) << at64;

    const auto b = readJson(out + "/bench-rules.json");
    ASSERT_EQ(b["rows"].size(), 8u) << b.dump(2); // 4 sizes x 2 variants
    std::map<std::pair<long long, std::string>, double> ruleValue;
    for (const auto& row : b["rows"]) {
        const long long n = row["size"][0];
        EXPECT_EQ(row["size"], json({n, n})); // n = k
        EXPECT_EQ(row["candidate"], intervalCandidate(rule, n)) << row.dump();
        EXPECT_NE(row["rule"].get<std::string>().find("<= n = k <"), std::string::npos) << row.dump();
        EXPECT_EQ(row["verified"], true) << row.dump(); // against OpenBLAS, the other triangle untouched
        const std::string variant = row["uplo/trans"];
        ruleValue[{n, variant}] = row["ours_gflops"];
    }
    EXPECT_EQ(ruleValue.size(), 8u);
    // compare.txt: one line per size and variant, the rule's figure beside the single kernel's.
    const auto single = readJson(out + "/bench-single.json");
    std::map<std::pair<long long, std::string>, double> singleValue;
    for (const auto& row : single["rows"]) singleValue[{row["size"][0], row["uplo/trans"]}] = row["ours_gflops"];
    std::ifstream compare(out + "/compare.txt");
    std::getline(compare, line); // the title
    std::getline(compare, line);
    EXPECT_EQ(line.rfind("peer: ", 0), 0u) << line; // the peers the figures are divided by
    std::getline(compare, line);
    EXPECT_NE(line.find("uplo"), std::string::npos) << line; // the variant column, named by the family's label
    int rows = 0;
    for (; std::getline(compare, line) && line.rfind("  ", 0) != 0; ++rows) {
        std::istringstream in(line);
        std::string size, variant, cand;
        double oursFigure = 0, singleFigure = 0;
        in >> size >> variant >> cand >> oursFigure >> singleFigure;
        const std::pair<long long, std::string> at{std::stoll(size), variant};
        ASSERT_TRUE(ruleValue.count(at) && singleValue.count(at)) << line;
        EXPECT_NEAR(oursFigure, ruleValue[at], 0.051) << line; // printed with one decimal
        EXPECT_NEAR(singleFigure, singleValue[at], 0.051) << line;
    }
    EXPECT_EQ(rows, 8);
}

TEST_F(BenchRulesCli, IntervalRuleSwitchesKernelsAtItsBoundaries) {
    writeRule("two.json", twoIntervalRule());
    const auto r =
        bench("--rules two.json --sizes 8,16,39,40,64,80 --ops nn --runs 1 --verify --peer none --out b.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto b = readJson(path("b.json"));
    ASSERT_EQ(b["rows"].size(), 6u) << b.dump(2);
    for (const auto& row : b["rows"]) {
        const long long n = row["size"][0];
        EXPECT_EQ(row["candidate"], n < 40 ? kSmall : kLarge) << n;
        EXPECT_EQ(row["verified"], true) << row.dump();
        EXPECT_EQ(row["rule"], n < 40 ? "16 <= m = n = k < 40" : "40 <= m = n = k < 65") << n;
        if (n == 8) {
            EXPECT_NE(row["rule_note"].get<std::string>().find("below"), std::string::npos) << row.dump();
        } else if (n == 80) {
            EXPECT_NE(row["rule_note"].get<std::string>().find("past"), std::string::npos) << row.dump();
        } else {
            EXPECT_FALSE(row.contains("rule_note")) << row.dump();
        }
    }
    // The table shows the switch: per size the candidate's number and the interval, and the notes.
    EXPECT_NE(r.output.find("rule choices:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("#2  40 <= m = n = k < 65"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("note: m = n = k = 80 is past"), std::string::npos) << r.output;

    // Without --sizes: each interval's first size and the last covered size.
    const auto d = bench("--rules two.json --ops nn --runs 1 --peer none --out d.json");
    ASSERT_EQ(d.rc, 0) << d.output;
    std::vector<long long> sizes;
    const auto defaults = readJson(path("d.json"));
    for (const auto& row : defaults["rows"]) sizes.push_back(row["size"][0]);
    EXPECT_EQ(sizes, (std::vector<long long>{16, 40, 64}));
}

TEST_F(BenchRulesCli, TreeRuleDispatchesOnShape) {
    const json tree = {{"format", "ktune-tree/1"},
                       {"dims", {"m", "n", "k"}},
                       {"tree",
                        {{"dim", "m"},
                         {"threshold", 32},
                         {"left", {{"candidate", kSmall}}},
                         {"right", {{"candidate", kLarge}}}}}};
    writeRule("tree.json", tree);
    const auto r = bench("--rules tree.json --sizes 16x48x16,48x16x24 --ops nn,tn --runs 1 --verify --peer none "
                         "--out t.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto t = readJson(path("t.json"));
    ASSERT_EQ(t["rows"].size(), 4u);
    for (const auto& row : t["rows"]) {
        const bool small = row["size"][0] == 16;
        EXPECT_EQ(row["candidate"], small ? kSmall : kLarge) << row.dump();
        EXPECT_EQ(row["rule"], small ? "m < 32" : "m >= 32") << row.dump();
        EXPECT_EQ(row["verified"], true) << row.dump();
    }
    EXPECT_EQ(t["rule"]["format"], "ktune-tree/1");
}

// Evaluates a ktune-tree/1 node on (m, n, k), as the file says.
std::string treeCandidate(const json& node, const json& dims, const std::vector<long long>& x) {
    if (node.contains("candidate")) return node["candidate"];
    const auto d = std::find(dims.begin(), dims.end(), node["dim"]) - dims.begin();
    const bool left = x[static_cast<std::size_t>(d)] < node["threshold"].get<long long>();
    return treeCandidate(left ? node["left"] : node["right"], dims, x);
}

TEST_F(BenchRulesCli, TreeFromAStoredRunOfSeveralShapes) {
    const std::string space = m_scratch.write("tiny.json", kTinySpace);
    const std::string sizes = "16x48x16,48x16x16,48x48x16";
    const auto tuned = ktune("tune --db '" + m_db + "' --device cpu --family sgemm --space '" + space +
                             "' --strategy exhaustive --sizes " + sizes + " --no-isolation --runs 1");
    ASSERT_EQ(tuned.rc, 0) << tuned.output;
    const auto curves = ktune("best --db '" + m_db + "' --device cpu --family sgemm --run 1 --curves c.csv");
    ASSERT_EQ(curves.rc, 0) << curves.output;
    // The best candidate per shape, from the CSV (one column per dimension for shapes that are not cubes).
    std::ifstream in(path("c.csv"));
    std::string line;
    std::getline(in, line);
    ASSERT_EQ(line, "m,n,k,candidate,value");
    std::map<std::vector<long long>, std::pair<double, std::string>> best;
    std::map<std::vector<long long>, std::map<std::string, double>> valueOf;
    while (std::getline(in, line)) {
        std::vector<long long> x(3);
        std::size_t at = 0;
        for (auto& v : x) {
            const auto comma = line.find(',', at);
            v = std::stoll(line.substr(at, comma - at));
            at = comma + 1;
        }
        const auto close = line.rfind('"');
        const std::string key = line.substr(at + 1, close - at - 1);
        const double value = std::stod(line.substr(close + 2));
        valueOf[x][key] = value;
        if (!best.count(x) || best[x].first < value) best[x] = {value, key};
    }
    ASSERT_EQ(best.size(), 3u);

    const auto rules = ktune("rules --curves c.csv --family sgemm --out t.json");
    ASSERT_EQ(rules.rc, 0) << rules.output;
    const auto tree = readJson(path("t.json"));
    ASSERT_EQ(tree["format"], "ktune-tree/1");
    const auto r = bench("--rules t.json --sizes " + sizes + " --ops nn --runs 1 --verify --peer none --out b.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto b = readJson(path("b.json"));
    ASSERT_EQ(b["rows"].size(), 3u);
    for (const auto& row : b["rows"]) {
        const std::vector<long long> x = row["size"];
        EXPECT_EQ(row["candidate"], treeCandidate(tree["tree"], tree["dims"], x)) << row.dump();
        // The tree fits three shapes exactly, so it names a measured winner of each shape. Not necessarily the
        // first one listed: on a fast host tiny kernels often time alike, and of candidates with equal values the
        // tree keeps the one that also wins the leaf's other shapes. So compare values, not names.
        ASSERT_TRUE(valueOf[x].count(row["candidate"].get<std::string>())) << row.dump();
        EXPECT_EQ(valueOf[x][row["candidate"].get<std::string>()], best[x].first) << row.dump();
        EXPECT_EQ(row["verified"], true) << row.dump();
    }
}

TEST_F(BenchRulesCli, BestAtOneSizeTakesACubeAsOneNumberAndNamesTheSizesMeasured) {
    const std::string space = m_scratch.write("tiny.json", kTinySpace);
    const auto tuned = ktune("tune --db '" + m_db + "' --device cpu --family sgemm --space '" + space +
                             "' --strategy exhaustive --sizes 16,48x16x16 --no-isolation --runs 1");
    ASSERT_EQ(tuned.rc, 0) << tuned.output;
    const auto cube = ktune("best --db '" + m_db + "' --device cpu --family sgemm --size 16 --top 1");
    ASSERT_EQ(cube.rc, 0) << cube.output;
    EXPECT_NE(cube.output.find("16x16x16"), std::string::npos) << cube.output;
    const auto missing = ktune("best --db '" + m_db + "' --device cpu --family sgemm --size 32");
    EXPECT_EQ(missing.rc, 1) << missing.output;
    EXPECT_NE(missing.output.find("at size 32x32x32; measured at: "), std::string::npos) << missing.output;
    EXPECT_NE(missing.output.find("48x16x16"), std::string::npos) << missing.output;
    EXPECT_EQ(ktune("best --db '" + m_db + "' --device cpu --family sgemm --size 16x16").rc, 2); // two of three
}

TEST_F(BenchRulesCli, BestCurvesExportsAStoredRun) {
    const auto tuned = ktune("tune --db '" + m_db + "' --device cpu --family transpose --strategy random " +
                             "--budget-evals 4 --sizes 64,128 --no-isolation --runs 1");
    ASSERT_EQ(tuned.rc, 0) << tuned.output;
    const auto r = ktune("best --db '" + m_db + "' --device cpu --family transpose --run 1 --curves c.csv");
    ASSERT_EQ(r.rc, 0) << r.output;
    std::ifstream in(path("c.csv"));
    std::string header, line;
    std::getline(in, header);
    EXPECT_EQ(header, "size,candidate,value");
    int rows = 0;
    while (std::getline(in, line)) {
        ++rows;
        EXPECT_NE(line.find(",\"TRA_"), std::string::npos) << line; // point keys, quoted (they hold commas)
    }
    EXPECT_GE(rows, 2);
    // `ktune rules` reads it back and names point keys.
    const auto rules = ktune("rules --curves c.csv --family transpose --out r.json");
    ASSERT_EQ(rules.rc, 0) << rules.output;
    EXPECT_EQ(readJson(path("r.json"))["family"], "transpose");
    EXPECT_EQ(readJson(path("r.json"))["intervals"][0]["candidate"].get<std::string>().rfind("TRA_", 0), 0u);

    EXPECT_EQ(ktune("best --db '" + m_db + "' --device cpu --family transpose --run 1 --min-sizes 3 --curves e.csv").rc,
              1);
    EXPECT_FALSE(std::filesystem::exists(path("e.csv")));
    const auto other = ktune("best --db '" + m_db + "' --device cpu --family sgemm --run 1 --curves e.csv");
    EXPECT_EQ(other.rc, 2) << other.output;
    EXPECT_NE(other.output.find("tuned transpose"), std::string::npos) << other.output;
    EXPECT_EQ(ktune("best --db '" + m_db + "' --device cpu --family transpose --run 7 --curves e.csv").rc, 2);
    EXPECT_EQ(ktune("best --db '" + m_db + "' --device cpu --family transpose --run 1").rc, 2); // --run needs --curves
}

TEST_F(BenchRulesCli, PointerArrayVariantsRunThePointersTable) {
    // One batched table with a pointers table (as `ktune rules --merge` writes it): at 6 the strided entry is the
    // read-only design, the pointers entry the shared one with 2 x 2 blocks and rounds; the bench's ptr-* rows run
    // the pointers choice, the strided rows the strided one, each checked against OpenBLAS; a rule without a
    // pointers table runs the strided choice for both.
    const std::string strided = "BATCHED_DESIGN=0,BATCHED_TBA=8,BATCHED_WX=4,BATCHED_WY=4,BATCHED_REG=0,"
                                "BATCHED_PAD=0,BATCHED_VEC=0,BATCHED_SEQ=1,BATCHED_MINB=0,BATCHED_LDV=1,BATCHED_ASYNC=0";
    const std::string pointers = "BATCHED_DESIGN=1,BATCHED_TBA=1,BATCHED_WX=3,BATCHED_WY=3,BATCHED_REG=1,"
                                 "BATCHED_PAD=0,BATCHED_VEC=0,BATCHED_SEQ=2,BATCHED_MINB=0,BATCHED_LDV=1,BATCHED_ASYNC=0";
    json table = {{"format", "ktune-table/1"},
                  {"family", "sgemm_batched"},
                  {"dims", {"m", "n", "k"}},
                  {"entries", {{{"size", {6, 6, 6}}, {"candidate", strided}}}}};
    writeRule("strided.json", table);
    table["kinds"] = {{"pointers", {{"entries", {{{"size", {6, 6, 6}}, {"candidate", pointers}}}}}}};
    writeRule("both.json", table);
    for (const char* file : {"both.json", "strided.json"}) {
        SCOPED_TRACE(file);
        const auto r = ktune("bench --db '" + m_db + "' --device cpu --family sgemm_batched --rules " + file +
                             " --variants nn,ptr-tn --sizes 6x6x6x5 --peer none --runs 1 --verify --json --out b.json");
        ASSERT_EQ(r.rc, 0) << r.output;
        const auto rows = readJson(path("b.json"))["rows"];
        ASSERT_EQ(rows.size(), 2u) << rows.dump(2);
        for (const auto& row : rows) {
            const bool ptr = row["op"] == "ptr-tn" && std::string(file) == "both.json";
            EXPECT_EQ(row["candidate"], ptr ? pointers : strided) << row.dump(2);
            EXPECT_EQ(row["rule"], ptr ? "m = 6, n = 6, k = 6 (pointers table)" : "m = 6, n = 6, k = 6");
            EXPECT_EQ(row["verified"], true) << row.dump(2);
        }
        std::filesystem::remove(path("b.json"));
    }
    // A pointers table naming a point of the wrong family, and a kind the family lacks, are refused before any run.
    table["kinds"]["pointers"]["entries"][0]["candidate"] = kSmall;
    writeRule("badptr.json", table);
    table["kinds"] = {{"pointer", {{"entries", {{{"size", {6, 6, 6}}, {"candidate", pointers}}}}}}};
    writeRule("typo.json", table);
    for (const auto& [file, mentions] : std::vector<std::pair<std::string, std::string>>{
             {"badptr.json", "GEMM_ML"}, {"typo.json", "call kind 'pointer'"}}) {
        const auto r = ktune("bench --db '" + m_db + "' --device cpu --family sgemm_batched --rules " + file +
                             " --variants ptr-nn --sizes 6x6x6x5 --peer none --runs 1 --out bad.json");
        EXPECT_EQ(r.rc, 2) << file << "\n" << r.output;
        EXPECT_NE(r.output.find(mentions), std::string::npos) << file << "\n" << r.output;
        EXPECT_FALSE(std::filesystem::exists(path("bad.json")));
    }
}

TEST_F(BenchRulesCli, BadRuleFilesExitTwoAndNameTheProblem) {
    m_scratch.write("malformed.json", "{\"format\": \"ktune-rules/1\", \"intervals\": [");
    auto wrongFormat = twoIntervalRule();
    wrongFormat["format"] = "ktune-rules/7";
    writeRule("format.json", wrongFormat);
    auto label = twoIntervalRule();
    label["intervals"][0]["candidate"] = "fast-kernel";
    writeRule("label.json", label);
    auto transposePoint = twoIntervalRule();
    transposePoint["intervals"][1]["candidate"] = "TRA_TILE=16,TRA_WPT=4,TRA_LOCAL=1,TRA_PAD=1";
    writeRule("transpose.json", transposePoint);
    auto outOfRange = twoIntervalRule();
    outOfRange["intervals"][1]["candidate"] = std::string(kLarge).replace(std::string(kLarge).find("GEMM_LAYOUT_A=1"),
                                                                          15, "GEMM_LAYOUT_A=7");
    writeRule("range.json", outOfRange);
    auto dgemmRule = twoIntervalRule();
    dgemmRule["family"] = "dgemm";
    writeRule("dgemm.json", dgemmRule);
    writeRule("two.json", twoIntervalRule());
    const json split = {{"dim", "x"}, {"threshold", 4}, {"left", {{"candidate", kSmall}}},
                        {"right", {{"candidate", kLarge}}}};
    writeRule("xtree.json", {{"format", "ktune-tree/1"}, {"dims", {"x"}}, {"tree", split}});
    struct Case {
        std::string args, mentions;
    };
    const std::vector<Case> cases = {
        {"--rules malformed.json", "not JSON"},
        {"--rules format.json", "ktune-rules/7"},
        {"--rules label.json", "candidate 'fast-kernel'"},
        {"--rules transpose.json", "'TRA_TILE' is not a sgemm parameter"},
        {"--rules range.json", "GEMM_LAYOUT_A"},
        {"--rules dgemm.json", "family dgemm, not sgemm"},
        {"--rules two.json --sizes 32x16x16", "32x16x16"},
        {"--rules xtree.json", "'x'"},
        {"--rules nosuch.json", "cannot read"},
        {"--rules two.json --top 2", "--top"},
        {"--rules two.json --point " + std::string(kSmall), "exactly one"},
    };
    for (const auto& c : cases) {
        const auto r = bench(c.args + " --ops nn --runs 1 --out bad.json");
        EXPECT_EQ(r.rc, 2) << c.args << "\n" << r.output;
        EXPECT_NE(r.output.find(c.mentions), std::string::npos) << c.args << "\n" << r.output;
        EXPECT_FALSE(std::filesystem::exists(path("bad.json"))) << c.args;
    }
    // --point gets the same check: another family's key no longer runs the default GEMM kernel.
    const auto p = bench("--point TRA_TILE=16,TRA_WPT=4,TRA_LOCAL=1,TRA_PAD=1 --ops nn --runs 1 --out bad.json");
    EXPECT_EQ(p.rc, 2) << p.output;
    EXPECT_NE(p.output.find("TRA_TILE"), std::string::npos) << p.output;
}

} // namespace
