// The exported entry points: argument checks as reference BLAS numbers them, quick returns, then the backend.
#include <cstdio>
#include <string>

#include "ktp_internal.hpp"

namespace ktp {

int checkGemm(const char* routine, const GemmPositions& pos, int order, int transA, int transB, std::int64_t m,
              std::int64_t n, std::int64_t k, std::int64_t lda, std::int64_t ldb, std::int64_t ldc, Call& call) {
    if (!validOrder(order)) return argumentError(routine, pos.order + 0, "order=" + std::to_string(order));
    if (!validTrans(transA)) return argumentError(routine, pos.order + 1, "transA=" + std::to_string(transA));
    if (!validTrans(transB)) return argumentError(routine, pos.order + 2, "transB=" + std::to_string(transB));
    if (m < 0) return argumentError(routine, pos.order + 3, "m=" + std::to_string(m));
    if (n < 0) return argumentError(routine, pos.order + 4, "n=" + std::to_string(n));
    if (k < 0) return argumentError(routine, pos.order + 5, "k=" + std::to_string(k));
    const bool row = order == KtpRowMajor, tA = transA != KtpNoTrans, tB = transB != KtpNoTrans;
    // Stored shapes: op(A) is m x k, op(B) k x n; the leading dimension spans a row (row-major) or a column.
    const std::int64_t aRows = tA ? k : m, aCols = tA ? m : k, bRows = tB ? n : k, bCols = tB ? k : n;
    const std::int64_t needA = max1(row ? aCols : aRows), needB = max1(row ? bCols : bRows), needC = max1(row ? n : m);
    if (lda < needA)
        return argumentError(routine, pos.lda, "lda=" + std::to_string(lda) + " < " + std::to_string(needA));
    if (ldb < needB)
        return argumentError(routine, pos.ldb, "ldb=" + std::to_string(ldb) + " < " + std::to_string(needB));
    if (ldc < needC)
        return argumentError(routine, pos.ldc, "ldc=" + std::to_string(ldc) + " < " + std::to_string(needC));
    call.order = row ? Order::RowMajor : Order::ColMajor;
    call.opA = tA, call.opB = tB;
    call.m = m, call.n = n, call.k = k, call.lda = lda, call.ldb = ldb, call.ldc = ldc;
    return KTP_SUCCESS;
}

namespace {

template <class T> void hostGemm(const char* routine, int order, int transA, int transB, int m, int n, int k, T alpha,
                                 const T* A, int lda, const T* B, int ldb, T beta, T* C, int ldc) {
    Call call;
    call.routine = Routine::Gemm;
    call.f64 = sizeof(T) == 8;
    if (checkGemm(routine, {9, 11, 14, 0, 0, 0, 0}, order, transA, transB, m, n, k, lda, ldb, ldc, call)) return;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (m == 0 || n == 0) return;
    runHost(call, A, B, C);
}

template <class T> void hostGemmBatch(const char* routine, int order, int transA, int transB, int m, int n, int k,
                                      T alpha, const T* A, int lda, long long strideA, const T* B, int ldb,
                                      long long strideB, T beta, T* C, int ldc, long long strideC, int batch) {
    Call call;
    call.routine = Routine::GemmBatchedStrided;
    call.f64 = sizeof(T) == 8;
    if (checkGemm(routine, {9, 12, 16, 10, 13, 17, 18}, order, transA, transB, m, n, k, lda, ldb, ldc, call)) return;
    if (strideA < 0) return void(argumentError(routine, 10, "strideA=" + std::to_string(strideA)));
    if (strideB < 0) return void(argumentError(routine, 13, "strideB=" + std::to_string(strideB)));
    if (strideC < 0) return void(argumentError(routine, 17, "strideC=" + std::to_string(strideC)));
    if (batch < 0) return void(argumentError(routine, 18, "batchCount=" + std::to_string(batch)));
    call.alpha = alpha, call.beta = beta;
    call.batch = batch, call.stridea = strideA, call.strideb = strideB, call.stridec = strideC;
    setStatus(KTP_SUCCESS);
    if (m == 0 || n == 0 || batch == 0) return;
    runHost(call, A, B, C);
}

#if KTP_WITH_OPENCL
int clGemm(const char* routine, bool f64, cl_command_queue queue, int order, int transA, int transB, int m, int n,
           int k, double alpha, cl_mem A, size_t offA, int lda, cl_mem B, size_t offB, int ldb, double beta, cl_mem C,
           size_t offC, int ldc, long long strideA = 0, long long strideB = 0, long long strideC = 0, int batch = -1) {
    Call call;
    call.routine = batch < 0 ? Routine::Gemm : Routine::GemmBatchedStrided;
    call.f64 = f64;
    const GemmPositions pos =
        batch < 0 ? GemmPositions{10, 13, 17, 0, 0, 0, 0, 2} : GemmPositions{11, 15, 20, 12, 16, 21, 22, 2};
    if (!queue) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": the queue is null");
    if (int s = checkGemm(routine, pos, order, transA, transB, m, n, k, lda, ldb, ldc, call)) return s;
    if (batch >= 0) {
        if (strideA < 0) return argumentError(routine, pos.strideA, "strideA=" + std::to_string(strideA));
        if (strideB < 0) return argumentError(routine, pos.strideB, "strideB=" + std::to_string(strideB));
        if (strideC < 0) return argumentError(routine, pos.strideC, "strideC=" + std::to_string(strideC));
        call.batch = batch, call.stridea = strideA, call.strideb = strideB, call.stridec = strideC;
    }
    call.alpha = alpha, call.beta = beta;
    call.offa = std::int64_t(offA), call.offb = std::int64_t(offB), call.offc = std::int64_t(offC);
    setStatus(KTP_SUCCESS);
    if (m == 0 || n == 0 || batch == 0) return KTP_SUCCESS;
    if (!A || !B || !C) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a buffer is null");
    return runCl(queue, call, A, B, C);
}
#endif

#if KTP_WITH_CUDA
// Device pointers as cuBLAS takes them: no offsets (the backend finds them), positions one after the stream.
int cuGemm(const char* routine, bool f64, CUstream stream, int order, int transA, int transB, int m, int n, int k,
           double alpha, CUdeviceptr A, int lda, CUdeviceptr B, int ldb, double beta, CUdeviceptr C, int ldc,
           long long strideA = 0, long long strideB = 0, long long strideC = 0, int batch = -1) {
    Call call;
    call.routine = batch < 0 ? Routine::Gemm : Routine::GemmBatchedStrided;
    call.f64 = f64;
    const GemmPositions pos =
        batch < 0 ? GemmPositions{10, 12, 15, 0, 0, 0, 0, 2} : GemmPositions{10, 13, 17, 11, 14, 18, 19, 2};
    if (int s = checkGemm(routine, pos, order, transA, transB, m, n, k, lda, ldb, ldc, call)) return s;
    if (batch >= 0) {
        if (strideA < 0) return argumentError(routine, pos.strideA, "strideA=" + std::to_string(strideA));
        if (strideB < 0) return argumentError(routine, pos.strideB, "strideB=" + std::to_string(strideB));
        if (strideC < 0) return argumentError(routine, pos.strideC, "strideC=" + std::to_string(strideC));
        call.batch = batch, call.stridea = strideA, call.strideb = strideB, call.stridec = strideC;
    }
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (m == 0 || n == 0 || batch == 0) return KTP_SUCCESS;
    if (!A || !B || !C) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a device pointer is null");
    return runCu(stream, call, A, B, C);
}
#endif

// SYMV: y <- alpha A x + beta y, A symmetric with one triangle stored. `first` is the position of order (1 in CBLAS,
// 2 in the device entries) and the leading dimension and increments follow at their own positions.
struct SymvPositions {
    int first, lda, incx, incy;
};

int checkSymv(const char* routine, const SymvPositions& pos, int order, int uplo, std::int64_t n, std::int64_t lda,
              std::int64_t incx, std::int64_t incy, Call& call) {
    if (!validOrder(order)) return argumentError(routine, pos.first, "order=" + std::to_string(order));
    if (uplo != KtpUpper && uplo != KtpLower)
        return argumentError(routine, pos.first + 1, "uplo=" + std::to_string(uplo));
    if (n < 0) return argumentError(routine, pos.first + 2, "n=" + std::to_string(n));
    if (lda < max1(n))
        return argumentError(routine, pos.lda, "lda=" + std::to_string(lda) + " < " + std::to_string(max1(n)));
    if (incx == 0) return argumentError(routine, pos.incx, "incx=0");
    if (incy == 0) return argumentError(routine, pos.incy, "incy=0");
    call.routine = Routine::Symv;
    call.order = order == KtpRowMajor ? Order::RowMajor : Order::ColMajor;
    call.uplo = uplo == KtpUpper;
    call.n = n, call.lda = lda, call.incx = incx, call.incy = incy;
    return KTP_SUCCESS;
}

template <class T> void hostSymv(const char* routine, int order, int uplo, int n, T alpha, const T* A, int lda,
                                 const T* x, int incx, T beta, T* y, int incy) {
    Call call;
    call.f64 = sizeof(T) == 8;
    if (checkSymv(routine, {1, 6, 8, 11}, order, uplo, n, lda, incx, incy, call)) return;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (n == 0 || (alpha == T(0) && beta == T(1))) return;
    runHost(call, A, x, y);
}

// SYRK (no B) and SYR2K: C <- alpha op(A) op(A)^T + beta C, C <- alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C on
// the uplo triangle of C (n x n); op(A), op(B) n x k. Positions of order, lda, ldb (0: none) and ldc.
struct RankPositions {
    int first, lda, ldb, ldc;
};

int checkRank(const char* routine, const RankPositions& pos, bool two, int order, int uplo, int trans, std::int64_t n,
              std::int64_t k, std::int64_t lda, std::int64_t ldb, std::int64_t ldc, Call& call) {
    if (!validOrder(order)) return argumentError(routine, pos.first, "order=" + std::to_string(order));
    if (uplo != KtpUpper && uplo != KtpLower)
        return argumentError(routine, pos.first + 1, "uplo=" + std::to_string(uplo));
    if (!validTrans(trans)) return argumentError(routine, pos.first + 2, "trans=" + std::to_string(trans));
    if (n < 0) return argumentError(routine, pos.first + 3, "n=" + std::to_string(n));
    if (k < 0) return argumentError(routine, pos.first + 4, "k=" + std::to_string(k));
    const bool row = order == KtpRowMajor, t = trans != KtpNoTrans;
    // op(A) is n x k: A is n x k (N) or k x n (T); the leading dimension spans a row (row-major) or a column.
    const std::int64_t need = max1(row != t ? k : n);
    if (lda < need) return argumentError(routine, pos.lda, "lda=" + std::to_string(lda) + " < " + std::to_string(need));
    if (two && ldb < need)
        return argumentError(routine, pos.ldb, "ldb=" + std::to_string(ldb) + " < " + std::to_string(need));
    if (ldc < max1(n))
        return argumentError(routine, pos.ldc, "ldc=" + std::to_string(ldc) + " < " + std::to_string(max1(n)));
    call.routine = two ? Routine::Syr2k : Routine::Syrk;
    call.order = row ? Order::RowMajor : Order::ColMajor;
    call.uplo = uplo == KtpUpper;
    call.opA = t;
    call.n = n, call.k = k, call.lda = lda, call.ldb = two ? ldb : 0, call.ldc = ldc;
    return KTP_SUCCESS;
}

template <class T> void hostRank(const char* routine, bool two, int order, int uplo, int trans, int n, int k, T alpha,
                                 const T* A, int lda, const T* B, int ldb, T beta, T* C, int ldc) {
    Call call;
    call.f64 = sizeof(T) == 8;
    const RankPositions pos = two ? RankPositions{1, 8, 10, 13} : RankPositions{1, 8, 0, 11};
    if (checkRank(routine, pos, two, order, uplo, trans, n, k, lda, ldb, ldc, call)) return;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (n == 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return;
    runHost(call, A, B, C);
}

#if KTP_WITH_OPENCL
int clRank(const char* routine, bool two, bool f64, cl_command_queue queue, int order, int uplo, int trans, int n,
           int k, double alpha, cl_mem A, size_t offA, int lda, cl_mem B, size_t offB, int ldb, double beta, cl_mem C,
           size_t offC, int ldc) {
    Call call;
    call.f64 = f64;
    if (!queue) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": the queue is null");
    const RankPositions pos = two ? RankPositions{2, 10, 13, 17} : RankPositions{2, 10, 0, 14};
    if (int s = checkRank(routine, pos, two, order, uplo, trans, n, k, lda, ldb, ldc, call)) return s;
    call.alpha = alpha, call.beta = beta;
    call.offa = std::int64_t(offA), call.offb = two ? std::int64_t(offB) : 0, call.offc = std::int64_t(offC);
    setStatus(KTP_SUCCESS);
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1)) return KTP_SUCCESS;
    if (!A || (two && !B) || !C) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a buffer is null");
    return runCl(queue, call, A, two ? B : A, C);
}
#endif

#if KTP_WITH_CUDA
int cuRank(const char* routine, bool two, bool f64, CUstream stream, int order, int uplo, int trans, int n, int k,
           double alpha, CUdeviceptr A, int lda, CUdeviceptr B, int ldb, double beta, CUdeviceptr C, int ldc) {
    Call call;
    call.f64 = f64;
    const RankPositions pos = two ? RankPositions{2, 9, 11, 14} : RankPositions{2, 9, 0, 12};
    if (int s = checkRank(routine, pos, two, order, uplo, trans, n, k, lda, ldb, ldc, call)) return s;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1)) return KTP_SUCCESS;
    if (!A || (two && !B) || !C)
        return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a device pointer is null");
    return runCu(stream, call, A, two ? B : A, C);
}
#endif

#if KTP_WITH_OPENCL
int clSymv(const char* routine, bool f64, cl_command_queue queue, int order, int uplo, int n, double alpha, cl_mem A,
           size_t offA, int lda, cl_mem x, size_t offx, int incx, double beta, cl_mem y, size_t offy, int incy) {
    Call call;
    call.f64 = f64;
    if (!queue) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": the queue is null");
    if (int s = checkSymv(routine, {2, 8, 11, 15}, order, uplo, n, lda, incx, incy, call)) return s;
    call.alpha = alpha, call.beta = beta;
    call.offa = std::int64_t(offA), call.offb = std::int64_t(offx), call.offc = std::int64_t(offy);
    setStatus(KTP_SUCCESS);
    if (n == 0 || (alpha == 0 && beta == 1)) return KTP_SUCCESS;
    if (!A || !x || !y) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a buffer is null");
    return runCl(queue, call, A, x, y);
}
#endif

#if KTP_WITH_CUDA
int cuSymv(const char* routine, bool f64, CUstream stream, int order, int uplo, int n, double alpha, CUdeviceptr A,
           int lda, CUdeviceptr x, int incx, double beta, CUdeviceptr y, int incy) {
    Call call;
    call.f64 = f64;
    if (int s = checkSymv(routine, {2, 7, 9, 12}, order, uplo, n, lda, incx, incy, call)) return s;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (n == 0 || (alpha == 0 && beta == 1)) return KTP_SUCCESS;
    if (!A || !x || !y) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a device pointer is null");
    return runCu(stream, call, A, x, y);
}
#endif

// SYMM (C <- alpha A B + beta C, or alpha B A + beta C) and TRMM (B <- alpha op(A) B, or alpha B op(A), in place):
// A is ka x ka with ka = m (Left) or n (Right); B and C are m x n. Positions of order, lda, ldb, ldc (0: none). TRMM
// has transA and diag after uplo, so its m and n come two places later.
struct SidePositions {
    int first, lda, ldb, ldc;
};

int checkSide(const char* routine, const SidePositions& pos, bool trmm, int order, int side, int uplo, int trans,
              int diag, std::int64_t m, std::int64_t n, std::int64_t lda, std::int64_t ldb, std::int64_t ldc,
              Call& call) {
    if (!validOrder(order)) return argumentError(routine, pos.first, "order=" + std::to_string(order));
    if (side != KtpLeft && side != KtpRight)
        return argumentError(routine, pos.first + 1, "side=" + std::to_string(side));
    if (uplo != KtpUpper && uplo != KtpLower)
        return argumentError(routine, pos.first + 2, "uplo=" + std::to_string(uplo));
    if (trmm && !validTrans(trans)) return argumentError(routine, pos.first + 3, "transA=" + std::to_string(trans));
    if (trmm && diag != KtpNonUnit && diag != KtpUnit)
        return argumentError(routine, pos.first + 4, "diag=" + std::to_string(diag));
    const int mAt = pos.first + (trmm ? 5 : 3);
    if (m < 0) return argumentError(routine, mAt, "m=" + std::to_string(m));
    if (n < 0) return argumentError(routine, mAt + 1, "n=" + std::to_string(n));
    const bool row = order == KtpRowMajor, left = side == KtpLeft;
    const std::int64_t needA = max1(left ? m : n), needBC = max1(row ? n : m);
    if (lda < needA)
        return argumentError(routine, pos.lda, "lda=" + std::to_string(lda) + " < " + std::to_string(needA));
    if (ldb < needBC)
        return argumentError(routine, pos.ldb, "ldb=" + std::to_string(ldb) + " < " + std::to_string(needBC));
    if (!trmm && ldc < needBC)
        return argumentError(routine, pos.ldc, "ldc=" + std::to_string(ldc) + " < " + std::to_string(needBC));
    call.routine = trmm ? Routine::Trmm : Routine::Symm;
    call.order = row ? Order::RowMajor : Order::ColMajor;
    call.side = left ? 0 : 1;
    call.uplo = uplo == KtpUpper;
    call.opA = trmm && trans != KtpNoTrans;
    call.diag = trmm && diag == KtpUnit;
    call.m = m, call.n = n, call.lda = lda, call.ldb = ldb, call.ldc = trmm ? ldb : ldc;
    return KTP_SUCCESS;
}

// Nothing to compute: SYMM with an empty C or alpha 0 and beta 1; TRMM with an empty B.
bool sideQuick(bool trmm, std::int64_t m, std::int64_t n, double alpha, double beta) {
    return m == 0 || n == 0 || (!trmm && alpha == 0 && beta == 1);
}

// TRMM's B is its written operand: the backends take it where C goes (the plan names it B).
template <class T> void hostSide(const char* routine, bool trmm, int order, int side, int uplo, int trans, int diag,
                                 int m, int n, T alpha, const T* A, int lda, const T* B, int ldb, T beta, T* C,
                                 int ldc) {
    Call call;
    call.f64 = sizeof(T) == 8;
    const SidePositions pos = trmm ? SidePositions{1, 10, 12, 0} : SidePositions{1, 8, 10, 13};
    if (checkSide(routine, pos, trmm, order, side, uplo, trans, diag, m, n, lda, ldb, ldc, call)) return;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (sideQuick(trmm, m, n, alpha, beta)) return;
    runHost(call, A, B, C);
}

#if KTP_WITH_OPENCL
int clSide(const char* routine, bool trmm, bool f64, cl_command_queue queue, int order, int side, int uplo, int trans,
           int diag, int m, int n, double alpha, cl_mem A, size_t offA, int lda, cl_mem B, size_t offB, int ldb,
           double beta, cl_mem C, size_t offC, int ldc) {
    Call call;
    call.f64 = f64;
    if (!queue) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": the queue is null");
    const SidePositions pos = trmm ? SidePositions{2, 12, 15, 0} : SidePositions{2, 10, 13, 17};
    if (int s = checkSide(routine, pos, trmm, order, side, uplo, trans, diag, m, n, lda, ldb, ldc, call)) return s;
    call.alpha = alpha, call.beta = beta;
    call.offa = std::int64_t(offA), call.offb = std::int64_t(offB), call.offc = std::int64_t(trmm ? offB : offC);
    setStatus(KTP_SUCCESS);
    if (sideQuick(trmm, m, n, alpha, beta)) return KTP_SUCCESS;
    if (!A || !B || !C) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a buffer is null");
    return runCl(queue, call, A, B, C);
}
#endif

#if KTP_WITH_CUDA
int cuSide(const char* routine, bool trmm, bool f64, CUstream stream, int order, int side, int uplo, int trans,
           int diag, int m, int n, double alpha, CUdeviceptr A, int lda, CUdeviceptr B, int ldb, double beta,
           CUdeviceptr C, int ldc) {
    Call call;
    call.f64 = f64;
    const SidePositions pos = trmm ? SidePositions{2, 11, 13, 0} : SidePositions{2, 9, 11, 14};
    if (int s = checkSide(routine, pos, trmm, order, side, uplo, trans, diag, m, n, lda, ldb, ldc, call)) return s;
    call.alpha = alpha, call.beta = beta;
    setStatus(KTP_SUCCESS);
    if (sideQuick(trmm, m, n, alpha, beta)) return KTP_SUCCESS;
    if (!A || !B || !C) return setStatus(KTP_INVALID_ARGUMENT, std::string(routine) + ": a device pointer is null");
    return runCu(stream, call, A, B, C);
}
#endif

} // namespace

} // namespace ktp

extern "C" {

void ktp_cblas_sgemm(int order, int transA, int transB, int m, int n, int k, float alpha, const float* A, int lda,
                     const float* B, int ldb, float beta, float* C, int ldc) {
    ktp::hostGemm("cblas_sgemm", order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

void ktp_cblas_dgemm(int order, int transA, int transB, int m, int n, int k, double alpha, const double* A, int lda,
                     const double* B, int ldb, double beta, double* C, int ldc) {
    ktp::hostGemm("cblas_dgemm", order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

#if KTP_WITH_OPENCL
int ktp_sgemm_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k, float alpha, cl_mem A,
                 size_t offA, int lda, cl_mem B, size_t offB, int ldb, float beta, cl_mem C, size_t offC, int ldc) {
    return ktp::clGemm("ktp_sgemm_cl", false, queue, order, transA, transB, m, n, k, alpha, A, offA, lda, B, offB, ldb,
                       beta, C, offC, ldc);
}

int ktp_dgemm_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k, double alpha, cl_mem A,
                 size_t offA, int lda, cl_mem B, size_t offB, int ldb, double beta, cl_mem C, size_t offC, int ldc) {
    return ktp::clGemm("ktp_dgemm_cl", true, queue, order, transA, transB, m, n, k, alpha, A, offA, lda, B, offB, ldb,
                       beta, C, offC, ldc);
}

int ktp_sgemm_batch_strided_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k,
                               float alpha, cl_mem A, size_t offA, int lda, long long strideA, cl_mem B, size_t offB,
                               int ldb, long long strideB, float beta, cl_mem C, size_t offC, int ldc,
                               long long strideC, int batchCount) {
    if (batchCount < 0)
        return ktp::setStatus(KTP_INVALID_ARGUMENT, "ktp_sgemm_batch_strided_cl: parameter 22 was incorrect");
    return ktp::clGemm("ktp_sgemm_batch_strided_cl", false, queue, order, transA, transB, m, n, k, alpha, A, offA, lda,
                       B, offB, ldb, beta, C, offC, ldc, strideA, strideB, strideC, batchCount);
}

int ktp_dgemm_batch_strided_cl(cl_command_queue queue, int order, int transA, int transB, int m, int n, int k,
                               double alpha, cl_mem A, size_t offA, int lda, long long strideA, cl_mem B, size_t offB,
                               int ldb, long long strideB, double beta, cl_mem C, size_t offC, int ldc,
                               long long strideC, int batchCount) {
    if (batchCount < 0)
        return ktp::setStatus(KTP_INVALID_ARGUMENT, "ktp_dgemm_batch_strided_cl: parameter 22 was incorrect");
    return ktp::clGemm("ktp_dgemm_batch_strided_cl", true, queue, order, transA, transB, m, n, k, alpha, A, offA, lda,
                       B, offB, ldb, beta, C, offC, ldc, strideA, strideB, strideC, batchCount);
}
#endif

#if KTP_WITH_CUDA
int ktp_sgemm_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, float alpha, CUdeviceptr A,
                 int lda, CUdeviceptr B, int ldb, float beta, CUdeviceptr C, int ldc) {
    return ktp::cuGemm("ktp_sgemm_cu", false, stream, order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C,
                       ldc);
}

int ktp_dgemm_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, double alpha, CUdeviceptr A,
                 int lda, CUdeviceptr B, int ldb, double beta, CUdeviceptr C, int ldc) {
    return ktp::cuGemm("ktp_dgemm_cu", true, stream, order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C,
                       ldc);
}

int ktp_sgemm_batch_strided_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, float alpha,
                               CUdeviceptr A, int lda, long long strideA, CUdeviceptr B, int ldb, long long strideB,
                               float beta, CUdeviceptr C, int ldc, long long strideC, int batchCount) {
    if (batchCount < 0)
        return ktp::setStatus(KTP_INVALID_ARGUMENT, "ktp_sgemm_batch_strided_cu: parameter 19 was incorrect");
    return ktp::cuGemm("ktp_sgemm_batch_strided_cu", false, stream, order, transA, transB, m, n, k, alpha, A, lda, B,
                       ldb, beta, C, ldc, strideA, strideB, strideC, batchCount);
}

int ktp_dgemm_batch_strided_cu(CUstream stream, int order, int transA, int transB, int m, int n, int k, double alpha,
                               CUdeviceptr A, int lda, long long strideA, CUdeviceptr B, int ldb, long long strideB,
                               double beta, CUdeviceptr C, int ldc, long long strideC, int batchCount) {
    if (batchCount < 0)
        return ktp::setStatus(KTP_INVALID_ARGUMENT, "ktp_dgemm_batch_strided_cu: parameter 19 was incorrect");
    return ktp::cuGemm("ktp_dgemm_batch_strided_cu", true, stream, order, transA, transB, m, n, k, alpha, A, lda, B,
                       ldb, beta, C, ldc, strideA, strideB, strideC, batchCount);
}
#endif

void ktp_cblas_ssymv(int order, int uplo, int n, float alpha, const float* A, int lda, const float* x, int incx,
                     float beta, float* y, int incy) {
    ktp::hostSymv("cblas_ssymv", order, uplo, n, alpha, A, lda, x, incx, beta, y, incy);
}

void ktp_cblas_dsymv(int order, int uplo, int n, double alpha, const double* A, int lda, const double* x, int incx,
                     double beta, double* y, int incy) {
    ktp::hostSymv("cblas_dsymv", order, uplo, n, alpha, A, lda, x, incx, beta, y, incy);
}

#if KTP_WITH_OPENCL
int ktp_ssymv_cl(cl_command_queue queue, int order, int uplo, int n, float alpha, cl_mem A, size_t offA, int lda,
                 cl_mem x, size_t offx, int incx, float beta, cl_mem y, size_t offy, int incy) {
    return ktp::clSymv("ktp_ssymv_cl", false, queue, order, uplo, n, alpha, A, offA, lda, x, offx, incx, beta, y, offy,
                       incy);
}

int ktp_dsymv_cl(cl_command_queue queue, int order, int uplo, int n, double alpha, cl_mem A, size_t offA, int lda,
                 cl_mem x, size_t offx, int incx, double beta, cl_mem y, size_t offy, int incy) {
    return ktp::clSymv("ktp_dsymv_cl", true, queue, order, uplo, n, alpha, A, offA, lda, x, offx, incx, beta, y, offy,
                       incy);
}
#endif

#if KTP_WITH_CUDA
int ktp_ssymv_cu(CUstream stream, int order, int uplo, int n, float alpha, CUdeviceptr A, int lda, CUdeviceptr x,
                 int incx, float beta, CUdeviceptr y, int incy) {
    return ktp::cuSymv("ktp_ssymv_cu", false, stream, order, uplo, n, alpha, A, lda, x, incx, beta, y, incy);
}

int ktp_dsymv_cu(CUstream stream, int order, int uplo, int n, double alpha, CUdeviceptr A, int lda, CUdeviceptr x,
                 int incx, double beta, CUdeviceptr y, int incy) {
    return ktp::cuSymv("ktp_dsymv_cu", true, stream, order, uplo, n, alpha, A, lda, x, incx, beta, y, incy);
}
#endif

#define KTP_RANK_ENTRIES(P, T)                                                                                         \
    void ktp_cblas_##P##syrk(int order, int uplo, int trans, int n, int k, T alpha, const T* A, int lda, T beta, T* C, \
                             int ldc) {                                                                                \
        ktp::hostRank<T>("cblas_" #P "syrk", false, order, uplo, trans, n, k, alpha, A, lda, nullptr, 0, beta, C,      \
                         ldc);                                                                                         \
    }                                                                                                                  \
    void ktp_cblas_##P##syr2k(int order, int uplo, int trans, int n, int k, T alpha, const T* A, int lda, const T* B,  \
                              int ldb, T beta, T* C, int ldc) {                                                        \
        ktp::hostRank<T>("cblas_" #P "syr2k", true, order, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);    \
    }
KTP_RANK_ENTRIES(s, float)
KTP_RANK_ENTRIES(d, double)

#if KTP_WITH_OPENCL
#define KTP_RANK_CL(P, T, F64)                                                                                         \
    int ktp_##P##syrk_cl(cl_command_queue queue, int order, int uplo, int trans, int n, int k, T alpha, cl_mem A,      \
                         size_t offA, int lda, T beta, cl_mem C, size_t offC, int ldc) {                               \
        return ktp::clRank("ktp_" #P "syrk_cl", false, F64, queue, order, uplo, trans, n, k, alpha, A, offA, lda,      \
                           nullptr, 0, 0, beta, C, offC, ldc);                                                         \
    }                                                                                                                  \
    int ktp_##P##syr2k_cl(cl_command_queue queue, int order, int uplo, int trans, int n, int k, T alpha, cl_mem A,     \
                          size_t offA, int lda, cl_mem B, size_t offB, int ldb, T beta, cl_mem C, size_t offC,         \
                          int ldc) {                                                                                   \
        return ktp::clRank("ktp_" #P "syr2k_cl", true, F64, queue, order, uplo, trans, n, k, alpha, A, offA, lda, B,   \
                           offB, ldb, beta, C, offC, ldc);                                                             \
    }
KTP_RANK_CL(s, float, false)
KTP_RANK_CL(d, double, true)
#endif

#if KTP_WITH_CUDA
#define KTP_RANK_CU(P, T, F64)                                                                                         \
    int ktp_##P##syrk_cu(CUstream stream, int order, int uplo, int trans, int n, int k, T alpha, CUdeviceptr A,        \
                         int lda, T beta, CUdeviceptr C, int ldc) {                                                    \
        return ktp::cuRank("ktp_" #P "syrk_cu", false, F64, stream, order, uplo, trans, n, k, alpha, A, lda, 0, 0,     \
                           beta, C, ldc);                                                                              \
    }                                                                                                                  \
    int ktp_##P##syr2k_cu(CUstream stream, int order, int uplo, int trans, int n, int k, T alpha, CUdeviceptr A,       \
                          int lda, CUdeviceptr B, int ldb, T beta, CUdeviceptr C, int ldc) {                           \
        return ktp::cuRank("ktp_" #P "syr2k_cu", true, F64, stream, order, uplo, trans, n, k, alpha, A, lda, B, ldb,   \
                           beta, C, ldc);                                                                              \
    }
KTP_RANK_CU(s, float, false)
KTP_RANK_CU(d, double, true)
#endif

void ktp_cblas_sgemm_batch_strided(int order, int transA, int transB, int m, int n, int k, float alpha, const float* A,
                                   int lda, long long strideA, const float* B, int ldb, long long strideB, float beta,
                                   float* C, int ldc, long long strideC, int batchCount) {
    ktp::hostGemmBatch("cblas_sgemm_batch_strided", order, transA, transB, m, n, k, alpha, A, lda, strideA, B, ldb,
                       strideB, beta, C, ldc, strideC, batchCount);
}

void ktp_cblas_dgemm_batch_strided(int order, int transA, int transB, int m, int n, int k, double alpha,
                                   const double* A, int lda, long long strideA, const double* B, int ldb,
                                   long long strideB, double beta, double* C, int ldc, long long strideC,
                                   int batchCount) {
    ktp::hostGemmBatch("cblas_dgemm_batch_strided", order, transA, transB, m, n, k, alpha, A, lda, strideA, B, ldb,
                       strideB, beta, C, ldc, strideC, batchCount);
}

#define KTP_SIDE_HOST(P, T)                                                                                            \
    void ktp_cblas_##P##symm(int order, int side, int uplo, int m, int n, T alpha, const T* A, int lda, const T* B,    \
                             int ldb, T beta, T* C, int ldc) {                                                         \
        ktp::hostSide<T>("cblas_" #P "symm", false, order, side, uplo, KtpNoTrans, KtpNonUnit, m, n, alpha, A, lda, B, \
                         ldb, beta, C, ldc);                                                                           \
    }                                                                                                                  \
    void ktp_cblas_##P##trmm(int order, int side, int uplo, int transA, int diag, int m, int n, T alpha, const T* A,   \
                             int lda, T* B, int ldb) {                                                                 \
        ktp::hostSide<T>("cblas_" #P "trmm", true, order, side, uplo, transA, diag, m, n, alpha, A, lda, B, ldb, T(0), \
                         B, ldb);                                                                                      \
    }
KTP_SIDE_HOST(s, float)
KTP_SIDE_HOST(d, double)

#if KTP_WITH_OPENCL
#define KTP_SIDE_CL(P, T, F64)                                                                                         \
    int ktp_##P##symm_cl(cl_command_queue queue, int order, int side, int uplo, int m, int n, T alpha, cl_mem A,       \
                         size_t offA, int lda, cl_mem B, size_t offB, int ldb, T beta, cl_mem C, size_t offC,          \
                         int ldc) {                                                                                    \
        return ktp::clSide("ktp_" #P "symm_cl", false, F64, queue, order, side, uplo, KtpNoTrans, KtpNonUnit, m, n,    \
                           alpha, A, offA, lda, B, offB, ldb, beta, C, offC, ldc);                                     \
    }                                                                                                                  \
    int ktp_##P##trmm_cl(cl_command_queue queue, int order, int side, int uplo, int transA, int diag, int m, int n,    \
                         T alpha, cl_mem A, size_t offA, int lda, cl_mem B, size_t offB, int ldb) {                    \
        return ktp::clSide("ktp_" #P "trmm_cl", true, F64, queue, order, side, uplo, transA, diag, m, n, alpha, A,     \
                           offA, lda, B, offB, ldb, 0, B, offB, ldb);                                                  \
    }
KTP_SIDE_CL(s, float, false)
KTP_SIDE_CL(d, double, true)
#endif

#if KTP_WITH_CUDA
#define KTP_SIDE_CU(P, T, F64)                                                                                         \
    int ktp_##P##symm_cu(CUstream stream, int order, int side, int uplo, int m, int n, T alpha, CUdeviceptr A,         \
                         int lda, CUdeviceptr B, int ldb, T beta, CUdeviceptr C, int ldc) {                            \
        return ktp::cuSide("ktp_" #P "symm_cu", false, F64, stream, order, side, uplo, KtpNoTrans, KtpNonUnit, m, n,   \
                           alpha, A, lda, B, ldb, beta, C, ldc);                                                       \
    }                                                                                                                  \
    int ktp_##P##trmm_cu(CUstream stream, int order, int side, int uplo, int transA, int diag, int m, int n, T alpha,  \
                         CUdeviceptr A, int lda, CUdeviceptr B, int ldb) {                                             \
        return ktp::cuSide("ktp_" #P "trmm_cu", true, F64, stream, order, side, uplo, transA, diag, m, n, alpha, A,    \
                           lda, B, ldb, 0, B, ldb);                                                                    \
    }
KTP_SIDE_CU(s, float, false)
KTP_SIDE_CU(d, double, true)
#endif
}
