// Drop-in offload (built with KTP_DROP_IN): the standard CBLAS and Fortran BLAS names of the package's routines.
// A call the package runs goes to the device; any other (invalid arguments, a routine or shape not exported, a size
// its kernels do not take, no device) goes to the next definition of the same symbol, the program's own BLAS, so its
// results and its argument errors (xerbla) are what they would have been without the package.
#include <dlfcn.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <mutex>
#include <string>
#include <utility>

#include "ktp_internal.hpp"

namespace {

void* nextSymbol(const char* name) {
    void* f = dlsym(RTLD_NEXT, name);
    return f;
}

void logCall(const char* routine, bool offloaded) {
    static const char* path = std::getenv("KTP_LOG");
    if (!path || !*path) return;
    static std::mutex lock;
    std::lock_guard<std::mutex> guard(lock);
    if (FILE* f = std::fopen(path, "a")) {
        if (offloaded)
            std::fprintf(f, "%s device %s\n", routine, ktp_last_variant());
        else
            std::fprintf(f, "%s host (%s)\n", routine, ktp_last_error());
        std::fclose(f);
    }
}

// No BLAS after the package: report an invalid argument as reference BLAS's xerbla does. The package numbers
// parameters as CBLAS does; a Fortran entry has no order argument, so its numbers are one less (`shift` 1).
void reportWithoutNext(const char* routine, int shift) {
    if (ktp_last_status() == KTP_INVALID_ARGUMENT) {
        using Xerbla = void (*)(const char*, const int*, std::size_t);
        if (auto xerbla = reinterpret_cast<Xerbla>(dlsym(RTLD_DEFAULT, "xerbla_"))) {
            const std::string err = ktp_last_error();
            const auto p = err.find("parameter ");
            const int info = p == std::string::npos ? 0 : std::atoi(err.c_str() + p + 10) - shift;
            xerbla(routine, &info, std::string(routine).size());
            return;
        }
    }
    std::fprintf(stderr, "ktp: %s: %s (and no BLAS library to fall back to)\n", routine, ktp_last_error());
}

// The package's enum value for a Fortran character argument (either case), 0 when it is none of `letters`: the host
// BLAS then sees the call unchanged and reports it.
int letterValue(const char* c, std::initializer_list<std::pair<char, int>> letters) {
    const char upper = c ? static_cast<char>(std::toupper(static_cast<unsigned char>(*c))) : 0;
    for (const auto& [letter, value] : letters)
        if (letter == upper) return value;
    return 0;
}

int transOf(const char* t) { return letterValue(t, {{'N', KtpNoTrans}, {'T', KtpTrans}, {'C', KtpConjTrans}}); }
int uploOf(const char* u) { return letterValue(u, {{'U', KtpUpper}, {'L', KtpLower}}); }
int sideOf(const char* s) { return letterValue(s, {{'L', KtpLeft}, {'R', KtpRight}}); }
int diagOf(const char* d) { return letterValue(d, {{'N', KtpNonUnit}, {'U', KtpUnit}}); }

// After the package's attempt: true when it ran the call (logged either way).
bool ranOnDevice(const char* routine) {
    const bool offloaded = ktp_last_status() == KTP_SUCCESS;
    logCall(routine, offloaded);
    return offloaded;
}

} // namespace

// Each standard name: try the package, else hand the very same arguments to the next definition of the name, else
// report as reference BLAS would. A Fortran entry tries the package only when every argument pointer is there and
// its characters are valid; otherwise the host BLAS sees (and reports) the call unchanged.
#define KTP_FORWARD(NAME, XERBLA_NAME, SHIFT, SIGNATURE, ...)                                                          \
    do {                                                                                                               \
        if (auto next = reinterpret_cast<void(*) SIGNATURE>(nextSymbol(NAME))) return next(__VA_ARGS__);               \
        reportWithoutNext(XERBLA_NAME, SHIFT);                                                                         \
    } while (0)

extern "C" {

#define KTP_CBLAS_GEMM(NAME, T)                                                                                        \
    void cblas_##NAME(int order, int transA, int transB, int m, int n, int k, T alpha, const T* A, int lda,            \
                      const T* B, int ldb, T beta, T* C, int ldc) {                                                    \
        ktp_cblas_##NAME(order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);                         \
        if (ranOnDevice("cblas_" #NAME)) return;                                                                       \
        KTP_FORWARD("cblas_" #NAME, "cblas_" #NAME, 0,                                                                 \
                    (int, int, int, int, int, int, T, const T*, int, const T*, int, T, T*, int), order, transA,        \
                    transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);                                             \
    }

#define KTP_FORTRAN_GEMM(NAME, T, UPPER)                                                                               \
    void NAME##_(const char* ta, const char* tb, const int* m, const int* n, const int* k, const T* alpha, const T* A, \
                 const int* lda, const T* B, const int* ldb, const T* beta, T* C, const int* ldc, std::size_t lta,     \
                 std::size_t ltb) {                                                                                    \
        const int transA = transOf(ta), transB = transOf(tb);                                                          \
        if (transA && transB && m && n && k && alpha && beta && lda && ldb && ldc)                                     \
            ktp_cblas_##NAME(KtpColMajor, transA, transB, *m, *n, *k, *alpha, A, *lda, B, *ldb, *beta, C, *ldc);       \
        else                                                                                                           \
            ktp::setStatus(KTP_INVALID_ARGUMENT, #NAME "_: a character or pointer argument is invalid");               \
        if (ranOnDevice(#NAME "_")) return;                                                                            \
        KTP_FORWARD(#NAME "_", UPPER, 1,                                                                               \
                    (const char*, const char*, const int*, const int*, const int*, const T*, const T*, const int*,     \
                     const T*, const int*, const T*, T*, const int*, std::size_t, std::size_t),                        \
                    ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, lta, ltb);                                   \
    }

// SYMV: y <- alpha A x + beta y.
#define KTP_CBLAS_SYMV(NAME, T)                                                                                        \
    void cblas_##NAME(int order, int uplo, int n, T alpha, const T* A, int lda, const T* x, int incx, T beta, T* y,    \
                      int incy) {                                                                                      \
        ktp_cblas_##NAME(order, uplo, n, alpha, A, lda, x, incx, beta, y, incy);                                       \
        if (ranOnDevice("cblas_" #NAME)) return;                                                                       \
        KTP_FORWARD("cblas_" #NAME, "cblas_" #NAME, 0, (int, int, int, T, const T*, int, const T*, int, T, T*, int),   \
                    order, uplo, n, alpha, A, lda, x, incx, beta, y, incy);                                            \
    }

#define KTP_FORTRAN_SYMV(NAME, T, UPPER)                                                                               \
    void NAME##_(const char* u, const int* n, const T* alpha, const T* A, const int* lda, const T* x, const int* incx, \
                 const T* beta, T* y, const int* incy, std::size_t lu) {                                               \
        const int uplo = uploOf(u);                                                                                    \
        if (uplo && n && alpha && lda && incx && beta && incy)                                                         \
            ktp_cblas_##NAME(KtpColMajor, uplo, *n, *alpha, A, *lda, x, *incx, *beta, y, *incy);                       \
        else                                                                                                           \
            ktp::setStatus(KTP_INVALID_ARGUMENT, #NAME "_: a character or pointer argument is invalid");               \
        if (ranOnDevice(#NAME "_")) return;                                                                            \
        KTP_FORWARD(#NAME "_", UPPER, 1,                                                                               \
                    (const char*, const int*, const T*, const T*, const int*, const T*, const int*, const T*, T*,      \
                     const int*, std::size_t),                                                                         \
                    u, n, alpha, A, lda, x, incx, beta, y, incy, lu);                                                  \
    }

// SYRK: C <- alpha op(A) op(A)^T + beta C on one triangle.
#define KTP_CBLAS_SYRK(NAME, T)                                                                                        \
    void cblas_##NAME(int order, int uplo, int trans, int n, int k, T alpha, const T* A, int lda, T beta, T* C,        \
                      int ldc) {                                                                                       \
        ktp_cblas_##NAME(order, uplo, trans, n, k, alpha, A, lda, beta, C, ldc);                                       \
        if (ranOnDevice("cblas_" #NAME)) return;                                                                       \
        KTP_FORWARD("cblas_" #NAME, "cblas_" #NAME, 0, (int, int, int, int, int, T, const T*, int, T, T*, int), order, \
                    uplo, trans, n, k, alpha, A, lda, beta, C, ldc);                                                   \
    }

#define KTP_FORTRAN_SYRK(NAME, T, UPPER)                                                                               \
    void NAME##_(const char* u, const char* t, const int* n, const int* k, const T* alpha, const T* A, const int* lda, \
                 const T* beta, T* C, const int* ldc, std::size_t lu, std::size_t lt) {                                \
        const int uplo = uploOf(u), trans = transOf(t);                                                                \
        if (uplo && trans && n && k && alpha && lda && beta && ldc)                                                    \
            ktp_cblas_##NAME(KtpColMajor, uplo, trans, *n, *k, *alpha, A, *lda, *beta, C, *ldc);                       \
        else                                                                                                           \
            ktp::setStatus(KTP_INVALID_ARGUMENT, #NAME "_: a character or pointer argument is invalid");               \
        if (ranOnDevice(#NAME "_")) return;                                                                            \
        KTP_FORWARD(#NAME "_", UPPER, 1,                                                                               \
                    (const char*, const char*, const int*, const int*, const T*, const T*, const int*, const T*, T*,   \
                     const int*, std::size_t, std::size_t),                                                            \
                    u, t, n, k, alpha, A, lda, beta, C, ldc, lu, lt);                                                  \
    }

// SYR2K: C <- alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C on one triangle.
#define KTP_CBLAS_SYR2K(NAME, T)                                                                                       \
    void cblas_##NAME(int order, int uplo, int trans, int n, int k, T alpha, const T* A, int lda, const T* B, int ldb, \
                      T beta, T* C, int ldc) {                                                                         \
        ktp_cblas_##NAME(order, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);                               \
        if (ranOnDevice("cblas_" #NAME)) return;                                                                       \
        KTP_FORWARD("cblas_" #NAME, "cblas_" #NAME, 0,                                                                 \
                    (int, int, int, int, int, T, const T*, int, const T*, int, T, T*, int), order, uplo, trans, n, k,  \
                    alpha, A, lda, B, ldb, beta, C, ldc);                                                              \
    }

#define KTP_FORTRAN_SYR2K(NAME, T, UPPER)                                                                              \
    void NAME##_(const char* u, const char* t, const int* n, const int* k, const T* alpha, const T* A, const int* lda, \
                 const T* B, const int* ldb, const T* beta, T* C, const int* ldc, std::size_t lu, std::size_t lt) {    \
        const int uplo = uploOf(u), trans = transOf(t);                                                                \
        if (uplo && trans && n && k && alpha && lda && ldb && beta && ldc)                                             \
            ktp_cblas_##NAME(KtpColMajor, uplo, trans, *n, *k, *alpha, A, *lda, B, *ldb, *beta, C, *ldc);              \
        else                                                                                                           \
            ktp::setStatus(KTP_INVALID_ARGUMENT, #NAME "_: a character or pointer argument is invalid");               \
        if (ranOnDevice(#NAME "_")) return;                                                                            \
        KTP_FORWARD(#NAME "_", UPPER, 1,                                                                               \
                    (const char*, const char*, const int*, const int*, const T*, const T*, const int*, const T*,       \
                     const int*, const T*, T*, const int*, std::size_t, std::size_t),                                  \
                    u, t, n, k, alpha, A, lda, B, ldb, beta, C, ldc, lu, lt);                                          \
    }

// SYMM: C <- alpha A B + beta C (Left) or alpha B A + beta C (Right).
#define KTP_CBLAS_SYMM(NAME, T)                                                                                        \
    void cblas_##NAME(int order, int side, int uplo, int m, int n, T alpha, const T* A, int lda, const T* B, int ldb,  \
                      T beta, T* C, int ldc) {                                                                         \
        ktp_cblas_##NAME(order, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);                                \
        if (ranOnDevice("cblas_" #NAME)) return;                                                                       \
        KTP_FORWARD("cblas_" #NAME, "cblas_" #NAME, 0,                                                                 \
                    (int, int, int, int, int, T, const T*, int, const T*, int, T, T*, int), order, side, uplo, m, n,   \
                    alpha, A, lda, B, ldb, beta, C, ldc);                                                              \
    }

#define KTP_FORTRAN_SYMM(NAME, T, UPPER)                                                                               \
    void NAME##_(const char* s, const char* u, const int* m, const int* n, const T* alpha, const T* A, const int* lda, \
                 const T* B, const int* ldb, const T* beta, T* C, const int* ldc, std::size_t ls, std::size_t lu) {    \
        const int side = sideOf(s), uplo = uploOf(u);                                                                  \
        if (side && uplo && m && n && alpha && lda && ldb && beta && ldc)                                              \
            ktp_cblas_##NAME(KtpColMajor, side, uplo, *m, *n, *alpha, A, *lda, B, *ldb, *beta, C, *ldc);               \
        else                                                                                                           \
            ktp::setStatus(KTP_INVALID_ARGUMENT, #NAME "_: a character or pointer argument is invalid");               \
        if (ranOnDevice(#NAME "_")) return;                                                                            \
        KTP_FORWARD(#NAME "_", UPPER, 1,                                                                               \
                    (const char*, const char*, const int*, const int*, const T*, const T*, const int*, const T*,       \
                     const int*, const T*, T*, const int*, std::size_t, std::size_t),                                  \
                    s, u, m, n, alpha, A, lda, B, ldb, beta, C, ldc, ls, lu);                                          \
    }

// TRMM: B <- alpha op(A) B (Left) or alpha B op(A) (Right), in place.
#define KTP_CBLAS_TRMM(NAME, T)                                                                                        \
    void cblas_##NAME(int order, int side, int uplo, int transA, int diag, int m, int n, T alpha, const T* A, int lda, \
                      T* B, int ldb) {                                                                                 \
        ktp_cblas_##NAME(order, side, uplo, transA, diag, m, n, alpha, A, lda, B, ldb);                                \
        if (ranOnDevice("cblas_" #NAME)) return;                                                                       \
        KTP_FORWARD("cblas_" #NAME, "cblas_" #NAME, 0, (int, int, int, int, int, int, int, T, const T*, int, T*, int), \
                    order, side, uplo, transA, diag, m, n, alpha, A, lda, B, ldb);                                     \
    }

#define KTP_FORTRAN_TRMM(NAME, T, UPPER)                                                                               \
    void NAME##_(const char* s, const char* u, const char* t, const char* d, const int* m, const int* n,               \
                 const T* alpha, const T* A, const int* lda, T* B, const int* ldb, std::size_t ls, std::size_t lu,     \
                 std::size_t lt, std::size_t ld) {                                                                     \
        const int side = sideOf(s), uplo = uploOf(u), trans = transOf(t), diag = diagOf(d);                            \
        if (side && uplo && trans && diag && m && n && alpha && lda && ldb)                                            \
            ktp_cblas_##NAME(KtpColMajor, side, uplo, trans, diag, *m, *n, *alpha, A, *lda, B, *ldb);                  \
        else                                                                                                           \
            ktp::setStatus(KTP_INVALID_ARGUMENT, #NAME "_: a character or pointer argument is invalid");               \
        if (ranOnDevice(#NAME "_")) return;                                                                            \
        KTP_FORWARD(#NAME "_", UPPER, 1,                                                                               \
                    (const char*, const char*, const char*, const char*, const int*, const int*, const T*, const T*,   \
                     const int*, T*, const int*, std::size_t, std::size_t, std::size_t, std::size_t),                  \
                    s, u, t, d, m, n, alpha, A, lda, B, ldb, ls, lu, lt, ld);                                          \
    }

// DOT: x . y, returned. BLAS reports no argument errors for it; a call the package does not take (an increment
// that is not positive) goes to the program's BLAS.
#define KTP_CBLAS_DOT(NAME, T)                                                                                         \
    T cblas_##NAME(int n, const T* x, int incx, const T* y, int incy) {                                                \
        const T result = ktp_cblas_##NAME(n, x, incx, y, incy);                                                        \
        if (ranOnDevice("cblas_" #NAME)) return result;                                                                \
        using Next = T (*)(int, const T*, int, const T*, int);                                                         \
        if (auto next = reinterpret_cast<Next>(nextSymbol("cblas_" #NAME))) return next(n, x, incx, y, incy);          \
        reportWithoutNext("cblas_" #NAME, 0);                                                                          \
        return T(0);                                                                                                   \
    }

#define KTP_FORTRAN_DOT(NAME, T, UPPER)                                                                                \
    T NAME##_(const int* n, const T* x, const int* incx, const T* y, const int* incy) {                                \
        T result = T(0);                                                                                               \
        if (n && incx && incy)                                                                                         \
            result = ktp_cblas_##NAME(*n, x, *incx, y, *incy);                                                         \
        else                                                                                                           \
            ktp::setStatus(KTP_INVALID_ARGUMENT, #NAME "_: a pointer argument is null");                               \
        if (ranOnDevice(#NAME "_")) return result;                                                                     \
        using Next = T (*)(const int*, const T*, const int*, const T*, const int*);                                    \
        if (auto next = reinterpret_cast<Next>(nextSymbol(#NAME "_"))) return next(n, x, incx, y, incy);               \
        reportWithoutNext(UPPER, 1);                                                                                   \
        return T(0);                                                                                                   \
    }

// OMATCOPY: B <- alpha op(A), OpenBLAS's extension (the package runs op T; a plain copy goes to the program's BLAS).
#define KTP_CBLAS_OMATCOPY(NAME, T)                                                                                    \
    void cblas_##NAME(int order, int trans, int rows, int cols, T alpha, const T* A, int lda, T* B, int ldb) {         \
        ktp_cblas_##NAME(order, trans, rows, cols, alpha, A, lda, B, ldb);                                             \
        if (ranOnDevice("cblas_" #NAME)) return;                                                                       \
        KTP_FORWARD("cblas_" #NAME, "cblas_" #NAME, 0, (int, int, int, int, T, const T*, int, T*, int), order, trans,  \
                    rows, cols, alpha, A, lda, B, ldb);                                                                \
    }

// The batched strided GEMM keeps only its ktp_ names: Debian's OpenBLAS (0.3.21) defines no
// cblas_?gemm_batch_strided, and oneMKL's takes MKL_INT (32-bit in its LP64 interface) strides where the package
// takes long long, so a drop-in under that name would misread an LP64 caller's arguments.

#if KTP_HAS_SGEMM
KTP_CBLAS_GEMM(sgemm, float)
KTP_FORTRAN_GEMM(sgemm, float, "SGEMM ")
#endif
#if KTP_HAS_DGEMM
KTP_CBLAS_GEMM(dgemm, double)
KTP_FORTRAN_GEMM(dgemm, double, "DGEMM ")
#endif
#if KTP_HAS_SSYMV
KTP_CBLAS_SYMV(ssymv, float)
KTP_FORTRAN_SYMV(ssymv, float, "SSYMV ")
#endif
#if KTP_HAS_DSYMV
KTP_CBLAS_SYMV(dsymv, double)
KTP_FORTRAN_SYMV(dsymv, double, "DSYMV ")
#endif
#if KTP_HAS_SSYRK
KTP_CBLAS_SYRK(ssyrk, float)
KTP_FORTRAN_SYRK(ssyrk, float, "SSYRK ")
#endif
#if KTP_HAS_DSYRK
KTP_CBLAS_SYRK(dsyrk, double)
KTP_FORTRAN_SYRK(dsyrk, double, "DSYRK ")
#endif
#if KTP_HAS_SSYR2K
KTP_CBLAS_SYR2K(ssyr2k, float)
KTP_FORTRAN_SYR2K(ssyr2k, float, "SSYR2K")
#endif
#if KTP_HAS_DSYR2K
KTP_CBLAS_SYR2K(dsyr2k, double)
KTP_FORTRAN_SYR2K(dsyr2k, double, "DSYR2K")
#endif
#if KTP_HAS_SSYMM
KTP_CBLAS_SYMM(ssymm, float)
KTP_FORTRAN_SYMM(ssymm, float, "SSYMM ")
#endif
#if KTP_HAS_DSYMM
KTP_CBLAS_SYMM(dsymm, double)
KTP_FORTRAN_SYMM(dsymm, double, "DSYMM ")
#endif
#if KTP_HAS_STRMM
KTP_CBLAS_TRMM(strmm, float)
KTP_FORTRAN_TRMM(strmm, float, "STRMM ")
#endif
#if KTP_HAS_DTRMM
KTP_CBLAS_TRMM(dtrmm, double)
KTP_FORTRAN_TRMM(dtrmm, double, "DTRMM ")
#endif
#if KTP_HAS_SDOT
KTP_CBLAS_DOT(sdot, float)
KTP_FORTRAN_DOT(sdot, float, "SDOT  ")
#endif
#if KTP_HAS_DDOT
KTP_CBLAS_DOT(ddot, double)
KTP_FORTRAN_DOT(ddot, double, "DDOT  ")
#endif
#if KTP_HAS_SOMATCOPY
KTP_CBLAS_OMATCOPY(somatcopy, float)
#endif
#if KTP_HAS_DOMATCOPY
KTP_CBLAS_OMATCOPY(domatcopy, double)
#endif
}
