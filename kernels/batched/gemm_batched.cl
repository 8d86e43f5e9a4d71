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
//   BATCHED_REG      1: register blocking (compiled sizes only, and only while a work-item's block of C holds at
//                       most 32 elements; otherwise the element-by-element loop of 0): the work-item keeps its
//                       elements of C in registers, reads C before the operands (its latency overlaps theirs) and,
//                       per p, one value of op(A) per row and of op(B) per column of its block, so a column of
//                       op(A) and a row of op(B) are read once per work-item instead of once per element
//   BATCHED_PAD      1: the shared tiles' leading dimensions are made odd (compiled sizes only), so the work-items
//                       of a warp that read op(B) at different columns (stride = the leading dimension) and the
//                       staging writes of transposed operands hit different banks
//   BATCHED_SEQ      problems each work-item takes in sequence (rounds of BATCHED_TBA problems per work-group); in
//                       the shared design with register blocking (and no vector tiles) the next round's A, B and C
//                       are loaded into registers while the current round computes (prefetch), so a work-group
//                       has a round's loads in flight during its arithmetic instead of only at its start
//   BATCHED_LDV      1, 2 or 4: elements per global load of the prefetch staging (BATCHED_SEQ > 1 with register
//                       blocking in the shared design): a work-item loads LDV consecutive elements of a column of
//                       A or B (a row when transposed) as one vector, fewer load instructions per byte (single
//                       precision moves half the bytes per instruction of double). Compiled only where that column
//                       length is a multiple of LDV (else 1); at run time a problem whose operand is not aligned to
//                       the vector (offset, stride or leading dimension) is loaded element by element
//   BATCHED_MINB     > 0: launch bounds. CUDA: __launch_bounds__(work-group size, BATCHED_MINB), so the compiler
//                       keeps registers low enough for that many work-groups (problems) per SM and more loads are
//                       in flight at once; OpenCL: the required work-group size (reqd_work_group_size), which lets
//                       the compiler size registers for the real work-group instead of the largest one
//   BATCHED_VEC      1 (with the shared design and register blocking in effect): both tiles k-contiguous (op(A) by
//                       rows, op(B) by columns) so a work-item reads 16-byte vectors of consecutive p, VW = 2
//                       (double) or 4 (float) values per shared-memory instruction instead of one; k rounded up to
//                       VW with zeros, and with BATCHED_PAD the row length is an odd number of vectors (the rows
//                       that a quarter-warp reads then start in different banks)
//   BATCHED_ASYNC    1 (with BATCHED_SEQ > 1, register blocking in the shared design, BATCHED_VEC 0): the next
//                       round's op(A) and op(B) go straight into a second pair of shared tiles instead of through
//                       registers (double-buffered tiles, one barrier a round). Under CUDA on compute capability 8.0
//                       and later as cp.async copies (16 or 8 bytes where the run of BATCHED_LDV elements is whole in
//                       both memories and aligned, else one element each), waited for before the barrier that hands
//                       the buffer to the arithmetic; elsewhere with ordinary loads and stores into the same buffers.
//                       A work-item then holds no staging values between rounds: at single 25 the register prefetch
//                       (166 registers a work-item on the H200) kept the next A, B and C beside the accumulators
// Problem macros (set by the plan, not tuned):
//   BATCHED_TRANS_A, BATCHED_TRANS_B   op T (1) or N (0)
//   BATCHED_POINTERS   1: pointer-array batches. Problem b starts at offa + ptrA[b] (likewise B, C) instead of
//                      offa + b * strideA; the int offsets are the portable form of device pointers (OpenCL has
//                      none), and A and B may name the same storage (aliases are only read).
//   BATCHED_M, BATCHED_N, BATCHED_K    compile-time sizes, so every loop unrolls; the m, n, k arguments must equal
//                                      them. Without them the kernel is the general fallback: sizes at run time, at
//                                      most BATCHED_MAX_MK elements of op(A) and BATCHED_MAX_KN of op(B) per problem
//                                      (the local-memory capacity of design 1).

#ifndef BATCHED_REG
#define BATCHED_REG 0
#endif
#ifndef BATCHED_PAD
#define BATCHED_PAD 0
#endif
#ifndef BATCHED_VEC
#define BATCHED_VEC 0
#endif
#ifndef BATCHED_SEQ
#define BATCHED_SEQ 1
#endif
#ifndef BATCHED_MINB
#define BATCHED_MINB 0
#endif
#ifndef BATCHED_LDV
#define BATCHED_LDV 1
#endif
#ifndef BATCHED_ASYNC
#define BATCHED_ASYNC 0
#endif
#if defined(KT_CUDA)
#define BATCHED_LOCAL_PTR // a pointer into local memory: __shared__ qualifies declarations only under CUDA
#else
#define BATCHED_LOCAL_PTR __local
#endif
#define BATCHED_WPP (BATCHED_WX * BATCHED_WY)
#if BATCHED_MINB > 0 && defined(KT_CUDA)
#define BATCHED_BOUNDS __launch_bounds__(BATCHED_TBA * BATCHED_WPP, BATCHED_MINB)
#elif BATCHED_MINB > 0
#define BATCHED_BOUNDS __attribute__((reqd_work_group_size(BATCHED_TBA * BATCHED_WPP, 1, 1)))
#else
#define BATCHED_BOUNDS
#endif

#ifdef BATCHED_M
#define BM BATCHED_M
#define BN BATCHED_N
#define BK BATCHED_K
#define BATCHED_UNROLL KT_UNROLL
// A work-item's block of C: RI rows by RJ columns (columns j = ty + jj WY; rows i = tx + ii WX, or tx RI + ii with
// BATCHED_VEC 2).
#define BATCHED_RI ((BATCHED_M + BATCHED_WX - 1) / BATCHED_WX)
#define BATCHED_RJ ((BATCHED_N + BATCHED_WY - 1) / BATCHED_WY)
#if BATCHED_REG && BATCHED_RI * BATCHED_RJ <= 32
#define BATCHED_USE_REG 1
#else
#define BATCHED_USE_REG 0
#endif
#if BATCHED_VEC && BATCHED_USE_REG && BATCHED_DESIGN == 1
#if defined(KT_DOUBLE) && KT_DOUBLE
#define BATCHED_VW 2
#define BATCHED_VT real2
#define BATCHED_VDOT(acc, a, b) acc += (a).x * (b).x, acc += (a).y * (b).y
#define BATCHED_VPUT(dst, v) (dst)[0] = (v).x, (dst)[1] = (v).y
#else
#define BATCHED_VW 4
#define BATCHED_VT real4
#define BATCHED_VDOT(acc, a, b) acc += (a).x * (b).x, acc += (a).y * (b).y, acc += (a).z * (b).z, acc += (a).w * (b).w
#define BATCHED_VPUT(dst, v) (dst)[0] = (v).x, (dst)[1] = (v).y, (dst)[2] = (v).z, (dst)[3] = (v).w
#endif
#define BATCHED_KV ((BATCHED_K + BATCHED_VW - 1) / BATCHED_VW * BATCHED_VW) // k rounded up to whole vectors
#endif
#if BATCHED_VEC == 1 && BATCHED_USE_REG && BATCHED_DESIGN == 1
#define BATCHED_USE_VEC 1
#if BATCHED_PAD && (BATCHED_KV / BATCHED_VW) % 2 == 0
#define BATCHED_LDK (BATCHED_KV + BATCHED_VW)
#else
#define BATCHED_LDK BATCHED_KV
#endif
#else
#define BATCHED_USE_VEC 0
#endif
#if BATCHED_VEC == 2 && BATCHED_USE_REG && BATCHED_DESIGN == 1
// Column-major tiles whose columns are whole vectors: op(B) read along k, VW values of p per shared-memory
// instruction; op(A) read along m where a work-item's RI consecutive rows are whole vectors (BATCHED_VA).
#define BATCHED_USE_VEC2 1
#define BATCHED_VA (BATCHED_RI % BATCHED_VW == 0)
// op(A)'s rows in the tile: m in whole vectors, or with BATCHED_VA whole blocks of RI rows (the last work-item with
// a row in the problem reads its RI rows from the tile)
#if BATCHED_VA
#define BATCHED_MV ((BATCHED_M + BATCHED_RI - 1) / BATCHED_RI * BATCHED_RI)
#else
#define BATCHED_MV ((BATCHED_M + BATCHED_VW - 1) / BATCHED_VW * BATCHED_VW)
#endif
#else
#define BATCHED_USE_VEC2 0
#endif
// Leading dimensions of the shared tiles op(A) (BM x BK) and op(B) (BK x BN): odd with BATCHED_PAD, so that
// addresses ld apart fall in different banks (4-byte banks; an odd count of 8-byte elements as well). With
// BATCHED_VEC 2 whole vectors instead (m and k rounded up), op(B)'s an odd number of them with padding: the columns
// that a warp reads then start in different banks.
#if BATCHED_USE_VEC2
#define BATCHED_LDSA BATCHED_MV
#if BATCHED_PAD && (BATCHED_KV / BATCHED_VW) % 2 == 0
#define BATCHED_LDSB (BATCHED_KV + BATCHED_VW)
#else
#define BATCHED_LDSB BATCHED_KV
#endif
#elif BATCHED_PAD
#define BATCHED_LDSA (BATCHED_M | 1)
#define BATCHED_LDSB (BATCHED_K | 1)
#else
#define BATCHED_LDSA BATCHED_M
#define BATCHED_LDSB BATCHED_K
#endif
#define BATCHED_CAP_A (BATCHED_LDSA * BATCHED_K)
#define BATCHED_CAP_B (BATCHED_LDSB * BATCHED_N)
#if BATCHED_USE_VEC2
#define BATCHED_ROW(tx, ii) ((tx) * BATCHED_RI + (ii))
#else
#define BATCHED_ROW(tx, ii) ((tx) + (ii) * BATCHED_WX)
#endif
// The next round's operands: in registers (BATCHED_PREFETCH) or in the second shared buffer (BATCHED_USE_ASYNC).
#if BATCHED_SEQ > 1 && BATCHED_USE_REG && BATCHED_DESIGN == 1 && !BATCHED_USE_VEC && BATCHED_ASYNC &&                 \
    !BATCHED_USE_VEC2
#define BATCHED_PREFETCH 0
#define BATCHED_USE_ASYNC 1
#elif BATCHED_SEQ > 1 && BATCHED_USE_REG && BATCHED_DESIGN == 1 && !BATCHED_USE_VEC
#define BATCHED_PREFETCH 1
#define BATCHED_USE_ASYNC 0
#else
#define BATCHED_PREFETCH 0
#define BATCHED_USE_ASYNC 0
#endif
#else
#define BM m
#define BN n
#define BK k
#define BATCHED_LDSA m
#define BATCHED_LDSB k
#define BATCHED_CAP_A BATCHED_MAX_MK
#define BATCHED_CAP_B BATCHED_MAX_KN
#define BATCHED_UNROLL
#define BATCHED_USE_REG 0
#define BATCHED_USE_VEC 0
#define BATCHED_USE_VEC2 0
#define BATCHED_PREFETCH 0
#define BATCHED_USE_ASYNC 0
#endif
// cp.async (sm_80 and later; NVRTC and nvcc define __CUDA_ARCH__ for the architecture compiled for).
#if BATCHED_USE_ASYNC && defined(KT_CUDA) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define BATCHED_CP_ASYNC 1
#else
#define BATCHED_CP_ASYNC 0
#endif
#if BATCHED_USE_ASYNC
#define BATCHED_BUFFERS 2
#else
#define BATCHED_BUFFERS 1
#endif
#if BATCHED_USE_ASYNC && defined(KT_CUDA)
#define BATCHED_TILE_ALIGN __align__(16) // the vector copies' destinations: runs of LDV elements, 16 bytes at most
#else
#define BATCHED_TILE_ALIGN
#endif

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

// Problem P's operands (P past the batch: problem 0's offsets, never computed on).
#if BATCHED_POINTERS
#define BATCHED_PROBLEM(X, off, ptr, stride, P) ((X) + (off) + (ptr)[(P) < batch ? (P) : 0])
#else
#define BATCHED_PROBLEM(X, off, ptr, stride, P) ((X) + (off) + (long)(P) * (stride))
#endif
// Staging element e of op(A) (i, p) and of op(B) (p, j), in the order they lie in global memory.
#if BATCHED_TRANS_A
#define BATCHED_STAGE_AI(e) ((e) / BK)
#define BATCHED_STAGE_AP(e) ((e) % BK)
#else
#define BATCHED_STAGE_AI(e) ((e) % BM)
#define BATCHED_STAGE_AP(e) ((e) / BM)
#endif
#if BATCHED_TRANS_B
#define BATCHED_STAGE_BP(e) ((e) / BN)
#define BATCHED_STAGE_BJ(e) ((e) % BN)
#else
#define BATCHED_STAGE_BP(e) ((e) % BK)
#define BATCHED_STAGE_BJ(e) ((e) / BK)
#endif

KT_KERNEL BATCHED_BOUNDS void gemm_batched(const int m, const int n, const int k, const int batch, const real alpha,
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

    // Local memory is declared at kernel scope (OpenCL C), once for every round.
#if BATCHED_USE_VEC
    // op(A) by rows and op(B) by columns, each row or column BATCHED_LDK long (k, zeros up to KV, padding); declared
    // as vectors so that every row and column starts 16-byte aligned.
    KT_LOCAL BATCHED_VT sAv[BATCHED_TBA * BM * BATCHED_LDK / BATCHED_VW];
    KT_LOCAL BATCHED_VT sBv[BATCHED_TBA * BN * BATCHED_LDK / BATCHED_VW];
    BATCHED_LOCAL_PTR real* sA = (BATCHED_LOCAL_PTR real*)sAv;
    BATCHED_LOCAL_PTR real* sB = (BATCHED_LOCAL_PTR real*)sBv;
    const int baseA = q * BM * BATCHED_LDK, baseB = q * BN * BATCHED_LDK;
#elif BATCHED_USE_VEC2
    // Column-major as below, declared as vectors so that every column (whole vectors long) starts 16-byte aligned.
    KT_LOCAL BATCHED_VT sAv[BATCHED_TBA * BATCHED_CAP_A / BATCHED_VW];
    KT_LOCAL BATCHED_VT sBv[BATCHED_TBA * BATCHED_CAP_B / BATCHED_VW];
    BATCHED_LOCAL_PTR real* sA = (BATCHED_LOCAL_PTR real*)sAv;
    BATCHED_LOCAL_PTR real* sB = (BATCHED_LOCAL_PTR real*)sBv;
    const int baseA = q * BATCHED_CAP_A, baseB = q * BATCHED_CAP_B;
#elif BATCHED_DESIGN == 1
    // op(A) as BM x BK and op(B) as BK x BN, column-major with leading dimensions BATCHED_LDSA and BATCHED_LDSB.
    // With BATCHED_ASYNC two of each: round r's tiles in buffer r % 2 while the copies of round r + 1 fill the other.
    KT_LOCAL BATCHED_TILE_ALIGN real sA[BATCHED_BUFFERS * BATCHED_TBA * BATCHED_CAP_A];
    KT_LOCAL BATCHED_TILE_ALIGN real sB[BATCHED_BUFFERS * BATCHED_TBA * BATCHED_CAP_B];
    const int baseA = q * BATCHED_CAP_A, baseB = q * BATCHED_CAP_B;
#endif

#if BATCHED_USE_REG
    // The work-item's elements of C, clamped into the problem: rows and columns past it compute on a copy of the
    // last one and are never stored, so the loops below need no bounds tests and every read stays in the problem.
    int ic[BATCHED_RI], jc[BATCHED_RJ];
    KT_UNROLL
    for (int ii = 0; ii < BATCHED_RI; ++ii) ic[ii] = min(BATCHED_ROW(tx, ii), BM - 1);
    KT_UNROLL
    for (int jj = 0; jj < BATCHED_RJ; ++jj) jc[jj] = min(ty + jj * BATCHED_WY, BN - 1);
    real cin[BATCHED_RI][BATCHED_RJ];
#endif

#if BATCHED_PREFETCH || BATCHED_USE_ASYNC
    // The next round's share of A and B and its block of C, in registers: vectors r, r + WPP, ... of LA (LB)
    // consecutive staging elements each (LA = BATCHED_LDV where a column of the stored A is a whole number of
    // vectors, else 1).
#if BATCHED_TRANS_A
#define BATCHED_COL_A BK
#else
#define BATCHED_COL_A BM
#endif
#if BATCHED_TRANS_B
#define BATCHED_COL_B BN
#else
#define BATCHED_COL_B BK
#endif
#define BATCHED_LA (BATCHED_COL_A % BATCHED_LDV == 0 ? BATCHED_LDV : 1)
#define BATCHED_LB (BATCHED_COL_B % BATCHED_LDV == 0 ? BATCHED_LDV : 1)
#define BATCHED_SA ((BM * BK + BATCHED_LA * BATCHED_WPP - 1) / (BATCHED_LA * BATCHED_WPP))
#define BATCHED_SB ((BK * BN + BATCHED_LB * BATCHED_WPP - 1) / (BATCHED_LB * BATCHED_WPP))
#if BATCHED_PREFETCH
    real nA[BATCHED_SA * BATCHED_LA], nB[BATCHED_SB * BATCHED_LB], ncin[BATCHED_RI][BATCHED_RJ];
#endif
#if BATCHED_LDV == 4
#define BATCHED_LDV_T real4
#define BATCHED_LDV_PUT(dst, v) (dst)[0] = (v).x, (dst)[1] = (v).y, (dst)[2] = (v).z, (dst)[3] = (v).w
#elif BATCHED_LDV == 2
#define BATCHED_LDV_T real2
#define BATCHED_LDV_PUT(dst, v) (dst)[0] = (v).x, (dst)[1] = (v).y
#endif
// L elements from src (consecutive in memory) into dst[0 .. L): one vector load where L is the vector width and
// `aligned`, else one load each.
#if BATCHED_LDV > 1
#define BATCHED_LOAD_RUN(dst, src, L, aligned)                                                                         \
    if ((L) == BATCHED_LDV && (aligned)) {                                                                             \
        const BATCHED_LDV_T v = *(const KT_GLOBAL BATCHED_LDV_T*)(src);                                                \
        BATCHED_LDV_PUT(dst, v);                                                                                       \
    } else {                                                                                                           \
        KT_UNROLL                                                                                                      \
        for (int t = 0; t < (L); ++t) (dst)[t] = KT_LDG((src) + t);                                                    \
    }
#else
#define BATCHED_LOAD_RUN(dst, src, L, aligned) (dst)[0] = KT_LDG(src);
#endif
// Whether operand X of a problem at p (leading dimension ld) starts every column on a vector boundary.
#define BATCHED_ALIGNED(p, ld) ((((size_t)(p)) % (BATCHED_LDV * sizeof(real))) == 0 && (ld) % BATCHED_LDV == 0)
#if BATCHED_POINTERS
    // Pointer arrays: the offsets of the problem fetched next are read one fetch ahead (with the loads of the problem
    // before), so a fetch's loads do not wait on its offsets' latency first.
    int nextA, nextB, nextC;
#define BATCHED_NEXT_OFFSETS(P)                                                                                        \
    {                                                                                                                  \
        const int pq = (P) < batch ? (P) : 0;                                                                          \
        nextA = ptrA[pq], nextB = ptrB[pq], nextC = ptrC[pq];                                                          \
    }
    BATCHED_NEXT_OFFSETS((int)get_group_id(0) * BATCHED_SEQ * BATCHED_TBA + q)
#define BATCHED_FETCH_PROBLEMS(pn)                                                                                     \
    const KT_GLOBAL real* an = A + offa + nextA;                                                                       \
    const KT_GLOBAL real* bn = B + offb + nextB;                                                                       \
    const KT_GLOBAL real* cn = C + offc + nextC;
#define BATCHED_FETCH_AHEAD(pn) BATCHED_NEXT_OFFSETS((pn) + BATCHED_TBA)
#else
#define BATCHED_FETCH_PROBLEMS(pn)                                                                                     \
    const KT_GLOBAL real* an = BATCHED_PROBLEM(A, offa, ptrA, strideA, pn);                                            \
    const KT_GLOBAL real* bn = BATCHED_PROBLEM(B, offb, ptrB, strideB, pn);                                            \
    const KT_GLOBAL real* cn = BATCHED_PROBLEM(C, offc, ptrC, strideC, pn);
#define BATCHED_FETCH_AHEAD(pn)
#endif
#if BATCHED_PREFETCH
#define BATCHED_FETCH(P)                                                                                               \
    {                                                                                                                  \
        const int pn = (P);                                                                                            \
        const int live = pn < batch;                                                                                   \
        BATCHED_FETCH_PROBLEMS(pn)                                                                                     \
        const int alignedA = BATCHED_ALIGNED(an, lda), alignedB = BATCHED_ALIGNED(bn, ldb);                            \
        KT_UNROLL                                                                                                      \
        for (int s = 0; s < BATCHED_SA; ++s) {                                                                         \
            const int e = (r + s * BATCHED_WPP) * BATCHED_LA;                                                          \
            if (live && e < BM * BK) {                                                                                 \
                BATCHED_LOAD_RUN(&nA[s * BATCHED_LA],                                                                  \
                                 &an[BATCHED_IDX_A(BATCHED_STAGE_AI(e), BATCHED_STAGE_AP(e))], BATCHED_LA, alignedA)   \
            } else {                                                                                                   \
                KT_UNROLL                                                                                              \
                for (int t = 0; t < BATCHED_LA; ++t) nA[s * BATCHED_LA + t] = 0;                                       \
            }                                                                                                          \
        }                                                                                                              \
        KT_UNROLL                                                                                                      \
        for (int s = 0; s < BATCHED_SB; ++s) {                                                                         \
            const int e = (r + s * BATCHED_WPP) * BATCHED_LB;                                                          \
            if (live && e < BK * BN) {                                                                                 \
                BATCHED_LOAD_RUN(&nB[s * BATCHED_LB],                                                                  \
                                 &bn[BATCHED_IDX_B(BATCHED_STAGE_BP(e), BATCHED_STAGE_BJ(e))], BATCHED_LB, alignedB)   \
            } else {                                                                                                   \
                KT_UNROLL                                                                                              \
                for (int t = 0; t < BATCHED_LB; ++t) nB[s * BATCHED_LB + t] = 0;                                       \
            }                                                                                                          \
        }                                                                                                              \
        KT_UNROLL                                                                                                      \
        for (int ii = 0; ii < BATCHED_RI; ++ii) {                                                                      \
            KT_UNROLL                                                                                                  \
            for (int jj = 0; jj < BATCHED_RJ; ++jj)                                                                    \
                ncin[ii][jj] = live && beta != (real)0 ? cn[ic[ii] + jc[jj] * ldc] : 0;                                \
        }                                                                                                              \
        BATCHED_FETCH_AHEAD(pn)                                                                                        \
    }
    BATCHED_FETCH((int)get_group_id(0) * BATCHED_SEQ * BATCHED_TBA + q)
#else // BATCHED_USE_ASYNC
    // The copies of one round: work-item r takes runs r, r + WPP, ... of LA (LB) consecutive stored elements of A (B)
    // and puts them in their places of op(A) (op(B)) in shared buffer `buf`. A run is one copy where it lies whole in
    // a tile column too (the operand not transposed, the tile's leading dimension a multiple of the run; the tiles
    // are 16-byte aligned) and the problem's operand is aligned at run time; otherwise (transposed operands: the run
    // crosses tile columns) one copy per element. C is not copied: it is read at the start of its round (below).
#define BATCHED_RUN_A                                                                                                  \
    (!BATCHED_TRANS_A && BATCHED_LDV > 1 && BATCHED_LA == BATCHED_LDV && BATCHED_LDSA % BATCHED_LDV == 0)
#define BATCHED_RUN_B                                                                                                  \
    (!BATCHED_TRANS_B && BATCHED_LDV > 1 && BATCHED_LB == BATCHED_LDV && BATCHED_LDSB % BATCHED_LDV == 0)
#if BATCHED_CP_ASYNC
// Elements per copy of a whole run: cp.async moves at most 16 bytes (4 doubles in two copies).
#if defined(KT_DOUBLE) && KT_DOUBLE && BATCHED_LDV == 4
#define BATCHED_PIECE 2
#else
#define BATCHED_PIECE BATCHED_LDV
#endif
#define BATCHED_CP(dst, src, BYTES)                                                                                    \
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"((unsigned)__cvta_generic_to_shared(dst)),       \
                 "l"(src), "n"(BYTES)                                                                                  \
                 : "memory")
// L elements from src to dst, dst[0], dst[stride], ...; `whole` (a compile-time constant): one run of LDV elements in
// both memories, copied in 16-byte pieces (8 bytes for 2 floats) when `aligned`.
#define BATCHED_COPY_RUN(dst, stride, src, L, whole, aligned)                                                          \
    if ((whole) && (aligned)) {                                                                                        \
        KT_UNROLL                                                                                                      \
        for (int h = 0; h < BATCHED_LDV / BATCHED_PIECE; ++h)                                                          \
            BATCHED_CP((dst) + h * BATCHED_PIECE, (src) + h * BATCHED_PIECE, BATCHED_PIECE * sizeof(real));            \
    } else {                                                                                                           \
        KT_UNROLL                                                                                                      \
        for (int t = 0; t < (L); ++t) BATCHED_CP((dst) + t * (stride), (src) + t, sizeof(real));                     \
    }
#define BATCHED_COMMIT() asm volatile("cp.async.commit_group;\n" ::: "memory")
#define BATCHED_WAIT() asm volatile("cp.async.wait_all;\n" ::: "memory")
#else
// The same buffers filled with ordinary loads and stores (OpenCL, CUDA before sm_80): the loads of a run as
// BATCHED_LOAD_RUN makes them (one vector where aligned), so the run decisions are exercised everywhere.
#define BATCHED_COPY_RUN(dst, stride, src, L, whole, aligned)                                                          \
    {                                                                                                                  \
        real v_[BATCHED_LDV];                                                                                          \
        BATCHED_LOAD_RUN(v_, src, L, (whole) && (aligned))                                                             \
        KT_UNROLL                                                                                                      \
        for (int t = 0; t < (L); ++t) (dst)[t * (stride)] = v_[t];                                                     \
    }
#define BATCHED_COMMIT()
#define BATCHED_WAIT()
#endif
// The copy loops stay rolled: unrolled, the compiler keeps every copy's shared and global offsets (loop-invariant
// across rounds) in registers, 128 a work-item at single 25 (8 x 8, 2 problems, 8 rounds; ptxas for sm_90) against
// 71 rolled, where the offsets are recomputed per copy (a few integer operations beside a memory instruction).
#define BATCHED_ROLLED KT_PRAGMA(unroll 1)
#define BATCHED_ISSUE(P, buf)                                                                                          \
    {                                                                                                                  \
        const int pn = (P);                                                                                            \
        if (pn < batch) {                                                                                              \
            BATCHED_FETCH_PROBLEMS(pn)                                                                                 \
            const int alignedA = BATCHED_ALIGNED(an, lda), alignedB = BATCHED_ALIGNED(bn, ldb);                        \
            BATCHED_LOCAL_PTR real* tA = sA + (buf) * (BATCHED_TBA * BATCHED_CAP_A) + baseA;                           \
            BATCHED_LOCAL_PTR real* tB = sB + (buf) * (BATCHED_TBA * BATCHED_CAP_B) + baseB;                           \
            BATCHED_ROLLED                                                                                             \
            for (int s = 0; s < BATCHED_SA; ++s) {                                                                     \
                const int e = (r + s * BATCHED_WPP) * BATCHED_LA;                                                      \
                if (e < BM * BK)                                                                                       \
                    BATCHED_COPY_RUN(&tA[BATCHED_STAGE_AI(e) + BATCHED_STAGE_AP(e) * BATCHED_LDSA],                    \
                                     BATCHED_TRANS_A ? BATCHED_LDSA : 1,                                               \
                                     &an[BATCHED_IDX_A(BATCHED_STAGE_AI(e), BATCHED_STAGE_AP(e))], BATCHED_LA,         \
                                     BATCHED_RUN_A, alignedA)                                                          \
            }                                                                                                          \
            BATCHED_ROLLED                                                                                             \
            for (int s = 0; s < BATCHED_SB; ++s) {                                                                     \
                const int e = (r + s * BATCHED_WPP) * BATCHED_LB;                                                      \
                if (e < BK * BN)                                                                                       \
                    BATCHED_COPY_RUN(&tB[BATCHED_STAGE_BP(e) + BATCHED_STAGE_BJ(e) * BATCHED_LDSB],                    \
                                     BATCHED_TRANS_B ? BATCHED_LDSB : 1,                                               \
                                     &bn[BATCHED_IDX_B(BATCHED_STAGE_BP(e), BATCHED_STAGE_BJ(e))], BATCHED_LB,         \
                                     BATCHED_RUN_B, alignedB)                                                          \
            }                                                                                                          \
            BATCHED_FETCH_AHEAD(pn)                                                                                    \
        }                                                                                                              \
        BATCHED_COMMIT();                                                                                              \
    }
    BATCHED_ISSUE((int)get_group_id(0) * BATCHED_SEQ * BATCHED_TBA + q, 0)
#endif
#endif

    for (int round = 0; round < BATCHED_SEQ; ++round) {
    const int prob = ((int)get_group_id(0) * BATCHED_SEQ + round) * BATCHED_TBA + q;
    const int active = prob < batch;
#if !BATCHED_PREFETCH && !BATCHED_USE_ASYNC // (with prefetch the tiles hold this round's A and B)
    const KT_GLOBAL real* a = BATCHED_PROBLEM(A, offa, ptrA, strideA, prob);
    const KT_GLOBAL real* b = BATCHED_PROBLEM(B, offb, ptrB, strideB, prob);
#endif
    KT_GLOBAL real* c = BATCHED_PROBLEM(C, offc, ptrC, strideC, prob);
#if BATCHED_DESIGN == 1 && !BATCHED_USE_ASYNC
    if (round > 0) KT_BARRIER(); // the previous round's tiles have been read
#endif

#if BATCHED_PREFETCH
    // This round's operands came in the last round (or before the loop): into the tiles, then the next round's loads
    // are issued and stay in flight while this round computes.
    KT_UNROLL
    for (int s = 0; s < BATCHED_SA * BATCHED_LA; ++s) {
        const int e = (r + (s / BATCHED_LA) * BATCHED_WPP) * BATCHED_LA + s % BATCHED_LA;
        if (e < BM * BK) sA[baseA + BATCHED_STAGE_AI(e) + BATCHED_STAGE_AP(e) * BATCHED_LDSA] = nA[s];
    }
    KT_UNROLL
    for (int s = 0; s < BATCHED_SB * BATCHED_LB; ++s) {
        const int e = (r + (s / BATCHED_LB) * BATCHED_WPP) * BATCHED_LB + s % BATCHED_LB;
        if (e < BK * BN) sB[baseB + BATCHED_STAGE_BP(e) + BATCHED_STAGE_BJ(e) * BATCHED_LDSB] = nB[s];
    }
    KT_UNROLL
    for (int ii = 0; ii < BATCHED_RI; ++ii) {
        KT_UNROLL
        for (int jj = 0; jj < BATCHED_RJ; ++jj) cin[ii][jj] = ncin[ii][jj];
    }
    KT_BARRIER();
    if (round + 1 < BATCHED_SEQ) BATCHED_FETCH(prob + BATCHED_TBA)
#else
#if BATCHED_USE_REG
    // C first: its loads are in flight together with those of A and B (one memory latency per problem, not two).
    KT_UNROLL
    for (int ii = 0; ii < BATCHED_RI; ++ii) {
        KT_UNROLL
        for (int jj = 0; jj < BATCHED_RJ; ++jj) cin[ii][jj] = 0;
    }
    if (active && beta != (real)0) { // beta == 0: C is not read (BLAS), so NaN there never reaches the result
        KT_UNROLL
        for (int ii = 0; ii < BATCHED_RI; ++ii) {
            KT_UNROLL
            for (int jj = 0; jj < BATCHED_RJ; ++jj) cin[ii][jj] = c[ic[ii] + jc[jj] * ldc];
        }
    }
#endif
#endif // BATCHED_PREFETCH

#if BATCHED_PREFETCH
#elif BATCHED_USE_ASYNC
    // C of this round was read just above (its latency overlaps this round's arithmetic): reading it a round ahead
    // as the register prefetch does would hold two blocks of C across the arithmetic instead of one, and registers
    // are what this path is for. Then this work-item's copies of this round (issued a round ago) have landed; the
    // barrier makes every work-item's visible and says that every work-item is done with the other buffer (read in
    // the last round), which the next round's copies now fill while this round computes.
    BATCHED_WAIT();
    KT_BARRIER();
    if (round + 1 < BATCHED_SEQ) BATCHED_ISSUE(prob + BATCHED_TBA, (round + 1) & 1)
#elif BATCHED_USE_VEC
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
                sA[baseA + p + i * BATCHED_LDK] = KT_LDG(&a[BATCHED_IDX_A(i, p)]);
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
                sB[baseB + p + j * BATCHED_LDK] = KT_LDG(&b[BATCHED_IDX_B(p, j)]);
            }
        }
#if BATCHED_KV > BATCHED_K
        // The rounding of k: zeros in both tiles, so the extra products add 0 (never NaN from stale memory).
        for (int e = r; e < (BM + BN) * (BATCHED_KV - BK); e += BATCHED_WPP) {
            const int row = e / (BATCHED_KV - BK), p = BK + e % (BATCHED_KV - BK);
            if (row < BM)
                sA[baseA + p + row * BATCHED_LDK] = 0;
            else
                sB[baseB + p + (row - BM) * BATCHED_LDK] = 0;
        }
#endif
    }
    KT_BARRIER();
#elif BATCHED_DESIGN == 1
    // Staged in the order the operands lie in global memory.
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
                sA[baseA + i + p * BATCHED_LDSA] = KT_LDG(&a[BATCHED_IDX_A(i, p)]);
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
                sB[baseB + p + j * BATCHED_LDSB] = KT_LDG(&b[BATCHED_IDX_B(p, j)]);
            }
        }
    }
    KT_BARRIER();
#endif
#if BATCHED_USE_ASYNC
    const int roundA = baseA + (round & 1) * (BATCHED_TBA * BATCHED_CAP_A); // this round's buffer
    const int roundB = baseB + (round & 1) * (BATCHED_TBA * BATCHED_CAP_B);
#define BATCHED_OPA(i, p) sA[roundA + (i) + (p) * BATCHED_LDSA]
#define BATCHED_OPB(p, j) sB[roundB + (p) + (j) * BATCHED_LDSB]
#elif BATCHED_DESIGN == 1 && !BATCHED_USE_VEC
#define BATCHED_OPA(i, p) sA[baseA + (i) + (p) * BATCHED_LDSA]
#define BATCHED_OPB(p, j) sB[baseB + (p) + (j) * BATCHED_LDSB]
#else
#define BATCHED_OPA(i, p) KT_LDG(&a[BATCHED_IDX_A(i, p)])
#define BATCHED_OPB(p, j) KT_LDG(&b[BATCHED_IDX_B(p, j)])
#endif
    if (!active) continue; // after the barrier: every work-item of the group reaches it (and the next round's)

#if BATCHED_USE_REG
    real acc[BATCHED_RI][BATCHED_RJ];
    KT_UNROLL
    for (int ii = 0; ii < BATCHED_RI; ++ii) {
        KT_UNROLL
        for (int jj = 0; jj < BATCHED_RJ; ++jj) acc[ii][jj] = 0;
    }
#if BATCHED_USE_VEC
    int rowA[BATCHED_RI], colB[BATCHED_RJ]; // in vectors
    KT_UNROLL
    for (int ii = 0; ii < BATCHED_RI; ++ii) rowA[ii] = (baseA + ic[ii] * BATCHED_LDK) / BATCHED_VW;
    KT_UNROLL
    for (int jj = 0; jj < BATCHED_RJ; ++jj) colB[jj] = (baseB + jc[jj] * BATCHED_LDK) / BATCHED_VW;
    KT_UNROLL
    for (int pv = 0; pv < BATCHED_KV / BATCHED_VW; ++pv) {
        BATCHED_VT va[BATCHED_RI], vb[BATCHED_RJ];
        KT_UNROLL
        for (int ii = 0; ii < BATCHED_RI; ++ii) va[ii] = sAv[rowA[ii] + pv];
        KT_UNROLL
        for (int jj = 0; jj < BATCHED_RJ; ++jj) vb[jj] = sBv[colB[jj] + pv];
        KT_UNROLL
        for (int ii = 0; ii < BATCHED_RI; ++ii) {
            KT_UNROLL
            for (int jj = 0; jj < BATCHED_RJ; ++jj) BATCHED_VDOT(acc[ii][jj], va[ii], vb[jj]);
        }
    }
#elif BATCHED_USE_VEC2
    // Per vector of p: op(B)'s VW values of each of the work-item's columns in one read each; per p, op(A)'s RI rows
    // in RI / VW reads (rows past the problem, never written, only feed elements of C that are never stored; work-items
    // with no row in the problem read the last block), or one each where the rows are not whole vectors. p past k is
    // skipped at compile time.
#if BATCHED_VA
    const int rowA = (baseA + min(tx * BATCHED_RI, BATCHED_MV - BATCHED_RI)) / BATCHED_VW; // in vectors
#endif
    int colB[BATCHED_RJ];
    KT_UNROLL
    for (int jj = 0; jj < BATCHED_RJ; ++jj) colB[jj] = (baseB + jc[jj] * BATCHED_LDSB) / BATCHED_VW;
    KT_UNROLL
    for (int pv = 0; pv < BATCHED_KV / BATCHED_VW; ++pv) {
        real rb[BATCHED_RJ][BATCHED_VW];
        KT_UNROLL
        for (int jj = 0; jj < BATCHED_RJ; ++jj) {
            const BATCHED_VT v = sBv[colB[jj] + pv];
            BATCHED_VPUT(rb[jj], v);
        }
        KT_UNROLL
        for (int t = 0; t < BATCHED_VW; ++t) {
            const int p = pv * BATCHED_VW + t;
            if (p < BK) {
                real ra[BATCHED_RI];
#if BATCHED_VA
                KT_UNROLL
                for (int v = 0; v < BATCHED_RI / BATCHED_VW; ++v) {
                    const BATCHED_VT x = sAv[rowA + p * (BATCHED_LDSA / BATCHED_VW) + v];
                    BATCHED_VPUT(&ra[v * BATCHED_VW], x);
                }
#else
                KT_UNROLL
                for (int ii = 0; ii < BATCHED_RI; ++ii) ra[ii] = sA[baseA + ic[ii] + p * BATCHED_LDSA];
#endif
                KT_UNROLL
                for (int ii = 0; ii < BATCHED_RI; ++ii) {
                    KT_UNROLL
                    for (int jj = 0; jj < BATCHED_RJ; ++jj) acc[ii][jj] += ra[ii] * rb[jj][t];
                }
            }
        }
    }
#else
    KT_UNROLL
    for (int p = 0; p < BK; ++p) {
        real ra[BATCHED_RI], rb[BATCHED_RJ];
        KT_UNROLL
        for (int ii = 0; ii < BATCHED_RI; ++ii) ra[ii] = BATCHED_OPA(ic[ii], p);
        KT_UNROLL
        for (int jj = 0; jj < BATCHED_RJ; ++jj) rb[jj] = BATCHED_OPB(p, jc[jj]);
        KT_UNROLL
        for (int ii = 0; ii < BATCHED_RI; ++ii) {
            KT_UNROLL
            for (int jj = 0; jj < BATCHED_RJ; ++jj) acc[ii][jj] += ra[ii] * rb[jj];
        }
    }
#endif
    KT_UNROLL
    for (int jj = 0; jj < BATCHED_RJ; ++jj) {
        const int j = ty + jj * BATCHED_WY;
        KT_UNROLL
        for (int ii = 0; ii < BATCHED_RI; ++ii) {
            const int i = BATCHED_ROW(tx, ii);
            if (i < BM && j < BN) {
                const int o = i + j * ldc;
                c[o] = beta == (real)0 ? alpha * acc[ii][jj] : alpha * acc[ii][jj] + beta * cin[ii][jj];
            }
        }
    }
#else
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
#endif
    } // rounds
}
