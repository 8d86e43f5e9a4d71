// Vendor BLAS libraries (cuBLAS, CLBlast) as comparison peers: one interface per library, keyed by the routine
// name of a core BlasCall (core/model/blas_call.hpp), running on a kt::Device's own queue/stream.
// Each library is loaded at run time; a missing one makes makeBlasPeer return null with the reason.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "core/model/blas_call.hpp"

namespace kt::devices::vendor {

using blas::BlasCall;
using blas::BlasOperand;
using blas::BlasOperands;

class BlasPeer {
public:
    virtual ~BlasPeer() = default;
    virtual std::string name() const = 0; // "cuBLAS 13.0.0 (pedantic)", "CLBlast"
    virtual std::string id() const = 0;   // "cublas", "clblast" (the store's peer id)
    // Whether the library has the routine (a BlasCall::routine name) in both precisions.
    virtual bool supports(const std::string& routine) const = 0;
    // The library's own name for a routine, for labels ("geam", "omatcopy", "gemmStridedBatched"); empty when
    // unsupported.
    virtual std::string routineName(const std::string& routine) const = 0;
    // Routines this peer runs, in knownRoutines() order.
    std::vector<std::string> routines() const;
    // Enqueues the call on the device's queue/stream, waits, returns its device time in ms (Device::timeSpan).
    // Buffers must belong to the device the peer was made for; offsets are in elements. The first call of a routine
    // may include one-time work (CLBlast compiles its kernels): warm up before timing. Throws BackendError with the
    // library's status, or std::invalid_argument for a routine it lacks or an invalid call (blas::invalidReason).
    virtual double run(const BlasCall& call, const BlasOperands& operands) = 0;
};

struct PeerOptions {
    // cuBLAS: CUBLAS_PEDANTIC_MATH (true IEEE FP32/FP64 FMA, no TF32 or tensor-core shortcuts) when set,
    // CUBLAS_DEFAULT_MATH otherwise. CLBlast has no such switch.
    bool pedantic = true;
};

// Throws std::invalid_argument when the call is invalid (blas::invalidReason) or an operand reaches past the end of
// its buffer (blas::bytesExtent): vendor libraries would read or write out of bounds rather than fail. Peers check
// every call with it before enqueueing.
void checkBlasCall(const BlasCall& call, const BlasOperands& operands);

// The peer for this device's backend (cuBLAS for CUDA, CLBlast for OpenCL); null with *why set when the library
// cannot be loaded or the backend has none. `device` must outlive the peer.
std::unique_ptr<BlasPeer> makeBlasPeer(Device& device, const PeerOptions& options = {}, std::string* why = nullptr);

} // namespace kt::devices::vendor
