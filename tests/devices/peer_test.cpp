// Vendor GEMM peers against OpenBLAS: CLBlast on the OpenCL device (PoCL here), cuBLAS on CUDA (GPU machine).
// One source, one executable per backend (KT_TEST_BACKEND) so each carries its label.
#include <gtest/gtest.h>

#include <cblas.h>

#include <cmath>
#include <random>

#include "devices/vendor/peer.hpp"
#include "tests/devices/test_devices.hpp"

#define KT_CAT2(a, b) a##b
#define KT_CAT(a, b) KT_CAT2(a, b) // test names carry the backend (KT_TEST_PREFIX), unique across executables

namespace kt {
namespace {

using devices::vendor::GemmCall;
using devices::vendor::Layout;
using devices::vendor::Precision;
using devices::vendor::Transpose;

struct Case {
    Layout layout;
    Transpose ta, tb;
};

template <class T> void checkGemm(Device& dev, devices::vendor::GemmPeer& peer, const Case& cs) {
    const int m = 37, n = 29, k = 23;
    const bool row = cs.layout == Layout::RowMajor;
    // Stored shapes: A is m x k (k x m when transposed), B is k x n (n x k when transposed); padding in ld.
    const int aRows = cs.ta == Transpose::Yes ? k : m, aCols = cs.ta == Transpose::Yes ? m : k;
    const int bRows = cs.tb == Transpose::Yes ? n : k, bCols = cs.tb == Transpose::Yes ? k : n;
    const int lda = (row ? aCols : aRows) + 3, ldb = (row ? bCols : bRows) + 1, ldc = (row ? n : m) + 2;
    const std::size_t aSize = static_cast<std::size_t>(lda) * (row ? aRows : aCols);
    const std::size_t bSize = static_cast<std::size_t>(ldb) * (row ? bRows : bCols);
    const std::size_t cSize = static_cast<std::size_t>(ldc) * (row ? m : n);
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> dist(-1, 1);
    std::vector<T> a(aSize), b(bSize), c(cSize);
    for (auto& v : a) v = static_cast<T>(dist(rng));
    for (auto& v : b) v = static_cast<T>(dist(rng));
    for (auto& v : c) v = static_cast<T>(dist(rng));
    const double alpha = 1.5, beta = 0.5;

    auto upload = [&](const std::vector<T>& host) {
        auto buf = dev.allocate(host.size() * sizeof(T));
        dev.write(*buf, host.data(), host.size() * sizeof(T));
        return buf;
    };
    auto bufA = upload(a), bufB = upload(b), bufC = upload(c);
    GemmCall call;
    call.precision = std::is_same_v<T, float> ? Precision::Single : Precision::Double;
    call.layout = cs.layout;
    call.transA = cs.ta;
    call.transB = cs.tb;
    call.m = m, call.n = n, call.k = k;
    call.alpha = alpha, call.beta = beta;
    call.a = bufA.get(), call.lda = lda;
    call.b = bufB.get(), call.ldb = ldb;
    call.c = bufC.get(), call.ldc = ldc;
    double ms = peer.gemm(call);
    EXPECT_GT(ms, 0.0);
    std::vector<T> got(cSize);
    dev.read(*bufC, got.data(), cSize * sizeof(T));

    auto order = row ? CblasRowMajor : CblasColMajor;
    auto ta = cs.ta == Transpose::Yes ? CblasTrans : CblasNoTrans;
    auto tb = cs.tb == Transpose::Yes ? CblasTrans : CblasNoTrans;
    if constexpr (std::is_same_v<T, float>)
        cblas_sgemm(order, ta, tb, m, n, k, static_cast<float>(alpha), a.data(), lda, b.data(), ldb,
                    static_cast<float>(beta), c.data(), ldc);
    else
        cblas_dgemm(order, ta, tb, m, n, k, alpha, a.data(), lda, b.data(), ldb, beta, c.data(), ldc);
    const double tol = std::is_same_v<T, float> ? 1e-4 : 1e-12;
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            std::size_t at = row ? static_cast<std::size_t>(i) * ldc + j : static_cast<std::size_t>(j) * ldc + i;
            ASSERT_NEAR(got[at], c[at], tol * (1 + std::abs(c[at]))) << peer.name() << " C(" << i << "," << j << ")";
        }
}

class PeerTest : public ::testing::TestWithParam<Case> {
protected:
    void SetUp() override {
        m_opened = test::openFirst(KT_TEST_BACKEND);
        if (!m_opened.device) GTEST_SKIP() << m_opened.whyNot;
        std::string why;
        m_peer = devices::vendor::makeGemmPeer(*m_opened.device, {}, &why);
        if (!m_peer) GTEST_SKIP() << "no GEMM peer: " << why;
    }
    test::OpenedDevice m_opened;
    std::unique_ptr<devices::vendor::GemmPeer> m_peer;
};

TEST_P(PeerTest, SgemmMatchesOpenBlas) { checkGemm<float>(*m_opened.device, *m_peer, GetParam()); }

TEST_P(PeerTest, DgemmMatchesOpenBlas) {
    if (!m_opened.device->info().fp64) GTEST_SKIP() << "device has no fp64";
    checkGemm<double>(*m_opened.device, *m_peer, GetParam());
}

INSTANTIATE_TEST_SUITE_P(KT_TEST_PREFIX, PeerTest,
                         ::testing::Values(Case{Layout::RowMajor, Transpose::No, Transpose::No},
                                           Case{Layout::RowMajor, Transpose::Yes, Transpose::No},
                                           Case{Layout::ColMajor, Transpose::No, Transpose::Yes},
                                           Case{Layout::ColMajor, Transpose::Yes, Transpose::Yes}),
                         [](const auto& info) {
                             const Case& c = info.param;
                             return std::string(c.layout == Layout::RowMajor ? "Row" : "Col") +
                                    (c.ta == Transpose::Yes ? "T" : "N") + (c.tb == Transpose::Yes ? "T" : "N");
                         });

TEST(KT_CAT(KT_TEST_PREFIX, PeerFactory), ExplainsWhenNoPeer) {
    auto opened = test::openFirst(KT_TEST_BACKEND);
    if (!opened.device) GTEST_SKIP() << opened.whyNot;
    std::string why;
    auto peer = devices::vendor::makeGemmPeer(*opened.device, {}, &why);
    EXPECT_EQ(peer == nullptr, !why.empty()) << "a reason exactly when there is no peer: " << why;
}

} // namespace
} // namespace kt
