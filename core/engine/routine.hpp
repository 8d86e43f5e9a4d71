// A routine built from tuned parts (a GEMM routine: copies + the tuned TN kernel) that executes BLAS calls on
// device operands. Families that have one return it from Family::makeRoutine, so the bench and later the export
// run every routine through this one interface, described by a core BlasCall.
#pragma once
#include <string>

#include "core/model/blas_call.hpp"

namespace kt {

class Routine {
public:
    virtual ~Routine() = default;
    // Enqueues the call without waiting. Throws std::invalid_argument naming the argument of an invalid call (or one
    // the routine does not do: another routine name or precision).
    virtual void enqueue(const blas::BlasCall& call, const blas::BlasOperands& operands) = 0;
};

} // namespace kt
