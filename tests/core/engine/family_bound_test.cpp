// boundFor: GB/s families are bound by the copy bandwidth; GFlop/s families by their precision's peak or by
// bandwidth x flops/bytes, whichever is lower, so GEMM is compute-bound at large n and a batched small GEMM stays
// memory-bound; a figure the profile lacks gives no bound.
#include <gtest/gtest.h>

#include "core/engine/family_bound.hpp"

namespace kt {
namespace {

// A family that is metadata only: n x n x n products, `batch` of them, operands of `precision`.
class ProductFamily final : public Family {
public:
    ProductFamily(Metric metric, Precision precision, double batch = 1)
        : m_metric(metric), m_precision(precision), m_batch(batch) {}
    std::string name() const override { return "product"; }
    std::string title() const override { return "Product"; }
    std::string description() const override { return {}; }
    Metric metric() const override { return m_metric; }
    std::vector<std::string> sizeDimensions() const override { return {"n"}; }
    ParameterSpace space(const DeviceInfo&) const override { return {}; }
    std::vector<ProblemSize> defaultSizes(const DeviceInfo&) const override { return {{{64}}}; }
    Precision precision() const override { return m_precision; }
    double flops(const ProblemSize& s) const override {
        const double n = double(s.dims.at(0));
        return m_batch * 2 * n * n * n;
    }
    double bytes(const ProblemSize& s) const override { // A, B read, C read and written
        const double n = double(s.dims.at(0));
        return m_batch * 4 * n * n * elementBytes(m_precision);
    }
    GeneratedSource generate(const Point&, const DeviceInfo&) const override { return {}; }
    std::unique_ptr<CandidateRun> instantiate(Device&, const Point&, ProgramCache&) const override { return nullptr; }

private:
    Metric m_metric;
    Precision m_precision;
    double m_batch;
};

DeviceProfile profile() {
    DeviceProfile p;
    p.copyBandwidthGBs = 4000;
    p.fp32PeakGFlops = 60000;
    p.fp64PeakGFlops = 30000;
    return p;
}

TEST(FamilyBound, GemmIsComputeBoundAtLargeSizes) {
    const ProductFamily sgemm(Metric::GFlops, Precision::F32), dgemm(Metric::GFlops, Precision::F64);
    auto b = boundFor(sgemm, profile(), {{4096}});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->kind, BoundKind::ComputeF32);
    EXPECT_DOUBLE_EQ(b->value, 60000);
    b = boundFor(dgemm, profile(), {{4096}});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->kind, BoundKind::ComputeF64);
    EXPECT_DOUBLE_EQ(b->value, 30000);
    EXPECT_EQ(toString(b->kind), "compute FP64 peak");
    // Small enough, the same GEMM is bound by moving its operands: 4000 GB/s x 2n^3 / (16 n^2) = 500 n.
    b = boundFor(sgemm, profile(), {{16}});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->kind, BoundKind::Bandwidth);
    EXPECT_DOUBLE_EQ(b->value, 4000.0 * 16 / 8);
}

TEST(FamilyBound, BatchedSmallProductsStayMemoryBound) {
    // Batched double products: flops/bytes = 2n^3 / (32 n^2) = n / 16, so the bound is n x B / 16 for every size
    // below the crossover (30000 GFlop/s = 4000 x n / 16 at n = 120).
    const ProductFamily batched(Metric::GFlops, Precision::F64, 10000);
    for (std::int64_t n : {4, 8, 16, 32, 64}) {
        const auto b = boundFor(batched, profile(), {{n}});
        ASSERT_TRUE(b);
        EXPECT_EQ(b->kind, BoundKind::Bandwidth) << n;
        EXPECT_DOUBLE_EQ(b->value, double(n) * 4000 / 16) << n;
    }
    EXPECT_EQ(boundFor(batched, profile(), {{256}})->kind, BoundKind::ComputeF64);
}

TEST(FamilyBound, BandwidthFamiliesGetTheCopyBandwidth) {
    const ProductFamily copy(Metric::GBs, Precision::F32);
    const auto b = boundFor(copy, profile(), {{4096}});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->kind, BoundKind::Bandwidth);
    EXPECT_DOUBLE_EQ(b->value, 4000);
    EXPECT_EQ(toString(b->kind), "bandwidth");
}

TEST(FamilyBound, MissingFiguresGiveNoBoundOrOnlyThePeak) {
    const ProductFamily dgemm(Metric::GFlops, Precision::F64), copy(Metric::GBs, Precision::F64);
    DeviceProfile p = profile();
    p.fp64PeakGFlops = 0; // no fp64
    EXPECT_FALSE(boundFor(dgemm, p, {{4096}}));
    p.copyBandwidthGBs = 0;
    EXPECT_FALSE(boundFor(copy, p, {{4096}}));
    p.fp64PeakGFlops = 30000; // a peak without a bandwidth: the peak, even where bandwidth would bind
    const auto b = boundFor(dgemm, p, {{4}});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->kind, BoundKind::ComputeF64);
}

} // namespace
} // namespace kt
