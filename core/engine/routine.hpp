// A routine built from tuned parts (a GEMM routine: copies + the tuned TN kernel) that executes BLAS calls on
// device operands. Families that have one return it from Family::makeRoutine, so the bench and later the export
// run every routine through this one interface, described by a core BlasCall.
#pragma once
#include <string>

#include "core/engine/kernel_plan.hpp"
#include "core/model/blas_call.hpp"

namespace kt {

// A routine as data, for the exported package (core/export): the kernel plan that runs every BLAS call of one
// shape. `call` names the routine and precision and the shape: order (the plan takes calls in this storage order;
// the package rewrites a call given in the other order, as blas::toColumnMajor does), op types, side, triangle and
// diagonal; its sizes and scalars are unused. The plan's inputs are named after the call's arguments: m, n, k, lda,
// ldb, ldc, offa, offb, offc, batch, stridea, strideb, stridec, and aligned (1 when the storage of A and B starts
// 16-byte aligned; a plan reads the ones it needs); its scalars alpha
// and beta; its buffers A, B and C are the caller's operands a, b and c. Reset launches are for tuning only.
struct RoutinePlan {
    blas::BlasCall call;
    KernelPlan plan;
};

class Routine {
public:
    virtual ~Routine() = default;
    // Enqueues the call without waiting. Throws std::invalid_argument naming the argument of an invalid call (or one
    // the routine does not do: another routine name or precision).
    virtual void enqueue(const blas::BlasCall& call, const blas::BlasOperands& operands) = 0;
};

} // namespace kt
