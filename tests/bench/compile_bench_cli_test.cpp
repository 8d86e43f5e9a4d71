// `ktune compile-bench --timeline`: every program of every setting once, its stamps in order, worker and thread ids in
// range, the count equal to the programs compiled — on PoCL in threads, and in compile-worker processes with NVRTC
// for a described H200 (--device-info; no GPU needed). Shapes only: no timing is asserted.
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/cli_fit/cli_helper.hpp"

namespace {

using kt::test::CliResult;

// The H200 of docs/perf/h200-2026-11-28 run R, as compile-bench --json printed it.
constexpr const char* kH200 = R"({"atomics64":true,"backend":"cuda","clock_mhz":1980,"compute_capability":"9.0",
 "compute_units":132,"device_index":0,"driver_version":"CUDA driver 13.0","fp64":true,"global_mem_bytes":150109880320,
 "id":"cuda:nvidia-corporation:nvidia-h200:0","images":true,"local_mem_bytes":49152,"local_mem_optin_bytes":232448,
 "local_mem_per_cu_bytes":233472,"max_alloc_bytes":150109880320,"max_image_buffer_texels":37527470080,
 "max_work_group_size":1024,"max_work_item_sizes":[1024,1024,64],"name":"NVIDIA H200","platform":"CUDA",
 "platform_index":0,"runtime_version":"CUDA 13.0, NVRTC 13.0","type":"gpu","vendor":"NVIDIA Corporation"})";

class CompileBenchTimeline : public ::testing::Test {
protected:
    CliResult ktune(const std::string& args, const std::string& stdoutFile = "") const {
        return m_scratch.ktune(args, stdoutFile);
    }
    nlohmann::json readJson(const std::string& name) const {
        auto j = nlohmann::json::parse(m_scratch.read(name), nullptr, false);
        EXPECT_FALSE(j.is_discarded()) << name << ": " << m_scratch.read(name).substr(0, 300);
        return j;
    }

    // The timeline file against the --json rows of the same run.
    void expectWellFormed(const nlohmann::json& timeline, const nlohmann::json& bench) {
        ASSERT_TRUE(timeline["rows"].is_array()) << timeline.dump().substr(0, 300);
        ASSERT_EQ(timeline["rows"].size(), bench["rows"].size());
        std::set<std::string> firstKeys;
        for (std::size_t r = 0; r < timeline["rows"].size(); ++r) {
            const auto& row = timeline["rows"][r];
            const auto& benchRow = bench["rows"][r];
            SCOPED_TRACE(row["mode"].get<std::string>() + " " + std::to_string(row["parallel"].get<int>()));
            EXPECT_EQ(row["mode"], benchRow["mode"]);
            const int parallel = row["parallel"];
            const auto& programs = row["programs"];
            ASSERT_EQ(programs.size(), benchRow["distinct_sources"].get<std::size_t>())
                << "one entry per program compiled";
            EXPECT_EQ(row["summary"]["programs"], programs.size());
            std::set<std::string> keys;
            for (const auto& p : programs) {
                EXPECT_TRUE(keys.insert(p["key"].get<std::string>()).second) << "twice: " << p.dump();
                const double picked = p["picked_ms"], out = p["handed_out_ms"], start = p["compile_start_ms"],
                             end = p["compile_end_ms"], received = p["received_ms"], done = p["done_ms"];
                EXPECT_GE(picked, 0) << p.dump();
                EXPECT_LE(picked, out) << p.dump();
                EXPECT_LE(out, start) << p.dump();
                EXPECT_LE(start, end) << p.dump();
                EXPECT_LE(end, received) << p.dump();
                EXPECT_LE(received, done) << p.dump();
                EXPECT_LE(done, row["seconds"].get<double>() * 1000) << p.dump();
                EXPECT_GE(p["worker"].get<int>(), 0);
                EXPECT_LT(p["worker"].get<int>(), parallel) << p.dump();
                EXPECT_GE(p["thread"].get<int>(), 0);
                EXPECT_LT(p["thread"].get<int>(), parallel) << p.dump();
                EXPECT_GT(p["source_bytes"].get<std::size_t>(), 0u);
                EXPECT_GT(p["cost"].get<double>(), 0);
                EXPECT_FALSE(p["for"].get<std::string>().empty()) << "the candidate it is for: " << p.dump();
                EXPECT_FALSE(p["failed"].get<bool>()) << p.dump();
                if (row["mode"] == "processes") {
                    EXPECT_GT(p["pid"].get<long>(), 0) << p.dump();
                    EXPECT_TRUE(p["worker_clock"].get<bool>()) << "worker stamps on the parent's clock: " << p.dump();
                }
            }
            if (r == 0) firstKeys = keys;
            EXPECT_EQ(keys, firstKeys) << "every setting compiles the same programs";
            const auto& shares = row["summary"]["shares"];
            double sum = 0;
            for (const auto& [name, share] : shares.items()) sum += share.get<double>();
            EXPECT_NEAR(sum, 1, 1e-6) << shares.dump();
            EXPECT_EQ(benchRow["timeline_summary"]["programs"], programs.size());
            EXPECT_GT(benchRow["speedup_bound_vs_first"].get<double>(), 0) << benchRow.dump();
            EXPECT_FALSE(row["summary"]["verdict"].get<std::string>().empty());
        }
    }

    kt::test::Scratch m_scratch;
};

TEST_F(CompileBenchTimeline, PoclThreadsRecordEveryProgramOnceInOrder) {
    const auto devices = ktune("devices --json");
    if (devices.rc != 0 || devices.output.find("\"cpu\"") == std::string::npos)
        GTEST_SKIP() << "no OpenCL CPU device: " << devices.output.substr(0, 300);
    const auto r = ktune(
        "compile-bench --device cpu --family transpose --count 5 --threads 1,2 --json --timeline t.json", "bench.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    expectWellFormed(readJson("t.json"), readJson("bench.json"));
    const auto text = ktune("compile-bench --device cpu --family transpose --count 2 --threads 2");
    ASSERT_EQ(text.rc, 0) << text.output;
    EXPECT_NE(text.output.find("timeline: "), std::string::npos) << text.output;
    EXPECT_NE(text.output.find("verdict: "), std::string::npos) << text.output;
}

TEST_F(CompileBenchTimeline, CompileWorkersReportTheirCompilesOnTheParentsClock) {
    m_scratch.write("h200.json", kH200);
    const auto r = ktune("compile-bench --device-info h200.json --family transpose --count 6 --processes 1,2 --json "
                         "--timeline t.json",
                         "bench.json");
    if (r.rc != 0 && r.output.find("NVRTC") != std::string::npos) GTEST_SKIP() << "no NVRTC here: " << r.output;
    ASSERT_EQ(r.rc, 0) << r.output;
    const auto timeline = readJson("t.json");
    expectWellFormed(timeline, readJson("bench.json"));
    EXPECT_EQ(timeline["image_target"].get<std::string>().rfind("nvrtc/", 0), 0u) << timeline["image_target"];
    EXPECT_EQ(timeline["device"]["name"], "NVIDIA H200");
}

TEST_F(CompileBenchTimeline, BadDeviceDescriptionsAreRefused) {
    m_scratch.write("none.json", "[1, 2]");
    auto r = ktune("compile-bench --device-info none.json --family sgemm --count 1 --processes 1");
    EXPECT_EQ(r.rc, 2) << r.output;
    EXPECT_NE(r.output.find("no device description"), std::string::npos) << r.output;
    r = ktune("compile-bench --device-info missing.json --family sgemm --count 1");
    EXPECT_EQ(r.rc, 2) << r.output;
    EXPECT_NE(r.output.find("cannot read"), std::string::npos) << r.output;
    m_scratch.write("h200.json", kH200);
    r = ktune("compile-bench --device-info h200.json --device cpu --family sgemm --count 1");
    EXPECT_EQ(r.rc, 2) << r.output;
    EXPECT_NE(r.output.find("not both"), std::string::npos) << r.output;
    r = ktune("compile-bench --device-info h200.json --family sgemm --count 1 --timeline /nonexistent/dir/t.json");
    EXPECT_EQ(r.rc, 2) << r.output;
    EXPECT_NE(r.output.find("--timeline"), std::string::npos) << r.output;
}

} // namespace
