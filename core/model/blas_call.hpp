// One BLAS call described as data: the routine by name, its arguments and its operands (buffer, leading dimension,
// offset). The reference, the routines, the vendor peers and a generic bench all take this one description.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/blas.hpp"
#include "core/model/precision.hpp"

namespace kt {
class Buffer; // core/engine/backend.hpp; the model only passes it along
}

namespace kt::blas {

// Routine names. m, n, k, op, side, uplo and diag keep their BLAS meaning in each:
//   gemm                  C = alpha op(A) op(B) + beta C            op(A) m x k, op(B) k x n, C m x n
//   gemm_batched_strided  the same for batchCount (A, B, C) spaced strideA/B/C elements apart
//   gemm_batched          the same for batchCount (A, B, C) that start where batchOffsets says (pointer arrays:
//                         element offsets from each operand's offset, the portable form of cuBLAS's pointer arrays;
//                         A and B problems may share storage, C problems must not overlap)
//   transpose             C = alpha op(A) (omatcopy / geam)         A m x n, C op(A)'s shape; B unused
//   symm                  C = alpha A B + beta C (Left) or alpha B A + beta C (Right), A symmetric (uplo stored)
//                         C, B m x n; A m x m (Left) or n x n (Right)
//   syrk                  C = alpha op(A) op(A)^T + beta C          C n x n (uplo), op(A) n x k (opA); B unused
//   syr2k                 C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C, op(A), op(B) n x k (opA for both)
//   trmm                  B = alpha op(A) B (Left) or alpha B op(A) (Right), A triangular (uplo, diag), in place
//                         on B (m x n); A m x m or n x n; C unused
//   dot                   c[0] = alpha * x . y (+ beta c[0]), x operand a and y operand b, vectors of n elements whose
//                         `ld` is their increment; c one element (BLAS dot has alpha 1, beta 0)
//   symv                  y = alpha A x + beta y, A n x n symmetric (uplo); x is operand b and y operand c, both
//                         vectors of n elements whose `ld` is their increment
namespace routine {
inline constexpr std::string_view kGemm = "gemm";
inline constexpr std::string_view kGemmBatchedStrided = "gemm_batched_strided";
inline constexpr std::string_view kGemmBatched = "gemm_batched";
inline constexpr std::string_view kTranspose = "transpose";
inline constexpr std::string_view kSymm = "symm";
inline constexpr std::string_view kSyrk = "syrk";
inline constexpr std::string_view kSyr2k = "syr2k";
inline constexpr std::string_view kTrmm = "trmm";
inline constexpr std::string_view kSymv = "symv";
inline constexpr std::string_view kDot = "dot";
} // namespace routine

// Every routine name above, in that order.
const std::vector<std::string>& knownRoutines();
bool isKnownRoutine(std::string_view routine);

// Per-problem starts of a gemm_batched call, in elements after each operand's offset. Immutable once made and held
// through a shared pointer, so calls copy cheaply and an implementation may keep what it derives from it (device
// arrays, pointer tables) keyed by the object, which it keeps alive.
class BatchOffsets {
public:
    BatchOffsets(std::vector<std::int64_t> a, std::vector<std::int64_t> b, std::vector<std::int64_t> c)
        : m_a(std::move(a)), m_b(std::move(b)), m_c(std::move(c)) {}
    const std::vector<std::int64_t>& of(int operand) const { return operand == 0 ? m_a : operand == 1 ? m_b : m_c; }
    const std::vector<std::int64_t>& a() const { return m_a; }
    const std::vector<std::int64_t>& b() const { return m_b; }
    const std::vector<std::int64_t>& c() const { return m_c; }
    // The largest offset of an operand (0 when empty) and whether one is negative; computed once.
    std::int64_t max(int operand) const;
    bool anyNegative() const;
    // Empty when the m x n matrices with leading dimension ldc at the C offsets share no element; otherwise which
    // two problems overlap. Sorts the offsets once per (m, n, ldc) asked (the answer is kept).
    std::string cOverlap(std::int64_t m, std::int64_t n, std::int64_t ldc) const;
    // The same with the offsets of A and B exchanged (a row-major call read column-major); made once and kept.
    std::shared_ptr<const BatchOffsets> swappedAB() const;

private:
    void summarise() const;
    std::vector<std::int64_t> m_a, m_b, m_c;
    mutable std::mutex m_mutex;
    mutable bool m_summarised = false, m_negative = false;
    mutable std::int64_t m_max[3] = {0, 0, 0};
    mutable std::int64_t m_overlapKey[3] = {-1, -1, -1};
    mutable std::string m_overlap;
    mutable std::shared_ptr<const BatchOffsets> m_swapped;
};

struct BlasCall {
    std::string routine = std::string(routine::kGemm);
    Precision precision = Precision::F32;
    Order order = Order::RowMajor;
    Op opA = Op::N, opB = Op::N;
    Side side = Side::Left;
    Uplo uplo = Uplo::Lower;
    Diag diag = Diag::NonUnit;
    std::int64_t m = 0, n = 0, k = 0;
    double alpha = 1, beta = 0;
    // gemm_batched_strided only: the number of problems and the distance between them, in elements.
    std::int64_t batchCount = 1, strideA = 0, strideB = 0, strideC = 0;
    // gemm_batched only: where each problem starts (batchCount entries per operand).
    std::shared_ptr<const BatchOffsets> batchOffsets;

    // "sgemm row NT 37x29x23", "dsymm col L/U 40x30", "strmm row L/U/T/N 40x30", "ssymv col U 64".
    std::string describe() const;
};

// One operand in a device buffer: `ld` is the leading dimension in elements (for symv's vectors, the increment)
// and `offset` the element index where the operand (its first batch entry) starts.
struct BlasOperand {
    Buffer* buffer = nullptr;
    std::int64_t ld = 0;
    std::int64_t offset = 0;
};

struct BlasOperands {
    BlasOperand a, b, c;
};

enum class Operand { A, B, C };

// What a call does with one operand and the shape it has in memory (one batch entry).
struct OperandShape {
    bool used = false;
    bool read = false;    // an input (C only when beta != 0; trmm's B always)
    bool written = false; // an output: C, or B for trmm
    bool vector = false;  // symv's x and y: `rows` elements at increment ld
    std::int64_t rows = 0, cols = 0; // stored rows x cols in the call's order (vectors: n x 1)
};

OperandShape operandShape(const BlasCall& call, Operand which);
// The smallest valid leading dimension (dense storage; 1 for vectors and empty matrices).
std::int64_t minimalLd(const BlasCall& call, Operand which);
// Whether the routine is a batch of problems (gemm_batched_strided, gemm_batched).
bool isBatched(std::string_view routine);
// Elements a buffer must hold, from its start, for the call to touch only its own storage:
// offset + (batchCount - 1) * stride (gemm_batched: the largest batch offset) + the span of one matrix with leading
// dimension ld; 0 when the call does not use the operand or it is empty.
std::int64_t elementExtent(const BlasCall& call, Operand which, const BlasOperand& operand);
inline std::int64_t bytesExtent(const BlasCall& call, Operand which, const BlasOperand& operand) {
    return elementExtent(call, which, operand) * elementBytes(call.precision);
}
// Empty when the call can run: a known routine, non-negative sizes, every used operand with a buffer (when
// `needBuffers`), ld >= minimalLd, offset >= 0; batches: batchCount >= 1, strides >= 0 (gemm_batched: one
// non-negative offset per problem and operand) and no two C problems sharing an element. Otherwise what is wrong,
// naming the argument.
std::string invalidReason(const BlasCall& call, const BlasOperands& operands, bool needBuffers = true);
// Empty when `batch` m x n matrices with leading dimension ld spaced `stride` apart share no element; otherwise the
// first two problems (by distance) that do. O(n).
std::string stridedOverlap(std::int64_t m, std::int64_t n, std::int64_t ld, std::int64_t stride, std::int64_t batch);

// Rewrites a row-major call as the column-major call that computes the same on the same memory (cuBLAS takes
// column-major only). Read column-major, each stored matrix is its transpose, so: gemm (and batched) swaps A and B,
// m and n; transpose swaps m and n; symm and trmm swap the side and the stored triangle and m and n; syrk and
// syr2k flip op and triangle; symv flips the triangle. A column-major call is left as it is.
void toColumnMajor(BlasCall& call, BlasOperands& operands);

// Floating-point operations of one call, as the BLAS literature counts them (gemm 2mnk per problem, syrk n(n+1)k,
// symv 2n^2, trmm m^2 n (Left), transpose 0).
double flops(const BlasCall& call);

} // namespace kt::blas
