// GEMM kernel plans (see gemm_plan.hpp). The routine reduces every op type to a row-major A^T * B problem: A is
// copied to K x M (transposed when op(A) = A) and B to K x N (transposed when op(B) = B^T), both in the kernel's
// layout and zero padded to the blocking factors; C is written in place by the kernel's guarded stores.
#include "kernels/gemm/gemm_plan.hpp"

#include <stdexcept>

#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"
#include "kernels/common/restore.hpp"
#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/tn_triangle_grid.hpp"

namespace kt::gemm {

namespace {


PlanArg operandArg(const GemmParams& p, bool image, const std::string& buffer, const std::string& elements) {
    if (!image) return PlanArg::buffer(buffer);
    const ImageView format = tnImageFormat(p);
    return PlanArg::image(buffer, "(" + elements + ") / " + std::to_string(p.chunk()), format.channels, format.channelType);
}

// M, N, K: the problem padded to the blocking factors.
void addPaddedSizes(KernelPlan& plan, const GemmParams& p) {
    plan.variables.push_back({"M", roundUpExpr("m", p.ml)});
    plan.variables.push_back({"N", roundUpExpr("n", p.nl)});
    plan.variables.push_back({"K", roundUpExpr("k", p.kMultiple())});
    plan.checks.push_back({"M * K <= 2147483647 && N * K <= 2147483647 && M * N <= 2147483647",
                           "gemm: matrices beyond 2^31 elements are not supported"});
    if (p.ksplit > 1)
        plan.checks.push_back({std::to_string(p.ksplit) + " * m * n <= " + std::to_string(kMaxSplitkWorkspace),
                               "gemm: split-K workspace (ksplit x m x n elements) exceeds the limit of " +
                                   std::to_string(kMaxSplitkWorkspace) + "; use ksplit 1 for this size"});
}

kernels::CopyParams copyParams(const GemmParams& p, bool transpose, Layout layout, int blockCols,
                               const kernels::CopyShape& shape) {
    kernels::CopyParams c;
    c.conversion.transpose = transpose;
    c.layout = layout, c.blockRows = p.kl, c.blockCols = blockCols, c.shape = shape, c.precision = p.precision;
    return c;
}

} // namespace

std::string splitkReduceBody() { return kernels::embeddedSource("gemm/splitk_reduce.cl"); }

GeneratedSource tnProgram(const GemmParams& params, const DeviceInfo& device, const TnVariant& variant) {
    GeneratedSource out;
    out.source = kernels::withPreamble(tnKernelBody(params, variant));
    out.options = tnKernelOptions(params, device);
    out.kernels = {kTnKernelName};
    if (params.ksplit > 1) out.kernels.push_back(kSplitkReduceKernelName);
    // NVRTC's time grows with the unrolled k-block: ms x ns x kl multiply-adds, twice with PREFETCH 5 (its loop holds
    // two k-blocks). H200 2026-11-28 run N: 0.3-37 s per program, the slowest at 16 x 8 x 64 with PREFETCH 5.
    out.compileCost = double(params.ms) * params.ns * params.kl * (params.prefetch == 5 ? 2 : 1);
    return out;
}

void addTnLaunches(KernelPlan& plan, const GemmParams& p, const DeviceInfo& device, const TnOperands& o,
                   LaunchPhase phase) {
    if (auto why = p.invalidReason(); !why.empty()) throw std::invalid_argument(why);
    const std::size_t program = plan.addProgram(tnProgram(p, device, o.variant));
    PlanLaunch tn;
    tn.program = program;
    tn.kernel = kTnKernelName;
    tn.phase = phase;
    // Dimension 0 runs along n, 1 along m, 2 over the ksplit parts of k; the SIMT kernel's triangle of C launches
    // only the groups inside it, folded into a rectangle (tn_triangle_grid.hpp).
    if (usesFoldedTriangleGrid(p, o.variant))
        tn.global = {"(" + foldedTriangleWidth(p, o.variant.triangle, o.M, o.N) + ") * " + std::to_string(p.wgN()),
                     "(" + foldedTriangleHeight(p, o.M) + ") * " + std::to_string(p.wgM()), "1"};
    else
        tn.global = {"(" + o.N + ") / " + std::to_string(p.nl) + " * " + std::to_string(p.wgN()),
                     "(" + o.M + ") / " + std::to_string(p.ml) + " * " + std::to_string(p.wgM()), std::to_string(p.ksplit)};
    tn.local = {std::to_string(p.wgN()), std::to_string(p.wgM()), "1"};
    tn.when = o.when;
    auto args = [&](const std::string& c, const std::string& offC, const std::string& ldc, const std::string& beta) {
        std::vector<PlanArg> list{PlanArg::integer(o.M),
                                  PlanArg::integer(o.N),
                                  PlanArg::integer(o.K),
                                  PlanArg::real(o.alpha),
                                  PlanArg::real(beta),
                                  operandArg(p, p.imageA, o.a, o.K + ") * (" + o.M),
                                  operandArg(p, p.imageB, o.b, o.K + ") * (" + o.N),
                                  PlanArg::buffer(c),
                                  PlanArg::integer(offC),
                                  PlanArg::integer(ldc),
                                  PlanArg::integer(o.mC),
                                  PlanArg::integer(o.nC)};
        if (p.direct)
            for (const auto& e :
                 {o.k.empty() ? o.K : o.k, o.lda.empty() ? o.M : o.lda, o.offa, o.ldb.empty() ? o.N : o.ldb, o.offb})
                list.push_back(PlanArg::integer(e));
        return list;
    };
    if (p.ksplit == 1) {
        tn.args = args(o.c, o.offC, o.ldc, o.beta);
        plan.launches.push_back(std::move(tn));
        return;
    }
    // Split-K: the TN kernel writes ksplit slices of mC x nC (stride nC) into the workspace with beta 0; the
    // reduction adds them in order (deterministic) and alone reads C with beta.
    plan.addBuffer({"W", BufferRole::Workspace, std::to_string(p.ksplit) + " * (" + o.mC + ") * (" + o.nC + ")"});
    tn.args = args("W", "0", o.nC, "0");
    plan.launches.push_back(std::move(tn));
    constexpr int kTile = 16;
    PlanLaunch reduce;
    reduce.program = program;
    reduce.kernel = kSplitkReduceKernelName;
    reduce.phase = phase;
    reduce.when = o.when;
    reduce.global = {roundUpExpr(o.nC, kTile), roundUpExpr(o.mC, kTile), "1"};
    reduce.local = {std::to_string(kTile), std::to_string(kTile), "1"};
    reduce.args = {PlanArg::integer(std::to_string(p.ksplit)), PlanArg::integer(o.mC), PlanArg::integer(o.nC),
                   PlanArg::real(o.beta),           PlanArg::buffer("W"),   PlanArg::buffer(o.c),
                   PlanArg::integer(o.offC),        PlanArg::integer(o.ldc)};
    plan.launches.push_back(std::move(reduce));
}

void addExactFitVariable(KernelPlan& plan, const GemmParams& p, const TnOperands& tn,
                         const std::string& extraCondition) {
    // The exact-fit program's loads take whole vectors with no bounds tests: every tile inside the matrix, every row
    // starting aligned to the load from an aligned start (ld and offsets multiples of directAlign(): 16-byte cp.async
    // chunks on tensor cores, chunk() elements on the SIMT kernel).
    const std::string lda = tn.lda.empty() ? tn.M : tn.lda, ldb = tn.ldb.empty() ? tn.N : tn.ldb;
    const std::string k = tn.k.empty() ? tn.K : tn.k, align = std::to_string(p.directAlign());
    std::string fits = tn.mC + " % " + std::to_string(p.ml) + " == 0 && " + tn.nC + " % " + std::to_string(p.nl) +
                       " == 0 && " + k + " > 0 && " + k + " % " + std::to_string(p.kMultiple()) + " == 0 && (" + lda +
                       ") % " + align + " == 0 && (" + ldb + ") % " + align + " == 0 && (" + tn.offa + ") % " + align +
                       " == 0 && (" + tn.offb + ") % " + align + " == 0";
    if (!extraCondition.empty()) fits += " && " + extraCondition;
    plan.variables.push_back({kExactFitVariable, fits});
}

void addDirectTnLaunchPair(KernelPlan& plan, const GemmParams& p, const DeviceInfo& device, TnOperands tn) {
    tn.when = std::string("!") + kExactFitVariable;
    addTnLaunches(plan, p, device, tn);
    tn.variant.exactFit = true;
    tn.when = kExactFitVariable;
    addTnLaunches(plan, p, device, tn);
}

void addDirectTnLaunches(KernelPlan& plan, const GemmParams& p, const DeviceInfo& device, TnOperands tn,
                         const std::string& extraCondition) {
    addExactFitVariable(plan, p, tn, extraCondition);
    addDirectTnLaunchPair(plan, p, device, std::move(tn));
}

KernelPlan tnTuningPlan(const GemmParams& p, const DeviceInfo& device) {
    KernelPlan plan;
    plan.precision = p.precision;
    plan.inputs = {"m", "n", "k"};
    plan.scalars = {{"alpha", 1.25}, {"beta", -0.5}};
    // The TN program first: it is the candidate's own (Family::generate), the copies are shared helpers.
    plan.addProgram(tnProgram(p, device));
    addPaddedSizes(plan, p);
    plan.buffers = {{"A", BufferRole::Input, "k * m"},
                    {"B", BufferRole::Input, "k * n"},
                    {"C0", BufferRole::Input, "m * n"},
                    {"C", BufferRole::Output, "m * n"}};
    // C is an input as well as the output: every timed run starts from C0.
    kernels::addRestoreLaunch(plan, "C0", "C", "m * n");
    TnOperands tn;
    if (p.direct) { // A (k x m) and B (k x n) read where they are: k-rows operands with ld m and n, no copies
        tn.a = "A", tn.b = "B", tn.k = "k", tn.lda = "m", tn.ldb = "n";
        // The program the routine runs for this size: the exact-fit one where the size fits the blocks.
        addDirectTnLaunches(plan, p, device, tn);
        return plan;
    }
    // Setup copies into the kernel's layouts (TnOperands' default buffers Ap, Bp).
    plan.buffers.push_back({"Ap", BufferRole::Workspace, "K * M"});
    plan.buffers.push_back({"Bp", BufferRole::Workspace, "K * N"});
    const kernels::CopyShape shape;
    kernels::addCopyLaunch(plan, copyParams(p, false, p.layoutA, p.ml, shape),
                           {"A", "Ap", "K", "M", "k", "m", "m", "0"}, LaunchPhase::Setup);
    kernels::addCopyLaunch(plan, copyParams(p, false, p.layoutB, p.nl, shape),
                           {"B", "Bp", "K", "N", "k", "n", "n", "0"}, LaunchPhase::Setup);
    addTnLaunches(plan, p, device, tn);
    return plan;
}

KernelPlan routinePlan(const GemmParams& p, const DeviceInfo& device, const RoutineShape& shape,
                       const kernels::CopyShape& copyShape) {
    KernelPlan plan;
    plan.precision = p.precision;
    // GemmRoutine binds them in this order; "aligned": A and B start 16-byte aligned (ktp::Call::aligned).
    plan.inputs = {"m", "n", "k", "lda", "ldb", "ldc", "offa", "offb", "offc", "aligned"};
    plan.scalars = {{"alpha", 1}, {"beta", 0}};
    if (!p.direct) plan.addProgram(tnProgram(p, device)); // direct reads: the program of the call's orientation
    addPaddedSizes(plan, p);
    // Row-major storage of op(A) (m x k): A is m x k for N, k x m for T; likewise B (k x n for N, n x k for T).
    const bool aN = shape.opA == blas::Op::N, bN = shape.opB == blas::Op::N;
    const std::string aRows = aN ? "m" : "k", aCols = aN ? "k" : "m";
    const std::string bRows = bN ? "k" : "n", bCols = bN ? "n" : "k";
    auto extent = [](const std::string& off, const std::string& rows, const std::string& ld, const std::string& cols) {
        return rows + " > 0 && " + cols + " > 0 ? " + off + " + (" + rows + " - 1) * " + ld + " + " + cols + " : 0";
    };
    plan.buffers = {{"A", BufferRole::Input, extent("offa", aRows, "lda", aCols)},
                    {"B", BufferRole::Input, extent("offb", bRows, "ldb", bCols)},
                    {"C", BufferRole::InOut, extent("offc", "m", "ldc", "n")}};
    TnOperands tn;
    tn.a = "A", tn.b = "B", tn.offC = "offc", tn.ldc = "ldc";
    if (p.direct) { // the kernel reads op(A) and op(B) where they lie: no copies
        tn.k = "k", tn.lda = "lda", tn.offa = "offa", tn.ldb = "ldb", tn.offb = "offb";
        tn.variant.aKMajor = aN, tn.variant.bKMajor = !bN;
        addDirectTnLaunches(plan, p, device, tn, "aligned != 0");
        return plan;
    }
    // A_kernel(p, i) = op(A)(i, p): a plain copy of A when op(A) = A^T (stored k x m), a transposition otherwise.
    if (shape.copyA) {
        plan.buffers.push_back({"Ap", BufferRole::Workspace, "K * M"});
        kernels::addCopyLaunch(plan, copyParams(p, aN, p.layoutA, p.ml, copyShape),
                               {"A", "Ap", "K", "M", "k", "m", "lda", "offa"}, LaunchPhase::Timed);
        tn.a = "Ap";
    }
    // B_kernel(p, j) = op(B)(p, j): a plain copy when op(B) = B (stored k x n), a transposition otherwise.
    if (shape.copyB) {
        plan.buffers.push_back({"Bp", BufferRole::Workspace, "K * N"});
        kernels::addCopyLaunch(plan, copyParams(p, !bN, p.layoutB, p.nl, copyShape),
                               {"B", "Bp", "K", "N", "k", "n", "ldb", "offb"}, LaunchPhase::Timed);
        tn.b = "Bp";
    }
    addTnLaunches(plan, p, device, tn);
    return plan;
}

} // namespace kt::gemm
