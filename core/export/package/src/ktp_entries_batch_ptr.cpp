// Pointer-array batched GEMM entries (ktp_?gemm_batch_ptr*): the problems are anywhere in memory. On the device they
// are one buffer per operand and each problem's element offset into it (KernelTune's BatchOffsets, what the kernels
// read); the host entry packs the distinct matrices of each operand into one upload and scatters C back.
#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "ktp_internal.hpp"

namespace ktp {

namespace {

// Positions in the signatures: host (order 1, A 8, lda 9, B 10, ldb 11, C 13, ldc 14, batchCount 15); device
// (queue or stream 1, order 2, A 9, offA 10, lda 11, B 12, offB 13, ldb 14, C 16, offC 17, ldc 18, batchCount 19).
struct PtrPositions {
    int order, a, lda, b, ldb, c, ldc, batch;
    int offA, offB, offC; // device entries: the offset arrays
};
constexpr PtrPositions kHostPositions{1, 8, 9, 10, 11, 13, 14, 15, 8, 10, 13};
constexpr PtrPositions kDevicePositions{2, 9, 11, 12, 14, 16, 18, 19, 10, 13, 17};

// Whether m x n matrices (lines of `m` contiguous elements, `ld` apart) starting `delta` >= 0 elements apart share an
// element (KernelTune's blas_call.cpp).
bool shareElement(std::int64_t delta, std::int64_t m, std::int64_t n, std::int64_t ld) {
    if (delta == 0) return true;
    const std::int64_t q = delta / ld, rem = delta - q * ld;
    return (q <= n - 1 && rem < m) || (q + 1 <= n - 1 && ld - rem < m);
}

// C problems must not share an element (the result would depend on the order of writes); A and B may alias. Empty,
// or "C problems x and y overlap (offsets …)" as KernelTune's BatchOffsets::cOverlap says it.
std::string cOverlap(const std::vector<long long>& c, std::int64_t contiguous, std::int64_t lines, std::int64_t ldc) {
    std::vector<std::size_t> order(c.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return c[x] < c[y]; });
    const std::int64_t span = (lines - 1) * ldc + contiguous;
    for (std::size_t i = 0; i < order.size(); ++i)
        for (std::size_t j = i + 1; j < order.size() && c[order[j]] - c[order[i]] < span; ++j)
            if (shareElement(c[order[j]] - c[order[i]], contiguous, lines, ldc)) {
                const auto x = std::min(order[i], order[j]), y = std::max(order[i], order[j]);
                return "C problems " + std::to_string(x) + " and " + std::to_string(y) + " overlap (offsets " +
                       std::to_string(c[x]) + " and " + std::to_string(c[y]) + ")";
            }
    return {};
}

// The checks of both forms after checkGemm: the batch count, then C's overlap. `call` holds the sizes.
int checkBatch(const char* routine, const PtrPositions& pos, int batch, Call& call) {
    if (batch < 0) return argumentError(routine, pos.batch, "batchCount=" + std::to_string(batch));
    call.routine = Routine::GemmBatched;
    call.batch = batch;
    return KTP_SUCCESS;
}

// Stored extent of an operand's problem: `lines` of `contiguous` elements, `ld` apart.
struct Extent {
    std::int64_t contiguous, lines;
    std::int64_t elements(std::int64_t ld) const { return (lines - 1) * ld + contiguous; }
};
// A, B, C of a checked call (its order, ops and sizes).
void extents(const Call& call, Extent out[3]) {
    const bool row = call.order == Order::RowMajor;
    const std::int64_t aRows = call.opA ? call.k : call.m, aCols = call.opA ? call.m : call.k;
    const std::int64_t bRows = call.opB ? call.n : call.k, bCols = call.opB ? call.k : call.n;
    out[0] = row ? Extent{aCols, aRows} : Extent{aRows, aCols};
    out[1] = row ? Extent{bCols, bRows} : Extent{bRows, bCols};
    out[2] = row ? Extent{call.n, call.m} : Extent{call.m, call.n};
}

std::int64_t largest(const std::vector<long long>& v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }

template <class T> void hostGemmBatchPtr(const char* routine, int order, int transA, int transB, int m, int n, int k,
                                         T alpha, const T* const* A, int lda, const T* const* B, int ldb, T beta,
                                         T* const* C, int ldc, int batch) {
    Call call;
    call.f64 = sizeof(T) == 8;
    const PtrPositions& pos = kHostPositions;
    if (checkGemm(routine, {pos.lda, pos.ldb, pos.ldc, 0, 0, 0, 0, pos.order}, order, transA, transB, m, n, k, lda, ldb,
                  ldc, call))
        return;
    if (checkBatch(routine, pos, batch, call)) return;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (m == 0 || n == 0 || batch == 0) return;
    const T* const* arrays[3] = {A, B, C};
    const int arrayPos[3] = {pos.a, pos.b, pos.c};
    const char* names[3] = {"A", "B", "C"};
    for (int x = 0; x < 3; ++x) {
        if (!arrays[x]) return void(argumentError(routine, arrayPos[x], std::string(names[x]) + " is null"));
        for (int i = 0; i < batch; ++i)
            if (!arrays[x][i])
                return void(
                    argumentError(routine, arrayPos[x], std::string(names[x]) + "[" + std::to_string(i) + "] is null"));
    }
    Extent ext[3];
    extents(call, ext);
    const std::int64_t ld[3] = {lda, ldb, ldc};
    // Each operand's distinct matrices packed one after another (aliases share one copy), and each problem's
    // offset into the pack.
    std::vector<T> packed[3];
    std::vector<long long> offsets[3];
    for (int x = 0; x < 3; ++x) {
        const std::int64_t elements = ext[x].elements(ld[x]);
        std::map<const T*, long long> at;
        offsets[x].resize(std::size_t(batch));
        for (int i = 0; i < batch; ++i) {
            const T* p = arrays[x][i];
            auto [it, added] = at.emplace(p, (long long)packed[x].size());
            if (added) packed[x].insert(packed[x].end(), p, p + elements);
            offsets[x][std::size_t(i)] = it->second;
        }
    }
    // C's overlap in the caller's memory, over element distances from the lowest C.
    {
        // Addresses as integers: the C matrices may be separate allocations (pointers to T are T-aligned).
        std::uintptr_t low = std::uintptr_t(C[0]);
        for (int i = 1; i < batch; ++i) low = std::min(low, std::uintptr_t(C[i]));
        std::vector<long long> where(static_cast<std::size_t>(batch));
        for (int i = 0; i < batch; ++i) where[std::size_t(i)] = (long long)((std::uintptr_t(C[i]) - low) / sizeof(T));
        if (auto why = cOverlap(where, ext[2].contiguous, ext[2].lines, ldc); !why.empty())
            return void(argumentError(routine, pos.c, why));
    }
    for (int x = 0; x < 3; ++x) call.poffsets[x] = offsets[x].data();
    call.maxpa = largest(offsets[0]), call.maxpb = largest(offsets[1]), call.maxpc = largest(offsets[2]);
    if (runHost(call, packed[0].data(), packed[1].data(), packed[2].data()) != KTP_SUCCESS) return;
    // Only each C's m x n elements go back: another problem's C may lie in the gaps between its lines.
    for (int i = 0; i < batch; ++i) {
        const T* from = packed[2].data() + offsets[2][std::size_t(i)];
        for (std::int64_t line = 0; line < ext[2].lines; ++line)
            std::copy(from + line * ldc, from + line * ldc + ext[2].contiguous, C[i] + line * ldc);
    }
}

// The device forms' offset arrays: present, non-negative, C's problems apart. Fills the call's offsets.
int checkOffsets(const char* routine, const PtrPositions& pos, const long long* offA, const long long* offB,
                 const long long* offC, Call& call) {
    const long long* arrays[3] = {offA, offB, offC};
    const int arrayPos[3] = {pos.offA, pos.offB, pos.offC};
    const char* names[3] = {"offA", "offB", "offC"};
    std::int64_t* maxima[3] = {&call.maxpa, &call.maxpb, &call.maxpc};
    for (int x = 0; x < 3; ++x) {
        if (!arrays[x]) return argumentError(routine, arrayPos[x], std::string(names[x]) + " is null");
        *maxima[x] = 0;
        for (std::int64_t i = 0; i < call.batch; ++i) {
            if (arrays[x][i] < 0)
                return argumentError(routine, arrayPos[x],
                                     std::string(names[x]) + "[" + std::to_string(i) +
                                         "]=" + std::to_string(arrays[x][i]));
            *maxima[x] = std::max<std::int64_t>(*maxima[x], arrays[x][i]);
        }
        call.poffsets[x] = arrays[x];
    }
    Extent ext[3];
    extents(call, ext);
    if (auto why = cOverlap(std::vector<long long>(offC, offC + call.batch), ext[2].contiguous, ext[2].lines, call.ldc);
        !why.empty())
        return argumentError(routine, pos.offC, why);
    return KTP_SUCCESS;
}

// The device forms' checks, shared by the OpenCL and CUDA entries: sizes, batch count, the offset arrays and C's
// overlap, into `call`. `run` says whether there is work left (not when a check failed or the call is empty).
int checkDevicePtr(const char* routine, bool f64, int order, int transA, int transB, int m, int n, int k, double alpha,
                   const long long* offA, int lda, const long long* offB, int ldb, double beta, const long long* offC,
                   int ldc, int batch, Call& call, bool& run) {
    run = false;
    call.f64 = f64;
    const PtrPositions& pos = kDevicePositions;
    if (int s = checkGemm(routine, {pos.lda, pos.ldb, pos.ldc, 0, 0, 0, 0, pos.order}, order, transA, transB, m, n, k,
                          lda, ldb, ldc, call))
        return s;
    if (int s = checkBatch(routine, pos, batch, call)) return s;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (m == 0 || n == 0 || batch == 0) return KTP_SUCCESS;
    if (int s = checkOffsets(routine, pos, offA, offB, offC, call)) return s;
    run = true;
    return KTP_SUCCESS;
}

#if KTP_WITH_OPENCL
int clGemmBatchPtr(const char* routine, bool f64, cl_command_queue queue, int order, int transA, int transB, int m,
                   int n, int k, double alpha, cl_mem A, const long long* offA, int lda, cl_mem B,
                   const long long* offB, int ldb, double beta, cl_mem C, const long long* offC, int ldc, int batch) {
    if (!queue) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": the queue is null");
    Call call;
    bool run = false;
    if (int s = checkDevicePtr(routine, f64, order, transA, transB, m, n, k, alpha, offA, lda, offB, ldb, beta, offC,
                               ldc, batch, call, run);
        s || !run)
        return s;
    if (!A || !B || !C) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a buffer is null");
    return runCl(queue, call, A, B, C);
}
#endif

#if KTP_WITH_CUDA
int cuGemmBatchPtr(const char* routine, bool f64, CUstream stream, int order, int transA, int transB, int m, int n,
                   int k, double alpha, CUdeviceptr A, const long long* offA, int lda, CUdeviceptr B,
                   const long long* offB, int ldb, double beta, CUdeviceptr C, const long long* offC, int ldc,
                   int batch) {
    Call call;
    bool run = false;
    if (int s = checkDevicePtr(routine, f64, order, transA, transB, m, n, k, alpha, offA, lda, offB, ldb, beta, offC,
                               ldc, batch, call, run);
        s || !run)
        return s;
    if (!A || !B || !C) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a device pointer is null");
    return runCu(stream, call, A, B, C);
}
#endif

} // namespace

} // namespace ktp

extern "C" {

void ktp_cblas_sgemm_batch_ptr(int order, int transA, int transB, int m, int n, int k, float alpha,
                               const float* const* A, int lda, const float* const* B, int ldb, float beta,
                               float* const* C, int ldc, int batchCount) {
    ktp::hostGemmBatchPtr("cblas_sgemm_batch_ptr", order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc,
                          batchCount);
}

void ktp_cblas_dgemm_batch_ptr(int order, int transA, int transB, int m, int n, int k, double alpha,
                               const double* const* A, int lda, const double* const* B, int ldb, double beta,
                               double* const* C, int ldc, int batchCount) {
    ktp::hostGemmBatchPtr("cblas_dgemm_batch_ptr", order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc,
                          batchCount);
}

#if KTP_WITH_OPENCL
int ktp_sgemm_batch_ptr_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k, float alpha,
                           cl_mem A, const long long* offA, int lda, cl_mem B, const long long* offB, int ldb,
                           float beta, cl_mem C, const long long* offC, int ldc, int batchCount) {
    return ktp::clGemmBatchPtr("ktp_sgemm_batch_ptr_cl", false, queue, order, transA, transB, m, n, k, alpha, A, offA,
                               lda, B, offB, ldb, beta, C, offC, ldc, batchCount);
}

int ktp_dgemm_batch_ptr_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k, double alpha,
                           cl_mem A, const long long* offA, int lda, cl_mem B, const long long* offB, int ldb,
                           double beta, cl_mem C, const long long* offC, int ldc, int batchCount) {
    return ktp::clGemmBatchPtr("ktp_dgemm_batch_ptr_cl", true, queue, order, transA, transB, m, n, k, alpha, A, offA,
                               lda, B, offB, ldb, beta, C, offC, ldc, batchCount);
}
#endif

#if KTP_WITH_CUDA
int ktp_sgemm_batch_ptr_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, float alpha,
                           CUdeviceptr A, const long long* offA, int lda, CUdeviceptr B, const long long* offB, int ldb,
                           float beta, CUdeviceptr C, const long long* offC, int ldc, int batchCount) {
    return ktp::cuGemmBatchPtr("ktp_sgemm_batch_ptr_cu", false, stream, order, transA, transB, m, n, k, alpha, A, offA,
                               lda, B, offB, ldb, beta, C, offC, ldc, batchCount);
}

int ktp_dgemm_batch_ptr_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, double alpha,
                           CUdeviceptr A, const long long* offA, int lda, CUdeviceptr B, const long long* offB, int ldb,
                           double beta, CUdeviceptr C, const long long* offC, int ldc, int batchCount) {
    return ktp::cuGemmBatchPtr("ktp_dgemm_batch_ptr_cu", true, stream, order, transA, transB, m, n, k, alpha, A, offA,
                               lda, B, offB, ldb, beta, C, offC, ldc, batchCount);
}
#endif

} // extern "C"
