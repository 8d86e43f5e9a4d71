// The host reference of any core BlasCall (core/model/blas_call.hpp): OpenBLAS for the BLAS routines, exact host
// code for transpose. Peers, routines and a generic bench verify against it with the same description they run.
#pragma once
#include <cstdint>

#include "core/model/blas_call.hpp"

namespace kt::reference {

// One operand in host memory: `data` is where the buffer starts (the operand's offset is added here), `ld` its
// leading dimension or, for symv's vectors, its increment.
template <class T> struct HostOperand {
    T* data = nullptr;
    std::int64_t ld = 0;
    std::int64_t offset = 0;
    T* at() const { return data ? data + offset : nullptr; }
};

// Runs `call` on host operands (a, b, c as in BlasOperands: written in place, C or trmm's B). Throws
// std::invalid_argument for an unknown routine, a precision other than T's, or an invalid call.
void run(const blas::BlasCall& call, const HostOperand<float>& a, const HostOperand<float>& b,
         const HostOperand<float>& c);
void run(const blas::BlasCall& call, const HostOperand<double>& a, const HostOperand<double>& b,
         const HostOperand<double>& c);

} // namespace kt::reference
