// Vendor BLAS libraries (cuBLAS, CLBlast) as comparison peers: GEMM and out-of-place transpose run on a kt::Device's
// own queue/stream.
// The libraries are loaded at run time; a missing one makes makeGemmPeer return null with the reason.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "core/engine/backend.hpp"

namespace kt::devices::vendor {

enum class Layout { RowMajor, ColMajor };
enum class Transpose { No, Yes };
enum class Precision { Single, Double };

// C = alpha * op(A) * op(B) + beta * C with BLAS semantics: op(A) is m x k, op(B) k x n, C m x n; leading
// dimensions in elements for the given layout. Buffers must belong to the device the peer was made for.
struct GemmCall {
    Precision precision = Precision::Single;
    Layout layout = Layout::RowMajor;
    Transpose transA = Transpose::No, transB = Transpose::No;
    std::int64_t m = 0, n = 0, k = 0;
    double alpha = 1, beta = 0;
    Buffer* a = nullptr;
    std::int64_t lda = 0;
    Buffer* b = nullptr;
    std::int64_t ldb = 0;
    Buffer* c = nullptr;
    std::int64_t ldc = 0;
};

class GemmPeer {
public:
    virtual ~GemmPeer() = default;
    virtual std::string name() const = 0; // "cuBLAS 13.0.0 (pedantic)", "CLBlast"
    // Enqueues one GEMM on the device's queue/stream, waits, returns its device time in ms (Device::timeSpan).
    // The first call may include one-time work (CLBlast compiles its kernels): warm up before timing.
    // Throws BackendError with the library's status on failure.
    virtual double gemm(const GemmCall& call) = 0;
};

struct PeerOptions {
    // cuBLAS: CUBLAS_PEDANTIC_MATH (true IEEE FP32/FP64 FMA, no TF32 or tensor-core shortcuts) when set,
    // CUBLAS_DEFAULT_MATH otherwise. CLBlast has no such switch.
    bool pedantic = true;
};

// The peer for this device's backend (cuBLAS for CUDA, CLBlast for OpenCL); null with *why set when the library
// cannot be loaded or the backend has none. `device` must outlive the peer.
std::unique_ptr<GemmPeer> makeGemmPeer(Device& device, const PeerOptions& options = {}, std::string* why = nullptr);

// Out-of-place transpose of a row-major rows x cols matrix into a row-major cols x rows one (out = in^T), dense
// (leading dimensions cols and rows). cuBLAS: geam with alpha = 1, beta = 0; CLBlast: omatcopy.
struct TransposeCall {
    Precision precision = Precision::Single;
    std::int64_t rows = 0, cols = 0;
    Buffer* in = nullptr;
    Buffer* out = nullptr;
};

class TransposePeer {
public:
    virtual ~TransposePeer() = default;
    virtual std::string name() const = 0; // "cuBLAS 13.0.0 geam", "CLBlast omatcopy"
    // Enqueues one transpose, waits, returns its device time in ms. Warm up before timing (CLBlast compiles).
    virtual double transpose(const TransposeCall& call) = 0;
};

// The transpose peer for this device's backend; null with *why set as makeGemmPeer.
std::unique_ptr<TransposePeer> makeTransposePeer(Device& device, std::string* why = nullptr);

} // namespace kt::devices::vendor
