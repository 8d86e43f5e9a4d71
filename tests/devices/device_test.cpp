// Device conformance on one backend (KT_TEST_BACKEND: OpenCL on PoCL here, CUDA on the GPU machine): transfers,
// dialect builds with defines, timed launches, timeSpan, build/launch errors, concurrent builds.
#include <gtest/gtest.h>

#include <chrono>
#include <numeric>
#include <thread>

#include "kernels/common/dialect.hpp"
#include "tests/devices/test_devices.hpp"

namespace kt {
namespace {

const std::string kScale = kernels::withPreamble(R"CL(
KT_KERNEL void scale(KT_GLOBAL float* x, const float factor, const int n) {
    const int i = (int)get_global_id(0);
    if (i < n) x[i] = x[i] * factor + OFFSET;
}
)CL");

class KT_DEVICE_SUITE : public ::testing::Test {
protected:
    void SetUp() override {
        m_opened = test::openFirst(KT_TEST_BACKEND);
        if (!m_opened.device) GTEST_SKIP() << m_opened.whyNot;
    }
    Device& device() { return *m_opened.device; }
    test::OpenedDevice m_opened;
};

TEST_F(KT_DEVICE_SUITE, BufferRoundTripWithOffsetAndFill) {
    std::vector<std::uint32_t> data(1000);
    std::iota(data.begin(), data.end(), 7u);
    auto buffer = device().allocate(data.size() * 4);
    EXPECT_EQ(buffer->bytes(), 4000u);
    device().write(*buffer, data.data(), 4000);
    std::vector<std::uint32_t> back(1000, 0);
    device().read(*buffer, back.data(), 4000);
    EXPECT_EQ(back, data);
    // Partial write at an offset leaves the rest untouched.
    std::uint32_t patch[2] = {0xdeadbeef, 0xfeedface};
    device().write(*buffer, patch, 8, 40);
    device().read(*buffer, back.data(), 4000);
    EXPECT_EQ(back[10], 0xdeadbeefu);
    EXPECT_EQ(back[11], 0xfeedfaceu);
    EXPECT_EQ(back[12], data[12]);
    device().fill(*buffer, 0xab);
    device().read(*buffer, back.data(), 4000);
    for (auto v : back) ASSERT_EQ(v, 0xababababu);
    EXPECT_THROW(device().write(*buffer, data.data(), 4000, 4), BackendError); // past the end
}

TEST_F(KT_DEVICE_SUITE, BuildsWithDefinesAndLaunchesTimed) {
    auto program = device().build(kScale, {"-DOFFSET=0.5f"});
    auto kernel = program->kernel("scale");
    EXPECT_EQ(kernel->name(), "scale");
    const int n = 1000;
    std::vector<float> x(n);
    std::iota(x.begin(), x.end(), 0.0f);
    auto buffer = device().allocate(n * sizeof(float));
    device().write(*buffer, x.data(), n * sizeof(float));
    double ms = device().launch(*kernel, Range(1024), Range(64), {buffer.get(), 3.0f, n});
    EXPECT_GT(ms, 0.0);
    std::vector<float> y(n);
    device().read(*buffer, y.data(), n * sizeof(float));
    for (int i = 0; i < n; ++i) ASSERT_FLOAT_EQ(y[i], 3.0f * i + 0.5f) << "element " << i;
}

TEST_F(KT_DEVICE_SUITE, TimeSpanCoversEveryEnqueuedKernel) {
    auto program = device().build(kScale, {"-DOFFSET=1.0f"});
    auto kernel = program->kernel("scale");
    // Large enough that kernel time, not launch overhead, dominates; the first launch (JIT, first-touch of the
    // buffer on CPU devices) stays out of the comparison.
    const int n = 1 << 20;
    auto buffer = device().allocate(n * sizeof(float));
    device().fill(*buffer, 0);
    device().enqueue(*kernel, Range(n), Range(64), {buffer.get(), 1.0f, n});
    device().finish();
    double one = device().timeSpan([&] { device().enqueue(*kernel, Range(n), Range(64), {buffer.get(), 1.0f, n}); });
    double five = device().timeSpan([&] {
        for (int i = 0; i < 5; ++i) device().enqueue(*kernel, Range(n), Range(64), {buffer.get(), 1.0f, n});
    });
    EXPECT_GT(one, 0.0);
    EXPECT_GT(five, one) << "five kernels in sequence must take longer than one";
    std::vector<float> y(n);
    device().read(*buffer, y.data(), n * sizeof(float));
    EXPECT_FLOAT_EQ(y[0], 7.0f) << "all seven enqueued kernels ran";
    EXPECT_FLOAT_EQ(y[n - 1], 7.0f);
    EXPECT_GE(device().timeSpan([] {}), 0.0);
}

// Under CUDA a span times the device's work, not the host's: time the host spends between the span's launches (a
// routine's argument work between its kernels, here a sleep) is not in the figure, because the launch gate holds
// the stream until all of the span's work is queued. (OpenCL spans run from the first kernel's start to the last
// one's end as the implementation schedules them; a gap the host leaves between two kernels stays in.) On every
// backend a transfer inside a span must not wait on a held stream: under CUDA it would run the gate into its timeout.
TEST_F(KT_DEVICE_SUITE, TimeSpanLeavesOutTheHostsGapsAndSurvivesATransferInside) {
    auto program = device().build(kScale, {"-DOFFSET=1.0f"});
    auto kernel = program->kernel("scale");
    const int n = 1000;
    auto buffer = device().allocate(n * sizeof(float));
    device().fill(*buffer, 0);
    device().enqueue(*kernel, Range(1024), Range(64), {buffer.get(), 1.0f, n}); // first launch outside the spans
    device().finish();
    std::vector<float> y(n, -1.0f);
    // Three times: under CUDA three spans in a row whose gate timed out would turn the gate off, and the span with
    // the sleep below would then hold the sleep.
    for (int round = 0; round < 3; ++round) {
        device().timeSpan([&] {
            device().enqueue(*kernel, Range(1024), Range(64), {buffer.get(), 1.0f, n});
            device().read(*buffer, y.data(), n * sizeof(float));
            device().enqueue(*kernel, Range(1024), Range(64), {buffer.get(), 1.0f, n});
        });
        EXPECT_FLOAT_EQ(y[0], 2.0f * round + 2.0f) << "the read inside the span saw the kernels before it";
    }
    if (KT_TEST_BACKEND == BackendKind::Cuda) {
        const double ms = device().timeSpan([&] {
            device().enqueue(*kernel, Range(1024), Range(64), {buffer.get(), 1.0f, n});
            std::this_thread::sleep_for(std::chrono::milliseconds(40)); // the gate waits up to 100 ms
            device().enqueue(*kernel, Range(1024), Range(64), {buffer.get(), 1.0f, n});
        });
        EXPECT_LT(ms, 20.0) << "the host's 40 ms between the span's two kernels were timed";
        device().read(*buffer, y.data(), n * sizeof(float));
        EXPECT_FLOAT_EQ(y[n - 1], 9.0f);
    }
}

TEST_F(KT_DEVICE_SUITE, BuildErrorCarriesTheLog) {
    try {
        device().build(kernels::withPreamble("KT_KERNEL void broken(KT_GLOBAL float* x) { x[0] = undeclared_symbol; }"),
                       {});
        FAIL() << "a kernel with an undeclared identifier must not build";
    } catch (const BuildError& e) {
        EXPECT_FALSE(e.log().empty());
        EXPECT_NE(e.log().find("undeclared_symbol"), std::string::npos) << e.log();
        EXPECT_NE(std::string(e.what()).find("build failed"), std::string::npos) << e.what();
    }
}

TEST_F(KT_DEVICE_SUITE, UnknownKernelNameIsABackendError) {
    auto program = device().build(kScale, {"-DOFFSET=0"});
    EXPECT_THROW(program->kernel("nope"), BackendError);
}

TEST_F(KT_DEVICE_SUITE, BadLocalSizeIsALaunchError) {
    auto program = device().build(kScale, {"-DOFFSET=0"});
    auto kernel = program->kernel("scale");
    auto buffer = device().allocate(1024 * sizeof(float));
    // Not a divisor of the global size.
    EXPECT_THROW(device().launch(*kernel, Range(1000), Range(64), {buffer.get(), 1.0f, 1000}), LaunchError);
    // Larger than the device allows: the runtime rejects it (CL_INVALID_WORK_GROUP_SIZE / CUDA_ERROR_INVALID_VALUE).
    std::size_t tooBig = device().info().maxWorkGroupSize * 2;
    try {
        device().launch(*kernel, Range(tooBig), Range(tooBig), {buffer.get(), 1.0f, 0});
        FAIL() << "local size " << tooBig << " exceeds the device maximum";
    } catch (const LaunchError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(KT_TEST_BACKEND == BackendKind::OpenCL ? "CL_INVALID_WORK" : "CUDA_ERROR_"),
                  std::string::npos)
            << what;
    }
}

TEST_F(KT_DEVICE_SUITE, ConcurrentBuildsFromSeveralThreads) {
    constexpr int kThreads = 4;
    std::vector<std::unique_ptr<Program>> programs(kThreads);
    std::vector<std::string> errors(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            try {
                programs[t] = device().build(kScale, {"-DOFFSET=" + std::to_string(t) + ".0f"});
            } catch (const std::exception& e) {
                errors[t] = e.what();
            }
        });
    for (auto& th : threads) th.join();
    auto buffer = device().allocate(64 * sizeof(float));
    for (int t = 0; t < kThreads; ++t) {
        ASSERT_TRUE(programs[t]) << errors[t];
        device().fill(*buffer, 0);
        auto kernel = programs[t]->kernel("scale");
        device().launch(*kernel, Range(64), Range(64), {buffer.get(), 1.0f, 64});
        float first = -1;
        device().read(*buffer, &first, sizeof(float));
        EXPECT_FLOAT_EQ(first, static_cast<float>(t)) << "program " << t << " was built with its own defines";
    }
}

} // namespace
} // namespace kt
