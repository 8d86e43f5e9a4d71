// `ktune devices` and `ktune profile`: JSON output, usage errors (exit 2), unknown devices (listed in the error).
#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"

#include <filesystem>
#include <unistd.h>
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>
#include <cstdio>

#include <nlohmann/json.hpp>

namespace {

struct Result {
    int code = -1;
    std::string out; // stdout and stderr together
};

Result ktune(const std::string& args, bool withStderr = true) {
    std::string cmd = std::string(KT_KTUNE_PATH) + " " + args + (withStderr ? " 2>&1" : " 2>/dev/null");
    Result r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf;
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
    int status = pclose(pipe);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

TEST(CliDevices, JsonListsTheLocalDevice) {
    auto r = ktune("devices --json", false);
    ASSERT_EQ(r.code, 0) << r.out;
    auto j = nlohmann::json::parse(r.out); // throws (fails the test) when not JSON
    ASSERT_TRUE(j.contains("devices"));
    ASSERT_FALSE(j["devices"].empty()) << r.out;
    const auto& d = j["devices"][0];
    EXPECT_EQ(d["index"], 0);
    EXPECT_FALSE(d["id"].get<std::string>().empty());
    EXPECT_FALSE(d["name"].get<std::string>().empty());
    EXPECT_GT(d["compute_units"].get<int>(), 0);
    ASSERT_TRUE(j["unavailable"].is_array());
    for (const auto& u : j["unavailable"]) EXPECT_FALSE(u["reason"].get<std::string>().empty());
}

TEST(CliDevices, TableShowsDevicesAndUnavailableBackends) {
    auto r = ktune("devices");
    ASSERT_EQ(r.code, 0) << r.out;
    auto j = nlohmann::json::parse(ktune("devices --json", false).out);
    for (const auto& d : j["devices"]) EXPECT_NE(r.out.find(d["id"].get<std::string>()), std::string::npos) << r.out;
    for (const auto& u : j["unavailable"])
        EXPECT_NE(r.out.find(u["reason"].get<std::string>()), std::string::npos) << r.out;
}

TEST(CliDevices, BogusOptionExits2) {
    auto r = ktune("devices --bogus");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find("--bogus"), std::string::npos) << r.out;
}

TEST(CliDevices, HelpExits0) {
    auto r = ktune("devices --help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("usage: ktune devices"), std::string::npos) << r.out;
}

// `ktune --help` lists the commands in two columns: every summary starts in one column, at least two spaces past the
// longest name, so a name never runs into its summary ("compile-benchmeasure …"). Each listed name is a command.
TEST(CliHelp, ListsEveryCommandWithItsSummaryInOneColumn) {
    auto r = ktune("--help");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto start = r.out.find("commands:\n");
    ASSERT_NE(start, std::string::npos) << r.out;
    std::vector<std::pair<std::string, std::size_t>> rows; // name, column of its summary
    std::size_t longest = 0;
    for (std::size_t at = start + 10; at < r.out.size();) {
        const std::size_t end = std::min(r.out.find('\n', at), r.out.size());
        const std::string line = r.out.substr(at, end - at);
        at = end + 1;
        if (line.empty()) continue;
        ASSERT_EQ(line.rfind("  ", 0), 0u) << line;
        const std::size_t nameEnd = line.find(' ', 2);
        ASSERT_NE(nameEnd, std::string::npos) << "no summary: " << line;
        const std::size_t summary = line.find_first_not_of(' ', nameEnd);
        ASSERT_NE(summary, std::string::npos) << "no summary: " << line;
        EXPECT_GE(summary - nameEnd, 2u) << line;
        rows.emplace_back(line.substr(2, nameEnd - 2), summary);
        longest = std::max(longest, nameEnd - 2);
    }
    ASSERT_GE(rows.size(), 10u) << r.out;
    std::vector<std::string> names;
    for (const auto& [name, column] : rows) {
        names.push_back(name);
        EXPECT_EQ(column, 2 + longest + 2) << name << "\n" << r.out;
        const auto help = ktune(name + " --help");
        EXPECT_EQ(help.code, 0) << name << " is not a command:\n" << help.out;
        EXPECT_NE(help.out.find("usage: ktune " + name), std::string::npos) << name << "\n" << help.out;
    }
    for (const char* name : {"compile-bench", "measurements", "tune", "bench"})
        EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name << "\n" << r.out;
}

TEST(CliProfile, MissingDeviceExits2) {
    auto r = ktune("profile");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find("missing <device>"), std::string::npos) << r.out;
}

TEST(CliProfile, UnknownIndexListsDevices) {
    auto r = ktune("profile 99");
    EXPECT_EQ(r.code, 2); // a device that does not exist is a bad argument (issue 16, finding 9)
    EXPECT_NE(r.out.find("no device with index 99"), std::string::npos) << r.out;
    auto j = nlohmann::json::parse(ktune("devices --json", false).out);
    for (const auto& d : j["devices"]) EXPECT_NE(r.out.find(d["id"].get<std::string>()), std::string::npos) << r.out;
}

TEST(CliProfile, ProfilesTheFirstDeviceAsJson) {
    auto list = nlohmann::json::parse(ktune("devices --json", false).out);
    if (list["devices"].empty()) GTEST_SKIP() << "no device";
    const auto db = std::filesystem::temp_directory_path() / ("kt_profile_" + std::to_string(::getpid()) + ".sqlite");
    auto r = ktune("profile 0 --json --db '" + db.string() + "'", false);
    ASSERT_EQ(r.code, 0) << r.out;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["device"]["id"], list["devices"][0]["id"]);
    EXPECT_GT(j["device"]["profile"]["copy_bandwidth_gbs"].get<double>(), 0.0);
    EXPECT_GT(j["device"]["profile"]["fp32_peak_gflops"].get<double>(), 0.0);
    {
        // The profile is kept in the store, as history of that device.
        auto database = kt::store::Database::open(db, {kt::store::OpenMode::ReadOnly});
        auto stored = kt::store::DeviceRepository(database).latestProfile(j["device"]["id"].get<std::string>());
        ASSERT_TRUE(stored.has_value());
        EXPECT_DOUBLE_EQ(stored->copyBandwidthGBs, j["device"]["profile"]["copy_bandwidth_gbs"].get<double>());
    }
    std::filesystem::remove(db);
    std::filesystem::remove(db.string() + "-wal");
    std::filesystem::remove(db.string() + "-shm");
}

TEST(CliProfile, CopyCurveAtTheGivenBufferSizes) {
    auto list = nlohmann::json::parse(ktune("devices --json", false).out);
    if (list["devices"].empty()) GTEST_SKIP() << "no device";
    auto r = ktune("profile 0 --json --no-store --copy-mib 1,4", false);
    ASSERT_EQ(r.code, 0) << r.out;
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["copy_curve"].size(), 2u) << r.out;
    EXPECT_EQ(j["copy_curve"][0]["mib"], 1);
    EXPECT_EQ(j["copy_curve"][1]["mib"], 4);
    const double bandwidth = j["device"]["profile"]["copy_bandwidth_gbs"].get<double>();
    for (const auto& c : j["copy_curve"]) {
        EXPECT_GT(c["gbs"].get<double>(), 0.0);
        EXPECT_NEAR(c["of_profile"].get<double>(), c["gbs"].get<double>() / bandwidth, 1e-9);
    }
    auto text = ktune("profile 0 --no-store --copy-mib 2", false);
    ASSERT_EQ(text.code, 0) << text.out;
    EXPECT_NE(text.out.find("copy of       2 MiB"), std::string::npos) << text.out;
}

TEST(CliProfile, BadCopySizesExit2BeforeMeasuring) {
    for (const char* bad : {"0", "-4", "abc", "64,", "12x", "2000000"}) {
        auto r = ktune(std::string("profile 0 --no-store --copy-mib '") + bad + "'");
        EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
        EXPECT_NE(r.out.find("--copy-mib"), std::string::npos) << bad << ": " << r.out;
        EXPECT_EQ(r.out.find("copy bandwidth"), std::string::npos) << bad << ": nothing measured\n" << r.out;
    }
}

} // namespace
