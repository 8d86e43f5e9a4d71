// Verification catches wrong values, NaN/Inf and unwritten elements, and accepts round-off.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/verify/verify.hpp"

using namespace kt;

namespace {

// A float GEMV-like result computed in float (round-off) against a double reference rounded to float.
template <typename T> void dotProducts(std::size_t n, std::size_t k, std::vector<T>& out, std::vector<T>& ref) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> dist(-1, 1);
    out.resize(n);
    ref.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        T acc = 0;
        long double exact = 0;
        for (std::size_t j = 0; j < k; ++j) {
            T a = static_cast<T>(dist(rng)), b = static_cast<T>(dist(rng));
            acc += a * b;
            exact += static_cast<long double>(a) * b;
        }
        out[i] = acc;
        ref[i] = static_cast<T>(exact);
    }
}

VerifyOptions options(Precision p, std::int64_t k) {
    VerifyOptions o;
    o.tolerance = Tolerance::forPrecision(p, k);
    return o;
}

} // namespace

TEST(Verify, RoundOffOfLongReductionsPasses) {
    std::vector<float> out, ref;
    dotProducts<float>(2000, 4096, out, ref);
    auto r = compareOutputs(std::span<const float>(out), std::span<const float>(ref), options(Precision::F32, 4096));
    EXPECT_TRUE(r.ok) << r.message;
    EXPECT_GT(r.relL2, 0.0); // there is round-off; it is just within tolerance
    std::vector<double> outd, refd;
    dotProducts<double>(500, 4096, outd, refd);
    auto rd =
        compareOutputs(std::span<const double>(outd), std::span<const double>(refd), options(Precision::F64, 4096));
    EXPECT_TRUE(rd.ok) << rd.message;
}

TEST(Verify, SingleWrongElementInALargeOutputIsCaught) {
    std::vector<float> out, ref;
    dotProducts<float>(100000, 16, out, ref);
    out[777] += 0.01f * (std::abs(ref[777]) + 1.0f);
    VerifyOptions o = options(Precision::F32, 16);
    o.nameElement = matrixElementNamer("C", 1000, true);
    auto r = compareOutputs(std::span<const float>(out), std::span<const float>(ref), o);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.worstIndex, 777u);
    EXPECT_EQ(r.badElements, 1u);
    EXPECT_NE(r.message.find("C[0,777]"), std::string::npos) << r.message;
    // The L2 norm alone would have missed it.
    EXPECT_LT(r.relL2, o.tolerance.relL2 * 100);
}

TEST(Verify, F64IsMuchTighterThanF32) {
    auto f32 = Tolerance::forPrecision(Precision::F32, 1024);
    auto f64 = Tolerance::forPrecision(Precision::F64, 1024);
    EXPECT_LT(f64.relL2 * 1e6, f32.relL2);
    EXPECT_GT(Tolerance::forPrecision(Precision::F32, 1 << 20).relL2, f32.relL2); // grows with k
    // A float-accurate result is not good enough for f64.
    std::vector<double> ref{1.0, 2.0, 3.0}, out{1.0 + 1e-7, 2.0, 3.0};
    EXPECT_FALSE(
        compareOutputs(std::span<const double>(out), std::span<const double>(ref), options(Precision::F64, 1)).ok);
    EXPECT_TRUE(
        compareOutputs(std::span<const double>(out), std::span<const double>(ref), options(Precision::F32, 1)).ok);
}

TEST(Verify, NaNAndInfNeverPass) {
    std::vector<float> ref(100, 1.0f), out(100, 1.0f);
    out[42] = std::nanf("");
    auto r = compareOutputs(std::span<const float>(out), std::span<const float>(ref), options(Precision::F32, 1));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.nanCount, 1u);
    EXPECT_NE(r.message.find("out[42]"), std::string::npos) << r.message;
    out[42] = 1.0f;
    out[7] = INFINITY;
    VerifyOptions loose;
    loose.tolerance = {1e30, 1e30};
    r = compareOutputs(std::span<const float>(out), std::span<const float>(ref), loose);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.infCount, 1u);
}

TEST(Verify, UnwrittenElementsAreReported) {
    std::vector<double> ref(64), out(64);
    for (std::size_t i = 0; i < 64; ++i) ref[i] = out[i] = static_cast<double>(i) - 20.5;
    out[63] = poisonValue<double>();
    out[60] = poisonValue<double>();
    VerifyOptions o = options(Precision::F64, 1);
    o.sentinel = poisonValue<double>();
    auto r = compareOutputs(std::span<const double>(out), std::span<const double>(ref), o);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.unwrittenCount, 2u);
    EXPECT_EQ(r.firstUnwritten, 60u);
    EXPECT_NE(r.message.find("never written"), std::string::npos) << r.message;
    // Float poison survives the round trip through the double-typed sentinel option.
    std::vector<float> reff(4, 2.0f), outf(4, 2.0f);
    outf[1] = poisonValue<float>();
    VerifyOptions of = options(Precision::F32, 1);
    of.sentinel = poisonValue<float>();
    auto rf = compareOutputs(std::span<const float>(outf), std::span<const float>(reff), of);
    EXPECT_EQ(rf.unwrittenCount, 1u);
    EXPECT_EQ(rf.toResult().ok, false);
}

TEST(Verify, NearZeroReferenceUsesTheOutputScale) {
    // An element whose reference cancels to ~0 has a huge relative error from round-off alone; it must pass.
    std::vector<float> ref{1000.0f, -1000.0f, 1e-9f}, out{1000.0f, -1000.0f, 3e-5f};
    auto r = compareOutputs(std::span<const float>(out), std::span<const float>(ref), options(Precision::F32, 1024));
    EXPECT_TRUE(r.ok) << r.message;
    EXPECT_GT(r.maxRelError, 1.0);
}

TEST(Verify, SizeMismatchFails) {
    std::vector<float> a(3), b(4);
    auto r = compareOutputs(std::span<const float>(a), std::span<const float>(b), {});
    EXPECT_FALSE(r.ok);
}

TEST(Verify, FloatOutputAgainstDoubleReference) {
    std::vector<double> ref{1.0 / 3.0, 2.0 / 3.0, 1.0};
    std::vector<float> out{1.0f / 3.0f, 2.0f / 3.0f, 1.0f};
    auto r = compareOutputs(std::span<const float>(out), std::span<const double>(ref), options(Precision::F32, 1));
    EXPECT_TRUE(r.ok) << r.message;
    EXPECT_GT(r.maxAbsError, 0.0); // float rounding is visible against the double reference
    out[2] = 1.01f;
    r = compareOutputs(std::span<const float>(out), std::span<const double>(ref), options(Precision::F32, 1));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.worstIndex, 2u);
}
