// The tensor-core kernel's direct tile copies run on the host: the generated gemm_copy_A / gemm_copy_B text (with
// cp.async replaced by plain copies that zero-fill as its source size says) compiled by the system C++ compiler,
// called for every work-item of every tile of an operand, and the shared tiles compared with the operand they must
// hold. The kernel is CUDA only, so no PoCL test runs these copies: here every orientation (k rows, k-major) of both
// operands through the general program's three paths (aligned rows, a tile across the edge, unaligned rows) and the
// exact-fit program, and the fit loop's shifted copies (its first k-block partial, the others whole).
#include <gtest/gtest.h>

#include <sstream>

#include "kernels/gemm/gemm_generator.hpp"
#include "tests/core/rules/compile_helper.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"

namespace kt {
namespace {

using gemm::GemmParams;
using gemm::TnVariant;
using rules::test::haveCompiler;

// The kernel's #define lines (up to its launch bounds) and every copy function of `side` (gemm_copy_A, _first, _fit).
std::string copyFunctions(const std::string& source, char side) {
    std::istringstream in(source);
    std::string line, out;
    bool inFunction = false;
    const std::string start = std::string("KT_FUNC void gemm_copy_") + side;
    while (std::getline(in, line)) {
        if (line.rfind("#define GEMM_BOUNDS", 0) == 0) break;
        if (line.rfind("#define GEMM_", 0) == 0 || line.rfind("__device__ ", 0) == 0) out += line + "\n";
        if (line.rfind(start, 0) == 0) inFunction = true;
        if (inFunction) out += line + "\n";
        if (inFunction && line == "}") inFunction = false;
    }
    return out;
}

// Host stand-ins for the dialect and cp.async: a copy of `bytes` (16, 8 or 0: zeros) from src.
const char* kHostPrelude = R"(#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>
#define KT_FUNC static inline
#define KT_RESTRICT
#define KT_UNROLL
#define __device__
static inline void gemm_cp16(double* d, const double* s) { d[0] = s[0], d[1] = s[1]; }
static inline void gemm_cp16z(double* d, const double* s, int bytes) {
    d[0] = bytes >= 8 ? s[0] : 0.0, d[1] = bytes >= 16 ? s[1] : 0.0;
}
static inline void gemm_cp8z(double* d, const double* s, int bytes) { d[0] = bytes ? s[0] : 0.0; }
)";

// One operand read directly: `rows` along its wide side (M or N), `kReal` along k, row stride ld, first element off.
struct Operand {
    bool sideA = true, kMajor = false;
    int rows = 0, kReal = 0, ld = 0, off = 0;
};

// The body of a host program's main: every tile (blk, kb) that `copy` fills (a call per work-item: `copy` is the call with
// `tile`, `blk`, `kb` and `lid` free) against `want` (an expression of gk, gc and the operand's element `value`).
// `tiles` bounds the blocks and k-blocks tried.
std::string hostMain(const Operand& o, const std::string& copy, const std::string& tiles, const std::string& gkOf,
                     const std::string& want) {
    const std::string wide = o.sideA ? "GEMM_ML" : "GEMM_NL";
    const std::string ld = o.sideA ? (o.kMajor ? "GEMM_LDAK" : "GEMM_LDA") : (o.kMajor ? "GEMM_LDBK" : "GEMM_LDB");
    std::ostringstream s;
    s << "    const int rows = " << o.rows << ", kReal = " << o.kReal << ", ld = " << o.ld << ", off = " << o.off
      << ";\n"
      << "    std::vector<double> a((size_t)off + (size_t)" << (o.kMajor ? "rows" : "kReal") << " * ld + 16);\n"
      << "    for (size_t i = 0; i < a.size(); ++i) a[i] = 2.0 + (double)((i * 7919) % 1000);\n"
      << "    const double* base = a.data();\n"
      << "    std::vector<double> tile((size_t)" << ld << " * (" << wide << " > GEMM_KL ? " << wide
      << " : GEMM_KL) + 64);\n"
      << "    long bad = 0, tiles = 0;\n"
      << "    " << tiles << " {\n"
      << "        ++tiles;\n"
      << "        for (auto& x : tile) x = NAN;\n"
      << "        for (int lid = 0; lid < GEMM_WG; ++lid) " << copy << ";\n"
      << "        for (int k = 0; k < GEMM_KL; ++k)\n"
      << "            for (int col = 0; col < " << wide << "; ++col) {\n"
      << "                const int gk = " << gkOf << ", gc = blk * " << wide << " + col;\n"
      << "                const double value = gk >= 0 && gk < kReal && gc < rows ? base[off + "
      << (o.kMajor ? "(size_t)gc * ld + gk" : "(size_t)gk * ld + gc") << "] : 0.0;\n"
      << "                const double want = " << want << ";\n"
      << "                const double got = tile["
      << (o.kMajor ? "col * " + ld + " + k" : "k * " + ld + " + (col ^ GEMM_SWZ(k))") << "];\n"
      << "                if (!(got == want) && bad++ < 5)\n"
      << "                    std::printf(\"tile %d,%d (k %d, c %d): %g, want %g\\n\", blk, kb, gk, gc, got, want);\n"
      << "            }\n"
      << "    }\n"
      << "    std::printf(\"%s %ld\\n\", tiles ? \"mismatches\" : \"no tiles\", bad);\n";
    return s.str();
}

// Compiles the copy functions of `source` with the host stand-ins and runs `mainBody`; its output or the failure.
std::string run(const std::string& source, char side, const std::string& mainBody) {
    std::string error;
    const auto out = rules::test::compileAndRun(kHostPrelude + copyFunctions(source, side), mainBody, &error, "-O1 -w");
    return out ? *out : "build or run failed: " + error;
}

// A direct-read tensor-core kernel (64 x 32 blocks, k step 16, 16-byte fragment loads) and its variant.
GemmParams kernel() {
    return test::directReads(
        test::mainloop(test::mmaVariant(2, 64, 32, 16, 4, 4, 32, 3, 3, gemm::Layout::Row, gemm::Layout::Row), 1, 1));
}

TEST(MmaTileCopyOnTheHost, DirectCopiesHoldTheOperandInEveryOrientationAndPath) {
    if (!haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    const GemmParams p = kernel();
    ASSERT_EQ(p.invalidReason(), "") << p.describe();
    int cases = 0;
    for (bool sideA : {true, false})
        for (bool kMajor : {false, true})
            for (bool exactFit : {false, true}) {
                TnVariant v;
                (sideA ? v.aKMajor : v.bKMajor) = kMajor, v.exactFit = exactFit;
                const std::string side = sideA ? "A" : "B", wide = sideA ? "GEMM_ML" : "GEMM_NL";
                // General: aligned rows with ragged (odd) edges, then unaligned rows (odd ld and offset). Exact fit:
                // whole blocks, aligned rows.
                std::vector<Operand> operands = {{sideA, kMajor, 99, 77, 104, 2}, {sideA, kMajor, 70, 45, 81, 1}};
                if (exactFit) operands = {{sideA, kMajor, 128, 96, 130, 2}};
                for (const Operand& o : operands) {
                    SCOPED_TRACE(testing::Message() << side << " kMajor " << kMajor << " exactFit " << exactFit
                                                    << " rows " << o.rows << " k " << o.kReal << " ld " << o.ld);
                    const std::string body =
                        hostMain(o, "gemm_copy_" + side + "(tile.data(), base, off, rows, kReal, ld, blk, kb, lid)",
                                 "for (int blk = 0; blk * " + wide +
                                     " < rows; ++blk) for (int kb = 0; kb * GEMM_KL < kReal; ++kb)",
                                 "kb * GEMM_KL + k", "value");
                    EXPECT_EQ(run(gemm::generateTnKernel(p, v), side[0], body), "mismatches 0\n");
                    ++cases;
                }
            }
    EXPECT_EQ(cases, 12);
}

// The general program's fit loop (whole work-groups, aligned operands): k-block kb holds k from kb * kl - kShift,
// kShift = K - kReal; its first k-block (the tested _first copy) is the partial one, rows below 0 zero, and every
// later one (the exact-fit _fit copy) is whole. Both orientations, both operands, an odd and an even kShift (a k-major
// operand takes only an even one: the kernel's condition).
TEST(MmaTileCopyOnTheHost, FitLoopCopiesShiftTheFirstKBlock) {
    if (!haveCompiler()) GTEST_SKIP() << "no system C++ compiler (c++) on PATH";
    const GemmParams p = kernel();
    int cases = 0;
    for (bool sideA : {true, false})
        for (bool kMajor : {false, true})
            for (int kReal : {90, 91}) { // K = 96: kShift 6 and 5
                if (kMajor && kReal % 2) continue;
                TnVariant v;
                (sideA ? v.aKMajor : v.bKMajor) = kMajor;
                const std::string side = sideA ? "A" : "B", wide = sideA ? "GEMM_ML" : "GEMM_NL";
                const Operand o{sideA, kMajor, 128, kReal, 130, 2};
                SCOPED_TRACE(testing::Message() << side << " kMajor " << kMajor << " k " << kReal);
                const std::string text = gemm::generateTnKernel(p, v);
                ASSERT_NE(text.find("gemm_copy_" + side + "_first("), std::string::npos);
                const std::string whole = "for (int blk = 0; (blk + 1) * " + wide + " <= rows; ++blk)";
                const std::string kShift = "((kReal + GEMM_KL - 1) / GEMM_KL * GEMM_KL - kReal)";
                // The copy `suffix` (_first, _fit) over the k-blocks of `kbLoop`, k-block kb from kb * kl - kShift.
                auto shifted = [&](const std::string& suffix, const std::string& kbLoop) {
                    return run(text, side[0],
                               hostMain(o,
                                        "gemm_copy_" + side + suffix +
                                            "(tile.data(), base, off, rows, kReal, ld, blk, kb, lid, " + kShift + ")",
                                        whole + " " + kbLoop, "kb * GEMM_KL - " + kShift + " + k", "value"));
                };
                EXPECT_EQ(shifted("_first", "for (int kb = 0; kb < 1; ++kb)"), "mismatches 0\n");
                EXPECT_EQ(shifted("_fit", "for (int kb = 1; kb * GEMM_KL < kReal; ++kb)"), "mismatches 0\n");
                ++cases;
            }
    EXPECT_EQ(cases, 6);
}

} // namespace
} // namespace kt
