// The kernel dialect (kernels/common/preamble.cl) really works: one kernel using every preamble feature, built and
// run on each backend and compared with the host. Compiled once per backend (KT_DIALECT_BACKEND) so that the
// OpenCL instance carries the pocl label and the CUDA instance the gpu label.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "kernels/common/dialect.hpp"
#include "tests/devices/test_devices.hpp"

namespace kt {
namespace {

constexpr int kLocalX = 8, kLocalY = 4;
constexpr int kWidth = 80, kHeight = 16; // 10 x 4 = 40 groups: more than 32, fewer than 64 bits of mask
constexpr int kGroupsX = kWidth / kLocalX, kGroups = kGroupsX * (kHeight / kLocalY);
constexpr int kItems = kWidth * kHeight;

std::string readKernel() {
    std::ifstream in(std::string(KT_SOURCE_DIR) + "/tests/devices/dialect_kernel.cl");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Cl4 {
    float x, y, z, w;
};

class DialectTest : public ::testing::TestWithParam<BackendKind> {};

TEST_P(DialectTest, KernelMatchesHost) {
    auto opened = test::openFirst(GetParam());
    if (!opened.device) GTEST_SKIP() << opened.whyNot;
    Device& dev = *opened.device;
    const bool atomics64 = dev.info().atomics64;
    const bool fp64 = dev.info().fp64;

    std::string body = readKernel();
    ASSERT_FALSE(body.empty()) << "cannot read tests/devices/dialect_kernel.cl";
    std::unique_ptr<Program> program;
    try {
        program = dev.build(kernels::withPreamble(body),
                            {"-DDLX=" + std::to_string(kLocalX), "-DDLY=" + std::to_string(kLocalY),
                             std::string("-DKT_TEST_ATOMICS64=") + (atomics64 ? "1" : "0"),
                             std::string("-DKT_TEST_FP64=") + (fp64 ? "1" : "0")});
    } catch (const BuildError& e) {
        FAIL() << e.what() << "\n" << e.log();
    }
    auto kernel = program->kernel("dialect_test");

    // Quarter steps keep every sum and product exact in float, so atomics in any order give the host's result.
    std::vector<float> in(kItems);
    std::vector<double> din(kItems);
    std::vector<Cl4> vin(kItems);
    for (int i = 0; i < kItems; ++i) {
        in[i] = static_cast<float>(i % 17) * 0.25f - 2.0f;
        din[i] = i * 0.125;
        vin[i] = {static_cast<float>(i % 5), 0.5f * static_cast<float>(i % 3), -1.0f, static_cast<float>(i % 7) - 3.0f};
    }
    const std::uint32_t slotInit32 = 0xA5A5A5A5u;
    const std::uint64_t slotInit64 = 0x0123456789ABCDEFull;
    auto upload = [&](const void* data, std::size_t bytes) {
        auto b = dev.allocate(bytes);
        dev.write(*b, data, bytes);
        return b;
    };
    auto zeros = [&](std::size_t bytes) {
        auto b = dev.allocate(bytes);
        dev.fill(*b, 0);
        return b;
    };
    auto bIn = upload(in.data(), kItems * sizeof(float));
    auto bDin = upload(din.data(), kItems * sizeof(double));
    auto bOut = zeros(kItems * sizeof(float));
    auto bSums = zeros(sizeof(float));
    auto bDsums = zeros(sizeof(double));
    auto bCount = zeros(sizeof(int));
    auto bMask32 = zeros(sizeof(std::uint32_t));
    auto bMask64 = zeros(sizeof(std::uint64_t));
    std::vector<std::uint32_t> slots32(kGroups, slotInit32);
    std::vector<std::uint64_t> slots64(kGroups, slotInit64);
    auto bSlots32 = upload(slots32.data(), kGroups * 4);
    auto bSlots64 = upload(slots64.data(), kGroups * 8);
    auto bOlds32 = zeros(kGroups * 4);
    auto bOlds64 = zeros(kGroups * 8);
    auto bVin = upload(vin.data(), kItems * sizeof(Cl4));
    auto bVout = zeros(kItems * sizeof(Cl4));
    auto bDvout = zeros(kItems * sizeof(double));

    double ms = dev.launch(*kernel, Range(kWidth, kHeight), Range(kLocalX, kLocalY),
                           {std::int32_t{kWidth}, std::int32_t{kHeight}, bIn.get(), bDin.get(), bOut.get(), bSums.get(),
                            bDsums.get(), bCount.get(), bMask32.get(), bMask64.get(), bSlots32.get(), bSlots64.get(),
                            bOlds32.get(), bOlds64.get(), bVin.get(), bVout.get(), bDvout.get()});
    EXPECT_GT(ms, 0.0);

    std::vector<float> out(kItems);
    dev.read(*bOut, out.data(), kItems * sizeof(float));
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            int gx = x / kLocalX * kLocalX, gy = y / kLocalY * kLocalY;
            int mx = gx + (kLocalX - 1 - x % kLocalX), my = gy + (kLocalY - 1 - y % kLocalY);
            float m = in[my * kWidth + mx];
            ASSERT_EQ(out[y * kWidth + x], 10.0f * m * m) << "mirrored local-memory value at (" << x << "," << y << ")";
        }

    float sum = 0;
    double dsum = 0;
    for (int i = 0; i < kItems; ++i) {
        sum += in[i];
        dsum += din[i];
    }
    float gotSum = 0;
    dev.read(*bSums, &gotSum, sizeof gotSum);
    EXPECT_EQ(gotSum, sum) << "float atomic add of the block reductions";
    int count = 0;
    dev.read(*bCount, &count, sizeof count);
    EXPECT_EQ(count, kItems) << "32-bit atomic add from every work-item";
    std::uint32_t mask32 = 0;
    dev.read(*bMask32, &mask32, 4);
    EXPECT_EQ(mask32, 0xFFFFFFFFu) << "32-bit CAS loop, 40 groups";
    dev.read(*bSlots32, slots32.data(), kGroups * 4);
    std::vector<std::uint32_t> olds32(kGroups);
    dev.read(*bOlds32, olds32.data(), kGroups * 4);
    for (int g = 0; g < kGroups; ++g) {
        EXPECT_EQ(slots32[g], static_cast<std::uint32_t>(g * 3 + 1)) << "group " << g;
        EXPECT_EQ(olds32[g], slotInit32) << "32-bit exchange returns the old value, group " << g;
    }
    if (atomics64) {
        double gotD = 0;
        dev.read(*bDsums, &gotD, sizeof gotD);
        EXPECT_EQ(gotD, dsum) << "double atomic add";
        std::uint64_t mask64 = 0;
        dev.read(*bMask64, &mask64, 8);
        EXPECT_EQ(mask64, (std::uint64_t{1} << kGroups) - 1) << "64-bit CAS loop";
        dev.read(*bSlots64, slots64.data(), kGroups * 8);
        std::vector<std::uint64_t> olds64(kGroups);
        dev.read(*bOlds64, olds64.data(), kGroups * 8);
        for (int g = 0; g < kGroups; ++g) {
            EXPECT_EQ(slots64[g], (static_cast<std::uint64_t>(g) << 40) + 5) << "group " << g;
            EXPECT_EQ(olds64[g], slotInit64) << "64-bit exchange, group " << g;
        }
    }

    std::vector<Cl4> vout(kItems);
    dev.read(*bVout, vout.data(), kItems * sizeof(Cl4));
    for (int i = 0; i < kItems; ++i) {
        const Cl4& a = vin[i];
        Cl4 b{a.w, a.z, a.y, a.x};
        Cl4 want{a.x * b.x + 2 * a.x - b.x + 1, a.y * b.y + 2 * a.y - b.y + 2, a.z * b.z + 2 * a.z - b.z + 3,
                 a.w * b.w + 2 * a.w - b.w + 4};
        ASSERT_EQ(vout[i].x, want.x) << "float4 arithmetic, item " << i;
        ASSERT_EQ(vout[i].y, want.y) << "item " << i;
        ASSERT_EQ(vout[i].z, want.z) << "item " << i;
        ASSERT_EQ(vout[i].w, want.w) << "item " << i;
    }
    if (fp64) {
        std::vector<double> dvout(kItems);
        dev.read(*bDvout, dvout.data(), kItems * sizeof(double));
        for (int i = 0; i < kItems; ++i) {
            double d = din[i];
            double want = (2 * d + 1.0 - 1) + (2.0 + d - 1) + (-2 * d + 2 * d - 1) + (1.0 + d * 1.0 - 1);
            ASSERT_EQ(dvout[i], want) << "double4 arithmetic, item " << i;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Backend, DialectTest, ::testing::Values(KT_DIALECT_BACKEND),
                         [](const auto& info) { return toString(info.param); });

} // namespace
} // namespace kt
