// The BLAS3 routines (kernels/gemm/blas3_routine) on PoCL against OpenBLAS (kernels/reference): every routine with
// every option (side, uplo, trans, diag, order) in S and D, sizes 1, 7, 33, 100, 255 and rectangular ones, padded
// leading dimensions and offsets, alpha = 0 and beta = 0 with NaN in C, the triangle SYRK/SYR2K must not touch
// compared bit for bit, and the errors of bad arguments.
// Built twice: on PoCL (label pocl) and, with KT_GEMM_TEST_CUDA, on the first CUDA device (label gpu; skips without
// one), where the double-precision routines run on the FP64 tensor-core TN kernel (its triangle and k range).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "core/engine/program_cache.hpp"
#include "kernels/builtin_families.hpp"
#include "kernels/gemm/blas3_plan.hpp"
#include "kernels/gemm/blas3_routine.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "kernels/reference/blas_reference.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::gemm;
using blas::BlasCall;
using blas::Operand;

// One suite name per backend, so ctest names stay unique across the two executables.
#ifdef KT_GEMM_TEST_CUDA
#define Blas3Pocl Blas3Cuda
constexpr bool kCuda = true;
#else
constexpr bool kCuda = false;
#endif

namespace {

// Two suites (this one and the parameterised Blas3Options) open and close a device each, so the programs built on
// one are released before it closes.
class Blas3Pocl : public test::SharedDeviceTest<Blas3Pocl, test::openTestDevice> {
protected:
    static void TearDownTestSuite() {
        if (s_device) test::releasePrograms(*s_device);
        SharedDeviceTest::TearDownTestSuite();
    }
};

// A small TN kernel with padding on every size below (16 x 8 blocks, k step 4), CBL for A and RBL for B so the two
// operands of SYRK and SYR2K take separate copies; and one with equal layouts (the shared-copy path).
// On CUDA, double precision takes tensor-core kernels of the same two kinds: 64 x 32 blocks with k step 8 (m16n8k8,
// CBL and RBL), and 64 x 64 blocks with k step 16 (m16n8k16, both CBL), so the k range starts mid-block as above.
GemmParams smallKernel(Precision precision, bool sameLayouts = false) {
    if (kCuda && precision == Precision::F64)
        return sameLayouts ? test::mmaVariant(4, 64, 64, 16, 4, 4, 32, 3, 1, Layout::Cbl, Layout::Cbl)
                           : test::mmaVariant(3, 64, 32, 8, 4, 2, 16, 2, 2, Layout::Cbl, Layout::Rbl);
    GemmParams p;
    p.ml = 16, p.nl = sameLayouts ? 16 : 8, p.kl = 4, p.ms = 2, p.ns = 2, p.ks = 2, p.vw = 1;
    p.localA = false, p.localB = true;
    p.layoutA = Layout::Cbl, p.layoutB = sameLayouts ? Layout::Cbl : Layout::Rbl;
    p.precision = precision;
    return p;
}

struct Stored {
    std::int64_t rows = 0, cols = 0;
};
Stored stored(const BlasCall& call, Operand which) {
    const auto s = blas::operandShape(call, which);
    return {s.rows, s.cols};
}

template <class T> std::vector<T> absolute(std::vector<T> v) {
    for (auto& x : v) x = std::fabs(x);
    return v;
}

// Runs `call` through the routine (ld = rows or cols + 3, offsets 5; `aligned`: ld a multiple of 4 and offsets 8, so
// copies in vectors load vectors) and compares with OpenBLAS: within the rounding bound where written, bit for bit
// elsewhere (the untouched triangle, the padding between rows).
template <class T> void check(Device& dev, Blas3Routine& routine, BlasCall call, bool nanInC = false,
                              bool aligned = false) {
    SCOPED_TRACE(call.describe() + " alpha " + std::to_string(call.alpha) + " beta " + std::to_string(call.beta) +
                 (aligned ? " aligned" : ""));
    const bool trmm = call.routine == blas::routine::kTrmm;
    const Operand out = trmm ? Operand::B : Operand::C;
    auto ldOf = [&](Operand w) {
        const std::int64_t minimal = std::max<std::int64_t>(1, blas::minimalLd(call, w));
        return aligned ? (minimal + 3) / 4 * 4 + 4 : minimal + 3;
    };
    const std::int64_t off = aligned ? 8 : 5;
    auto make = [&](Operand w, std::uint64_t seed) {
        const auto s = blas::operandShape(call, w);
        if (!s.used) return std::vector<T>{};
        const std::int64_t outer = call.order == blas::Order::RowMajor ? s.rows : s.cols;
        return test::randomMatrix<T>(std::size_t(off + outer * ldOf(w)), seed);
    };
    auto A = make(Operand::A, 11), B = make(Operand::B, 12), C = make(Operand::C, 13);
    if (nanInC)
        for (auto& x : (trmm ? B : C)) x = std::numeric_limits<T>::quiet_NaN();
    auto bufA = test::upload(dev, A), bufB = test::upload(dev, B), bufC = test::upload(dev, C);
    blas::BlasOperands ops;
    ops.a = {bufA.get(), ldOf(Operand::A), off};
    if (!B.empty()) ops.b = {bufB.get(), ldOf(Operand::B), off};
    if (!C.empty()) ops.c = {bufC.get(), ldOf(Operand::C), off};
    routine.run(call, ops);
    std::vector<T>& host = trmm ? B : C;
    std::vector<T> got(host.size());
    dev.read(trmm ? *bufB : *bufC, got.data(), got.size() * sizeof(T));

    std::vector<T> ref = host, bound = absolute(host);
    auto absA = absolute(A), absB = absolute(B);
    const reference::HostOperand<T> a{A.data(), ldOf(Operand::A), off}, b{B.data(), ldOf(Operand::B), off},
        c{C.data(), ldOf(Operand::C), off};
    BlasCall absCall = call;
    absCall.alpha = std::fabs(call.alpha), absCall.beta = std::fabs(call.beta);
    if (trmm) {
        auto refB = ref;
        reference::run(call, a, {refB.data(), ldOf(Operand::B), off}, {});
        reference::run(absCall, {absA.data(), ldOf(Operand::A), off}, {bound.data(), ldOf(Operand::B), off}, {});
        ref = refB;
    } else {
        reference::run(call, a, b, {ref.data(), ldOf(Operand::C), off});
        reference::run(absCall, {absA.data(), ldOf(Operand::A), off}, {absB.data(), ldOf(Operand::B), off},
                       {bound.data(), ldOf(Operand::C), off});
    }
    const double eps = std::numeric_limits<T>::epsilon();
    const std::int64_t inner = std::max({call.m, call.n, call.k});
    const auto shape = blas::operandShape(call, out);
    const bool row = call.order == blas::Order::RowMajor;
    const std::int64_t ld = ldOf(out), outerCount = row ? shape.rows : shape.cols,
                       innerCount = row ? shape.cols : shape.rows;
    const bool triangle = call.routine == blas::routine::kSyrk || call.routine == blas::routine::kSyr2k;
    for (std::size_t x = 0; x < got.size(); ++x) {
        const std::int64_t rel = std::int64_t(x) - off, o = rel / ld, i = rel % ld;
        bool written = rel >= 0 && o < outerCount && i < innerCount;
        if (written && triangle) {
            const std::int64_t r = row ? o : i, c = row ? i : o;
            written = call.uplo == blas::Uplo::Lower ? r >= c : r <= c;
        }
        if (!written) { // outside the matrix, or the triangle SYRK/SYR2K must not touch: the same bits
            ASSERT_EQ(std::memcmp(&got[x], &host[x], sizeof(T)), 0) << "untouched index " << x << " changed";
            continue;
        }
        if (std::memcmp(&got[x], &ref[x], sizeof(T)) == 0) continue;
        ASSERT_LE(std::fabs(double(got[x]) - double(ref[x])), 4 * eps * double(inner + 4) * double(bound[x]))
            << "index " << x << ": " << got[x] << ", expected " << ref[x];
    }
}

BlasCall makeCall(const char* routine, Precision prec, blas::Order order, std::int64_t a, std::int64_t b) {
    BlasCall call;
    call.routine = routine;
    call.precision = prec;
    call.order = order;
    call.alpha = 1.25, call.beta = -0.5;
    if (std::string(routine) == "syrk" || std::string(routine) == "syr2k")
        call.n = a, call.k = b;
    else
        call.m = a, call.n = b;
    return call;
}

struct Size2 {
    std::int64_t a, b;
};
// 1, 7, 33, 100, 255 square and rectangular both ways; each option set takes two of them in turn.
const std::vector<Size2> kSizes = {{1, 1}, {7, 7}, {33, 33}, {100, 100}, {255, 255}, {33, 100}, {100, 7}, {7, 255}};

// Every option set of a routine (blas3_family's variants: side, uplo, trans, diag) with a call of each.
std::vector<BlasCall> optionSets(const std::string& routine, Precision prec) {
    std::vector<BlasCall> out;
    for (auto order : {blas::Order::RowMajor, blas::Order::ColMajor})
        for (auto side : {blas::Side::Left, blas::Side::Right})
            for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper})
                for (auto op : {blas::Op::N, blas::Op::T})
                    for (auto diag : {blas::Diag::NonUnit, blas::Diag::Unit}) {
                        const bool hasSide = routine == "symm" || routine == "trmm";
                        const bool hasOp = routine != "symm", hasDiag = routine == "trmm";
                        if ((!hasSide && side == blas::Side::Right) || (!hasOp && op == blas::Op::T) ||
                            (!hasDiag && diag == blas::Diag::Unit))
                            continue;
                        BlasCall call = makeCall(routine.c_str(), prec, order, 0, 0);
                        call.side = side, call.uplo = uplo, call.opA = call.opB = op, call.diag = diag;
                        out.push_back(call);
                    }
    return out;
}

void setSize(BlasCall& call, const Size2& s) {
    if (call.routine == "syrk" || call.routine == "syr2k")
        call.n = s.a, call.k = s.b;
    else
        call.m = s.a, call.n = s.b;
}

struct RoutineCase {
    std::string routine;
    Precision precision;
};
void PrintTo(const RoutineCase& c, std::ostream* os) { *os << c.routine << " " << toString(c.precision); }
class Blas3Options : public ::testing::WithParamInterface<RoutineCase>, public Blas3Pocl {};

} // namespace

// Every option set in both orders, each at one or two of the sizes, against OpenBLAS.
TEST_P(Blas3Options, EveryOptionAgainstOpenBlas) {
    const auto [name, prec] = GetParam();
    Blas3Routine routine(*s_device, test::programsOf(*s_device), name, smallKernel(prec));
    int i = 0;
    const auto sets = optionSets(name, prec);
    // Two sizes per option set; one for TRMM's 32 sets (each size still comes four times).
    const std::vector<int> turns = sets.size() > 16 ? std::vector<int>{0} : std::vector<int>{0, 3};
    for (BlasCall call : sets) {
        for (int j : turns) {
            setSize(call, kSizes[std::size_t(i + j) % kSizes.size()]);
            prec == Precision::F32 ? check<float>(*s_device, routine, call) : check<double>(*s_device, routine, call);
            if (HasFatalFailure()) return;
        }
        ++i;
    }
}

// alpha = 0 (C = beta C, B = 0 for trmm) and beta = 0 with NaN in C (C is never read).
TEST_P(Blas3Options, AlphaZeroAndBetaZeroWithNanInC) {
    const auto [name, prec] = GetParam();
    Blas3Routine routine(*s_device, test::programsOf(*s_device), name, smallKernel(prec));
    BlasCall call = optionSets(name, prec).back(); // column-major, the last options
    setSize(call, {33, 7});
    call.alpha = 0;
    prec == Precision::F32 ? check<float>(*s_device, routine, call) : check<double>(*s_device, routine, call);
    if (name == "trmm") return; // trmm has no beta and no C
    call.alpha = 1.5, call.beta = 0;
    prec == Precision::F32 ? check<float>(*s_device, routine, call, true)
                           : check<double>(*s_device, routine, call, true);
}

INSTANTIATE_TEST_SUITE_P(Routines, Blas3Options,
                         ::testing::Values(RoutineCase{"symm", Precision::F32}, RoutineCase{"symm", Precision::F64},
                                           RoutineCase{"syrk", Precision::F32}, RoutineCase{"syrk", Precision::F64},
                                           RoutineCase{"syr2k", Precision::F32}, RoutineCase{"syr2k", Precision::F64},
                                           RoutineCase{"trmm", Precision::F32}, RoutineCase{"trmm", Precision::F64}),
                         [](const auto& info) { return info.param.routine + toString(info.param.precision); });

// The copies in vectors (a copy shape of width 4 in single, 2 in double): symmetric fills (SYMM), triangles
// (TRMM, unit and not, transposed and not), plain and transposed copies (SYRK) into CBL and RBL, on operands whose ld
// and offset allow vector loads and on ones that do not, against OpenBLAS.
TEST_F(Blas3Pocl, VectorCopiesAgainstOpenBlas) {
    for (Precision prec : {Precision::F32, Precision::F64}) {
        const kernels::CopyShape copy{32, 32, 4, 2, 2, 2, prec == Precision::F32 ? 4 : 2};
        // Option sets by index into optionSets (bits from the last option up: trmm diag, op, uplo, side, order; symm
        // uplo, side, order; syrk op, uplo, order): SYMM row-major left upper, column-major right lower; TRMM unit N
        // lower left, non-unit T upper left, unit T lower left column-major, non-unit N upper right column-major;
        // SYRK row-major lower T, column-major upper N.
        const std::pair<const char*, std::vector<std::size_t>> picks[] = {
            {"symm", {1, 6}}, {"trmm", {1, 6, 19, 28}}, {"syrk", {1, 6}}};
        int turn = 0;
        for (const auto& [name, indices] : picks) {
            Blas3Routine routine(*s_device, test::programsOf(*s_device), name, smallKernel(prec), copy);
            const auto sets = optionSets(name, prec);
            for (std::size_t j : indices) {
                BlasCall call = sets.at(j);
                setSize(call, turn % 2 ? Size2{100, 7} : Size2{33, 100});
                const bool aligned = turn++ % 4 != 3; // three in four aligned
                prec == Precision::F32 ? check<float>(*s_device, routine, call, false, aligned)
                                       : check<double>(*s_device, routine, call, false, aligned);
                if (HasFatalFailure()) return;
            }
        }
    }
}

// The double-buffered tiles stored at the next k-block's start (GEMM_PREFETCH 3, 4 with the last two k-blocks
// peeled off a guard-free loop, 5 with that loop over pairs of k-blocks, 6 one buffer with fragments peeled) with and without the fragment
// pipeline, and the fragment pipeline over one tile buffer (prefetch 1), in the k ranges that start and end at the
// diagonal (TRMM's triangular A) and the triangles of C (SYRK): every other option set at ragged sizes, S and D, the
// SIMT kernel on every backend.
TEST_F(Blas3Pocl, PrefetchSchedulesInTriangularKRanges) {
    for (Precision prec : {Precision::F32, Precision::F64})
        for (const auto& [prefetch, frags] : {std::pair{3, 0}, std::pair{3, 1}, std::pair{4, 0}, std::pair{4, 1}, std::pair{5, 1}, std::pair{6, 1}, std::pair{1, 1}}) {
            GemmParams p;
            p.ml = 16, p.nl = 8, p.kl = 4, p.ms = 2, p.ns = 2, p.ks = 1, p.vw = 1;
            p.localA = p.localB = true, p.prefetch = prefetch, p.frags = frags;
            p.layoutA = Layout::Cbl, p.layoutB = Layout::Rbl, p.precision = prec;
            ASSERT_EQ(p.invalidReason(), "") << p.describe();
            if (prec == Precision::F64 && !s_device->info().fp64) continue;
            for (const char* name : {"trmm", "syrk"}) {
                SCOPED_TRACE(std::string(name) + " " + p.describe());
                Blas3Routine routine(*s_device, test::programsOf(*s_device), name, p);
                int i = 0;
                for (BlasCall call : optionSets(name, prec)) {
                    if (++i % 2) continue;
                    setSize(call, kSizes[std::size_t(i / 2) % kSizes.size()]);
                    prec == Precision::F32 ? check<float>(*s_device, routine, call)
                                           : check<double>(*s_device, routine, call);
                    if (HasFatalFailure()) return;
                }
            }
        }
}

// The SIMT direct-read kernel the direct-read tests share: 16 x 8 blocks, k blocks of 4, 2 x 2 per work-item, vectors
// of 2, both operands through local memory, ROW/ROW, single precision.
namespace {
GemmParams simtDirect() {
    GemmParams p;
    p.ml = 16, p.nl = 8, p.kl = 4, p.ms = 2, p.ns = 2, p.ks = 1, p.vw = 2;
    p.localA = p.localB = true, p.direct = 1;
    p.layoutA = p.layoutB = Layout::Row, p.precision = Precision::F32;
    return p;
}
} // namespace

// Direct reads on the SIMT kernel (GEMM_DIRECT 1, ROW/ROW): SYRK and SYR2K read A and B where they lie (k-major for
// op N), SYMM its B (k-major on the right) beside the symmetric fill's copy, TRMM its copies (k rows, ld the padded
// width); with the folded triangle of C (SYRK, SYR2K) and the k ranges at the diagonal (TRMM); every other option set.
TEST_F(Blas3Pocl, SimtDirectReadsInTrianglesAndKRanges) {
    GemmParams p = simtDirect();
    p.prefetch = 4, p.frags = 1;
    ASSERT_EQ(p.invalidReason(), "") << p.describe();
    for (const char* name : {"trmm", "syrk", "symm", "syr2k"}) {
        SCOPED_TRACE(std::string(name) + " " + p.describe());
        Blas3Routine routine(*s_device, test::programsOf(*s_device), name, p);
        int i = 0;
        for (BlasCall call : optionSets(name, Precision::F32)) {
            if (++i % 2) continue;
            setSize(call, kSizes[std::size_t(i / 2) % kSizes.size()]);
            check<float>(*s_device, routine, call);
            if (HasFatalFailure()) return;
        }
    }
}

// Direct reads run the exact-fit program (loads without bounds or alignment tests) where the call fits the blocks and
// its operands are aligned, as DGEMM does: every routine at sizes that are multiples of the blocks with aligned ld and
// offsets (each option set once between the two sizes), against OpenBLAS; a ragged size runs the general program, and
// so do unaligned operands that the kernel reads where they lie (all but TRMM's).
TEST_F(Blas3Pocl, SimtDirectReadsRunTheExactFitProgramWhereTheCallFits) {
    const GemmParams p = simtDirect();
    ASSERT_EQ(p.invalidReason(), "") << p.describe();
    for (const char* name : {"trmm", "syrk", "symm", "syr2k"}) {
        SCOPED_TRACE(std::string(name) + " " + p.describe());
        Blas3Routine routine(*s_device, test::programsOf(*s_device), name, p);
        int i = 0;
        for (BlasCall call : optionSets(name, Precision::F32)) {
            setSize(call, ++i % 2 ? Size2{48, 32} : Size2{32, 64});
            check<float>(*s_device, routine, call, false, true);
            EXPECT_TRUE(routine.ranExactFit()) << call.describe();
            if (HasFatalFailure()) return;
        }
        BlasCall ragged = optionSets(name, Precision::F32).front();
        setSize(ragged, Size2{33, 17});
        check<float>(*s_device, routine, ragged, false, true);
        EXPECT_FALSE(routine.ranExactFit()) << ragged.describe();
        BlasCall fits = optionSets(name, Precision::F32).front();
        setSize(fits, Size2{48, 32});
        check<float>(*s_device, routine, fits, false, false); // ld = rows + 3, offsets 5
        // TRMM's kernel reads only its packed copies, which fit whatever the caller's ld and offsets.
        EXPECT_EQ(routine.ranExactFit(), std::string(name) == "trmm") << fits.describe();
    }
}

// The H200 DGEMM rule's tensor-core kernel kind in every routine (CUDA only: PoCL has no tensor cores): m16n8k4,
// swizzle 3, double-buffered 16-byte fragment loads, C staged through shared memory, direct reads of the packed copies;
// the rule's 128 x 128 kernel and a 64 x 64 one, both with ragged edges at 100 x 33, 255 x 70 and 7 x 130. Triangles of
// C (SYRK, SYR2K), k ranges at the diagonal (TRMM), symmetric fills (SYMM), both sides and orders, against OpenBLAS;
// every fourth option set also at 256 x 128 with aligned operands, where the exact-fit program runs.
TEST_F(Blas3Pocl, TensorCoreDirectStagedKernelsInEveryRoutine) {
    if (!kCuda) GTEST_SKIP() << "tensor-core kernels run on CUDA only";
    for (const GemmParams& p :
         {test::stagedC(test::directReads(test::mainloop(test::mmaVariant(2, 128, 128, 16, 8, 8, 64, 3, 3, Layout::Row,
                                                                          Layout::Row),
                                                         1, 1))),
          test::stagedC(test::directReads(
              test::mainloop(test::mmaVariant(2, 64, 64, 16, 4, 4, 32, 3, 3, Layout::Row, Layout::Row), 1, 1)))}) {
        ASSERT_EQ(p.invalidReason(), "") << p.describe();
        for (const char* name : {"symm", "syrk", "syr2k", "trmm"}) {
            SCOPED_TRACE(std::string(name) + " " + p.describe());
            Blas3Routine routine(*s_device, test::programsOf(*s_device), name, p);
            int i = 0;
            for (BlasCall call : optionSets(name, Precision::F64)) {
                if (++i % 2 && std::string(name) == "trmm") continue; // TRMM's 32 sets: every other one
                setSize(call, i % 3 == 0 ? Size2{100, 33} : i % 3 == 1 ? Size2{255, 70} : Size2{7, 130});
                check<double>(*s_device, routine, call);
                if (HasFatalFailure()) return;
                if (i % 4 == 0) { // sizes of whole blocks, aligned operands: the exact-fit program
                    setSize(call, Size2{256, 128});
                    check<double>(*s_device, routine, call, false, true);
                    EXPECT_TRUE(routine.ranExactFit()) << call.describe();
                    if (HasFatalFailure()) return;
                }
            }
        }
    }
}

// SYRK and SYR2K share one copy between the TN operands when their layouts coincide.
// On CUDA in double precision: the tensor-core kernel.
TEST_F(Blas3Pocl, SharedCopiesWhenTheLayoutsCoincide) {
    const Precision prec = kCuda ? Precision::F64 : Precision::F32;
    for (const char* name : {"syrk", "syr2k"}) {
        Blas3Routine routine(*s_device, test::programsOf(*s_device), name, smallKernel(prec, true));
        for (BlasCall call : optionSets(name, prec)) {
            setSize(call, {33, 100});
            kCuda ? check<double>(*s_device, routine, call) : check<float>(*s_device, routine, call);
        }
    }
}

// SYRK and SYR2K on the SIMT kernel launch only the work-groups inside the triangle, folded into a rectangle
// (kernels/gemm/tn_triangle_grid): block shapes wider than high (as the H100's SGEMM winner T2, 64 x 128), higher
// than wide, and with sides that do not divide each other (24 x 16: the grid's width is a bound, some groups
// return), at sizes with an odd and an even count of block rows, both triangles, both orders.
TEST_F(Blas3Pocl, FoldedTriangleGridOfEveryBlockShape) {
    struct Blocks {
        int ml, nl, ms, ns;
    };
    for (const Blocks b : {Blocks{8, 16, 2, 2}, Blocks{32, 8, 4, 2}, Blocks{24, 16, 2, 2}, Blocks{16, 24, 2, 2}}) {
        GemmParams p = smallKernel(Precision::F32);
        p.ml = b.ml, p.nl = b.nl, p.ms = b.ms, p.ns = b.ns;
        ASSERT_EQ(p.invalidReason(), "") << b.ml << " x " << b.nl;
        for (const char* name : {"syrk", "syr2k"}) {
            SCOPED_TRACE(std::string(name) + " " + std::to_string(b.ml) + " x " + std::to_string(b.nl));
            Blas3Routine routine(*s_device, test::programsOf(*s_device), name, p);
            int i = 0;
            for (BlasCall call : optionSets(name, Precision::F32)) {
                for (const Size2 s : {Size2{100, 33}, Size2{255, 7}, Size2{7, 20}}) {
                    setSize(call, s);
                    if (++i % 2) continue; // half of the combinations, each size in each triangle and order
                    check<float>(*s_device, routine, call);
                    if (HasFatalFailure()) return;
                }
            }
        }
    }
}

// Copies of the routine's plan (every launch but the TN kernel's).
int copyLaunches(const std::string& routine, blas::Op op, const GemmParams& p, const DeviceInfo& device) {
    Blas3Shape shape;
    shape.routine = routine, shape.op = op;
    const KernelPlan plan = blas3Plan(shape, p, kernels::CopyShape{}, device);
    int copies = 0;
    for (const auto& launch : plan.launches) copies += launch.kernel != kTnKernelName;
    return copies;
}

// With direct reads a routine copies only what a copy transforms: nothing for SYRK and SYR2K, SYMM's symmetric fill,
// TRMM's triangle and its B (overwritten by the kernel); without them every operand is copied.
TEST_F(Blas3Pocl, DirectReadsCopyOnlyWhatACopyTransforms) {
    GemmParams p = simtDirect();
    ASSERT_EQ(p.invalidReason(), "") << p.describe();
    const auto& info = s_device->info();
    for (blas::Op op : {blas::Op::N, blas::Op::T}) {
        EXPECT_EQ(copyLaunches("syrk", op, p, info), 0);
        EXPECT_EQ(copyLaunches("syr2k", op, p, info), 0);
        EXPECT_EQ(copyLaunches("symm", op, p, info), 1);
        EXPECT_EQ(copyLaunches("trmm", op, p, info), 2);
    }
    p.direct = 0;
    EXPECT_EQ(copyLaunches("syrk", blas::Op::N, p, info), 1); // one copy: 8-wide blocks read the 16-wide ones
    EXPECT_EQ(copyLaunches("symm", blas::Op::N, p, info), 2);
}

// SYRK and SYR2K with blocks ml != nl (one dividing the other) and one layout for both operands copy each matrix
// once: the narrower operand reads its tiles out of the wider one's blocks (TnVariant::oneCopy), as with the H100's
// SGEMM winner T2 (64 x 128, CBL). Every layout, the wider operand on either side (twice and four times as wide),
// the narrower one through local memory and straight from global memory, with and without prefetch (both values
// of each over the six kernels); half of the option sets and orders at ragged sizes against OpenBLAS.
TEST_F(Blas3Pocl, OneCopyForBothOperandsInTheWiderBlocks) {
    struct Kernel {
        Layout layout;
        int ml, nl;
        bool narrowLocal;
        int prefetch;
    };
    const std::vector<Kernel> kernels = {{Layout::Row, 8, 16, false, 0}, {Layout::Cbl, 8, 16, true, 1},
                                         {Layout::Rbl, 8, 32, false, 2}, {Layout::Row, 16, 8, true, 1},
                                         {Layout::Cbl, 32, 8, false, 0}, {Layout::Rbl, 16, 8, true, 0}};
    for (const Kernel& k : kernels) {
        GemmParams p = smallKernel(Precision::F32);
        p.ml = k.ml, p.nl = k.nl, p.layoutA = p.layoutB = k.layout, p.prefetch = k.prefetch;
        (k.ml < k.nl ? p.localA : p.localB) = k.narrowLocal;
        (k.ml < k.nl ? p.localB : p.localA) = true;
        p.ms = p.ml / 4, p.ns = p.nl / 4;
        ASSERT_EQ(p.invalidReason(), "") << p.describe();
        ASSERT_TRUE(tnOneCopyPossible(p)) << p.describe();
        EXPECT_EQ(copyLaunches("syrk", blas::Op::N, p, s_device->info()), 1) << p.describe();
        EXPECT_EQ(copyLaunches("syr2k", blas::Op::T, p, s_device->info()), 2) << p.describe();
        for (const char* name : {"syrk", "syr2k"}) {
            SCOPED_TRACE(std::string(name) + " " + p.describe());
            Blas3Routine routine(*s_device, test::programsOf(*s_device), name, p);
            int i = 0;
            for (BlasCall call : optionSets(name, Precision::F32)) {
                if (++i % 2) continue;
                setSize(call, i % 4 ? Size2{100, 33} : Size2{37, 9});
                check<float>(*s_device, routine, call);
                if (HasFatalFailure()) return;
            }
        }
    }
    // On CUDA the tensor-core kernel's tile copies likewise: 64 x 32 CBL (as the H100's DGEMM winner D6, 128 x 64)
    // and 64 x 128 ROW, in double precision.
    if (kCuda)
        for (const GemmParams& p : {test::mmaVariant(3, 64, 32, 8, 4, 2, 16, 2, 2, Layout::Cbl, Layout::Cbl),
                                    test::mmaVariant(4, 64, 128, 16, 4, 8, 32, 2, 2, Layout::Row, Layout::Row)}) {
            EXPECT_EQ(copyLaunches("syrk", blas::Op::T, p, s_device->info()), 1) << p.describe();
            for (const char* name : {"syrk", "syr2k"}) {
                SCOPED_TRACE(std::string(name) + " " + p.describe());
                Blas3Routine routine(*s_device, test::programsOf(*s_device), name, p);
                int i = 0;
                for (BlasCall call : optionSets(name, Precision::F64)) {
                    setSize(call, ++i % 2 ? Size2{100, 33} : Size2{255, 70});
                    check<double>(*s_device, routine, call);
                    if (HasFatalFailure()) return;
                }
            }
        }
    // Blocks that do not divide each other, or two layouts: two copies of each matrix as before.
    GemmParams p = smallKernel(Precision::F32);
    EXPECT_FALSE(tnOneCopyPossible(p)); // CBL and RBL
    EXPECT_EQ(copyLaunches("syrk", blas::Op::N, p, s_device->info()), 2);
    EXPECT_EQ(copyLaunches("syr2k", blas::Op::N, p, s_device->info()), 4);
    p.layoutB = p.layoutA, p.ml = 24, p.nl = 16, p.ms = 2, p.ns = 2;
    EXPECT_FALSE(tnOneCopyPossible(p));
    EXPECT_EQ(copyLaunches("syrk", blas::Op::T, p, s_device->info()), 2);
}

TEST_F(Blas3Pocl, BadArgumentsAreNamed) {
    Blas3Routine routine(*s_device, test::programsOf(*s_device), "syrk", smallKernel(Precision::F32));
    auto bufA = s_device->allocate(4096), bufC = s_device->allocate(4096);
    auto message = [&](BlasCall call, std::int64_t lda, std::int64_t ldc) {
        try {
            routine.enqueue(call, {{bufA.get(), lda, 0}, {}, {bufC.get(), ldc, 0}});
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    BlasCall call = makeCall("syrk", Precision::F32, blas::Order::ColMajor, 8, 4);
    EXPECT_EQ(message(call, 8, 8), "no error");
    call.n = -1;
    EXPECT_NE(message(call, 8, 8).find("negative size"), std::string::npos);
    call.n = 8;
    EXPECT_NE(message(call, 7, 8).find("ld of A is 7"), std::string::npos) << message(call, 7, 8);
    EXPECT_NE(message(call, 8, 3).find("ld of C is 3"), std::string::npos);
    call.uplo = blas::Uplo(5);
    EXPECT_NE(message(call, 8, 8).find("unknown uplo"), std::string::npos);
    call.uplo = blas::Uplo::Upper;
    call.n = 100; // 100 x 100 floats do not fit 4096 bytes
    EXPECT_NE(message(call, 100, 100).find("too small"), std::string::npos);
    call.routine = "symm";
    EXPECT_NE(message(call, 100, 100).find("cannot run symm"), std::string::npos);
    EXPECT_THROW(Blas3Routine(*s_device, test::programsOf(*s_device), "gemv", smallKernel(Precision::F32)),
                 std::invalid_argument);
    GemmParams split = smallKernel(Precision::F32);
    split.ksplit = 2;
    EXPECT_THROW(Blas3Routine(*s_device, test::programsOf(*s_device), "syrk", split), std::invalid_argument);
}

// Each family's tuning candidate (the routine plan on its representative options, C restored before every run)
// passes its own check after repeated runs; SYRK/SYR2K also with one copy per matrix (ml != nl, one layout).
TEST_F(Blas3Pocl, FamiliesTuneAndVerify) {
    kernels::registerBuiltinFamilies();
    GemmParams oneCopy = smallKernel(Precision::F32);
    oneCopy.layoutB = oneCopy.layoutA; // 16 x 8 blocks, both CBL
    ASSERT_TRUE(tnOneCopyPossible(oneCopy));
    struct Case {
        const char* name;
        bool oneCopy;
    };
    for (const Case c : {Case{"ssymm", false}, Case{"dsyrk", false}, Case{"ssyr2k", false}, Case{"dtrmm", false},
                         Case{"ssyrk", true}, Case{"ssyr2k", true}}) {
        SCOPED_TRACE(std::string(c.name) + (c.oneCopy ? " one copy" : ""));
        const auto family = FamilyRegistry::instance().find(c.name);
        ASSERT_TRUE(family);
        const Precision prec = family->precision();
        const GemmParams params = c.oneCopy ? oneCopy : smallKernel(prec);
        auto run = family->instantiate(*s_device, pointFromParams(params), test::programsOf(*s_device));
        run->prepare({{37, 45}}, 3);
        run->run();
        run->run();
        const auto v = run->verify();
        EXPECT_TRUE(v.ok) << v.message;
    }
}
