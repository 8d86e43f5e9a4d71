// Host operands of one BLAS call and the check of a device result against the host reference (OpenBLAS), with a
// tolerance that scales with the reduction length and the magnitudes involved: the bench verifies our routines and
// the vendor peers with it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/family.hpp"
#include "core/model/blas_call.hpp"

namespace kt::bench {

// Dense operands of `call` (minimal leading dimensions, offset 0) with random values from `seed`; unused ones
// empty. `layout` holds the leading dimensions and offsets (buffers unset).
template <class T> struct HostOperands {
    std::vector<T> a, b, c;
    blas::BlasOperands layout;
    std::vector<T>& operand(blas::Operand which) { return which == blas::Operand::A ? a : which == blas::Operand::B ? b : c; }
};
template <class T> HostOperands<T> randomOperands(const blas::BlasCall& call, std::uint64_t seed);

// The operand the call writes (C, or B for trmm).
blas::Operand writtenOperand(const blas::BlasCall& call);

// Whether `got` (the written operand read back after one run from `inputs`) is the reference result of `call` on
// `inputs`; elements the reference leaves alone must be left alone (NaN poison included).
template <class T> VerifyResult checkBlasResult(const blas::BlasCall& call, const HostOperands<T>& inputs,
                                                const std::vector<T>& got);

} // namespace kt::bench
