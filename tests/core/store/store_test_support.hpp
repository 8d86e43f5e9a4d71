// Shared fixtures of the store tests: a private temporary folder, raw SQLite access and file snapshots.
#pragma once
#include <sqlite3.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "core/model/device_info.hpp"

namespace kt::store::test {

class TempDir : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (std::filesystem::temp_directory_path() / "kt-store-XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        m_dir = pattern;
    }
    void TearDown() override {
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }
    std::filesystem::path dir() const { return m_dir; }
    std::filesystem::path dbPath() const { return m_dir / "ktune.sqlite"; }

private:
    std::filesystem::path m_dir;
};

// Runs SQL on a file through a plain SQLite connection (not ours): builds foreign or hand-made files.
inline void rawExec(const std::filesystem::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK) << message;
}

struct FileSnapshot {
    std::string bytes;
    std::filesystem::file_time_type mtime;
    bool operator==(const FileSnapshot&) const = default;
};

inline FileSnapshot snapshot(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::string(std::istreambuf_iterator<char>(in), {}), std::filesystem::last_write_time(path)};
}

inline DeviceInfo sampleDevice(const std::string& name = "Tesla Test 9000", int index = 0) {
    DeviceInfo d;
    d.backend = BackendKind::OpenCL;
    d.type = DeviceType::Gpu;
    d.platformIndex = 1;
    d.deviceIndex = index;
    d.platform = "Test Platform";
    d.vendor = "Test Vendor Inc.";
    d.name = name;
    d.driverVersion = "550.1";
    d.runtimeVersion = "OpenCL 3.0";
    d.computeUnits = 132;
    d.clockMHz = 1980;
    d.globalMemBytes = 80ull << 30;
    d.localMemBytes = 48 << 10;
    d.maxAllocBytes = 20ull << 30;
    d.maxWorkGroupSize = 1024;
    d.maxWorkItemSizes = {1024, 1024, 64};
    d.fp64 = true;
    d.atomics64 = true;
    return d;
}

} // namespace kt::store::test
