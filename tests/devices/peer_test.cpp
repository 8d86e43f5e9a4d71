// Vendor BLAS peers against the OpenBLAS reference (kernels/reference/blas_reference.hpp): CLBlast on the OpenCL
// device (PoCL here), cuBLAS on CUDA (GPU machine). Every routine of the peer, row- and column-major, with padded
// leading dimensions and offsets, in both precisions. One source, one executable per backend (KT_TEST_BACKEND) so
// each carries its label.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "devices/vendor/peer.hpp"
#include "kernels/reference/blas_reference.hpp"
#include "tests/devices/test_devices.hpp"

#define KT_CAT2(a, b) a##b
#define KT_CAT(a, b) KT_CAT2(a, b) // test names carry the backend (KT_TEST_PREFIX), unique across executables

namespace kt {
namespace {

using namespace blas;
using devices::vendor::BlasPeer;

// Runs `call` on the peer and on the host reference over the same random operands (ld padded by `pad`, offsets
// `offset` + 0/1/2), then compares every element of every buffer: written outputs within a tolerance, the rest of
// each buffer (padding, the other triangle, the space before the offset) unchanged.
template <class T>
void checkAgainstReference(Device& dev, BlasPeer& peer, BlasCall call, std::int64_t pad = 3,
                           std::int64_t offset = 5) {
    call.precision = std::is_same_v<T, float> ? Precision::F32 : Precision::F64;
    SCOPED_TRACE(peer.name() + " " + call.describe());
    BlasOperands ops;
    std::vector<T> host[3];
    std::unique_ptr<Buffer> buffers[3];
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> dist(-1, 1);
    for (int i = 0; i < 3; ++i) {
        const auto which = Operand(i);
        BlasOperand& o = i == 0 ? ops.a : i == 1 ? ops.b : ops.c;
        const auto shape = operandShape(call, which);
        if (!shape.used) continue;
        o.ld = shape.vector ? 2 : minimalLd(call, which) + pad;
        o.offset = offset + i;
        host[i].resize(std::size_t(elementExtent(call, which, o)) + 4); // and a tail past the operand
        for (auto& v : host[i]) v = T(dist(rng));
        buffers[i] = dev.allocate(host[i].size() * sizeof(T));
        dev.write(*buffers[i], host[i].data(), host[i].size() * sizeof(T));
        o.buffer = buffers[i].get();
    }
    const double ms = peer.run(call, ops);
    EXPECT_GE(ms, 0.0);
    reference::run(call, {host[0].data(), ops.a.ld, ops.a.offset}, {host[1].data(), ops.b.ld, ops.b.offset},
                   {host[2].data(), ops.c.ld, ops.c.offset});
    // Reductions over k (or n) at most 16 long with |values| <= ~2: a few ulps times the length.
    const double tol = std::is_same_v<T, float> ? 2e-5 : 1e-13;
    for (int i = 0; i < 3; ++i) {
        if (!buffers[i]) continue;
        std::vector<T> got(host[i].size());
        dev.read(*buffers[i], got.data(), got.size() * sizeof(T));
        for (std::size_t e = 0; e < got.size(); ++e)
            ASSERT_NEAR(got[e], host[i][e], tol * 16 * (1 + std::abs(host[i][e])))
                << "operand " << "ABC"[i] << " element " << e << " of " << got.size();
    }
}

// The calls of every routine this suite checks, in one order.
std::vector<BlasCall> callsFor(const std::string& routine, Order order) {
    std::vector<BlasCall> out;
    auto base = [&] {
        BlasCall c;
        c.routine = routine;
        c.order = order;
        c.alpha = 1.5;
        c.beta = 0.5;
        return c;
    };
    if (routine == routine::kGemm || routine == routine::kGemmBatchedStrided || routine == routine::kGemmBatched) {
        for (Op a : {Op::N, Op::T})
            for (Op b : {Op::N, Op::T}) {
                BlasCall c = base();
                c.m = 13, c.n = 11, c.k = 9;
                c.opA = a, c.opB = b;
                if (routine == routine::kGemmBatchedStrided) {
                    c.batchCount = 3;
                    c.strideA = 301, c.strideB = 257, c.strideC = 263; // beyond any padded matrix: no overlap
                }
                if (routine == routine::kGemmBatched) { // pointer arrays: A shared by two problems, C in reverse
                    c.batchCount = 3;
                    c.batchOffsets = std::make_shared<const BatchOffsets>(std::vector<std::int64_t>{602, 0, 602},
                                                                          std::vector<std::int64_t>{0, 514, 257},
                                                                          std::vector<std::int64_t>{526, 263, 0});
                }
                out.push_back(c);
            }
    } else if (routine == routine::kTranspose) {
        for (Op a : {Op::N, Op::T}) {
            BlasCall c = base();
            c.m = 13, c.n = 9;
            c.opA = a;
            c.alpha = 1;
            out.push_back(c);
        }
    } else if (routine == routine::kSymm) {
        for (Side s : {Side::Left, Side::Right})
            for (Uplo u : {Uplo::Lower, Uplo::Upper}) {
                BlasCall c = base();
                c.m = 12, c.n = 9;
                c.side = s, c.uplo = u;
                out.push_back(c);
            }
    } else if (routine == routine::kSyrk || routine == routine::kSyr2k) {
        for (Op a : {Op::N, Op::T})
            for (Uplo u : {Uplo::Lower, Uplo::Upper}) {
                BlasCall c = base();
                c.n = 11, c.k = 7;
                c.opA = a, c.uplo = u;
                out.push_back(c);
            }
    } else if (routine == routine::kTrmm) {
        for (Side s : {Side::Left, Side::Right})
            for (Uplo u : {Uplo::Lower, Uplo::Upper})
                for (Op a : {Op::N, Op::T}) {
                    BlasCall c = base();
                    c.m = 10, c.n = 7;
                    c.side = s, c.uplo = u, c.opA = a;
                    c.diag = (s == Side::Left) == (a == Op::N) ? Diag::NonUnit : Diag::Unit;
                    out.push_back(c);
                }
    } else if (routine == routine::kSymv) {
        for (Uplo u : {Uplo::Lower, Uplo::Upper}) {
            BlasCall c = base();
            c.n = 15;
            c.uplo = u;
            out.push_back(c);
        }
    }
    return out;
}

class PeerFixture {
protected:
    void open() {
        m_opened = test::openFirst(KT_TEST_BACKEND);
        if (!m_opened.device) return;
        std::string why;
        m_peer = devices::vendor::makeBlasPeer(*m_opened.device, {}, &why);
        m_why = why;
    }
    test::OpenedDevice m_opened;
    std::unique_ptr<BlasPeer> m_peer;
    std::string m_why;
};

struct RoutineCase {
    std::string routine;
    Order order;
};
void PrintTo(const RoutineCase& c, std::ostream* os) { *os << c.routine << " " << toString(c.order); }

class PeerRoutineTest : public ::testing::TestWithParam<RoutineCase>, protected PeerFixture {
protected:
    void SetUp() override {
        open();
        if (!m_opened.device) GTEST_SKIP() << m_opened.whyNot;
        if (!m_peer) GTEST_SKIP() << "no BLAS peer: " << m_why;
        if (!m_peer->supports(GetParam().routine))
            GTEST_SKIP() << m_peer->name() << " lacks " << GetParam().routine << " in this build";
    }
};

TEST_P(PeerRoutineTest, SingleMatchesOpenBlas) {
    for (const auto& call : callsFor(GetParam().routine, GetParam().order))
        checkAgainstReference<float>(*m_opened.device, *m_peer, call);
}

TEST_P(PeerRoutineTest, DoubleMatchesOpenBlas) {
    if (!m_opened.device->info().fp64) GTEST_SKIP() << "device has no fp64";
    for (const auto& call : callsFor(GetParam().routine, GetParam().order))
        checkAgainstReference<double>(*m_opened.device, *m_peer, call);
}

std::vector<RoutineCase> allCases() {
    std::vector<RoutineCase> out;
    for (const auto& r : knownRoutines())
        for (Order o : {Order::RowMajor, Order::ColMajor}) out.push_back({r, o});
    return out;
}

INSTANTIATE_TEST_SUITE_P(KT_TEST_PREFIX, PeerRoutineTest, ::testing::ValuesIn(allCases()), [](const auto& info) {
    return info.param.routine + (info.param.order == Order::RowMajor ? "_Row" : "_Col");
});

class PeerTest : public ::testing::Test, protected PeerFixture {
protected:
    void SetUp() override {
        open();
        if (!m_opened.device) GTEST_SKIP() << m_opened.whyNot;
        if (!m_peer) GTEST_SKIP() << "no BLAS peer: " << m_why;
    }
};

TEST_F(PeerTest, KT_CAT(KT_TEST_PREFIX, OffsetsAndLargerSizesMatchOpenBlas)) {
    // GEMM of the old peer test's odd sizes, no padding, then a large offset.
    BlasCall call;
    call.m = 37, call.n = 29, call.k = 23;
    call.alpha = 1.5, call.beta = 0.5;
    call.opA = Op::T;
    checkAgainstReference<float>(*m_opened.device, *m_peer, call, 0, 0);
    call.order = Order::ColMajor;
    checkAgainstReference<float>(*m_opened.device, *m_peer, call, 1, 1000);
}

TEST_F(PeerTest, KT_CAT(KT_TEST_PREFIX, NamesItsLibraryAndRoutines)) {
    EXPECT_TRUE(m_peer->id() == "cublas" || m_peer->id() == "clblast") << m_peer->id();
    EXPECT_TRUE(m_peer->supports("gemm"));
    EXPECT_FALSE(m_peer->supports("gemv")); // not in the vocabulary
    EXPECT_FALSE(m_peer->routineName("transpose").empty());
    EXPECT_EQ(m_peer->routineName("gemv"), "");
    EXPECT_FALSE(m_peer->routines().empty());
}

TEST_F(PeerTest, KT_CAT(KT_TEST_PREFIX, RefusesCallsPastTheBuffer)) {
    BlasCall call;
    call.m = call.n = call.k = 8;
    auto small = m_opened.device->allocate(8 * 8 * sizeof(float));
    BlasOperands ops{{small.get(), 8, 0}, {small.get(), 8, 0}, {small.get(), 8, 1}}; // C one element too far
    EXPECT_THROW(m_peer->run(call, ops), std::invalid_argument);
    ops.c.offset = 0;
    ops.a.ld = 7; // below k
    EXPECT_THROW(m_peer->run(call, ops), std::invalid_argument);
    call.routine = "gemv";
    EXPECT_THROW(m_peer->run(call, ops), std::invalid_argument);
}

TEST(KT_CAT(KT_TEST_PREFIX, PeerFactory), ExplainsWhenNoPeer) {
    auto opened = test::openFirst(KT_TEST_BACKEND);
    if (!opened.device) GTEST_SKIP() << opened.whyNot;
    std::string why;
    auto peer = devices::vendor::makeBlasPeer(*opened.device, {}, &why);
    EXPECT_EQ(peer == nullptr, !why.empty()) << "a reason exactly when there is no peer: " << why;
}

} // namespace
} // namespace kt
