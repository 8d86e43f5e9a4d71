// BLAS3 plans (blas3_plan.hpp). The TN kernel computes C = alpha Ak^T Bk + beta C with Ak(p, i) = op(A)(i, p) and
// Bk(p, j) = op(B)(p, j) of the product written as a GEMM; each routine says which copy makes Ak and Bk:
//   symm  Left  C = A B:   Ak = A (symmetric fill; A^T = A)   Bk = B
//         Right C = B A:   Ak = B^T (transposed copy)          Bk = A (symmetric fill)
//   syrk  N     C = A A^T: Ak = Bk = A^T (transposed copies)   T  C = A^T A: Ak = Bk = A (plain copies)
//   syr2k       two TN launches on the same copies: A with B, then B with A (beta, then 1)
//   syrk, syr2k with blocks ml != nl: one copy per matrix when the narrower operand can read the wider one's
//               layout (TnVariant::oneCopy), two otherwise
//   trmm  Left  B = op(A) B: Ak = op(A)^T (triangular copy)   Bk = B, the TN kernel writes B (beta 0)
//         Right B = B op(A): Ak = B^T                          Bk = op(A) (triangular copy)
// With direct reads (GemmParams::direct) the operands a routine takes as they are (SYMM's B, SYRK's and SYR2K's A and
// B) are not copied: the kernel reads them where they lie, k-major where the product needs them transposed, as the
// GEMM routine reads its operands. What a copy transforms stays a copy (SYMM's symmetric fill, TRMM's triangle), and
// so does TRMM's B, which the kernel overwrites while other work-groups still read it.
#include "kernels/gemm/blas3_plan.hpp"

#include <stdexcept>

#include "kernels/common/restore.hpp"
#include "kernels/gemm/gemm_plan.hpp"

namespace kt::gemm {

namespace {

using blas::Op;
using blas::Side;
using blas::Uplo;
using kernels::CopyConversion;
using kernels::CopyFill;

std::string extent(const std::string& off, const std::string& rows, const std::string& ld, const std::string& cols) {
    // Parenthesised whole: it is embedded in other expressions (the restore's rounded-up range).
    return "((" + rows + ") > 0 && (" + cols + ") > 0 ? " + off + " + ((" + rows + ") - 1) * " + ld + " + (" + cols +
           ") : 0)";
}

// A copy into the layout of one TN operand: A side (blocks kl x ml) or B side (kl x nl).
struct Copier {
    KernelPlan& plan;
    const GemmParams& p;
    const kernels::CopyShape& shape;

    void operator()(bool sideA, const CopyConversion& conversion, const std::string& src, const std::string& dst,
                    const std::string& r, const std::string& c, const std::string& ld, const std::string& off) {
        plan.addBuffer({dst, BufferRole::Workspace, sideA ? "K * M" : "K * N"});
        kernels::CopyParams cp;
        cp.conversion = conversion;
        cp.layout = sideA ? p.layoutA : p.layoutB;
        cp.blockRows = p.kl, cp.blockCols = sideA ? p.ml : p.nl;
        cp.shape = shape, cp.precision = p.precision;
        kernels::addCopyLaunch(plan, cp, {src, dst, "K", sideA ? "M" : "N", r, c, ld, off}, LaunchPhase::Timed);
    }
};

CopyConversion plain(bool transpose) { return {transpose, CopyFill::None, Uplo::Lower, false}; }

} // namespace

int Blas3Shape::key() const { return int(side) * 16 + int(uplo) * 8 + int(op) * 4 + int(diag) * 2; }

std::vector<std::string> blas3Dimensions(std::string_view routine) {
    if (routine == blas::routine::kSyrk || routine == blas::routine::kSyr2k) return {"n", "k"};
    return {"m", "n"};
}

KernelPlan blas3Plan(const Blas3Shape& s, const GemmParams& p, const kernels::CopyShape& copyShape,
                     const DeviceInfo& device, bool tuning) {
    const std::string_view r = s.routine;
    const bool symm = r == blas::routine::kSymm, syrk = r == blas::routine::kSyrk, syr2k = r == blas::routine::kSyr2k,
               trmm = r == blas::routine::kTrmm;
    if (!symm && !syrk && !syr2k && !trmm) throw std::invalid_argument("blas3: unknown routine '" + s.routine + "'");
    if (p.ksplit != 1) throw std::invalid_argument("blas3 " + s.routine + ": the TN kernel must have ksplit 1");
    const bool left = s.side == Side::Left, opN = s.op == Op::N;
    KernelPlan plan;
    plan.precision = p.precision;
    plan.inputs = blas3Dimensions(r);
    // Stored (row-major) shapes of A and B and C; the product's m x n x k.
    std::string aRows, aCols, bRows, bCols, mC, nC, kk;
    if (symm || trmm) {
        const std::string ka = left ? "m" : "n";
        aRows = aCols = ka, bRows = "m", bCols = "n", mC = "m", nC = "n", kk = ka;
    } else {
        aRows = opN ? "n" : "k", aCols = opN ? "k" : "n";
        bRows = aRows, bCols = aCols, mC = nC = "n", kk = "k";
    }
    const std::string cRows = mC, cCols = nC;
    const std::vector<std::pair<std::string, std::string>> lds = {{"lda", aCols}, {"ldb", bCols}, {"ldc", cCols}};
    // "aligned": A and B start 16-byte aligned (ktp::Call::aligned; KernelTune's buffers always do), a condition of
    // the direct-read exact-fit program.
    if (tuning) {
        for (const auto& [ld, cols] : lds) plan.variables.push_back({ld, "(" + cols + ") > 1 ? " + cols + " : 1"});
        for (const char* off : {"offa", "offb", "offc"}) plan.variables.push_back({off, "0"});
        plan.variables.push_back({"aligned", "1"});
    } else {
        for (const auto& [ld, cols] : lds) plan.inputs.push_back(ld);
        for (const char* off : {"offa", "offb", "offc"}) plan.inputs.push_back(off);
        plan.inputs.push_back("aligned");
    }
    plan.scalars = {{"alpha", 1.25}, {"beta", trmm ? 0.0 : -0.5}};
    plan.variables.push_back({"M", roundUpExpr(mC, p.ml)});
    plan.variables.push_back({"N", roundUpExpr(nC, p.nl)});
    plan.variables.push_back({"K", roundUpExpr(kk, p.kl)});
    plan.checks.push_back({"M * K <= 2147483647 && N * K <= 2147483647 && M * N <= 2147483647",
                           s.routine + ": matrices beyond 2^31 elements are not supported"});
    // The TN program first: it is the candidate's own (Family::generate).
    TnOperands tn;
    tn.offC = "offc", tn.ldc = "ldc", tn.mC = mC, tn.nC = nC;
    // Both TN operands from one copy when the layouts coincide (same layout and block width), or when the operand
    // with the narrower blocks can read the wider one's copy (TnVariant::oneCopy; SYRK/SYR2K have m = n).
    const bool sameLayout = p.layoutA == p.layoutB && p.ml == p.nl;
    const bool oneCopy = !sameLayout && (syrk || syr2k) && tnOneCopyPossible(p);
    if (syrk || syr2k) tn.variant.triangle = s.uplo == Uplo::Lower ? TnTriangle::Lower : TnTriangle::Upper;
    tn.variant.oneCopy = oneCopy;
    const bool opUpper = (s.uplo == Uplo::Upper) == opN; // op(A) upper triangular
    if (trmm)
        tn.variant.kRange = left ? (opUpper ? TnKRange::FromRowBlock : TnKRange::ToRowBlock)
                                 : (opUpper ? TnKRange::ToColBlock : TnKRange::FromColBlock);
    // Direct reads (below): the orientation of the operands read where they lie, known before the program is named.
    const bool direct = p.direct != 0;
    if (direct && symm && !left) tn.variant.aKMajor = true;                // Ak = B^T
    if (direct && (syrk || syr2k)) tn.variant.aKMajor = tn.variant.bKMajor = opN; // op(A) = A: rows along k
    plan.addProgram(tnProgram(p, device, tn.variant));
    plan.buffers = {{"A", BufferRole::Input, extent("offa", aRows, "lda", aCols)}};
    // The written operand (C, trmm's B) is read as well: a routine's in-out buffer; in a tuning run an output
    // restored from its saved copy ("C0", "B0") before every timed run, so each run computes the same.
    const std::string written = trmm ? "B" : "C";
    const std::string writtenExtent = trmm ? extent("offb", bRows, "ldb", bCols) : extent("offc", cRows, "ldc", cCols);
    if (!syrk && !trmm) plan.buffers.push_back({"B", BufferRole::Input, extent("offb", bRows, "ldb", bCols)});
    if (tuning) {
        plan.buffers.push_back({written + "0", BufferRole::Input, writtenExtent});
        plan.buffers.push_back({written, BufferRole::Output, writtenExtent});
        kernels::addRestoreLaunch(plan, written + "0", written, writtenExtent);
    } else {
        plan.buffers.push_back({written, BufferRole::InOut, writtenExtent});
    }

    Copier copy{plan, p, copyShape};
    // Direct reads run the exact-fit program where the call fits the blocks (the loads without bounds or alignment
    // tests, as DGEMM runs it; on the H200 the general program's tiles took 15% longer, 2026-11-28 run AR). One
    // condition serves every TN launch: SYR2K's second product reads the same operands the other way round.
    bool exactFitVariable = false;
    auto launch = [&](const TnOperands& o) {
        if (!direct) return addTnLaunches(plan, p, device, o);
        if (!exactFitVariable) addExactFitVariable(plan, p, o, "aligned != 0"), exactFitVariable = true;
        addDirectTnLaunchPair(plan, p, device, o);
    };
    tn.a = "Ap", tn.b = "Bp";
    // Direct reads of a caller's operand: the TN kernel's A (side A) or B from `buffer` (ld, offset), k-major when the
    // product reads it transposed; the other operand, a copy, keeps the packed defaults (ld M or N, offset 0).
    auto readDirect = [&](TnOperands& o, bool sideA, const std::string& buffer, const std::string& ld,
                          const std::string& off, bool kMajor) {
        o.k = kk;
        (sideA ? o.a : o.b) = buffer;
        (sideA ? o.lda : o.ldb) = ld;
        (sideA ? o.offa : o.offb) = off;
        (sideA ? o.variant.aKMajor : o.variant.bKMajor) = kMajor;
    };
    if (symm) {
        const CopyConversion fill{false, CopyFill::Symmetric, s.uplo, false};
        if (left) {
            copy(true, fill, "A", "Ap", "m", "m", "lda", "offa");
            if (direct)
                readDirect(tn, false, "B", "ldb", "offb", false); // Bk(p, j) = B(p, j): B's rows run along k
            else
                copy(false, plain(false), "B", "Bp", "m", "n", "ldb", "offb");
        } else {
            if (direct)
                readDirect(tn, true, "B", "ldb", "offb", true); // Ak(p, i) = B(i, p): B's rows run along m
            else
                copy(true, plain(true), "B", "Ap", "n", "m", "ldb", "offb");
            copy(false, fill, "A", "Bp", "n", "n", "lda", "offa");
        }
        launch(tn);
    } else if ((syrk || syr2k) && direct) {
        // Ak(p, i) = op(A)(i, p): op N reads A (n x k) along its rows (k-major), op T reads A (k x n) as k rows.
        readDirect(tn, true, "A", "lda", "offa", opN);
        readDirect(tn, false, syrk ? "A" : "B", syrk ? "lda" : "ldb", syrk ? "offa" : "offb", opN);
        launch(tn); // syrk: alpha A A^T + beta C; syr2k: alpha A B^T + beta C
        if (syr2k) {
            TnOperands second = tn;
            second.beta = "1";
            readDirect(second, true, "B", "ldb", "offb", opN);
            readDirect(second, false, "A", "lda", "offa", opN);
            launch(second); // + alpha B A^T
        }
    } else if (syrk || syr2k) {
        // Ak(p, i) = op(A)(i, p): op N reads A (n x k) transposed, op T reads A (k x n) as it is; Bk alike.
        const CopyConversion conv = plain(opN);
        if (sameLayout || oneCopy) { // A (and B) once, in the layout of the wider operand (A's when equal)
            const bool wideA = p.ml >= p.nl;
            copy(wideA, conv, "A", "Ap", "k", "n", "lda", "offa");
            tn.b = "Ap";
            if (syr2k) copy(wideA, conv, "B", "Bp", "k", "n", "ldb", "offb"), tn.b = "Bp";
            launch(tn); // syrk: alpha A A^T + beta C; syr2k: alpha A B^T + beta C
            if (syr2k) {
                TnOperands second = tn;
                second.beta = "1", second.a = "Bp", second.b = "Ap";
                launch(second); // + alpha B A^T
            }
        } else { // the two operands' layouts differ: each matrix copied into both
            copy(true, conv, "A", "Ap", "k", "n", "lda", "offa");
            copy(false, conv, syrk ? "A" : "B", "Bp", "k", "n", syrk ? "lda" : "ldb", syrk ? "offa" : "offb");
            launch(tn);
            if (syr2k) {
                copy(true, conv, "B", "Aq", "k", "n", "ldb", "offb");
                copy(false, conv, "A", "Bq", "k", "n", "lda", "offa");
                TnOperands second = tn;
                second.beta = "1", second.a = "Aq", second.b = "Bq";
                launch(second);
            }
        }
    } else { // trmm: B is copied before the TN kernel overwrites it
        tn.c = "B", tn.offC = "offb", tn.ldc = "ldb", tn.beta = "0";
        // Left: Ak(p, i) = op(A)(i, p), so A is read transposed for op N. Right: Bk(p, j) = op(A)(p, j).
        const CopyConversion tri{left ? opN : !opN, CopyFill::Triangular, s.uplo, s.diag == blas::Diag::Unit};
        if (left) {
            copy(true, tri, "A", "Ap", "m", "m", "lda", "offa");
            copy(false, plain(false), "B", "Bp", "m", "n", "ldb", "offb");
        } else {
            copy(true, plain(true), "B", "Ap", "n", "m", "ldb", "offb");
            copy(false, tri, "A", "Bp", "n", "n", "lda", "offa");
        }
        launch(tn);
    }
    return plan;
}

} // namespace kt::gemm
