// The dot product (cblas_?dot) and the scaled transpose (OpenBLAS's cblas_?omatcopy) entries: argument checks,
// quick returns, then the backend. The dot's operands are x, y and the result (a device scalar, or one element
// read back for the host entry); omatcopy's are A and B (passed where C goes: it is written).
#include <string>

#include "ktp_internal.hpp"

namespace ktp {

namespace {

// n <= 0 is the dot of no elements (0); the plan checks the increments (positive only).
Call dotCall(bool f64, int n, int incx, int incy) {
    Call call;
    call.routine = Routine::Dot;
    call.f64 = f64;
    call.order = Order::ColMajor;
    call.n = n < 0 ? 0 : n;
    call.incx = incx, call.incy = incy;
    call.alpha = 1;
    return call;
}

template <class T> T hostDot(int n, const T* x, int incx, const T* y, int incy) {
    setStatus(KTP_SUCCESS);
    if (n <= 0) return T(0);
    T result = T(0);
    if (runHost(dotCall(sizeof(T) == 8, n, incx, incy), x, y, &result) != KTP_SUCCESS) return T(0);
    return result;
}

// OpenBLAS's checks and numbers (order 1, trans 2, rows 3, cols 4, lda 7, ldb 9; `first` is order's position):
// rows and cols must be positive; lda spans a stored row (row-major) or column of A, ldb one of B = op(A).
int checkOmatcopy(const char* routine, int first, int order, int trans, std::int64_t rows, std::int64_t cols,
                  std::int64_t lda, std::int64_t ldb, Call& call) {
    if (!validOrder(order)) return argumentError(routine, first, "order=" + std::to_string(order));
    if (!validTrans(trans)) return argumentError(routine, first + 1, "trans=" + std::to_string(trans));
    if (rows <= 0) return argumentError(routine, first + 2, "rows=" + std::to_string(rows));
    if (cols <= 0) return argumentError(routine, first + 3, "cols=" + std::to_string(cols));
    const bool row = order == KtpRowMajor, t = trans != KtpNoTrans;
    const std::int64_t needA = row ? cols : rows, needB = row != t ? cols : rows;
    if (lda < needA)
        return argumentError(routine, first + 6, "lda=" + std::to_string(lda) + " < " + std::to_string(needA));
    if (ldb < needB)
        return argumentError(routine, first + 8, "ldb=" + std::to_string(ldb) + " < " + std::to_string(needB));
    call.routine = Routine::Transpose;
    call.order = row ? Order::RowMajor : Order::ColMajor;
    call.opA = t;
    call.m = rows, call.n = cols, call.lda = lda, call.ldc = ldb;
    return KTP_SUCCESS;
}

template <class T> void hostOmatcopy(const char* routine, int order, int trans, int rows, int cols, T alpha, const T* A,
                                     int lda, T* B, int ldb) {
    Call call;
    call.f64 = sizeof(T) == 8;
    if (checkOmatcopy(routine, 1, order, trans, rows, cols, lda, ldb, call)) return;
    call.alpha = alpha;
    setStatus(KTP_SUCCESS);
    runHost(call, A, A, B);
}

#if KTP_WITH_OPENCL
int clDot(const char* routine, bool f64, cl_command_queue queue, int n, cl_mem x, size_t offx, int incx, cl_mem y,
          size_t offy, int incy, cl_mem result, size_t offr) {
    if (!queue) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": the queue is null");
    if (!x || !y || !result) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a buffer is null");
    Call call = dotCall(f64, n, incx, incy);
    call.offa = std::int64_t(offx), call.offb = std::int64_t(offy), call.offc = std::int64_t(offr);
    return runCl(queue, call, x, y, result);
}

int clOmatcopy(const char* routine, bool f64, cl_command_queue queue, int order, int trans, int rows, int cols,
               double alpha, cl_mem A, size_t offA, int lda, cl_mem B, size_t offB, int ldb) {
    if (!queue) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": the queue is null");
    Call call;
    call.f64 = f64;
    if (int s = checkOmatcopy(routine, 2, order, trans, rows, cols, lda, ldb, call)) return s;
    if (!A || !B) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a buffer is null");
    call.alpha = alpha;
    call.offa = std::int64_t(offA), call.offc = std::int64_t(offB);
    return runCl(queue, call, A, A, B);
}
#endif

#if KTP_WITH_CUDA
int cuDot(const char* routine, bool f64, CUstream stream, int n, CUdeviceptr x, int incx, CUdeviceptr y, int incy,
          CUdeviceptr result) {
    if (!x || !y || !result)
        return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a device pointer is null");
    return runCu(stream, dotCall(f64, n, incx, incy), x, y, result);
}

int cuOmatcopy(const char* routine, bool f64, CUstream stream, int order, int trans, int rows, int cols, double alpha,
               CUdeviceptr A, int lda, CUdeviceptr B, int ldb) {
    Call call;
    call.f64 = f64;
    if (int s = checkOmatcopy(routine, 2, order, trans, rows, cols, lda, ldb, call)) return s;
    if (!A || !B) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a device pointer is null");
    call.alpha = alpha;
    return runCu(stream, call, A, A, B);
}
#endif

} // namespace

} // namespace ktp

extern "C" {

float ktp_cblas_sdot(int n, const float* x, int incx, const float* y, int incy) {
    return ktp::hostDot(n, x, incx, y, incy);
}
double ktp_cblas_ddot(int n, const double* x, int incx, const double* y, int incy) {
    return ktp::hostDot(n, x, incx, y, incy);
}

void ktp_cblas_somatcopy(int order, int trans, int rows, int cols, float alpha, const float* A, int lda, float* B,
                         int ldb) {
    ktp::hostOmatcopy("cblas_somatcopy", order, trans, rows, cols, alpha, A, lda, B, ldb);
}
void ktp_cblas_domatcopy(int order, int trans, int rows, int cols, double alpha, const double* A, int lda, double* B,
                         int ldb) {
    ktp::hostOmatcopy("cblas_domatcopy", order, trans, rows, cols, alpha, A, lda, B, ldb);
}

// The entries of one precision on device memory: P the prefix (s, d), T its type, F64 whether it is double.
#if KTP_WITH_OPENCL
#define KTP_DOT_OMATCOPY_CL(P, T, F64)                                                                                 \
    int ktp_##P##dot_cl(cl_command_queue queue, int n, cl_mem x, size_t offx, int incx, cl_mem y, size_t offy,         \
                        int incy, cl_mem result, size_t offResult) {                                                   \
        return ktp::clDot("ktp_" #P "dot_cl", F64, queue, n, x, offx, incx, y, offy, incy, result, offResult);         \
    }                                                                                                                  \
    int ktp_##P##omatcopy_cl(cl_command_queue queue, int order, int trans, int rows, int cols, T alpha, cl_mem A,      \
                             size_t offA, int lda, cl_mem B, size_t offB, int ldb) {                                   \
        return ktp::clOmatcopy("ktp_" #P "omatcopy_cl", F64, queue, order, trans, rows, cols, alpha, A, offA, lda, B,  \
                               offB, ldb);                                                                             \
    }
KTP_DOT_OMATCOPY_CL(s, float, false)
KTP_DOT_OMATCOPY_CL(d, double, true)
#endif

#if KTP_WITH_CUDA
#define KTP_DOT_OMATCOPY_CU(P, T, F64)                                                                                 \
    int ktp_##P##dot_cu(CUstream stream, int n, CUdeviceptr x, int incx, CUdeviceptr y, int incy,                      \
                        CUdeviceptr result) {                                                                          \
        return ktp::cuDot("ktp_" #P "dot_cu", F64, stream, n, x, incx, y, incy, result);                               \
    }                                                                                                                  \
    int ktp_##P##omatcopy_cu(CUstream stream, int order, int trans, int rows, int cols, T alpha, CUdeviceptr A,        \
                             int lda, CUdeviceptr B, int ldb) {                                                        \
        return ktp::cuOmatcopy("ktp_" #P "omatcopy_cu", F64, stream, order, trans, rows, cols, alpha, A, lda, B, ldb); \
    }
KTP_DOT_OMATCOPY_CU(s, float, false)
KTP_DOT_OMATCOPY_CU(d, double, true)
#endif
}
