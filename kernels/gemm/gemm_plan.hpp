// The GEMM kernels as kernel plans (core/engine/kernel_plan.hpp): the TN kernel with its split-K reduction, the
// layout copies, and the two plans built from them: the tuning candidate (the TN kernel on operands already in its
// layout, as the papers tune) and the routine (copies + TN kernel for any BLAS call). Nothing else launches them.
#pragma once
#include <cstdint>
#include <string>

#include "core/engine/kernel_plan.hpp"
#include "core/model/blas.hpp"
#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_params.hpp"

namespace kt::gemm {

inline constexpr const char* kSplitkReduceKernelName = "gemm_splitk_reduce";

// Largest mC * nC * ksplit a split-K variant takes (the workspace in elements): beyond it C is large enough to keep
// every compute unit busy without splitting, and the workspace would cost gigabytes.
inline constexpr std::int64_t kMaxSplitkWorkspace = std::int64_t(1) << 28;

// The reduction kernel's text (without the dialect preamble).
std::string splitkReduceBody();

// The TN program: the TN kernel and, for split-K, the reduction. One program for the candidate, the routine and the
// bench, so the program cache builds it once.
GeneratedSource tnProgram(const GemmParams& params, const DeviceInfo& device, const TnVariant& variant = {});

// Where the TN launch finds its operands: plan buffer names and expressions over the plan's variables.
struct TnOperands {
    std::string a = "Ap", b = "Bp", c = "C"; // A: K x M, B: K x N in the kernel's layouts; C row-major
    std::string M = "M", N = "N", K = "K";   // padded sizes (multiples of ml, nl, kl * ksplit)
    std::string offC = "0", ldc = "n", mC = "m", nC = "n";
    std::string alpha = "alpha", beta = "beta";
    TnVariant variant = {}; // the BLAS3 routines' triangle and k range; with direct reads, the read orientation
    // Direct reads (GemmParams::direct): the real k and where the operands lie. The defaults read operands packed as
    // K x M and K x N row-major (what the BLAS3 copies and the tuning candidate hold): k = K, ld = M / N, offset 0.
    std::string k = "", lda = "", offa = "0", ldb = "", offb = "0";
    std::string when = ""; // PlanLaunch::when of the launches (empty: always)
};
// Adds the TN program (once), the split-K workspace "W" and the launches (TN, and the reduction for split-K).
void addTnLaunches(KernelPlan& plan, const GemmParams& params, const DeviceInfo& device, const TnOperands& operands,
                   LaunchPhase phase = LaunchPhase::Timed);

// The plan variable that is 1 where a direct-read plan runs its exact-fit program (addDirectTnLaunches).
inline constexpr const char* kExactFitVariable = "exact";

// Direct reads (GemmParams::direct): the TN launches of the general program and of the exact-fit one
// (TnVariant::exactFit), each run only where the plan variable kExactFitVariable says: the call fits the blocks
// (m, n, k multiples of ml, nl, kl * ksplit), ld and offsets are multiples of GemmParams::directAlign(), and
// `extraCondition` holds (empty: nothing
// more). The tuning candidate, the routine and the exported package then all run the same program for a size.
void addDirectTnLaunches(KernelPlan& plan, const GemmParams& params, const DeviceInfo& device, TnOperands operands,
                         const std::string& extraCondition = "");
// addDirectTnLaunches in two steps, for plans with several TN launches over operands that fit alike (SYR2K's two
// products): the plan variable kExactFitVariable from one launch's operands, then each launch's pair of programs.
void addExactFitVariable(KernelPlan& plan, const GemmParams& params, const TnOperands& operands,
                         const std::string& extraCondition = "");
void addDirectTnLaunchPair(KernelPlan& plan, const GemmParams& params, const DeviceInfo& device, TnOperands operands);

// The tuning candidate: inputs m, n, k; buffers A (k x m, the logical A^T), B (k x n), C0 (m x n) random, C the
// output; setup copies A and B into the kernel's layouts, reset restores C from C0, the timed launch is the TN
// kernel C <- alpha A^T B + beta C (with split-K: and its reduction).
KernelPlan tnTuningPlan(const GemmParams& params, const DeviceInfo& device);

// The routine's plan for one call shape, C <- alpha op(A) op(B) + beta C in row-major terms (GemmRoutine reduces
// column-major calls by swapping the operands). Inputs m, n, k, lda, ldb, ldc, offa, offb, offc; scalars alpha,
// beta; buffers A, B, C are the caller's. `copyA` false: A is read as it is (already K x M in the layout, offset 0).
// With direct reads (GemmParams::direct) no operand is copied, whatever copyA / copyB say: the kernel reads A and B
// where they lie, op(A) = A and op(B) = B^T as k-major tiles.
struct RoutineShape {
    blas::Op opA = blas::Op::N, opB = blas::Op::N;
    bool copyA = true, copyB = true;
};
KernelPlan routinePlan(const GemmParams& params, const DeviceInfo& device, const RoutineShape& shape,
                       const kernels::CopyShape& copyShape = {});

} // namespace kt::gemm
