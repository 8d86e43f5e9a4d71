// Opens the devices the GEMM tests run on through kt::devices (nullptr when there is none).
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "core/engine/backend.hpp"

namespace kt::test {
std::unique_ptr<Device> openPoclDevice();
std::unique_ptr<Device> openCudaDevice(); // the first CUDA device (the GPU machine)
// PoCL, or CUDA when the test executable is built with KT_GEMM_TEST_CUDA (label gpu).
std::unique_ptr<Device> openTestDevice();

// A test suite sharing one device, opened once by `Open` (e.g. openPoclDevice); every test skips when there is none.
// `Tag` keeps the static device apart per suite (use the suite class itself).
template <class Tag, std::unique_ptr<Device> (*Open)()> class SharedDeviceTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { s_device = Open().release(); }
    static void TearDownTestSuite() { delete s_device, s_device = nullptr; }
    void SetUp() override {
        if (!s_device) GTEST_SKIP() << "no test device (PoCL, or CUDA for the gpu build)";
    }
    static inline Device* s_device = nullptr;
};

// Uploads `v` into a new buffer (at least one element, so empty matrices still get a buffer).
template <class T> std::unique_ptr<Buffer> upload(Device& d, const std::vector<T>& v) {
    auto b = d.allocate(std::max<std::size_t>(1, v.size()) * sizeof(T));
    if (!v.empty()) d.write(*b, v.data(), v.size() * sizeof(T));
    return b;
}
} // namespace kt::test
