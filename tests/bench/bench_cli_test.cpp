// `ktune bench` on the PoCL CPU device: transpose vs CLBlast omatcopy (JSON, ratio, stored peer results), sgemm --paper
// over two ops, --best from a stored tuning run, and usage errors (exit 2, nothing written).
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/store/store.hpp"
#include "tests/cli_fit/cli_helper.hpp"

namespace {

using kt::test::CliResult;

class BenchCli : public ::testing::Test {
protected:
    void SetUp() override {
        m_db = path("bench.sqlite");
        // The PoCL CPU device is what these tests need; the GPU machine may lack it.
        const auto devices = ktune("devices --json");
        if (devices.rc != 0 || devices.output.find("\"cpu\"") == std::string::npos)
            GTEST_SKIP() << "no OpenCL CPU device: " << devices.output.substr(0, 300);
    }
    std::string path(const std::string& name) const { return m_scratch.path(name); }
    CliResult ktune(const std::string& args, const std::string& stdoutFile = "", const std::string& env = "") const {
        return m_scratch.ktune(args, stdoutFile, env);
    }
    CliResult bench(const std::string& args) const { return ktune("bench --db '" + m_db + "' --device cpu " + args); }
    nlohmann::json readJson(const std::string& name) const {
        std::ifstream in(path(name));
        EXPECT_TRUE(in.good()) << name << " missing";
        return nlohmann::json::parse(in);
    }

    kt::test::Scratch m_scratch;
    std::string m_db;
};

constexpr const char* kTransposePoint = "TRA_TILE=16,TRA_WPT=4,TRA_LOCAL=1,TRA_PAD=1";

TEST_F(BenchCli, TransposeAgainstClblastWritesFiguresAndRatio) {
    const auto profiled = ktune("profile cpu --json", "profile.json");
    ASSERT_EQ(profiled.rc, 0) << profiled.output;
    const auto r = bench(std::string("--family transpose --point ") + kTransposePoint +
                         " --sizes 64,128 --runs 3 --verify --profile profile.json --out t.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = readJson("t.json");
    EXPECT_EQ(j["family"], "transpose");
    EXPECT_EQ(j["candidate"], kTransposePoint);
    EXPECT_EQ(j["device"]["type"], "cpu");
    ASSERT_TRUE(j["peer"].is_string()) << j.dump(2);
    EXPECT_NE(j["peer"].get<std::string>().find("CLBlast"), std::string::npos);
    ASSERT_EQ(j["rows"].size(), 2u);
    std::set<std::int64_t> sizes;
    for (const auto& row : j["rows"]) {
        ASSERT_EQ(row["size"].size(), 1u);
        sizes.insert(row["size"][0].get<std::int64_t>());
        ASSERT_TRUE(row["ours_gbs"].is_number()) << row.dump();
        ASSERT_TRUE(row["peer_gbs"].is_number()) << row.dump();
        const double ours = row["ours_gbs"], peer = row["peer_gbs"];
        EXPECT_GT(ours, 0);
        EXPECT_GT(peer, 0);
        EXPECT_NEAR(row["ratio"].get<double>(), ours / peer, 1e-9 * ours / peer);
        // GB/s from the median time: 2 n^2 4-byte elements moved.
        const double n = row["size"][0];
        EXPECT_NEAR(ours, 2 * n * n * 4 / (row["ours_ms"].get<double>() * 1e6), 1e-6 * ours);
        EXPECT_EQ(row["verified"], true);
    }
    EXPECT_EQ(sizes, (std::set<std::int64_t>{64, 128}));
    // The bound is the given profile's.
    const auto profile = readJson("profile.json");
    ASSERT_TRUE(j["bound"].is_object()) << j.dump(2);
    EXPECT_DOUBLE_EQ(j["bound"]["copy_gbs"].get<double>(),
                     profile["device"]["profile"]["copy_bandwidth_gbs"].get<double>());
    // The table names the peer and the peer figures are in the store.
    EXPECT_NE(r.output.find("CLBlast"), std::string::npos) << r.output;
    auto db = kt::store::Database::open(m_db);
    kt::store::PeerRepository peers(db);
    const auto stored = peers.list(j["device_id"], "transpose", std::string("clblast"));
    ASSERT_EQ(stored.size(), 2u);
    EXPECT_DOUBLE_EQ(stored[0].value, j["rows"][0]["peer_gbs"].get<double>());
}

TEST_F(BenchCli, SgemmPaperProducesRowsForEachOp) {
    const auto r =
        bench("--family sgemm --paper --top 1 --sizes 64,96x80x72 --ops nn,tt --runs 2 --verify --out g.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = readJson("g.json");
    ASSERT_EQ(j["rows"].size(), 4u) << j.dump(2);
    std::set<std::pair<std::int64_t, std::string>> seen;
    for (const auto& row : j["rows"]) {
        ASSERT_EQ(row["size"].size(), 3u);
        const std::int64_t m = row["size"][0];
        if (m == 64)
            EXPECT_EQ(row["size"], nlohmann::json({64, 64, 64})); // "64" means 64 x 64 x 64
        else
            EXPECT_EQ(row["size"], nlohmann::json({96, 80, 72}));
        seen.insert({m, row["op"].get<std::string>()});
        EXPECT_EQ(row["verified"], true) << row.dump(); // our routine against OpenBLAS, every op
        EXPECT_EQ(row["origin"], "paper");
        ASSERT_TRUE(row["ours_gflops"].is_number()) << row.dump();
        ASSERT_TRUE(row["tn_kernel_gflops"].is_number()) << row.dump();
        EXPECT_GT(row["ours_gflops"].get<double>(), 0);
        EXPECT_GT(row["tn_kernel_gflops"].get<double>(), 0);
        if (row["peer_gflops"].is_number()) {
            EXPECT_NEAR(row["ratio"].get<double>(), row["ours_gflops"].get<double>() / row["peer_gflops"].get<double>(),
                        1e-9);
        } else {
            ADD_FAILURE() << "CLBlast SGEMM missing: " << row.dump();
        }
    }
    EXPECT_EQ(seen, (std::set<std::pair<std::int64_t, std::string>>{{64, "nn"}, {64, "tt"}, {96, "nn"}, {96, "tt"}}));
    EXPECT_EQ(j["ops"], nlohmann::json({"nn", "tt"}));
}

TEST_F(BenchCli, BestTakesTheStoredWinnerPerSize) {
    const auto tuned = ktune("tune --db '" + m_db + "' --device cpu --family transpose --strategy random " +
                             "--budget-evals 3 --sizes 64 --no-isolation --runs 2");
    ASSERT_EQ(tuned.rc, 0) << tuned.output;
    auto db = kt::store::Database::open(m_db);
    kt::store::MeasurementRepository measurements(db);
    const auto rows = kt::store::DeviceRepository(db).list();
    ASSERT_FALSE(rows.empty());
    std::string deviceId;
    for (const auto& d : rows)
        if (d.info.type == kt::DeviceType::Cpu) deviceId = d.info.stableId();
    const auto best = measurements.bestPerSize(deviceId, "transpose");
    ASSERT_EQ(best.size(), 1u);

    const auto r = bench("--family transpose --best --sizes 64,128 --peer none --runs 2 --out b.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = readJson("b.json");
    ASSERT_EQ(j["rows"].size(), 2u);
    for (const auto& row : j["rows"]) {
        EXPECT_EQ(row["candidate"], best[0].measurement.pointKey);
        EXPECT_EQ(row["tuned_at"], "64");
        EXPECT_EQ(row["origin"], "best");
        EXPECT_TRUE(row["peer_gbs"].is_null());
        EXPECT_TRUE(row["ratio"].is_null());
    }
    EXPECT_EQ(j["peer_unavailable"], "--peer none");
}

TEST_F(BenchCli, MissingPeerLibraryIsReportedAndTheBenchStillSucceeds) {
    const auto r = ktune("bench --db '" + m_db + "' --device cpu --family transpose --point " + kTransposePoint +
                         " --sizes 64 --runs 2 --out m.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto hidden = ktune("bench --db '" + m_db + "' --device cpu --family transpose --point " + kTransposePoint +
                                  " --sizes 64 --runs 2 --out h.json",
                              "", "KT_CLBLAST_LIBRARY=/nonexistent/libclblast.so.1");
    ASSERT_EQ(hidden.rc, 0) << hidden.output;
    const auto j = readJson("h.json");
    EXPECT_TRUE(j["peer"].is_null());
    EXPECT_NE(j["peer_unavailable"].get<std::string>().find("not found"), std::string::npos) << j.dump(2);
    ASSERT_EQ(j["rows"].size(), 1u);
    EXPECT_GT(j["rows"][0]["ours_gbs"].get<double>(), 0);
    EXPECT_TRUE(j["rows"][0]["peer_gbs"].is_null());
    EXPECT_TRUE(j["rows"][0]["ratio"].is_null());
    EXPECT_NE(j["rows"][0]["peer_error"].get<std::string>().find("not found"), std::string::npos);
    EXPECT_NE(hidden.output.find("not found"), std::string::npos) << hidden.output; // the table says why
    EXPECT_TRUE(readJson("m.json")["peer"].is_string()); // the same command finds the library otherwise
}

TEST_F(BenchCli, SeveralPointKeysAreMeasuredSideBySide) {
    const std::string other = "TRA_TILE=8,TRA_WPT=1,TRA_LOCAL=0,TRA_PAD=0";
    const auto r = bench(std::string("--family transpose --point '") + kTransposePoint + ";" + other +
                         "' --sizes 64 --runs 2 --peer none --out two.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto j = readJson("two.json");
    ASSERT_EQ(j["rows"].size(), 2u) << j.dump(2);
    EXPECT_EQ(j["rows"][0]["candidate"], kTransposePoint);
    EXPECT_EQ(j["rows"][1]["candidate"], other);
    for (const auto& row : j["rows"]) EXPECT_GT(row["ours_gbs"].get<double>(), 0);
}

TEST_F(BenchCli, BadArgumentsExitTwoAndWriteNothing) {
    const std::string point = std::string(" --point ") + kTransposePoint;
    struct Case {
        std::string args, mentions;
    };
    const std::vector<Case> cases = {
        {"--family transpose --sizes 64", "exactly one"},
        {"--family transpose --best --paper", "exactly one"},
        {"--family nosuch --best", "unknown family"},
        {"--family transpose --paper", "--paper"},
        {"--family transpose --ops nn" + point, "--ops"},
        {"--family sgemm --paper --ops nx", "--ops"},
        {"--family transpose --peer mkl" + point, "--peer"},
        {"--family transpose --peer cublas" + point, "CUDA"},
        {"--family transpose --runs 0" + point, "--runs"},
        {"--family transpose --sizes 64x64" + point, "--sizes"},
        {"--family transpose --point TRA_TILE=3", "--point"},
        {"--family transpose --point ';'", "--point"},
        {"--family transpose --best", "ktune tune"},
        {"--family transpose --top 2" + point, "--top"},
        {"--family transpose --profile nosuch.json" + point, "--profile"},
    };
    for (const auto& c : cases) {
        const auto r = bench(c.args + " --out bad.json");
        EXPECT_EQ(r.rc, 2) << c.args << "\n" << r.output;
        EXPECT_NE(r.output.find(c.mentions), std::string::npos) << c.args << "\n" << r.output;
        EXPECT_FALSE(std::filesystem::exists(path("bad.json"))) << c.args;
    }
}

} // namespace
