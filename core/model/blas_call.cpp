// Shapes, extents and checks of a BlasCall.
#include "core/model/blas_call.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <utility>

namespace kt::blas {

const std::vector<std::string>& knownRoutines() {
    static const std::vector<std::string> names{
        std::string(routine::kGemm),        std::string(routine::kGemmBatchedStrided),
        std::string(routine::kGemmBatched), std::string(routine::kTranspose),
        std::string(routine::kSymm),        std::string(routine::kSyrk),
        std::string(routine::kSyr2k),       std::string(routine::kTrmm),
        std::string(routine::kSymv),        std::string(routine::kDot)};
    return names;
}

bool isKnownRoutine(std::string_view routine) {
    const auto& names = knownRoutines();
    return std::find(names.begin(), names.end(), routine) != names.end();
}

bool isBatched(std::string_view r) { return r == routine::kGemmBatchedStrided || r == routine::kGemmBatched; }

void BatchOffsets::summarise() const {
    if (m_summarised) return;
    for (int o = 0; o < 3; ++o)
        for (auto v : of(o)) {
            m_max[o] = std::max(m_max[o], v);
            m_negative = m_negative || v < 0;
        }
    m_summarised = true;
}

std::shared_ptr<const BatchOffsets> BatchOffsets::swappedAB() const {
    std::lock_guard lock(m_mutex);
    if (!m_swapped) m_swapped = std::make_shared<const BatchOffsets>(m_b, m_a, m_c);
    return m_swapped;
}

std::int64_t BatchOffsets::max(int operand) const {
    std::lock_guard lock(m_mutex);
    summarise();
    return m_max[operand];
}

bool BatchOffsets::anyNegative() const {
    std::lock_guard lock(m_mutex);
    summarise();
    return m_negative;
}

namespace {

// Whether column-major m x n matrices (leading dimension ld >= m) starting `delta` >= 0 elements apart share an
// element: some column pair lies within m of each other, |delta + t ld| < m for |t| < n.
bool shareElement(std::int64_t delta, std::int64_t m, std::int64_t n, std::int64_t ld) {
    if (delta == 0) return true;
    const std::int64_t q = delta / ld, rem = delta - q * ld; // columns t = -q and -(q + 1) come closest
    return (q <= n - 1 && rem < m) || (q + 1 <= n - 1 && ld - rem < m);
}

} // namespace

std::string BatchOffsets::cOverlap(std::int64_t m, std::int64_t n, std::int64_t ldc) const {
    std::lock_guard lock(m_mutex);
    if (m_overlapKey[0] == m && m_overlapKey[1] == n && m_overlapKey[2] == ldc) return m_overlap;
    std::string found;
    if (m > 0 && n > 0) {
        std::vector<std::size_t> order(m_c.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return m_c[x] < m_c[y]; });
        const std::int64_t span = (n - 1) * ldc + m; // elements from a matrix's first to one past its last
        for (std::size_t i = 0; i < order.size() && found.empty(); ++i)
            for (std::size_t j = i + 1; j < order.size() && m_c[order[j]] - m_c[order[i]] < span; ++j)
                if (shareElement(m_c[order[j]] - m_c[order[i]], m, n, ldc)) {
                    const auto x = std::min(order[i], order[j]), y = std::max(order[i], order[j]);
                    found = "C problems " + std::to_string(x) + " and " + std::to_string(y) + " overlap (offsets " +
                            std::to_string(m_c[x]) + " and " + std::to_string(m_c[y]) + ")";
                    break;
                }
    }
    m_overlapKey[0] = m, m_overlapKey[1] = n, m_overlapKey[2] = ldc;
    m_overlap = found;
    return found;
}

std::string stridedOverlap(std::int64_t m, std::int64_t n, std::int64_t ld, std::int64_t stride, std::int64_t batch) {
    if (m <= 0 || n <= 0 || batch < 2) return {};
    // Problems d apart overlap when a column of one lies within m of a column of the other: |d stride + t ld| < m for
    // some |t| < n. For each t the d in 1 .. batch - 1 that comes closest is the rounding of -t ld / stride.
    for (std::int64_t t = -(n - 1); t <= n - 1; ++t) {
        std::vector<std::int64_t> ds{1, batch - 1};
        if (stride != 0) {
            const std::int64_t x = -t * ld;
            const std::int64_t q = x / stride; // truncation; check both neighbours
            for (std::int64_t d : {q - 1, q, q + 1})
                if (d >= 1 && d <= batch - 1) ds.push_back(d);
        }
        for (std::int64_t d : ds)
            if (std::llabs(d * stride + t * ld) < m)
                return "C problems 0 and " + std::to_string(d) + " overlap (stride " + std::to_string(stride) +
                       ", ld " + std::to_string(ld) + ", " + std::to_string(m) + " x " + std::to_string(n) + ")";
    }
    return {};
}

namespace {

// Stored rows x cols of op(X) when op(X) is r x c.
OperandShape matrix(Op op, std::int64_t r, std::int64_t c) {
    OperandShape s;
    s.used = true;
    s.read = true;
    s.rows = op == Op::N ? r : c;
    s.cols = op == Op::N ? c : r;
    return s;
}

OperandShape output(std::int64_t r, std::int64_t c, double beta) {
    OperandShape s = matrix(Op::N, r, c);
    s.read = beta != 0;
    s.written = true;
    return s;
}

OperandShape vector(std::int64_t n) {
    OperandShape s;
    s.used = true;
    s.read = true;
    s.vector = true;
    s.rows = n;
    s.cols = 1;
    return s;
}

std::int64_t strideOf(const BlasCall& call, Operand which) {
    switch (which) {
    case Operand::A: return call.strideA;
    case Operand::B: return call.strideB;
    case Operand::C: return call.strideC;
    }
    return 0;
}

const char* nameOf(Operand which) { return which == Operand::A ? "A" : which == Operand::B ? "B" : "C"; }

char letter(Precision p) { return p == Precision::F64 ? 'd' : 's'; }

} // namespace

OperandShape operandShape(const BlasCall& call, Operand which) {
    const auto& r = call.routine;
    const std::int64_t m = call.m, n = call.n, k = call.k;
    if (r == routine::kGemm || isBatched(r)) {
        if (which == Operand::A) return matrix(call.opA, m, k);
        if (which == Operand::B) return matrix(call.opB, k, n);
        return output(m, n, call.beta);
    }
    if (r == routine::kTranspose) {
        if (which == Operand::A) return matrix(Op::N, m, n);
        if (which == Operand::C) {
            OperandShape s = output(call.opA == Op::N ? m : n, call.opA == Op::N ? n : m, 0);
            return s;
        }
        return {};
    }
    if (r == routine::kSymm) {
        const std::int64_t ka = call.side == Side::Left ? m : n;
        if (which == Operand::A) return matrix(Op::N, ka, ka);
        if (which == Operand::B) return matrix(Op::N, m, n);
        return output(m, n, call.beta);
    }
    if (r == routine::kSyrk || r == routine::kSyr2k) {
        if (which == Operand::A) return matrix(call.opA, n, k);
        if (which == Operand::B) return r == routine::kSyr2k ? matrix(call.opA, n, k) : OperandShape{};
        return output(n, n, call.beta);
    }
    if (r == routine::kTrmm) {
        const std::int64_t ka = call.side == Side::Left ? m : n;
        if (which == Operand::A) return matrix(Op::N, ka, ka);
        if (which == Operand::B) {
            OperandShape s = matrix(Op::N, m, n);
            s.written = true;
            return s;
        }
        return {};
    }
    if (r == routine::kSymv) {
        if (which == Operand::A) return matrix(Op::N, n, n);
        if (which == Operand::B) return vector(n);
        OperandShape y = vector(n);
        y.read = call.beta != 0;
        y.written = true;
        return y;
    }
    if (r == routine::kDot) {
        if (which != Operand::C) return vector(n);
        OperandShape c = vector(1);
        c.read = call.beta != 0;
        c.written = true;
        return c;
    }
    return {};
}

std::int64_t minimalLd(const BlasCall& call, Operand which) {
    const OperandShape s = operandShape(call, which);
    if (!s.used || s.vector) return 1;
    return std::max<std::int64_t>(1, call.order == Order::RowMajor ? s.cols : s.rows);
}

std::int64_t elementExtent(const BlasCall& call, Operand which, const BlasOperand& operand) {
    const OperandShape s = operandShape(call, which);
    if (!s.used || s.rows <= 0 || s.cols <= 0) return 0;
    std::int64_t span = 0;
    if (s.vector)
        span = 1 + (s.rows - 1) * operand.ld;
    else if (call.order == Order::RowMajor)
        span = (s.rows - 1) * operand.ld + s.cols;
    else
        span = (s.cols - 1) * operand.ld + s.rows;
    std::int64_t batches = 0;
    if (call.routine == routine::kGemmBatchedStrided) batches = std::max<std::int64_t>(0, call.batchCount - 1);
    if (call.routine == routine::kGemmBatched)
        return operand.offset + (call.batchOffsets ? call.batchOffsets->max(int(which)) : 0) + span;
    return operand.offset + batches * strideOf(call, which) + span;
}

std::string invalidReason(const BlasCall& call, const BlasOperands& operands, bool needBuffers) {
    if (!isKnownRoutine(call.routine)) return "unknown BLAS routine '" + call.routine + "'";
    if (call.m < 0 || call.n < 0 || call.k < 0)
        return call.describe() + ": negative size (m " + std::to_string(call.m) + ", n " + std::to_string(call.n) +
               ", k " + std::to_string(call.k) + ")";
    const bool strided = call.routine == routine::kGemmBatchedStrided;
    const bool pointers = call.routine == routine::kGemmBatched;
    if ((strided || pointers) && call.batchCount < 1)
        return call.describe() + ": batchCount is " + std::to_string(call.batchCount) +
               " (a batch needs at least 1 problem)";
    if (pointers) {
        const auto* o = call.batchOffsets.get();
        if (!o) return call.describe() + ": no batch offsets (gemm_batched takes one offset per problem and operand)";
        for (int w = 0; w < 3; ++w)
            if (std::int64_t(o->of(w).size()) != call.batchCount)
                return call.describe() + ": " + std::to_string(o->of(w).size()) + " batch offsets for " +
                       nameOf(Operand(w)) + ", expected batchCount " + std::to_string(call.batchCount);
        if (o->anyNegative()) return call.describe() + ": a batch offset is negative";
    }
    for (Operand which : {Operand::A, Operand::B, Operand::C}) {
        const OperandShape s = operandShape(call, which);
        if (!s.used) continue;
        const BlasOperand& op = which == Operand::A ? operands.a : which == Operand::B ? operands.b : operands.c;
        const std::string name = std::string(s.vector ? (which == Operand::B ? "x" : "y") : nameOf(which));
        if (needBuffers && !op.buffer) return call.describe() + ": no buffer for " + name;
        if (op.offset < 0) return call.describe() + ": offset of " + name + " is negative";
        if (s.vector && op.ld < 1)
            return call.describe() + ": increment of " + name + " is " + std::to_string(op.ld) + " (must be >= 1)";
        if (!s.vector && op.ld < minimalLd(call, which))
            return call.describe() + ": ld of " + name + " is " + std::to_string(op.ld) + ", below " +
                   std::to_string(minimalLd(call, which));
        if (strided && strideOf(call, which) < 0)
            return call.describe() + ": stride of " + name + " is " + std::to_string(strideOf(call, which)) +
                   " (must be >= 0)";
    }
    // Problems may share A and B (aliases), never an element of C: the result would depend on the order of writes.
    const bool col = call.order == Order::ColMajor;
    const std::int64_t contiguous = col ? call.m : call.n, lines = col ? call.n : call.m; // C's storage
    if (strided) {
        if (auto why = stridedOverlap(contiguous, lines, operands.c.ld, call.strideC, call.batchCount); !why.empty())
            return call.describe() + ": " + why;
    } else if (pointers) {
        if (auto why = call.batchOffsets->cOverlap(contiguous, lines, operands.c.ld); !why.empty())
            return call.describe() + ": " + why;
    }
    return {};
}

void toColumnMajor(BlasCall& call, BlasOperands& operands) {
    if (call.order == Order::ColMajor) return;
    call.order = Order::ColMajor;
    const auto& r = call.routine;
    if (r == routine::kGemm || isBatched(r)) {
        // C^T = op(B)^T op(A)^T, and op(X)^T is op applied to the stored X read column-major (X^T).
        std::swap(call.m, call.n);
        std::swap(call.opA, call.opB);
        std::swap(operands.a, operands.b);
        std::swap(call.strideA, call.strideB);
        if (call.batchOffsets) call.batchOffsets = call.batchOffsets->swappedAB();
    } else if (r == routine::kTranspose) {
        std::swap(call.m, call.n);
    } else if (r == routine::kSymm || r == routine::kTrmm) {
        // (A B)^T = B^T A^T: A stands on the other side, its stored triangle read transposed is the other one.
        std::swap(call.m, call.n);
        call.side = other(call.side);
        call.uplo = other(call.uplo);
    } else if (r == routine::kSyrk || r == routine::kSyr2k) {
        // C is symmetric (C^T = C) but its stored triangle flips; A read column-major is A^T, so op flips.
        call.uplo = other(call.uplo);
        call.opA = other(call.opA);
        call.opB = other(call.opB);
    } else if (r == routine::kSymv) {
        call.uplo = other(call.uplo);
    }
}

double flops(const BlasCall& call) {
    const double m = double(call.m), n = double(call.n), k = double(call.k);
    const auto& r = call.routine;
    if (r == routine::kGemm) return 2 * m * n * k;
    if (isBatched(r)) return 2 * m * n * k * double(std::max<std::int64_t>(0, call.batchCount));
    if (r == routine::kSymm) return 2 * m * n * (call.side == Side::Left ? m : n);
    if (r == routine::kSyrk) return n * (n + 1) * k;
    if (r == routine::kSyr2k) return 2 * n * (n + 1) * k;
    if (r == routine::kTrmm) return m * n * (call.side == Side::Left ? m : n);
    if (r == routine::kSymv) return 2 * n * n;
    if (r == routine::kDot) return 2 * n;
    return 0;
}

std::string BlasCall::describe() const {
    std::string out(1, letter(precision));
    out += routine + " " + toString(order);
    const auto& r = routine;
    if (r == routine::kGemm || isBatched(r)) {
        out += " " + toString(opA) + toString(opB) + " " + std::to_string(m) + "x" + std::to_string(n) + "x" +
               std::to_string(k);
        if (isBatched(r)) out += " x" + std::to_string(batchCount);
    } else if (r == routine::kTranspose) {
        out += " " + toString(opA) + " " + std::to_string(m) + "x" + std::to_string(n);
    } else if (r == routine::kSymm) {
        out += " " + toString(side) + "/" + toString(uplo) + " " + std::to_string(m) + "x" + std::to_string(n);
    } else if (r == routine::kSyrk || r == routine::kSyr2k) {
        out += " " + toString(uplo) + "/" + toString(opA) + " " + std::to_string(n) + "x" + std::to_string(k);
    } else if (r == routine::kTrmm) {
        out += " " + toString(side) + "/" + toString(uplo) + "/" + toString(opA) + "/" + toString(diag) + " " +
               std::to_string(m) + "x" + std::to_string(n);
    } else if (r == routine::kSymv) {
        out += " " + toString(uplo) + " " + std::to_string(n);
    } else if (r == routine::kDot) {
        out += " " + std::to_string(n);
    } else {
        out += " " + std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
    }
    return out;
}

} // namespace kt::blas
