// Batched GEMM of very small matrices, column-major: C_b <- alpha op(A_b) op(B_b) + beta C_b for b < batch, the
// problems spaced strideA/B/C elements apart. One work-group holds BATCHED_TBA problems (thread-block aggregation),
// each worked on by BATCHED_WX x BATCHED_WY work-items; work-item (tx, ty) computes the elements (i, j) of C with
// i = tx mod WX and j = ty mod WY.
//
// Tuning macros:
//   BATCHED_DESIGN   0: read-only cache (operands read from global memory through KT_LDG, no local memory, no
//                       barrier); 1: shared memory (op(A) and op(B) of each problem staged in local memory first)
//   BATCHED_TBA      problems per work-group
//   BATCHED_WX, BATCHED_WY   work-items per problem along m and along n
// Problem macros (set by the plan, not tuned):
//   BATCHED_TRANS_A, BATCHED_TRANS_B   op T (1) or N (0)
//   BATCHED_POINTERS   1: pointer-array batches. Problem b starts at offa + ptrA[b] (likewise B, C) instead of
//                      offa + b * strideA; the int offsets are the portable form of device pointers (OpenCL has
//                      none), and A and B may name the same storage (aliases are only read).
//   BATCHED_M, BATCHED_N, BATCHED_K    compile-time sizes, so every loop unrolls; the m, n, k arguments must equal
//                                      them. Without them the kernel is the general fallback: sizes at run time, at
//                                      most BATCHED_MAX_MK elements of op(A) and BATCHED_MAX_KN of op(B) per problem
//                                      (the local-memory capacity of design 1).

#ifdef BATCHED_M
#define BM BATCHED_M
#define BN BATCHED_N
#define BK BATCHED_K
#define BATCHED_CAP_A (BATCHED_M * BATCHED_K)
#define BATCHED_CAP_B (BATCHED_K * BATCHED_N)
#define BATCHED_UNROLL KT_UNROLL
#else
#define BM m
#define BN n
#define BK k
#define BATCHED_CAP_A BATCHED_MAX_MK
#define BATCHED_CAP_B BATCHED_MAX_KN
#define BATCHED_UNROLL
#endif
#define BATCHED_WPP (BATCHED_WX * BATCHED_WY)

// Unrolling every loop of a fixed size gives (elements of C per work-item) x k multiply-adds of straight-line code:
// 32K for one work-item per 32 x 32 x 32 problem, which takes NVRTC minutes to compile and spills. The k loop always
// unrolls; the loops over a work-item's elements of C (and the staging loops) only while the code stays small.
#ifdef BATCHED_M
#if ((BATCHED_M + BATCHED_WX - 1) / BATCHED_WX) * ((BATCHED_N + BATCHED_WY - 1) / BATCHED_WY) * BATCHED_K <= 1024
#define BATCHED_UNROLL_C KT_UNROLL
#else
#define BATCHED_UNROLL_C
#endif
#if (BATCHED_M * BATCHED_K + BATCHED_WPP - 1) / BATCHED_WPP <= 64 &&                                                   \
    (BATCHED_K * BATCHED_N + BATCHED_WPP - 1) / BATCHED_WPP <= 64
#define BATCHED_UNROLL_STAGE KT_UNROLL
#else
#define BATCHED_UNROLL_STAGE
#endif
#else
#define BATCHED_UNROLL_C
#define BATCHED_UNROLL_STAGE
#endif

// Element (i, p) of op(A) and (p, j) of op(B) in the problem's global storage.
#if BATCHED_TRANS_A
#define BATCHED_IDX_A(i, p) ((p) + (i) * lda)
#else
#define BATCHED_IDX_A(i, p) ((i) + (p) * lda)
#endif
#if BATCHED_TRANS_B
#define BATCHED_IDX_B(p, j) ((j) + (p) * ldb)
#else
#define BATCHED_IDX_B(p, j) ((p) + (j) * ldb)
#endif

KT_KERNEL void gemm_batched(const int m, const int n, const int k, const int batch, const real alpha,
                            const real beta, const KT_GLOBAL real* KT_RESTRICT A, const int offa, const int lda,
                            const int strideA, const KT_GLOBAL real* KT_RESTRICT B, const int offb, const int ldb,
                            const int strideB, KT_GLOBAL real* KT_RESTRICT C, const int offc, const int ldc,
                            const int strideC
#if BATCHED_POINTERS
                            ,
                            const KT_GLOBAL int* KT_RESTRICT ptrA, const KT_GLOBAL int* KT_RESTRICT ptrB,
                            const KT_GLOBAL int* KT_RESTRICT ptrC
#endif
) {
    const int l = (int)get_local_id(0);
    const int q = l / BATCHED_WPP; // the problem within the work-group
    const int r = l - q * BATCHED_WPP;
    const int tx = r % BATCHED_WX, ty = r / BATCHED_WX;
    const int prob = (int)get_group_id(0) * BATCHED_TBA + q;
    const int active = prob < batch;
#if BATCHED_POINTERS
    const int pb = active ? prob : 0; // a work-item past the batch reads problem 0's offsets and computes nothing
    const KT_GLOBAL real* a = A + offa + ptrA[pb];
    const KT_GLOBAL real* b = B + offb + ptrB[pb];
    KT_GLOBAL real* c = C + offc + ptrC[pb];
#else
    const KT_GLOBAL real* a = A + offa + (long)prob * strideA;
    const KT_GLOBAL real* b = B + offb + (long)prob * strideB;
    KT_GLOBAL real* c = C + offc + (long)prob * strideC;
#endif

#if BATCHED_DESIGN == 1
    // op(A) as BM x BK and op(B) as BK x BN, column-major; read in the order they lie in global memory.
    KT_LOCAL real sA[BATCHED_TBA * BATCHED_CAP_A];
    KT_LOCAL real sB[BATCHED_TBA * BATCHED_CAP_B];
    const int baseA = q * BATCHED_CAP_A, baseB = q * BATCHED_CAP_B;
    if (active) {
        BATCHED_UNROLL_STAGE
        for (int s = 0; s < (BM * BK + BATCHED_WPP - 1) / BATCHED_WPP; ++s) {
            const int e = r + s * BATCHED_WPP;
            if (e < BM * BK) {
#if BATCHED_TRANS_A
                const int p = e % BK, i = e / BK;
#else
                const int i = e % BM, p = e / BM;
#endif
                sA[baseA + i + p * BM] = KT_LDG(&a[BATCHED_IDX_A(i, p)]);
            }
        }
        BATCHED_UNROLL_STAGE
        for (int s = 0; s < (BK * BN + BATCHED_WPP - 1) / BATCHED_WPP; ++s) {
            const int e = r + s * BATCHED_WPP;
            if (e < BK * BN) {
#if BATCHED_TRANS_B
                const int j = e % BN, p = e / BN;
#else
                const int p = e % BK, j = e / BK;
#endif
                sB[baseB + p + j * BK] = KT_LDG(&b[BATCHED_IDX_B(p, j)]);
            }
        }
    }
    KT_BARRIER();
#define BATCHED_OPA(i, p) sA[baseA + (i) + (p) * BM]
#define BATCHED_OPB(p, j) sB[baseB + (p) + (j) * BK]
#else
#define BATCHED_OPA(i, p) KT_LDG(&a[BATCHED_IDX_A(i, p)])
#define BATCHED_OPB(p, j) KT_LDG(&b[BATCHED_IDX_B(p, j)])
#endif
    if (!active) return; // after the barrier: every work-item of the group reaches it

    BATCHED_UNROLL_C
    for (int jj = 0; jj < (BN + BATCHED_WY - 1) / BATCHED_WY; ++jj) {
        const int j = ty + jj * BATCHED_WY;
        BATCHED_UNROLL_C
        for (int ii = 0; ii < (BM + BATCHED_WX - 1) / BATCHED_WX; ++ii) {
            const int i = tx + ii * BATCHED_WX;
            if (i < BM && j < BN) {
                real acc = 0;
                BATCHED_UNROLL
                for (int p = 0; p < BK; ++p) acc += BATCHED_OPA(i, p) * BATCHED_OPB(p, j);
                // beta == 0: C is not read, so NaN or uninitialised memory there never reaches the result (BLAS).
                const int o = i + j * ldc;
                c[o] = beta == (real)0 ? alpha * acc : alpha * acc + beta * c[o];
            }
        }
    }
}
