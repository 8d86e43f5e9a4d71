// The batched GEMM kernel (gemm_batched.cl) as kernel plans: the tuning candidate (one op type, contiguous problems
// on random data) and the routine's plan (any gemm_batched_strided call on the caller's operands), both for one
// problem shape whose sizes are compile-time constants, or for the general fallback with sizes at run time.
#pragma once
#include <cstdint>
#include <string>

#include "core/engine/kernel_plan.hpp"
#include "core/model/blas.hpp"

namespace kt::batched {

inline constexpr const char* kKernelName = "gemm_batched";
inline constexpr std::int64_t kMaxSize = 32; // the largest m, n and k the family takes

enum class Design { ReadOnlyCache = 0, SharedMemory = 1 };

// One point of the space (BATCHED_* macros of gemm_batched.cl).
struct BatchedParams {
    Precision precision = Precision::F32;
    Design design = Design::ReadOnlyCache;
    int tba = 1;    // problems per work-group
    int wx = 8, wy = 8; // work-items per problem along m and n
    bool reg = false;   // register blocking of a work-item's block of C, C read first (compiled sizes only)
    bool pad = false;   // odd leading dimensions of the shared tiles (compiled sizes only)
    int vec = 0;        // 16-byte vector reads of the shared tiles (shared design, register blocking): 1 k-contiguous
                        // tiles; 2 column-major tiles, op(B) read along k and op(A) along m (consecutive rows)
    int seq = 1;        // rounds of tba problems per work-group (prefetch in the shared register-blocked design)
    int ldv = 1;        // elements per global load of the prefetch staging (vectors of 1, 2 or 4)
    int minBlocks = 0;  // launch bounds: at least this many work-groups resident per compute unit (0: no bounds)
    bool async = false; // the next round's op(A) and op(B) copied into a second pair of shared tiles (cp.async on
                        // CUDA sm_80+) instead of prefetched through registers; shared design, reg, seq > 1, vec 0

    int wgSize() const { return tba * wx * wy; }
    int realBytes() const { return precision == Precision::F64 ? 8 : 4; }
    // Local memory of the shared-memory design for one m x n x k problem shape compiled in (padding included; 0 for
    // the read-only-cache design).
    std::int64_t localMemBytes(std::int64_t m, std::int64_t n, std::int64_t k) const;
    // Whether the kernel compiled for m x n takes the register-blocked path (BATCHED_USE_REG) and the vector one.
    bool blocksInRegisters(std::int64_t m, std::int64_t n) const;
    bool vectorTiles(std::int64_t m, std::int64_t n) const;   // BATCHED_VEC 1 in effect
    bool columnVectors(std::int64_t m, std::int64_t n) const; // BATCHED_VEC 2 in effect
    bool doubleBuffered(std::int64_t m, std::int64_t n) const; // BATCHED_ASYNC in effect: two buffers of tiles
    std::string invalidReason() const; // empty when valid
    std::string describe() const;      // "d shared tba 4 8x4 reg pad"
};

// The problem a program is compiled for: op types and, when m > 0, the sizes as compile-time constants.
struct BatchedShape {
    blas::Op opA = blas::Op::N, opB = blas::Op::N;
    std::int64_t m = 0, n = 0, k = 0; // 0: the general kernel, sizes at run time
    bool pointers = false;            // pointer-array batches (per-problem offsets) instead of strides
    bool fixed() const { return m > 0; }
};

// Why the kernel of `params` compiled for m x n x k cannot run on `device` (empty: it can): its shared tiles take
// more than the local memory one work-group may declare (DeviceInfo::localMemBytes; under CUDA the 48 KiB of
// static shared memory, which NVRTC enforces whatever the opt-in maximum). Checked before anything is compiled.
std::string deviceLimitReason(const BatchedParams& params, const DeviceInfo& device, std::int64_t m, std::int64_t n,
                              std::int64_t k);

// The program: the kernel. Throws std::invalid_argument for invalid params or sizes, and for compiled sizes whose
// tiles exceed the device's local memory (deviceLimitReason).
GeneratedSource batchedProgram(const BatchedParams& params, const DeviceInfo& device, const BatchedShape& shape);
// The largest number of elements of op(A) (and of op(B)) per problem the general kernel of `params` takes.
std::int64_t genericCapacity(const BatchedParams& params, const DeviceInfo& device);

// The tuning candidate: inputs m, n, k, batch; scalars alpha, beta (their tuning values given here); variables opa,
// opb (0 N, 1 T), lda, ldb, ldc, stridea, strideb, stridec (the problems contiguous, dense). Buffers A and B
// random; with beta != 0 C0 random and C restored from it before every timed run, with beta == 0 C is only
// written (NaN-poisoned beforehand, so a kernel reading it fails).
KernelPlan batchedTuningPlan(const BatchedParams& params, const DeviceInfo& device, const BatchedShape& shape,
                             double alpha = 1.25, double beta = -0.5);

// The routine's plan for column-major calls: inputs m, n, k, batch, lda, ldb, ldc, stridea, strideb, stridec, offa,
// offb, offc; scalars alpha, beta; buffers A, B (Input) and C (InOut) are the caller's. With shape.pointers, also
// Int32 buffers PA, PB, PC (batch offsets per problem) and inputs maxpa, maxpb, maxpc (their largest entries); the
// strides are then unused.
KernelPlan batchedRoutinePlan(const BatchedParams& params, const DeviceInfo& device, const BatchedShape& shape);

// The shared tiles' bytes of the kernel compiled for a call's m, n, k as a plan expression over m, n and k (equal to
// params.localMemBytes(m, n, k) at every size; "0" for the read-only-cache design).
std::string localMemBytesExpr(const BatchedParams& params);

// The routine's plan for the exported package (strided, column-major, one op pair): the package cannot call
// batchedProgram per size, so the plan carries the per-size program as options over its inputs
// ("-DBATCHED_M=${m}", kernel_plan.hpp), which the package compiles for each (m, n, k) called and caches. Its
// launch runs where the sized kernel's tiles fit the device's local memory (variable `sized`); elsewhere the general
// kernel (sizes at run time) within its capacity. Inputs, scalars and buffers as batchedRoutinePlan.
// `pointers`: the pointer-array form (offset arrays PA, PB, PC and inputs maxpa, maxpb, maxpc, as the routine's).
KernelPlan batchedPackagePlan(const BatchedParams& params, const DeviceInfo& device, blas::Op opA, blas::Op opB,
                              bool pointers = false);

} // namespace kt::batched
