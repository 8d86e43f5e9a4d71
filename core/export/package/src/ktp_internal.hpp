// Shared inside the package library: the per-thread status, the dispatch from a call to candidate plans, and the
// on-disk program cache.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ktp/ktp.h"
#include "ktp_plan.hpp"

namespace ktp {

int setStatus(int status, const std::string& message = {}); // returns status
void setVariant(const std::string& variant);
// The per-call options a launch of the current attempt compiled its program with (Exec::launch), so that
// ktp_last_variant() says which size-specialised program ran.
void noteCompiledFor(const char* perCall);
void clearCompiledFor();
const std::string& compiledFor();

// Argument checks of the entries (ktp_entries*.cpp).
inline bool validOrder(int o) { return o == KtpRowMajor || o == KtpColMajor; }
inline bool validTrans(int t) { return t == KtpNoTrans || t == KtpTrans || t == KtpConjTrans; }
inline std::int64_t max1(std::int64_t v) { return v < 1 ? 1 : v; }
// Parameter `position` of `routine` is wrong: reference CBLAS reports it through cblas_xerbla.
inline int argumentError(const char* routine, int position, const std::string& what) {
    return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": parameter " + std::to_string(position) +
                                               " was incorrect (" + what + ")");
}

// The positions of lda, ldb, ldc (and of the strides and batch count of the batched form) in the signature.
struct GemmPositions {
    int lda, ldb, ldc, strideA, strideB, strideC, batch;
    int order = 1; // and transA, transB, m, n, k after it (2 in the device entries: the queue or stream comes first)
};
// GEMM's argument checks (order, transposes, m, n, k, leading dimensions) as reference CBLAS numbers them; fills
// `call`'s order, ops, sizes and leading dimensions. Returns 0 or KTP_INVALID_ARGUMENT (status set).
int checkGemm(const char* routine, const GemmPositions& pos, int order, int transA, int transB, std::int64_t m,
              std::int64_t n, std::int64_t k, std::int64_t lda, std::int64_t ldb, std::int64_t ldc, Call& call);

// Rewrites `call` in `order` (a row-major call is the column-major call on the transposed operands, as KernelTune's
// blas::toColumnMajor). Returns true when operands A and B trade places.
bool toOrder(Call& call, Order order);

struct Candidate {
    const PlanEntry* plan;
    Call call;   // in the plan's order
    bool swapAB; // operands A and B trade places
};
// The plans that can run `call`, best first: the variant the dispatch rule picks for the call's size on the tuned
// device (else the family's generic variant), then the generic one, then the other variants of the family.
std::vector<Candidate> candidatesFor(const Call& call, bool tunedDevice);

std::string variantName(int variant); // "sgemm GEMM_ML=64,…"
bool isTunedDevice(const std::string& name, const std::string& vendor);

// Program binaries on disk, keyed by a hash of device, driver, source and options. Empty path: disabled.
std::string cacheFile(const std::string& key);
bool readFile(const std::string& path, std::string& bytes);
void writeFileAtomically(const std::string& path, const std::string& bytes);
std::string hashHex(const std::string& text);

struct Counters {
    std::atomic<long long> compiled{0}, loaded{0}, memoryHits{0};
    // Programs with per-call options (ktp_program_limit.hpp): in memory now over all device states, the most one
    // device state held at once, and how many were released to stay within the limit.
    std::atomic<long long> sizedResident{0}, sizedPeak{0}, evicted{0};
};
Counters& counters();
// A device state put a per-call program in memory, released `evicted` others and now holds `held`.
inline void noteSizedPrograms(std::size_t evicted, std::size_t held) {
    Counters& c = counters();
    c.sizedResident += 1 - (long long)evicted;
    c.evicted += (long long)evicted;
    if ((long long)held > c.sizedPeak) c.sizedPeak = (long long)held; // callers hold the backend's call lock
}

// Which of the call's three operands (0, 1, 2: the a, b, c of runHost/runCl/runCu) a plan buffer named `name` is;
// -1 for the plan's own buffers. GEMM's A, B, C; SYMV's A, x, y (y0: y read for beta before y is written, the same
// operand); TRMM's B is written in place, so it is passed where C goes; DOT's x, y and result; OMATCOPY's A and C
// (the caller's B, written). 3, 4, 5: a pointer-array batch's offsets into A, B, C (PA, PB, PC: Call::poffsets).
int operandIndex(const Call& call, const char* name);

// Entry points of the backend (ktp_opencl.cpp or ktp_cuda.cpp): run a validated call on host memory or on device
// buffers.
int runHost(const Call& call, const void* a, const void* b, void* c);
#if KTP_WITH_OPENCL
int runCl(cl_command_queue queue, const Call& call, cl_mem a, cl_mem b, cl_mem c);
#endif
#if KTP_WITH_CUDA
// ktp_cuda.cpp: `call` without offsets; they are derived from where a, b, c point into their allocations.
int runCu(::CUstream stream, Call call, ::CUdeviceptr a, ::CUdeviceptr b, ::CUdeviceptr c);
#endif

} // namespace ktp
