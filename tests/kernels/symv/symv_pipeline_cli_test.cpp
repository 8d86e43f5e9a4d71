// `ktune pipeline` end to end on the PoCL CPU device with dsymv (a few kernels, small sizes): the sieve, detailed
// sampling, d-spline fits and the rule, then `ktune bench --rules` running the auto-tuned SYMV routine the rule
// dispatches; and the command's refusals of bad arguments (exit 2, the problem named).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

#include "tests/cli_fit/cli_helper.hpp"

namespace {

using kt::test::CliResult;
using nlohmann::json;

// Lock-based atomic kernels and tiled ones (beta y apart and fused) with two block sizes and UX values, and L+U (two
// kernels and one launch).
constexpr const char* kTinySpace = R"({
  "name": "dsymv-tiny", "family": "dsymv",
  "parameters": [
    {"name": "SYMV_ALGO", "values": [0, 2, 3]}, {"name": "SYMV_BLOCK_SIZE", "values": [32, 64]},
    {"name": "SYMV_UX", "values": [8, 16]}, {"name": "SYMV_MULTIPLICITY", "values": [1]},
    {"name": "SYMV_MX", "values": [0]}, {"name": "SYMV_VW", "values": [1]}, {"name": "SYMV_CG", "values": [1, 2]},
    {"name": "SYMV_CHUNK", "values": [1, 2]}, {"name": "SYMV_FUSE", "values": [0, 1]},
    {"name": "SYMV_ONE_LAUNCH", "values": [0, 1]}
  ],
  "constraints": ["SYMV_ALGO != 2 || SYMV_UX == 8",
                  "SYMV_ALGO == 3 ? SYMV_CG == 2 && SYMV_CHUNK == 2 : SYMV_CG == 1 && SYMV_CHUNK == 1",
                  "SYMV_ALGO == 3 || SYMV_FUSE == 0", "SYMV_ALGO == 2 || SYMV_ONE_LAUNCH == 0"]
})";

class PipelineCli : public ::testing::Test {
protected:
    void SetUp() override {
        m_scratch.write("tiny.json", kTinySpace);
        const auto devices = ktune("devices --json");
        m_haveCpu = devices.rc == 0 && devices.output.find("\"cpu\"") != std::string::npos;
    }
    CliResult ktune(const std::string& args) const { return m_scratch.ktune(args); }

    kt::test::Scratch m_scratch;
    bool m_haveCpu = false;
};

} // namespace

TEST_F(PipelineCli, RefusesBadArguments) {
    const auto help = ktune("pipeline --help");
    EXPECT_EQ(help.rc, 0);
    EXPECT_NE(help.output.find("--incremental"), std::string::npos) << help.output;
    struct Case {
        std::string args, says;
    };
    const Case cases[] = {
        {"pipeline --device 0", "--family"},
        {"pipeline --device 0 --family nosuch", "unknown family"},
        {"pipeline --device 0 --family sgemm", "one size dimension"},
        {"pipeline --device 0 --family dsymv --detail 100", "2 distinct sizes"},
        {"pipeline --device 0 --family dsymv --incremental 1", "--incremental"},
        {"pipeline --device 0 --family dsymv --confidence 0.1", "goes with --incremental"},
        {"pipeline --device 0 --family dsymv --tolerance 1.5", "--tolerance"},
        {"pipeline --device 0 --family dsymv --alpha -1", "--alpha"},
        {"pipeline --resume 3 --db none.sqlite", "no store"},
        {"pipeline --resume 3 --keep-champions", "--keep-champions cannot change"},
        {"pipeline --device 0 --family dsymv --bogus 1", "--bogus"},
    };
    for (const auto& c : cases) {
        const auto r = ktune(c.args + " --db p.sqlite");
        EXPECT_EQ(r.rc, 2) << c.args << ": " << r.output;
        EXPECT_NE(r.output.find(c.says), std::string::npos) << c.args << ": " << r.output;
    }
    EXPECT_FALSE(m_scratch.exists("r.json"));
}

TEST_F(PipelineCli, ProducesARuleThatTheBenchRuns) {
    if (!m_haveCpu) GTEST_SKIP() << "no OpenCL CPU device";
    const auto r =
        ktune("pipeline --device cpu --family dsymv --space tiny.json --representative 64,192 "
              "--detail 32:320:48 --ranks 3 --finalists 3 --keep-champions --runs 2 --no-isolation --db p.sqlite "
              "--out r.json --emit-cpp r.hpp");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("rule:"), std::string::npos) << r.output;
    const json rule = json::parse(m_scratch.read("r.json"));
    EXPECT_EQ(rule["format"], "ktune-rules/1");
    EXPECT_EQ(rule["family"], "dsymv");
    const auto& intervals = rule["intervals"];
    ASSERT_FALSE(intervals.empty());
    EXPECT_EQ(intervals.front()["lo"], 32);
    EXPECT_EQ(intervals.back()["hi"], 321);
    for (std::size_t k = 1; k < intervals.size(); ++k) EXPECT_EQ(intervals[k]["lo"], intervals[k - 1]["hi"]);
    std::set<std::string> finalists;
    for (const auto& f : rule["finalists"]) finalists.insert(f["key"].get<std::string>());
    EXPECT_EQ(finalists.size(), 3u);
    for (const auto& i : intervals) EXPECT_TRUE(finalists.count(i["candidate"].get<std::string>())) << i.dump();
    EXPECT_EQ(rule["sampling"]["detail_full"], 3 * 7);
    EXPECT_EQ(rule["sampling"]["detail_measured"], 3 * 7);
    EXPECT_EQ(rule["sampling"]["options"].value("champions", 0.0), 1.0) << rule["sampling"].dump();
    EXPECT_NE(m_scratch.read("r.hpp").find("selectKernel"), std::string::npos);

    // The bench runs the routine the rule names at each size on the bench's operands, checked against OpenBLAS.
    const auto bench =
        ktune("bench --device cpu --family dsymv --rules r.json --sizes 40,300 --runs 2 --verify --db p.sqlite "
              "--out b.json");
    ASSERT_EQ(bench.rc, 0) << bench.output;
    const json b = json::parse(m_scratch.read("b.json"));
    ASSERT_TRUE(b.contains("rows")) << b.dump().substr(0, 500);
    ASSERT_EQ(b["rows"].size(), 2u);
    // The bench names a point with every parameter of the family: SYMV_PDL, which tiny.json lacks, at its absent 0.
    auto withoutAbsentPdl = [](std::string key) {
        const std::string pdl = ",SYMV_PDL=0";
        if (key.size() >= pdl.size() && key.compare(key.size() - pdl.size(), pdl.size(), pdl) == 0)
            key.resize(key.size() - pdl.size());
        return key;
    };
    for (const auto& row : b["rows"]) {
        EXPECT_TRUE(row.value("verified", false)) << row.dump();
        EXPECT_TRUE(finalists.count(withoutAbsentPdl(row.value("candidate", std::string())))) << row.dump();
        EXPECT_TRUE(row.contains("rule")) << row.dump();
    }

    // A completed run is derived again on --resume (other rule options, nothing measured).
    const auto again = ktune("pipeline --resume 1 --tolerance 0.5 --no-isolation --db p.sqlite --out r2.json");
    ASSERT_EQ(again.rc, 0) << again.output;
    EXPECT_LE(json::parse(m_scratch.read("r2.json"))["intervals"].size(), intervals.size());
}
