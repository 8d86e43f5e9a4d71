// Drop-in offload (built with KTP_DROP_IN): the standard CBLAS and Fortran BLAS names of the package's routines.
// A call the package runs goes to the device; any other (invalid arguments, a routine or shape not exported, a size
// its kernels do not take, no device) goes to the next definition of the same symbol, the program's own BLAS, so its
// results and its argument errors (xerbla) are what they would have been without the package.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

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

// No BLAS after the package: report an invalid argument as reference BLAS's xerbla does.
void reportWithoutNext(const char* routine) {
    if (ktp_last_status() == KTP_INVALID_ARGUMENT) {
        using Xerbla = void (*)(const char*, const int*, std::size_t);
        if (auto xerbla = reinterpret_cast<Xerbla>(dlsym(RTLD_DEFAULT, "xerbla_"))) {
            const std::string err = ktp_last_error();
            const auto p = err.find("parameter ");
            const int info = p == std::string::npos ? 0 : std::atoi(err.c_str() + p + 10);
            xerbla(routine, &info, std::string(routine).size());
            return;
        }
    }
    std::fprintf(stderr, "ktp: %s: %s (and no BLAS library to fall back to)\n", routine, ktp_last_error());
}

int transOf(const char* t) {
    switch (t ? *t : 0) {
    case 'N':
    case 'n':
        return KtpNoTrans;
    case 'T':
    case 't':
        return KtpTrans;
    case 'C':
    case 'c':
        return KtpConjTrans;
    default:
        return 0; // invalid: the host BLAS reports it
    }
}

} // namespace

extern "C" {

#define KTP_CBLAS_GEMM(NAME, T)                                                                                        \
    void cblas_##NAME(int order, int transA, int transB, int m, int n, int k, T alpha, const T* A, int lda,            \
                      const T* B, int ldb, T beta, T* C, int ldc) {                                                    \
        ktp_cblas_##NAME(order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);                         \
        const bool offloaded = ktp_last_status() == KTP_SUCCESS;                                                       \
        logCall("cblas_" #NAME, offloaded);                                                                            \
        if (offloaded) return;                                                                                         \
        using F = void (*)(int, int, int, int, int, int, T, const T*, int, const T*, int, T, T*, int);                 \
        if (auto next = reinterpret_cast<F>(nextSymbol("cblas_" #NAME)))                                               \
            return next(order, transA, transB, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);                          \
        reportWithoutNext("cblas_" #NAME);                                                                             \
    }

#define KTP_FORTRAN_GEMM(NAME, T, UPPER)                                                                               \
    void NAME##_(const char* ta, const char* tb, const int* m, const int* n, const int* k, const T* alpha, const T* A, \
                 const int* lda, const T* B, const int* ldb, const T* beta, T* C, const int* ldc, std::size_t lta,     \
                 std::size_t ltb) {                                                                                    \
        const int transA = transOf(ta), transB = transOf(tb);                                                          \
        bool offloaded = false;                                                                                        \
        if (transA && transB && m && n && k && alpha && beta && lda && ldb && ldc) {                                   \
            ktp_cblas_##NAME(KtpColMajor, transA, transB, *m, *n, *k, *alpha, A, *lda, B, *ldb, *beta, C, *ldc);       \
            offloaded = ktp_last_status() == KTP_SUCCESS;                                                              \
        }                                                                                                              \
        logCall(#NAME "_", offloaded);                                                                                 \
        if (offloaded) return;                                                                                         \
        using F = void (*)(const char*, const char*, const int*, const int*, const int*, const T*, const T*,           \
                           const int*, const T*, const int*, const T*, T*, const int*, std::size_t, std::size_t);      \
        if (auto next = reinterpret_cast<F>(nextSymbol(#NAME "_")))                                                    \
            return next(ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, lta, ltb);                               \
        reportWithoutNext(UPPER);                                                                                      \
    }

#if KTP_HAS_SGEMM
KTP_CBLAS_GEMM(sgemm, float)
KTP_FORTRAN_GEMM(sgemm, float, "SGEMM ")
#endif
#if KTP_HAS_DGEMM
KTP_CBLAS_GEMM(dgemm, double)
KTP_FORTRAN_GEMM(dgemm, double, "DGEMM ")
#endif
}
