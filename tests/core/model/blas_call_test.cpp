// The BLAS vocabulary round-trips through its strings; a BlasCall's operand shapes, extents (ld, offset, batch),
// checks and flop counts for every routine.
#include <gtest/gtest.h>

#include "core/model/blas_call.hpp"

namespace kt::blas {
namespace {

TEST(BlasVocabulary, StringsRoundTrip) {
    for (Order o : {Order::RowMajor, Order::ColMajor}) EXPECT_EQ(parseOrder(toString(o)), o);
    for (Op o : {Op::N, Op::T}) EXPECT_EQ(parseOp(toString(o)), o);
    for (Side s : {Side::Left, Side::Right}) EXPECT_EQ(parseSide(toString(s)), s);
    for (Uplo u : {Uplo::Lower, Uplo::Upper}) EXPECT_EQ(parseUplo(toString(u)), u);
    for (Diag d : {Diag::NonUnit, Diag::Unit}) EXPECT_EQ(parseDiag(toString(d)), d);
    for (Precision p : {Precision::F32, Precision::F64}) EXPECT_EQ(parsePrecision(toString(p)), p);
    EXPECT_EQ(parseOrder("ColMajor"), Order::ColMajor);
    EXPECT_EQ(parseSide("RIGHT"), Side::Right);
    EXPECT_EQ(parseUplo("upper"), Uplo::Upper);
    EXPECT_EQ(parseDiag("Unit"), Diag::Unit);
    EXPECT_EQ(parsePrecision("double"), Precision::F64);
    EXPECT_FALSE(parseOp("x"));
    EXPECT_FALSE(parseUplo(""));
    EXPECT_EQ(elementBytes(Precision::F32), 4);
    EXPECT_EQ(elementBytes(Precision::F64), 8);
}

BlasCall call(std::string_view routine, Order order, std::int64_t m, std::int64_t n, std::int64_t k) {
    BlasCall c;
    c.routine = std::string(routine);
    c.order = order;
    c.m = m, c.n = n, c.k = k;
    return c;
}

TEST(BlasCall, GemmShapesFollowOpAndOrder) {
    BlasCall c = call(routine::kGemm, Order::RowMajor, 5, 7, 3);
    c.opA = Op::T;
    const auto a = operandShape(c, Operand::A);
    EXPECT_TRUE(a.used && a.read && !a.written);
    EXPECT_EQ(a.rows, 3); // op(A) is 5 x 3, so A^T stored: 3 x 5
    EXPECT_EQ(a.cols, 5);
    EXPECT_EQ(minimalLd(c, Operand::A), 5);
    EXPECT_EQ(minimalLd(c, Operand::B), 7);
    EXPECT_EQ(minimalLd(c, Operand::C), 7);
    EXPECT_FALSE(operandShape(c, Operand::C).read); // beta = 0
    c.beta = 1;
    EXPECT_TRUE(operandShape(c, Operand::C).read);
    // Row-major 3 x 5 with ld 8 and offset 2: 2 + 2 * 8 + 5.
    EXPECT_EQ(elementExtent(c, Operand::A, {nullptr, 8, 2}), 2 + 2 * 8 + 5);
    c.order = Order::ColMajor;
    EXPECT_EQ(minimalLd(c, Operand::A), 3);
    EXPECT_EQ(elementExtent(c, Operand::A, {nullptr, 4, 0}), 4 * 4 + 3);
    EXPECT_EQ(bytesExtent(c, Operand::A, {nullptr, 3, 0}), 15 * 4);
    EXPECT_DOUBLE_EQ(flops(c), 2.0 * 5 * 7 * 3);
}

TEST(BlasCall, BatchedExtentCountsTheStrides) {
    BlasCall c = call(routine::kGemmBatchedStrided, Order::ColMajor, 4, 6, 2);
    c.batchCount = 3;
    c.strideA = 100, c.strideB = 50, c.strideC = 24;
    EXPECT_EQ(elementExtent(c, Operand::A, {nullptr, 4, 1}), 1 + 2 * 100 + (1 * 4 + 4));
    EXPECT_EQ(elementExtent(c, Operand::C, {nullptr, 4, 0}), 2 * 24 + 5 * 4 + 4);
    EXPECT_DOUBLE_EQ(flops(c), 3 * 2.0 * 4 * 6 * 2);
    c.batchCount = 0;
    EXPECT_NE(invalidReason(c, {}, false).find("batchCount"), std::string::npos);
}

TEST(BlasCall, BatchesRefuseBadCountsNegativeStridesAndOverlappingC) {
    BlasCall c = call(routine::kGemmBatchedStrided, Order::ColMajor, 4, 3, 2);
    c.batchCount = 5, c.strideA = 8, c.strideB = 6, c.strideC = 12;
    const BlasOperands ops{{nullptr, 4, 0}, {nullptr, 2, 0}, {nullptr, 4, 0}};
    EXPECT_EQ(invalidReason(c, ops, false), "");
    c.batchCount = 0;
    EXPECT_NE(invalidReason(c, ops, false).find("batchCount is 0"), std::string::npos);
    c.batchCount = 5, c.strideB = -6;
    EXPECT_NE(invalidReason(c, ops, false).find("stride of B is -6"), std::string::npos);
    c.strideB = 6, c.strideC = 11; // C problems 4 x 3 with ld 4 take 12 elements: 11 apart they share one
    EXPECT_NE(invalidReason(c, ops, false).find("C problems 0 and 1 overlap"), std::string::npos);
    c.strideC = 0; // every problem on the same C
    EXPECT_NE(invalidReason(c, ops, false).find("overlap"), std::string::npos);
    c.strideA = 0; // A (and B) may be shared: only read
    c.strideC = 12;
    EXPECT_EQ(invalidReason(c, ops, false), "");
    // Interleaved but disjoint: ld 8, problems 4 apart fill each other's gaps (two problems per column pair).
    c.batchCount = 2, c.strideC = 4;
    EXPECT_EQ(invalidReason(c, {{nullptr, 4, 0}, {nullptr, 2, 0}, {nullptr, 8, 0}}, false), "");
    c.batchCount = 3; // the third lands on the first's second column
    EXPECT_NE(invalidReason(c, {{nullptr, 4, 0}, {nullptr, 2, 0}, {nullptr, 8, 0}}, false).find("C problems 0 and 2"),
              std::string::npos);
    // Row-major: C is stored as m rows of n, so rows of 3 with ld 3 are 9 apart; 8 apart they overlap.
    c.order = Order::RowMajor, c.batchCount = 2, c.strideA = 8, c.strideB = 6;
    const BlasOperands rowOps{{nullptr, 2, 0}, {nullptr, 3, 0}, {nullptr, 3, 0}};
    c.m = 3, c.strideC = 9;
    EXPECT_EQ(invalidReason(c, rowOps, false), "");
    c.strideC = 8;
    EXPECT_NE(invalidReason(c, rowOps, false).find("overlap"), std::string::npos);
}

TEST(StridedOverlap, MatchesABruteForceCheck) {
    for (std::int64_t m : {1, 2, 3})
        for (std::int64_t n : {1, 2, 4})
            for (std::int64_t ld = m; ld <= m + 3; ++ld)
                for (std::int64_t stride = 0; stride <= 14; ++stride)
                    for (std::int64_t batch : {1, 2, 3, 6}) {
                        std::vector<int> used(std::size_t(batch * 14 + n * ld + m), 0);
                        bool overlap = false;
                        for (std::int64_t b = 0; b < batch; ++b)
                            for (std::int64_t j = 0; j < n; ++j)
                                for (std::int64_t i = 0; i < m; ++i)
                                    overlap |= used[std::size_t(b * stride + j * ld + i)]++ > 0;
                        EXPECT_EQ(!stridedOverlap(m, n, ld, stride, batch).empty(), overlap)
                            << m << "x" << n << " ld " << ld << " stride " << stride << " batch " << batch;
                    }
}

TEST(BlasCall, PointerArrayBatches) {
    BlasCall c = call(routine::kGemmBatched, Order::ColMajor, 2, 3, 4);
    c.batchCount = 3;
    const BlasOperands ops{{nullptr, 2, 1}, {nullptr, 4, 0}, {nullptr, 2, 5}};
    EXPECT_NE(invalidReason(c, ops, false).find("no batch offsets"), std::string::npos);
    // A shared by every problem (and with B's storage: aliases are only read); C problems apart.
    c.batchOffsets = std::make_shared<const BatchOffsets>(
        std::vector<std::int64_t>{0, 0, 0}, std::vector<std::int64_t>{0, 24, 12}, std::vector<std::int64_t>{12, 0, 6});
    EXPECT_EQ(invalidReason(c, ops, false), "");
    EXPECT_EQ(elementExtent(c, Operand::A, ops.a), 1 + 0 + 3 * 2 + 2);
    EXPECT_EQ(elementExtent(c, Operand::B, ops.b), 24 + 2 * 4 + 4);
    EXPECT_EQ(elementExtent(c, Operand::C, ops.c), 5 + 12 + 2 * 2 + 2);
    EXPECT_DOUBLE_EQ(flops(c), 3 * 2.0 * 2 * 3 * 4);
    EXPECT_EQ(c.describe(), "sgemm_batched col NN 2x3x4 x3");
    // C problems 6 and 5 elements apart (2 x 3, ld 2: 6 elements each) overlap; the message names them.
    c.batchOffsets = std::make_shared<const BatchOffsets>(
        std::vector<std::int64_t>{0, 0, 0}, std::vector<std::int64_t>{0, 0, 0}, std::vector<std::int64_t>{0, 11, 5});
    EXPECT_NE(invalidReason(c, ops, false).find("C problems 0 and 2 overlap"), std::string::npos);
    // Interleaved columns that miss each other: ld 4, starts 2 apart.
    c.batchOffsets = std::make_shared<const BatchOffsets>(
        std::vector<std::int64_t>{0, 0}, std::vector<std::int64_t>{0, 0}, std::vector<std::int64_t>{2, 0});
    c.batchCount = 2;
    EXPECT_EQ(invalidReason(c, {{nullptr, 2, 0}, {nullptr, 4, 0}, {nullptr, 4, 0}}, false), "");
    EXPECT_NE(invalidReason(c, {{nullptr, 2, 0}, {nullptr, 4, 0}, {nullptr, 3, 0}}, false).find("overlap"),
              std::string::npos);
    // Counts and signs.
    c.batchOffsets = std::make_shared<const BatchOffsets>(std::vector<std::int64_t>{0, 0}, std::vector<std::int64_t>{0},
                                                          std::vector<std::int64_t>{0, 6});
    EXPECT_NE(invalidReason(c, ops, false).find("1 batch offsets for B, expected batchCount 2"), std::string::npos);
    c.batchOffsets = std::make_shared<const BatchOffsets>(
        std::vector<std::int64_t>{0, -1}, std::vector<std::int64_t>{0, 0}, std::vector<std::int64_t>{0, 6});
    EXPECT_NE(invalidReason(c, ops, false).find("negative"), std::string::npos);
    // Row-major calls read column-major exchange A's and B's offsets (kept once).
    c.batchOffsets = std::make_shared<const BatchOffsets>(
        std::vector<std::int64_t>{1, 2}, std::vector<std::int64_t>{3, 4}, std::vector<std::int64_t>{0, 9});
    c.order = Order::RowMajor;
    BlasOperands swapped = ops;
    const auto original = c.batchOffsets;
    toColumnMajor(c, swapped);
    EXPECT_EQ(c.batchOffsets->a(), (std::vector<std::int64_t>{3, 4}));
    EXPECT_EQ(c.batchOffsets->b(), (std::vector<std::int64_t>{1, 2}));
    EXPECT_EQ(c.batchOffsets, original->swappedAB());
}

TEST(BlasCall, EveryRoutineHasShapes) {
    // Row-major, m = 4, n = 6, k = 3: the stored rows x cols of A, B, C (0 x 0: unused).
    struct Expect {
        std::string_view routine;
        Side side;
        std::int64_t a[2], b[2], c[2];
        bool bWritten;
        double flops;
    };
    const Expect cases[] = {
        {routine::kTranspose, Side::Left, {4, 6}, {0, 0}, {6, 4}, false, 0},
        {routine::kSymm, Side::Left, {4, 4}, {4, 6}, {4, 6}, false, 2.0 * 4 * 6 * 4},
        {routine::kSymm, Side::Right, {6, 6}, {4, 6}, {4, 6}, false, 2.0 * 4 * 6 * 6},
        {routine::kSyrk, Side::Left, {6, 3}, {0, 0}, {6, 6}, false, 6.0 * 7 * 3},
        {routine::kSyr2k, Side::Left, {6, 3}, {6, 3}, {6, 6}, false, 2.0 * 6 * 7 * 3},
        {routine::kTrmm, Side::Left, {4, 4}, {4, 6}, {0, 0}, true, 4.0 * 4 * 6},
        {routine::kTrmm, Side::Right, {6, 6}, {4, 6}, {0, 0}, true, 4.0 * 6 * 6},
        {routine::kSymv, Side::Left, {6, 6}, {6, 1}, {6, 1}, false, 2.0 * 6 * 6},
        {routine::kDot, Side::Left, {6, 1}, {6, 1}, {1, 1}, false, 2.0 * 6},
    };
    for (const auto& e : cases) {
        BlasCall c = call(e.routine, Order::RowMajor, 4, 6, 3);
        c.opA = Op::T; // transpose: C is op(A)'s shape
        if (e.routine == routine::kSyrk || e.routine == routine::kSyr2k) c.opA = Op::N;
        c.side = e.side;
        const auto a = operandShape(c, Operand::A), b = operandShape(c, Operand::B), cc = operandShape(c, Operand::C);
        SCOPED_TRACE(c.describe());
        EXPECT_EQ(a.rows, e.a[0]);
        EXPECT_EQ(a.cols, e.a[1]);
        EXPECT_EQ(b.used, e.b[0] > 0);
        EXPECT_EQ(b.rows, e.b[0]);
        EXPECT_EQ(b.cols, e.b[1]);
        EXPECT_EQ(cc.used, e.c[0] > 0);
        EXPECT_EQ(cc.rows, e.c[0]);
        EXPECT_EQ(cc.cols, e.c[1]);
        EXPECT_EQ(b.written, e.bWritten);
        EXPECT_DOUBLE_EQ(flops(c), e.flops);
        EXPECT_EQ(elementExtent(c, Operand::B, {nullptr, 7, 0}) == 0, !b.used);
    }
}

TEST(BlasCall, VectorsUseLdAsIncrement) {
    BlasCall c = call(routine::kSymv, Order::ColMajor, 0, 10, 0);
    EXPECT_TRUE(operandShape(c, Operand::B).vector);
    EXPECT_EQ(minimalLd(c, Operand::B), 1);
    EXPECT_EQ(elementExtent(c, Operand::B, {nullptr, 3, 5}), 5 + 1 + 9 * 3);
    EXPECT_EQ(elementExtent(c, Operand::A, {nullptr, 10, 0}), 100);
    EXPECT_NE(invalidReason(c, {{nullptr, 10, 0}, {nullptr, 0, 0}, {nullptr, 1, 0}}, false).find("increment of x"),
              std::string::npos);
    EXPECT_EQ(invalidReason(c, {{nullptr, 10, 0}, {nullptr, 2, 0}, {nullptr, 1, 0}}, false), "");
}

TEST(BlasCall, InvalidCallsSayWhy) {
    BlasCall c = call(routine::kGemm, Order::RowMajor, 4, 6, 3);
    EXPECT_EQ(invalidReason(c, {{nullptr, 3, 0}, {nullptr, 6, 0}, {nullptr, 6, 0}}, false), "");
    EXPECT_NE(invalidReason(c, {{nullptr, 2, 0}, {nullptr, 6, 0}, {nullptr, 6, 0}}, false).find("ld of A is 2"),
              std::string::npos);
    EXPECT_NE(invalidReason(c, {{nullptr, 3, -1}, {nullptr, 6, 0}, {nullptr, 6, 0}}, false).find("offset of A"),
              std::string::npos);
    EXPECT_NE(invalidReason(c, {{nullptr, 3, 0}, {nullptr, 6, 0}, {nullptr, 6, 0}}).find("no buffer for A"),
              std::string::npos);
    c.routine = "gemv";
    EXPECT_NE(invalidReason(c, {}, false).find("unknown BLAS routine 'gemv'"), std::string::npos);
    EXPECT_TRUE(isKnownRoutine("syr2k"));
    EXPECT_FALSE(isKnownRoutine("gemv"));
    EXPECT_EQ(knownRoutines().size(), 10u);
}

TEST(BlasCall, DescribeNamesPrecisionRoutineAndArguments) {
    BlasCall c = call(routine::kGemm, Order::RowMajor, 37, 29, 23);
    c.opB = Op::T;
    EXPECT_EQ(c.describe(), "sgemm row NT 37x29x23");
    c = call(routine::kTrmm, Order::ColMajor, 40, 30, 0);
    c.precision = Precision::F64;
    c.uplo = Uplo::Upper;
    EXPECT_EQ(c.describe(), "dtrmm col L/U/N/N 40x30");
}

TEST(BlasCall, ColumnMajorFormSwapsWhatTheTransposeSwaps) {
    BlasOperands ops{{nullptr, 1, 10}, {nullptr, 2, 20}, {nullptr, 3, 30}};
    BlasCall g = call(routine::kGemmBatchedStrided, Order::RowMajor, 4, 6, 3);
    g.opA = Op::T;
    g.strideA = 100, g.strideB = 200;
    auto gOps = ops;
    toColumnMajor(g, gOps);
    EXPECT_EQ(g.order, Order::ColMajor);
    EXPECT_EQ(g.m, 6);
    EXPECT_EQ(g.n, 4);
    EXPECT_EQ(g.opA, Op::N);
    EXPECT_EQ(g.opB, Op::T);
    EXPECT_EQ(gOps.a.offset, 20);
    EXPECT_EQ(gOps.b.offset, 10);
    EXPECT_EQ(g.strideA, 200);

    BlasCall t = call(routine::kTrmm, Order::RowMajor, 4, 6, 0);
    auto tOps = ops;
    toColumnMajor(t, tOps);
    EXPECT_EQ(t.side, Side::Right);
    EXPECT_EQ(t.uplo, Uplo::Upper);
    EXPECT_EQ(t.opA, Op::N);
    EXPECT_EQ(t.m, 6);

    BlasCall s = call(routine::kSyrk, Order::RowMajor, 0, 6, 3);
    toColumnMajor(s, ops);
    EXPECT_EQ(s.uplo, Uplo::Upper);
    EXPECT_EQ(s.opA, Op::T);

    BlasCall col = call(routine::kSyrk, Order::ColMajor, 0, 6, 3);
    toColumnMajor(col, ops);
    EXPECT_EQ(col.uplo, Uplo::Lower); // already column-major: unchanged
}

} // namespace
} // namespace kt::blas
