/* KernelTune package: the C API of a tuned kernel package (routines on device memory and on host memory). */
#ifndef KTP_KTP_H
#define KTP_KTP_H

#include <stddef.h>

#include "ktp/ktp_config.h"

#if KTP_WITH_OPENCL
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#endif

#if KTP_WITH_CUDA && !defined(CUDA_VERSION)
/* The CUDA types the device-memory entries take, as <cuda.h> declares them (the package needs no CUDA header). */
typedef struct CUstream_st* CUstream;
typedef unsigned long long CUdeviceptr;
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Status of the last call on this thread (the CBLAS-style entries return void, as CBLAS does). */
typedef enum {
    KTP_SUCCESS = 0,
    KTP_INVALID_ARGUMENT = -1, /* an argument is invalid (reported as reference BLAS numbers it) */
    KTP_NOT_EXPORTED = -2,     /* the package holds no plan for this routine, precision or call shape */
    KTP_NO_DEVICE = -3,        /* no usable device */
    KTP_BUILD_FAILED = -4,     /* no variant could be compiled for the device */
    KTP_DEVICE_ERROR = -5,     /* allocation, transfer or launch failed */
    KTP_UNSUPPORTED = -6       /* the call is valid BLAS but beyond what the exported kernels take (a size limit) */
} ktp_status;

/* CBLAS enumeration values (CblasRowMajor = 101, CblasNoTrans = 111, ...), as plain ints so that this header and
   <cblas.h> can be included together. */
enum { KtpRowMajor = 101, KtpColMajor = 102 };
enum { KtpNoTrans = 111, KtpTrans = 112, KtpConjTrans = 113 };
enum { KtpUpper = 121, KtpLower = 122 };
enum { KtpNonUnit = 131, KtpUnit = 132 };
enum { KtpLeft = 141, KtpRight = 142 };

ktp_status ktp_last_status(void);
const char* ktp_last_error(void); /* what went wrong in the last failed call on this thread ("" after success) */

/* Program builds since the process started: compiled from source, loaded from the on-disk cache, and calls served
   by a program already in memory. The disk cache lives in $KTP_CACHE_DIR, else $XDG_CACHE_HOME/ktp, else
   ~/.cache/ktp; KTP_CACHE_DIR=off disables it. */
typedef struct {
    long long compiled;
    long long loaded_from_disk;
    long long memory_hits;
} ktp_stats;
void ktp_get_stats(ktp_stats* stats);

/* Programs compiled with per-call options (the batched GEMM compiles one per call size) stay in memory up to a limit
   per device (OpenCL context and device, or CUDA context): $KTP_MAX_PROGRAMS, a whole number >= 1, default 256.
   Beyond it the least recently used one is released (a later call at its size loads it from the disk cache);
   programs without per-call options always stay. An invalid $KTP_MAX_PROGRAMS fails every call with KTP_NO_DEVICE
   and says why. */
typedef struct {
    long long limit;    /* the limit per device; 0 when $KTP_MAX_PROGRAMS is invalid */
    long long resident; /* per-call programs in memory now, all devices together */
    long long peak;     /* the most one device held at once since the process started */
    long long evicted;  /* released to stay within the limit */
} ktp_program_memory;
/* Fills `memory` (may be null); returns 0, or KTP_NO_DEVICE with ktp_last_error() when $KTP_MAX_PROGRAMS is
   invalid. */
int ktp_get_program_memory(ktp_program_memory* memory);

/* The device the host-memory entries run on ($KTP_DEVICE="platform:device" picks one; by default the tuned device
   when present, else the first GPU, else the first device) and whether the package was tuned on it. Returns 0 or
   a ktp_status. */
int ktp_device_name(char* name, size_t capacity, int* tuned);
/* The variant (family and parameter point) the last successful call on this thread ran; for a program compiled per
   call ("compiled for -DBATCHED_M=7 -DBATCHED_N=5 -DBATCHED_K=9"), the options it was compiled with. */
const char* ktp_last_variant(void);
/* The routines this package exports, space-separated ("sgemm dgemm"). */
const char* ktp_routines(void);

/* Host memory, exactly the CBLAS signatures and semantics (row- and column-major). */
void ktp_cblas_sgemm(int order, int transA, int transB, int m, int n, int k, float alpha, const float* A, int lda,
                     const float* B, int ldb, float beta, float* C, int ldc);
void ktp_cblas_dgemm(int order, int transA, int transB, int m, int n, int k, double alpha, const double* A, int lda,
                     const double* B, int ldb, double beta, double* C, int ldc);
/* Strided batches, in the argument order of oneMKL's cblas_?gemm_batch_strided but with long long strides (and no
   drop-in name: see the package README). */
void ktp_cblas_sgemm_batch_strided(int order, int transA, int transB, int m, int n, int k, float alpha, const float* A,
                                   int lda, long long strideA, const float* B, int ldb, long long strideB, float beta,
                                   float* C, int ldc, long long strideC, int batchCount);
void ktp_cblas_dgemm_batch_strided(int order, int transA, int transB, int m, int n, int k, double alpha,
                                   const double* A, int lda, long long strideA, const double* B, int ldb,
                                   long long strideB, double beta, double* C, int ldc, long long strideC,
                                   int batchCount);

/* Pointer-array batches: problem i is C[i] <- alpha op(A[i]) op(B[i]) + beta C[i], the pointers in any order, A and
   B may alias (the same matrix in several problems or in both arrays), C's problems must not share an element
   (parameter 13 is reported). One group: every problem has the same sizes, ops, alpha and beta, where oneMKL's
   cblas_?gemm_batch takes arrays of them per group (group_count, group_size) and so has no drop-in name here. The
   distinct matrices of each operand are copied into one upload (and C's m x n elements back). */
void ktp_cblas_sgemm_batch_ptr(int order, int transA, int transB, int m, int n, int k, float alpha,
                               const float* const* A, int lda, const float* const* B, int ldb, float beta,
                               float* const* C, int ldc, int batchCount);
void ktp_cblas_dgemm_batch_ptr(int order, int transA, int transB, int m, int n, int k, double alpha,
                               const double* const* A, int lda, const double* const* B, int ldb, double beta,
                               double* const* C, int ldc, int batchCount);

/* Symmetric matrix-vector product y <- alpha A x + beta y (cblas_?symv). The kernels take positive increments: a
   negative one returns KTP_UNSUPPORTED. Each triangle is its own exported family (ssymv: lower, ssymv_upper), and
   a row-major call runs the other triangle's: without it the call returns KTP_NOT_EXPORTED. */
void ktp_cblas_ssymv(int order, int uplo, int n, float alpha, const float* A, int lda, const float* x, int incx,
                     float beta, float* y, int incy);
void ktp_cblas_dsymv(int order, int uplo, int n, double alpha, const double* A, int lda, const double* x, int incx,
                     double beta, double* y, int incy);

/* Rank-k and rank-2k updates of the uplo triangle of C (cblas_?syrk, cblas_?syr2k); the other triangle is not
   touched. */
void ktp_cblas_ssyrk(int order, int uplo, int trans, int n, int k, float alpha, const float* A, int lda, float beta,
                     float* C, int ldc);
void ktp_cblas_dsyrk(int order, int uplo, int trans, int n, int k, double alpha, const double* A, int lda, double beta,
                     double* C, int ldc);
void ktp_cblas_ssyr2k(int order, int uplo, int trans, int n, int k, float alpha, const float* A, int lda,
                      const float* B, int ldb, float beta, float* C, int ldc);
void ktp_cblas_dsyr2k(int order, int uplo, int trans, int n, int k, double alpha, const double* A, int lda,
                      const double* B, int ldb, double beta, double* C, int ldc);

/* Symmetric matrix product C <- alpha A B + beta C (Left) or alpha B A + beta C (Right), A symmetric with its uplo
   triangle stored (cblas_?symm); C is m x n. */
void ktp_cblas_ssymm(int order, int side, int uplo, int m, int n, float alpha, const float* A, int lda, const float* B,
                     int ldb, float beta, float* C, int ldc);
void ktp_cblas_dsymm(int order, int side, int uplo, int m, int n, double alpha, const double* A, int lda,
                     const double* B, int ldb, double beta, double* C, int ldc);
/* Triangular matrix product in place B <- alpha op(A) B (Left) or alpha B op(A) (Right), A triangular (uplo, diag)
   (cblas_?trmm); B is m x n. */
void ktp_cblas_strmm(int order, int side, int uplo, int transA, int diag, int m, int n, float alpha, const float* A,
                     int lda, float* B, int ldb);
void ktp_cblas_dtrmm(int order, int side, int uplo, int transA, int diag, int m, int n, double alpha, const double* A,
                     int lda, double* B, int ldb);

/* Dot product x . y (cblas_?dot). The kernels take positive increments: n > 0 with another increment returns 0 and
   the status KTP_UNSUPPORTED. n <= 0 returns 0. */
float ktp_cblas_sdot(int n, const float* x, int incx, const float* y, int incy);
double ktp_cblas_ddot(int n, const double* x, int incx, const double* y, int incy);

/* Scaled out-of-place transpose B <- alpha A^T, A rows x cols (cblas_?omatcopy as OpenBLAS declares it). The
   package holds the transposing kernels only: trans = KtpNoTrans (a plain copy) returns KTP_NOT_EXPORTED. */
void ktp_cblas_somatcopy(int order, int trans, int rows, int cols, float alpha, const float* A, int lda, float* B,
                         int ldb);
void ktp_cblas_domatcopy(int order, int trans, int rows, int cols, double alpha, const double* A, int lda, double* B,
                         int ldb);

#if KTP_WITH_OPENCL
/* Device memory: operands in OpenCL buffers (offsets in elements), enqueued on `queue` without waiting.
   Calls on several queues of one context are safe: the package keeps its workspaces (layout copies, split-K partial
   sums, pointer-array offsets) per context, and a call that needs a workspace the last call on another queue used
   makes its own queue wait for that call first (an event); calls that share no workspace run concurrently. */
int ktp_sgemm_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k, float alpha, cl_mem A,
                 size_t offA, int lda, cl_mem B, size_t offB, int ldb, float beta, cl_mem C, size_t offC, int ldc);
int ktp_dgemm_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k, double alpha, cl_mem A,
                 size_t offA, int lda, cl_mem B, size_t offB, int ldb, double beta, cl_mem C, size_t offC, int ldc);
int ktp_sgemm_batch_strided_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k,
                               float alpha, cl_mem A, size_t offA, int lda, long long strideA, cl_mem B, size_t offB,
                               int ldb, long long strideB, float beta, cl_mem C, size_t offC, int ldc,
                               long long strideC, int batchCount);
int ktp_dgemm_batch_strided_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k,
                               double alpha, cl_mem A, size_t offA, int lda, long long strideA, cl_mem B, size_t offB,
                               int ldb, long long strideB, double beta, cl_mem C, size_t offC, int ldc,
                               long long strideC, int batchCount);
/* Pointer-array batches on the device (OpenCL 1.2 has no pointers into buffers): one buffer per operand and host
   arrays of batchCount element offsets, problem i at A + offA[i] (as KernelTune's BatchOffsets). The offsets are
   checked (non-negative, C's problems apart) and copied to the device before the call returns (the arrays may be
   reused at once); each problem's extent must lie within its buffer. */
int ktp_sgemm_batch_ptr_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k, float alpha,
                           cl_mem A, const long long* offA, int lda, cl_mem B, const long long* offB, int ldb,
                           float beta, cl_mem C, const long long* offC, int ldc, int batchCount);
int ktp_dgemm_batch_ptr_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k, double alpha,
                           cl_mem A, const long long* offA, int lda, cl_mem B, const long long* offB, int ldb,
                           double beta, cl_mem C, const long long* offC, int ldc, int batchCount);
int ktp_ssymv_cl(cl_command_queue queue, int order, int uplo, int n, float alpha, cl_mem A, size_t offA, int lda,
                 cl_mem x, size_t offx, int incx, float beta, cl_mem y, size_t offy, int incy);
int ktp_dsymv_cl(cl_command_queue queue, int order, int uplo, int n, double alpha, cl_mem A, size_t offA, int lda,
                 cl_mem x, size_t offx, int incx, double beta, cl_mem y, size_t offy, int incy);
int ktp_ssyrk_cl(cl_command_queue queue, int order, int uplo, int trans, int n, int k, float alpha, cl_mem A,
                 size_t offA, int lda, float beta, cl_mem C, size_t offC, int ldc);
int ktp_dsyrk_cl(cl_command_queue queue, int order, int uplo, int trans, int n, int k, double alpha, cl_mem A,
                 size_t offA, int lda, double beta, cl_mem C, size_t offC, int ldc);
int ktp_ssyr2k_cl(cl_command_queue queue, int order, int uplo, int trans, int n, int k, float alpha, cl_mem A,
                  size_t offA, int lda, cl_mem B, size_t offB, int ldb, float beta, cl_mem C, size_t offC, int ldc);
int ktp_dsyr2k_cl(cl_command_queue queue, int order, int uplo, int trans, int n, int k, double alpha, cl_mem A,
                  size_t offA, int lda, cl_mem B, size_t offB, int ldb, double beta, cl_mem C, size_t offC, int ldc);
int ktp_ssymm_cl(cl_command_queue queue, int order, int side, int uplo, int m, int n, float alpha, cl_mem A,
                 size_t offA, int lda, cl_mem B, size_t offB, int ldb, float beta, cl_mem C, size_t offC, int ldc);
int ktp_dsymm_cl(cl_command_queue queue, int order, int side, int uplo, int m, int n, double alpha, cl_mem A,
                 size_t offA, int lda, cl_mem B, size_t offB, int ldb, double beta, cl_mem C, size_t offC, int ldc);
int ktp_strmm_cl(cl_command_queue queue, int order, int side, int uplo, int transA, int diag, int m, int n, float alpha,
                 cl_mem A, size_t offA, int lda, cl_mem B, size_t offB, int ldb);
int ktp_dtrmm_cl(cl_command_queue queue, int order, int side, int uplo, int transA, int diag, int m, int n,
                 double alpha, cl_mem A, size_t offA, int lda, cl_mem B, size_t offB, int ldb);
/* The dot product written to result[offResult] in device memory (n <= 0 writes 0), as CLBlast's Xdot. */
int ktp_sdot_cl(cl_command_queue queue, int n, cl_mem x, size_t offx, int incx, cl_mem y, size_t offy, int incy,
                cl_mem result, size_t offResult);
int ktp_ddot_cl(cl_command_queue queue, int n, cl_mem x, size_t offx, int incx, cl_mem y, size_t offy, int incy,
                cl_mem result, size_t offResult);
int ktp_somatcopy_cl(cl_command_queue queue, int order, int trans, int rows, int cols, float alpha, cl_mem A,
                     size_t offA, int lda, cl_mem B, size_t offB, int ldb);
int ktp_domatcopy_cl(cl_command_queue queue, int order, int trans, int rows, int cols, double alpha, cl_mem A,
                     size_t offA, int lda, cl_mem B, size_t offB, int ldb);
#endif

#if KTP_WITH_CUDA
/* Device memory: operands in CUDA device memory (a pointer anywhere into an allocation of the stream's context, as
   cuBLAS takes them), launched on `stream` without waiting (0: the legacy default stream of the current context, or
   of the package's device when no context is current). Kernels are compiled by NVRTC at the first call; the driver
   (libcuda.so.1) and NVRTC (libnvrtc.so) are loaded then: without them the entries return KTP_NO_DEVICE or
   KTP_BUILD_FAILED and ktp_last_error() says which library is missing. Calls on several streams of one context are
   safe: workspaces (layout copies, split-K partial sums, pointer-array offsets) are kept per context, and a call that
   needs one the last call on another stream used makes its stream wait for that call first (cuStreamWaitEvent). */
int ktp_sgemm_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, float alpha, CUdeviceptr A,
                 int lda, CUdeviceptr B, int ldb, float beta, CUdeviceptr C, int ldc);
int ktp_dgemm_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, double alpha, CUdeviceptr A,
                 int lda, CUdeviceptr B, int ldb, double beta, CUdeviceptr C, int ldc);
int ktp_sgemm_batch_strided_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, float alpha,
                               CUdeviceptr A, int lda, long long strideA, CUdeviceptr B, int ldb, long long strideB,
                               float beta, CUdeviceptr C, int ldc, long long strideC, int batchCount);
int ktp_dgemm_batch_strided_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, double alpha,
                               CUdeviceptr A, int lda, long long strideA, CUdeviceptr B, int ldb, long long strideB,
                               double beta, CUdeviceptr C, int ldc, long long strideC, int batchCount);
/* Pointer-array batches: the kernels read element offsets, not device pointer arrays, so the form is the OpenCL
   one: problem i at A + offA[i] elements (host arrays, copied to the device before the call returns; A, B, C
   anywhere into their allocations). */
int ktp_sgemm_batch_ptr_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, float alpha,
                           CUdeviceptr A, const long long* offA, int lda, CUdeviceptr B, const long long* offB, int ldb,
                           float beta, CUdeviceptr C, const long long* offC, int ldc, int batchCount);
int ktp_dgemm_batch_ptr_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, double alpha,
                           CUdeviceptr A, const long long* offA, int lda, CUdeviceptr B, const long long* offB, int ldb,
                           double beta, CUdeviceptr C, const long long* offC, int ldc, int batchCount);
int ktp_ssymv_cu(CUstream stream, int order, int uplo, int n, float alpha, CUdeviceptr A, int lda, CUdeviceptr x,
                 int incx, float beta, CUdeviceptr y, int incy);
int ktp_dsymv_cu(CUstream stream, int order, int uplo, int n, double alpha, CUdeviceptr A, int lda, CUdeviceptr x,
                 int incx, double beta, CUdeviceptr y, int incy);
int ktp_ssyrk_cu(CUstream stream, int order, int uplo, int trans, int n, int k, float alpha, CUdeviceptr A, int lda,
                 float beta, CUdeviceptr C, int ldc);
int ktp_dsyrk_cu(CUstream stream, int order, int uplo, int trans, int n, int k, double alpha, CUdeviceptr A, int lda,
                 double beta, CUdeviceptr C, int ldc);
int ktp_ssyr2k_cu(CUstream stream, int order, int uplo, int trans, int n, int k, float alpha, CUdeviceptr A, int lda,
                  CUdeviceptr B, int ldb, float beta, CUdeviceptr C, int ldc);
int ktp_dsyr2k_cu(CUstream stream, int order, int uplo, int trans, int n, int k, double alpha, CUdeviceptr A, int lda,
                  CUdeviceptr B, int ldb, double beta, CUdeviceptr C, int ldc);
int ktp_ssymm_cu(CUstream stream, int order, int side, int uplo, int m, int n, float alpha, CUdeviceptr A, int lda,
                 CUdeviceptr B, int ldb, float beta, CUdeviceptr C, int ldc);
int ktp_dsymm_cu(CUstream stream, int order, int side, int uplo, int m, int n, double alpha, CUdeviceptr A, int lda,
                 CUdeviceptr B, int ldb, double beta, CUdeviceptr C, int ldc);
int ktp_strmm_cu(CUstream stream, int order, int side, int uplo, int transA, int diag, int m, int n, float alpha,
                 CUdeviceptr A, int lda, CUdeviceptr B, int ldb);
int ktp_dtrmm_cu(CUstream stream, int order, int side, int uplo, int transA, int diag, int m, int n, double alpha,
                 CUdeviceptr A, int lda, CUdeviceptr B, int ldb);
/* The dot product written to *result in device memory (n <= 0 writes 0), as cuBLAS's dot in device pointer mode. */
int ktp_sdot_cu(CUstream stream, int n, CUdeviceptr x, int incx, CUdeviceptr y, int incy, CUdeviceptr result);
int ktp_ddot_cu(CUstream stream, int n, CUdeviceptr x, int incx, CUdeviceptr y, int incy, CUdeviceptr result);
int ktp_somatcopy_cu(CUstream stream, int order, int trans, int rows, int cols, float alpha, CUdeviceptr A, int lda,
                     CUdeviceptr B, int ldb);
int ktp_domatcopy_cu(CUstream stream, int order, int trans, int rows, int cols, double alpha, CUdeviceptr A, int lda,
                     CUdeviceptr B, int ldb);
#endif

#ifdef __cplusplus
}
#endif

#endif
