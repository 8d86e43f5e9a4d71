// The host reference of a BlasCall: symm, syrk, syr2k, trmm and symv agree with GEMM on the full matrices they
// stand for (so their wrappers pass CBLAS the right arguments), transpose is exact, and every routine computes the
// same in row-major as in its blas::toColumnMajor form (the rewrite the cuBLAS peer relies on).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "kernels/reference/blas_reference.hpp"
#include "kernels/reference/cblas_reference.hpp"

namespace kt::reference {
namespace {

using namespace blas;

template <class T> std::vector<T> randomVector(std::size_t count, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> dist(-1, 1);
    std::vector<T> v(count);
    for (auto& x : v) x = T(dist(rng));
    return v;
}

// Element (i, j) of a stored matrix.
std::int64_t at(Order order, std::int64_t i, std::int64_t j, std::int64_t ld) {
    return order == Order::RowMajor ? i * ld + j : j * ld + i;
}

template <class T> T tolerance() { return std::is_same_v<T, float> ? T(1e-4) : T(1e-12); }

BlasCall make(std::string_view routine, Order order, std::int64_t m, std::int64_t n, std::int64_t k) {
    BlasCall c;
    c.routine = std::string(routine);
    c.precision = Precision::F64;
    c.order = order;
    c.m = m, c.n = n, c.k = k;
    c.alpha = 1.5;
    c.beta = 0.5;
    return c;
}

// Host operands sized by elementExtent with padded leading dimensions and offsets, random contents.
template <class T> struct Host {
    std::vector<T> a, b, c;
    BlasOperands shape;
    explicit Host(const BlasCall& call, unsigned seed = 1) {
        for (Operand w : {Operand::A, Operand::B, Operand::C}) {
            BlasOperand& o = w == Operand::A ? shape.a : w == Operand::B ? shape.b : shape.c;
            const auto s = operandShape(call, w);
            o.ld = s.vector ? 2 : minimalLd(call, w) + 3;
            o.offset = 5 + int(w); // distinct, so an operand can be recognised by its offset
            auto& v = w == Operand::A ? a : w == Operand::B ? b : c;
            v = randomVector<T>(std::size_t(std::max<std::int64_t>(1, elementExtent(call, w, o))), seed++);
        }
    }
    HostOperand<T> op(Operand w) {
        auto& v = w == Operand::A ? a : w == Operand::B ? b : c;
        const BlasOperand& o = w == Operand::A ? shape.a : w == Operand::B ? shape.b : shape.c;
        return {v.data(), o.ld, o.offset};
    }
    void run(const BlasCall& call) { reference::run(call, op(Operand::A), op(Operand::B), op(Operand::C)); }
};

// The dense m x n column-major matrix (ld m) of a stored operand.
template <class T> std::vector<T> dense(const std::vector<T>& v, Order order, std::int64_t offset, std::int64_t ld,
                                        std::int64_t rows, std::int64_t cols) {
    std::vector<T> out(std::size_t(rows * cols));
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t j = 0; j < cols; ++j) out[std::size_t(j * rows + i)] = v[std::size_t(offset + at(order, i, j, ld))];
    return out;
}

// Full symmetric (or triangular) matrix from the stored triangle of A.
std::vector<double> fromTriangle(const std::vector<double>& a, Order order, std::int64_t offset, std::int64_t ld,
                                 std::int64_t n, Uplo uplo, bool symmetric, Diag diag = Diag::NonUnit) {
    std::vector<double> out(std::size_t(n * n), 0.0);
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < n; ++j) {
            const bool stored = uplo == Uplo::Lower ? i >= j : i <= j;
            double v = 0;
            if (stored)
                v = a[std::size_t(offset + at(order, i, j, ld))];
            else if (symmetric)
                v = a[std::size_t(offset + at(order, j, i, ld))];
            if (i == j && diag == Diag::Unit) v = 1;
            out[std::size_t(j * n + i)] = v;
        }
    return out;
}

// C = alpha * X * Y + beta * C0, all dense column-major.
std::vector<double> product(const std::vector<double>& x, const std::vector<double>& y, std::int64_t m,
                            std::int64_t n, std::int64_t k, double alpha, const std::vector<double>& c0, double beta) {
    std::vector<double> c = c0;
    gemm(Order::ColMajor, Op::N, Op::N, m, n, k, alpha, x.data(), m, y.data(), k, beta, c.data(), m);
    return c;
}

std::vector<double> transposed(const std::vector<double>& x, std::int64_t rows, std::int64_t cols) {
    std::vector<double> t(x.size());
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t j = 0; j < cols; ++j) t[std::size_t(i * cols + j)] = x[std::size_t(j * rows + i)];
    return t;
}

void expectNear(const std::vector<double>& got, const std::vector<double>& want, const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], 1e-12 * (1 + std::abs(want[i]))) << what << " [" << i << "]";
}

class ReferenceAgainstGemm : public ::testing::TestWithParam<Order> {};

TEST_P(ReferenceAgainstGemm, SymmIsGemmWithTheFullSymmetricMatrix) {
    for (Side side : {Side::Left, Side::Right})
        for (Uplo uplo : {Uplo::Lower, Uplo::Upper}) {
            BlasCall call = make(routine::kSymm, GetParam(), 7, 5, 0);
            call.side = side, call.uplo = uplo;
            Host<double> h(call);
            const auto c0 = dense(h.c, call.order, h.shape.c.offset, h.shape.c.ld, 7, 5);
            const std::int64_t ka = side == Side::Left ? 7 : 5;
            const auto a = fromTriangle(h.a, call.order, h.shape.a.offset, h.shape.a.ld, ka, uplo, true);
            const auto b = dense(h.b, call.order, h.shape.b.offset, h.shape.b.ld, 7, 5);
            const auto want = side == Side::Left ? product(a, b, 7, 5, 7, 1.5, c0, 0.5) : product(b, a, 7, 5, 5, 1.5, c0, 0.5);
            h.run(call);
            expectNear(dense(h.c, call.order, h.shape.c.offset, h.shape.c.ld, 7, 5), want, call.describe());
        }
}

TEST_P(ReferenceAgainstGemm, SyrkAndSyr2kFillTheirTriangle) {
    for (std::string_view r : {routine::kSyrk, routine::kSyr2k})
        for (Op op : {Op::N, Op::T})
            for (Uplo uplo : {Uplo::Lower, Uplo::Upper}) {
                BlasCall call = make(r, GetParam(), 0, 6, 4);
                call.opA = op, call.uplo = uplo;
                Host<double> h(call);
                const bool n = op == Op::N;
                // op(A), op(B): 6 x 4
                auto opOf = [&](const std::vector<double>& v, const BlasOperand& o) {
                    auto d = dense(v, call.order, o.offset, o.ld, n ? 6 : 4, n ? 4 : 6);
                    return n ? d : transposed(d, 4, 6);
                };
                const auto a = opOf(h.a, h.shape.a);
                const auto c0 = dense(h.c, call.order, h.shape.c.offset, h.shape.c.ld, 6, 6);
                std::vector<double> want;
                if (r == routine::kSyrk) {
                    want = product(a, transposed(a, 6, 4), 6, 6, 4, 1.5, c0, 0.5);
                } else {
                    const auto b = opOf(h.b, h.shape.b);
                    want = product(a, transposed(b, 6, 4), 6, 6, 4, 1.5, c0, 0.5);
                    want = product(b, transposed(a, 6, 4), 6, 6, 4, 1.5, want, 1.0);
                }
                h.run(call);
                const auto got = dense(h.c, call.order, h.shape.c.offset, h.shape.c.ld, 6, 6);
                for (std::int64_t i = 0; i < 6; ++i)
                    for (std::int64_t j = 0; j < 6; ++j) {
                        const std::size_t e = std::size_t(j * 6 + i);
                        const bool inTriangle = uplo == Uplo::Lower ? i >= j : i <= j;
                        ASSERT_NEAR(got[e], inTriangle ? want[e] : c0[e], 1e-12) << call.describe() << " (" << i << "," << j << ")";
                    }
            }
}

TEST_P(ReferenceAgainstGemm, TrmmIsGemmWithTheTriangle) {
    for (Side side : {Side::Left, Side::Right})
        for (Uplo uplo : {Uplo::Lower, Uplo::Upper})
            for (Op op : {Op::N, Op::T})
                for (Diag diag : {Diag::NonUnit, Diag::Unit}) {
                    BlasCall call = make(routine::kTrmm, GetParam(), 5, 7, 0);
                    call.side = side, call.uplo = uplo, call.opA = op, call.diag = diag;
                    Host<double> h(call);
                    const std::int64_t ka = side == Side::Left ? 5 : 7;
                    auto a = fromTriangle(h.a, call.order, h.shape.a.offset, h.shape.a.ld, ka, uplo, false, diag);
                    if (op == Op::T) a = transposed(a, ka, ka);
                    const auto b = dense(h.b, call.order, h.shape.b.offset, h.shape.b.ld, 5, 7);
                    const std::vector<double> zero(35, 0.0);
                    const auto want = side == Side::Left ? product(a, b, 5, 7, 5, 1.5, zero, 0) : product(b, a, 5, 7, 7, 1.5, zero, 0);
                    h.run(call);
                    expectNear(dense(h.b, call.order, h.shape.b.offset, h.shape.b.ld, 5, 7), want, call.describe());
                }
}

TEST_P(ReferenceAgainstGemm, DotIsGemmOfARowAndAColumn) {
    BlasCall call = make(routine::kDot, GetParam(), 0, 9, 0);
    Host<double> h(call);
    std::vector<double> x(9), y(9);
    for (int i = 0; i < 9; ++i) x[std::size_t(i)] = h.a[std::size_t(h.shape.a.offset + i * h.shape.a.ld)];
    for (int i = 0; i < 9; ++i) y[std::size_t(i)] = h.b[std::size_t(h.shape.b.offset + i * h.shape.b.ld)];
    const std::vector<double> c0{h.c[std::size_t(h.shape.c.offset)]};
    const auto want = product(x, y, 1, 1, 9, 1.5, c0, 0.5);
    h.run(call);
    expectNear({h.c[std::size_t(h.shape.c.offset)]}, want, call.describe());
}

TEST_P(ReferenceAgainstGemm, SymvIsGemmWithAVector) {
    for (Uplo uplo : {Uplo::Lower, Uplo::Upper}) {
        BlasCall call = make(routine::kSymv, GetParam(), 0, 9, 0);
        call.uplo = uplo;
        Host<double> h(call);
        const auto a = fromTriangle(h.a, call.order, h.shape.a.offset, h.shape.a.ld, 9, uplo, true);
        std::vector<double> x(9), y0(9);
        for (int i = 0; i < 9; ++i) x[std::size_t(i)] = h.b[std::size_t(h.shape.b.offset + i * h.shape.b.ld)];
        for (int i = 0; i < 9; ++i) y0[std::size_t(i)] = h.c[std::size_t(h.shape.c.offset + i * h.shape.c.ld)];
        const auto want = product(a, x, 9, 1, 9, 1.5, y0, 0.5);
        h.run(call);
        std::vector<double> y(9);
        for (int i = 0; i < 9; ++i) y[std::size_t(i)] = h.c[std::size_t(h.shape.c.offset + i * h.shape.c.ld)];
        expectNear(y, want, call.describe());
    }
}

TEST_P(ReferenceAgainstGemm, TransposeIsExact) {
    for (Op op : {Op::N, Op::T}) {
        BlasCall call = make(routine::kTranspose, GetParam(), 4, 7, 0);
        call.opA = op;
        call.alpha = 1;
        Host<double> h(call);
        h.run(call);
        for (std::int64_t i = 0; i < 4; ++i)
            for (std::int64_t j = 0; j < 7; ++j) {
                const double in = h.a[std::size_t(h.shape.a.offset + at(call.order, i, j, h.shape.a.ld))];
                const auto outAt = op == Op::T ? at(call.order, j, i, h.shape.c.ld) : at(call.order, i, j, h.shape.c.ld);
                ASSERT_EQ(h.c[std::size_t(h.shape.c.offset + outAt)], in) << call.describe();
            }
    }
}

TEST_P(ReferenceAgainstGemm, BatchedIsGemmPerEntry) {
    BlasCall call = make(routine::kGemmBatchedStrided, GetParam(), 3, 4, 5);
    call.opB = Op::T;
    call.batchCount = 3;
    call.strideA = 20, call.strideB = 25, call.strideC = 23; // C problems apart (overlapping C is refused)
    Host<double> h(call);
    auto single = h;
    h.run(call);
    BlasCall one = call;
    one.routine = std::string(routine::kGemm);
    for (int i = 0; i < 3; ++i) {
        auto a = single.op(Operand::A), b = single.op(Operand::B), c = single.op(Operand::C);
        a.offset += i * call.strideA, b.offset += i * call.strideB, c.offset += i * call.strideC;
        run(one, a, b, c);
    }
    expectNear(h.c, single.c, call.describe());
}

INSTANTIATE_TEST_SUITE_P(Orders, ReferenceAgainstGemm, ::testing::Values(Order::RowMajor, Order::ColMajor),
                         [](const auto& info) { return std::string(info.param == Order::RowMajor ? "Row" : "Col"); });

// Every routine and variant: the row-major call and its column-major form write the same memory.
TEST(ReferenceColumnMajorForm, ComputesTheSame) {
    std::vector<BlasCall> calls;
    for (Op a : {Op::N, Op::T})
        for (Op b : {Op::N, Op::T}) {
            BlasCall g = make(routine::kGemm, Order::RowMajor, 5, 6, 7);
            g.opA = a, g.opB = b;
            calls.push_back(g);
            g.routine = std::string(routine::kGemmBatchedStrided);
            g.batchCount = 2, g.strideA = 60, g.strideB = 70, g.strideC = 50;
            calls.push_back(g);
        }
    for (Op op : {Op::N, Op::T}) {
        BlasCall t = make(routine::kTranspose, Order::RowMajor, 5, 8, 0);
        t.opA = op;
        calls.push_back(t);
        for (Uplo u : {Uplo::Lower, Uplo::Upper}) {
            for (std::string_view r : {routine::kSyrk, routine::kSyr2k}) {
                BlasCall s = make(r, Order::RowMajor, 0, 6, 4);
                s.opA = op, s.uplo = u;
                calls.push_back(s);
            }
            for (Side side : {Side::Left, Side::Right}) {
                BlasCall s = make(routine::kSymm, Order::RowMajor, 5, 6, 0);
                s.side = side, s.uplo = u;
                calls.push_back(s);
                for (Diag d : {Diag::NonUnit, Diag::Unit}) {
                    BlasCall tr = make(routine::kTrmm, Order::RowMajor, 5, 6, 0);
                    tr.side = side, tr.uplo = u, tr.opA = op, tr.diag = d;
                    calls.push_back(tr);
                }
            }
        }
    }
    for (Uplo u : {Uplo::Lower, Uplo::Upper}) {
        BlasCall s = make(routine::kSymv, Order::RowMajor, 0, 9, 0);
        s.uplo = u;
        calls.push_back(s);
    }
    for (const BlasCall& call : calls) {
        Host<double> row(call);
        Host<double> col = row;
        BlasCall colCall = call;
        BlasOperands ops = row.shape;
        toColumnMajor(colCall, ops);
        // toColumnMajor may move operands between a and b: each is found again by its offset (distinct per operand).
        auto host = [&](const BlasOperand& o) -> HostOperand<double> {
            for (Operand w : {Operand::A, Operand::B, Operand::C})
                if (col.op(w).offset == o.offset) return col.op(w);
            return {};
        };
        const HostOperand<double> a = host(ops.a), b = host(ops.b), c = host(ops.c);
        run(colCall, a, b, c);
        row.run(call);
        expectNear(col.a, row.a, call.describe() + " A");
        expectNear(col.b, row.b, call.describe() + " B");
        expectNear(col.c, row.c, call.describe() + " C");
    }
}

} // namespace
} // namespace kt::reference
