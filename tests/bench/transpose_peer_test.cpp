// Vendor transpose peers (CLBlast omatcopy on OpenCL, cuBLAS geam on CUDA) move every element exactly: a non-square
// matrix in both precisions. One source, one executable per backend (KT_TEST_BACKEND) so each carries its label.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "devices/vendor/peer.hpp"
#include "tests/devices/test_devices.hpp"

#define KT_CAT2(a, b) a##b
#define KT_CAT(a, b) KT_CAT2(a, b)

namespace kt {
namespace {

template <class T> void checkTranspose(Device& device, devices::vendor::BlasPeer& peer, int rows, int cols) {
    std::vector<T> in(std::size_t(rows) * cols);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> dist(-1, 1);
    for (auto& v : in) v = T(dist(rng));
    auto bufIn = device.allocate(in.size() * sizeof(T));
    auto bufOut = device.allocate(in.size() * sizeof(T));
    device.write(*bufIn, in.data(), in.size() * sizeof(T));
    device.fill(*bufOut, 0xFF); // NaN poison: an element not written never compares equal
    blas::BlasCall call;
    call.routine = "transpose";
    call.precision = std::is_same_v<T, double> ? Precision::F64 : Precision::F32;
    call.opA = blas::Op::T;
    call.m = rows, call.n = cols;
    EXPECT_GT(peer.run(call, {{bufIn.get(), cols, 0}, {}, {bufOut.get(), rows, 0}}), 0.0);
    std::vector<T> out(in.size());
    device.read(*bufOut, out.data(), out.size() * sizeof(T));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            ASSERT_EQ(std::memcmp(&in[std::size_t(r) * cols + c], &out[std::size_t(c) * rows + r], sizeof(T)), 0)
                << peer.name() << ": out[" << c << "][" << r << "] of a " << rows << "x" << cols << " input";
}

class TransposePeerTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_opened = test::openFirst(KT_TEST_BACKEND);
        if (!m_opened.device) GTEST_SKIP() << m_opened.whyNot;
        std::string why;
        m_peer = devices::vendor::makeBlasPeer(*m_opened.device, {}, &why);
        EXPECT_EQ(m_peer == nullptr, !why.empty()) << "a reason exactly when there is no peer: " << why;
        if (!m_peer) GTEST_SKIP() << "no BLAS peer: " << why;
        if (!m_peer->supports("transpose")) GTEST_SKIP() << m_peer->name() << " has no transpose";
    }
    test::OpenedDevice m_opened;
    std::unique_ptr<devices::vendor::BlasPeer> m_peer;
};

TEST_F(TransposePeerTest, KT_CAT(KT_TEST_PREFIX, SingleNonSquareIsExact)) {
    checkTranspose<float>(*m_opened.device, *m_peer, 37, 53);
    checkTranspose<float>(*m_opened.device, *m_peer, 64, 64);
}

TEST_F(TransposePeerTest, KT_CAT(KT_TEST_PREFIX, DoubleNonSquareIsExact)) {
    if (!m_opened.device->info().fp64) GTEST_SKIP() << "device has no fp64";
    checkTranspose<double>(*m_opened.device, *m_peer, 53, 37);
}

} // namespace
} // namespace kt
