// SYMV kernels: y = alpha A x + beta y, A n x n symmetric, column-major with leading dimension lda, the triangle
// given by SYMV_UPPER (0: lower, 1: upper). Tuning macros (kernels/symv/README.md):
//   SYMV_BLOCK_SIZE   work-items per work-group (1-D)
//   SYMV_UX           columns of A per work-group (the atomic algorithm)
//   SYMV_MX           the order in which a work-item visits its SYMV_UX column streams (0..9)
//   SYMV_ATOMIC_ADD   0: add into y under a per-segment lock (CAS / exchange), 1: float atomic adds
//   SYMV_LOCAL_ELEMS  reals of local memory requested (at least SYMV_BLOCK_SIZE + SYMV_UX): sized by the plan so
//                     that only SYMV_MULTIPLICITY work-groups fit on one compute unit
// beta is applied once, by symv_scale (atomic algorithm) or symv_lu_rows (L+U), before any addition into y.
// Operands as in BLAS: A starts at element offA, x at offx with increment incx, y (and y0, which a routine binds to
// y itself) at offy with increment incy (increments >= 1); a tuning run passes 0 and 1.

#if defined(KT_CUDA)
#define SYMV_GLOBAL_FENCE() __threadfence()
#define SYMV_BARRIER_GLOBAL() __syncthreads()
#define SYMV_LOCAL_PTR // a pointer into local memory: __shared__ qualifies declarations only under CUDA
#else
#define SYMV_LOCAL_PTR __local
#define SYMV_GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#define SYMV_BARRIER_GLOBAL() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#endif

// Column stream k (0 <= k < SYMV_UX) of a work-group visits column symv_col(k); every ordering is a permutation.
KT_FUNC int symv_col(const int k) {
    const int ux = SYMV_UX;
    const int evens = (ux + 1) / 2; // number of even columns
#if SYMV_MX == 0
    return k; // in order
#elif SYMV_MX == 1
    return ux - 1 - k; // reversed
#elif SYMV_MX == 2
    return k < evens ? 2 * k : 2 * (k - evens) + 1; // even columns, then odd
#elif SYMV_MX == 3
    return k < ux / 2 ? 2 * k + 1 : 2 * (k - ux / 2); // odd columns, then even
#elif SYMV_MX == 4
    return (k % 2 == 0) ? k / 2 : evens + k / 2; // the two halves interleaved
#elif SYMV_MX == 5
    return (k + ux / 2) % ux; // rotated by half of SYMV_UX
#elif SYMV_MX == 6
    return (k ^ 1) < ux ? (k ^ 1) : k; // neighbours swapped
#elif SYMV_MX == 7
    return k < evens ? 2 * k : (ux % 2 == 0 ? ux - 1 : ux - 2) - 2 * (k - evens); // even up, odd down
#elif SYMV_MX == 8
    return (k | 3) < ux ? (k ^ 3) : k; // groups of four reversed
#else
    return (k % 2 == 0) ? k / 2 : ux - 1 - k / 2; // from both ends
#endif
}

// The sum of v over the work-group, in red[0] for every work-item on return (red holds SYMV_BLOCK_SIZE reals).
KT_FUNC real symv_group_sum(SYMV_LOCAL_PTR real* red, const int t, const real v) {
    red[t] = v;
    KT_BARRIER();
    int p = 1;
    while (p < SYMV_BLOCK_SIZE) p <<= 1;
    for (int s = p / 2; s > 0; s >>= 1) {
        if (t < s && t + s < SYMV_BLOCK_SIZE) red[t] += red[t + s];
        KT_BARRIER();
    }
    const real sum = red[0];
    KT_BARRIER();
    return sum;
}

// SYMV_PDL 1 (tiled algorithm, CUDA sm_90+): symv_tiled is launched overlapping symv_scale (PlanLaunch::
// overlapsPrevious), so its groups load A and x and form their products while y is still being scaled, and wait for
// symv_scale's grid (SYMV_WAIT_FOR_SCALED_Y) just before their first atomic add into y. symv_scale lets them launch
// at its very start: it is short (one work-item per row), and what the overlap can hide is the gap between the two
// kernels (the tiled grid's launch, its groups' start and first loads), a visible part of a call of a few
// microseconds at n <= 4096 (docs/perf/symv.md). Elsewhere both macros are nothing.
#if defined(SYMV_PDL) && SYMV_PDL
#define SYMV_LET_TILED_START() KT_LET_DEPENDENTS_LAUNCH()
#define SYMV_WAIT_FOR_SCALED_Y() KT_WAIT_FOR_PREVIOUS_GRID()
#else
#define SYMV_LET_TILED_START() ((void)0)
#define SYMV_WAIT_FOR_SCALED_Y() ((void)0)
#endif

// y[i] = beta * y0[i]; beta == 0 writes zeros without reading y0 (BLAS: y may then hold NaN).
KT_KERNEL void symv_scale(const int n, const real beta, const KT_GLOBAL real* y0, KT_GLOBAL real* y, const int offy,
                          const int incy) {
    SYMV_LET_TILED_START();
    const int i = (int)get_global_id(0);
    const int at = offy + i * incy;
    if (i < n) y[at] = beta == (real)0 ? (real)0 : beta * y0[at];
}

KT_KERNEL void symv_zero_locks(const int count, KT_GLOBAL uint* locks) {
    const int i = (int)get_global_id(0);
    if (i < count) locks[i] = 0u;
}

#if !SYMV_ATOMIC_ADD
// The lock is taken by a relaxed compare and swap; the fence after it (acquire) orders the group's reads of y after
// the previous holder's writes, which its fence before the release ordered. A barrier alone would not: under CUDA,
// __syncthreads orders memory for the block only.
KT_FUNC void symv_acquire(KT_GLOBAL uint* lock, const int t) {
    if (t == 0) {
        while (kt_atomic_cas_u32(lock, 0u, 1u) != 0u) {
        }
        SYMV_GLOBAL_FENCE();
    }
    SYMV_BARRIER_GLOBAL();
}
KT_FUNC void symv_release(KT_GLOBAL uint* lock, const int t) {
    SYMV_GLOBAL_FENCE();
    SYMV_BARRIER_GLOBAL();
    if (t == 0) kt_atomic_xchg_u32(lock, 0u);
}
#endif

// Adds v to y[i * incy] for every work-item with i < n; the work-items' rows all lie in segment `segment` of y.
KT_FUNC void symv_add(KT_GLOBAL real* y, const int incy, KT_GLOBAL uint* locks, const int segment, const int t,
                      const int i, const int n, const real v) {
#if SYMV_ATOMIC_ADD
    (void)locks, (void)segment, (void)t;
#if KT_DOUBLE
    if (i < n) kt_atomic_add_f64(y + i * incy, v);
#else
    if (i < n) kt_atomic_add_f32(y + i * incy, v);
#endif
#else
    symv_acquire(locks + segment, t);
    volatile KT_GLOBAL real* vy = y;
    if (i < n) vy[i * incy] = vy[i * incy] + v;
    symv_release(locks + segment, t);
#endif
}

// The atomic algorithm. Work-group g takes columns j0 = g * SYMV_UX ... j0 + SYMV_UX - 1 and walks the rows of its
// triangle in segments of SYMV_BLOCK_SIZE rows (segment s: rows s * SYMV_BLOCK_SIZE ...), one row per work-item.
// Each element A(i, j) read serves two multiply-adds: y[i] += A(i, j) x[j] (summed over the group's columns in the
// work-item, added into segment s of y at once) and y[j] += A(i, j) x[i] (summed over rows per column in registers,
// reduced over the group through local memory at the end). The diagonal counts once.
KT_KERNEL void symv_atomic(const int n, const real alpha, const KT_GLOBAL real* KT_RESTRICT A, const int offA,
                           const int lda, const KT_GLOBAL real* KT_RESTRICT x, const int offx, const int incx,
                           KT_GLOBAL real* y, const int offy, const int incy, KT_GLOBAL uint* locks) {
    A += offA;
    x += offx;
    y += offy;
    KT_LOCAL real red[SYMV_LOCAL_ELEMS]; // SYMV_BLOCK_SIZE for the reduction, SYMV_UX column sums, the rest unused
    SYMV_LOCAL_PTR real* colsum = red + SYMV_BLOCK_SIZE;
    const int t = (int)get_local_id(0);
    const int j0 = (int)get_group_id(0) * SYMV_UX;
    const int jEnd = min(j0 + SYMV_UX, n);
    real xc[SYMV_UX];
    real dot[SYMV_UX];
    KT_UNROLL
    for (int k = 0; k < SYMV_UX; ++k) {
        const int j = j0 + symv_col(k);
        xc[k] = j < n ? x[j * incx] : (real)0;
        dot[k] = (real)0;
    }
#if SYMV_UPPER
    const int sFirst = 0, sLast = (jEnd - 1) / SYMV_BLOCK_SIZE;
#else
    const int sFirst = j0 / SYMV_BLOCK_SIZE, sLast = (n - 1) / SYMV_BLOCK_SIZE;
#endif
    for (int s = sFirst; s <= sLast; ++s) {
        const int i = s * SYMV_BLOCK_SIZE + t;
        real w = (real)0;
        if (i < n) {
            const real xi = x[i * incx];
            KT_UNROLL
            for (int k = 0; k < SYMV_UX; ++k) {
                const int j = j0 + symv_col(k);
#if SYMV_UPPER
                if (j < n && i <= j) {
#else
                if (j < n && i >= j) {
#endif
                    const real a = A[(long)j * lda + i];
                    w = kt_fma(a, xc[k], w);
                    if (i != j) dot[k] = kt_fma(a, xi, dot[k]);
                }
            }
        }
        symv_add(y, incy, locks, s, t, i, n, alpha * w);
    }
    KT_UNROLL
    for (int k = 0; k < SYMV_UX; ++k) {
        const real sum = symv_group_sum(red, t, dot[k]);
        if (t == 0) colsum[symv_col(k)] = sum;
    }
    KT_BARRIER();
    // The column sums go to rows j0 ... jEnd - 1: at most two segments, since SYMV_UX <= SYMV_BLOCK_SIZE.
    const int s0 = j0 / SYMV_BLOCK_SIZE, s1 = (jEnd - 1) / SYMV_BLOCK_SIZE;
    for (int s = s0; s <= s1; ++s) {
        const int i = j0 + t;
        const bool mine = t < SYMV_UX && i < jEnd && i / SYMV_BLOCK_SIZE == s;
        symv_add(y, incy, locks, s, t, mine ? i : n, n, mine ? alpha * colsum[t] : (real)0);
    }
}

// L+U, first kernel (one work-item per row i): y[i] = beta y0[i] + alpha sum over the stored part of row i,
// diagonal included (lower: j <= i, upper: j >= i). Reads along rows: adjacent work-items, adjacent addresses.
KT_KERNEL void symv_lu_rows(const int n, const real alpha, const real beta, const KT_GLOBAL real* KT_RESTRICT A,
                            const int offA, const int lda, const KT_GLOBAL real* KT_RESTRICT x, const int offx,
                            const int incx, const KT_GLOBAL real* y0, KT_GLOBAL real* y, const int offy,
                            const int incy) {
    const int i = (int)get_global_id(0);
    if (i >= n) return;
    A += offA;
    x += offx;
    const int at = offy + i * incy;
#if SYMV_UPPER
    const int jBegin = i, jEnd = n;
#else
    const int jBegin = 0, jEnd = i + 1;
#endif
    real sum = (real)0;
    for (int j = jBegin; j < jEnd; ++j) sum = kt_fma(A[(long)j * lda + i], x[j * incx], sum);
    y[at] = beta == (real)0 ? alpha * sum : alpha * sum + beta * y0[at];
}

// L+U, second kernel (one work-group per column i): y[i] += alpha sum over the strict other triangle of row i, read
// as column i of the stored one (lower: A(j, i), j > i; upper: A(j, i), j < i), reduced over the group.
KT_KERNEL void symv_lu_cols(const int n, const real alpha, const KT_GLOBAL real* KT_RESTRICT A, const int offA,
                            const int lda, const KT_GLOBAL real* KT_RESTRICT x, const int offx, const int incx,
                            KT_GLOBAL real* KT_RESTRICT y, const int offy, const int incy) {
    A += offA;
    x += offx;
    KT_LOCAL real red[SYMV_BLOCK_SIZE];
    const int t = (int)get_local_id(0);
    const int i = (int)get_group_id(0);
#if SYMV_UPPER
    const int jBegin = 0, jEnd = i;
#else
    const int jBegin = i + 1, jEnd = n;
#endif
    real sum = (real)0;
    for (int j = jBegin + t; j < jEnd; j += SYMV_BLOCK_SIZE) sum = kt_fma(A[(long)i * lda + j], x[j * incx], sum);
    sum = symv_group_sum(red, t, sum);
    if (t == 0 && jBegin < jEnd) y[offy + i * incy] += alpha * sum;
}

// L+U in one launch (SYMV_ONE_LAUNCH = R >= 1): work-group g takes the R rows i = g R ... and sums each whole row of
// the symmetric matrix, the stored triangle read along row i (lower: A(i, j), j <= i) and the other as column i
// (lower: A(j, i), j > i), and writes y[i] = beta y0[i] + alpha sum. Each y[i] has one writer, so beta y needs no
// launch of its own and no ordering between groups: what small n pays for is launches, not the second read of half
// the rows (in cache). Along a row the stored triangle is strided (one element of a 32-byte sector per work-item);
// with R rows a work-item's R elements of column j are neighbours, so the group uses whole sectors (R = 4 in double).
// The group's R sums are reduced together (one barrier per step for all of them). y0 is read before the reduction's
// barriers and only work-item 0 writes: were the `t == 0` branch taken by several work-items (the PoCL fault
// described at symv_finish_scaling), they would all write the same values, also where y0 is y.
#if defined(SYMV_ONE_LAUNCH) && SYMV_ONE_LAUNCH > 0
#define SYMV_LU_ROWS SYMV_ONE_LAUNCH
#else
#define SYMV_LU_ROWS 1
#endif
KT_KERNEL void symv_lu_one(const int n, const real alpha, const real beta, const KT_GLOBAL real* KT_RESTRICT A,
                           const int offA, const int lda, const KT_GLOBAL real* KT_RESTRICT x, const int offx,
                           const int incx, const KT_GLOBAL real* y0, KT_GLOBAL real* y, const int offy,
                           const int incy) {
    A += offA;
    x += offx;
    KT_LOCAL real red[SYMV_BLOCK_SIZE * SYMV_LU_ROWS];
    const int t = (int)get_local_id(0);
    const int i0 = (int)get_group_id(0) * SYMV_LU_ROWS;
    real sum[SYMV_LU_ROWS], base[SYMV_LU_ROWS];
    KT_UNROLL
    for (int r = 0; r < SYMV_LU_ROWS; ++r) {
        const int i = min(i0 + r, n - 1); // rows past n repeat row n - 1 and are never written
        base[r] = beta == (real)0 ? (real)0 : beta * y0[offy + i * incy];
        sum[r] = (real)0;
    }
    for (int j = t; j < n; j += SYMV_BLOCK_SIZE) {
        const real xj = x[j * incx];
        KT_UNROLL
        for (int r = 0; r < SYMV_LU_ROWS; ++r) {
            const int i = min(i0 + r, n - 1);
#if SYMV_UPPER
            const bool stored = j >= i; // A(i, j) in column j; else A(j, i) in column i
#else
            const bool stored = j <= i;
#endif
            const real a = stored ? A[(long)j * lda + i] : A[(long)i * lda + j];
            sum[r] = kt_fma(a, xj, sum[r]);
        }
    }
    KT_UNROLL
    for (int r = 0; r < SYMV_LU_ROWS; ++r) red[r * SYMV_BLOCK_SIZE + t] = sum[r];
    KT_BARRIER();
    int p = 1;
    while (p < SYMV_BLOCK_SIZE) p <<= 1;
    for (int s = p / 2; s > 0; s >>= 1) {
        if (t < s && t + s < SYMV_BLOCK_SIZE) {
            KT_UNROLL
            for (int r = 0; r < SYMV_LU_ROWS; ++r) red[r * SYMV_BLOCK_SIZE + t] += red[r * SYMV_BLOCK_SIZE + t + s];
        }
        KT_BARRIER();
    }
    if (t == 0) {
        KT_UNROLL
        for (int r = 0; r < SYMV_LU_ROWS; ++r)
            if (i0 + r < n) y[offy + (i0 + r) * incy] = kt_fma(alpha, red[r * SYMV_BLOCK_SIZE], base[r]);
    }
}

#if defined(SYMV_TILED) && SYMV_TILED
// The tiled algorithm (SYMV_ALGO 3). The stored triangle is cut into column blocks of SYMV_UX columns (grid
// dimension 0) and each block's rows into tiles of SYMV_TR rows; work-group (b, g) takes the SYMV_CHUNK tiles
// g * SYMV_CHUNK ... of block b (grid dimension 1), so the work per group is the same at every n and small n still
// fills the device. Inside a group, work-item t = cg * SYMV_RT + rt reads SYMV_VW consecutive rows (one 8- or
// 16-byte load where A is aligned) of the block's columns cg, cg + SYMV_CG, ...; every element read serves both
// y[i] += A(i, j) x[j] (row sums: over the work-item's columns, then over the SYMV_CG column groups through local
// memory, one atomic add per row and tile) and y[j] += A(i, j) x[i] (column sums in registers across all the
// group's tiles, reduced over the group once at the end: one atomic add per column and group). x of the block's
// columns stays in registers for the whole group.
//   SYMV_VW     rows per work-item (vector width of the loads)
//   SYMV_CG     column groups (work-items sharing a row)
//   SYMV_CHUNK  tiles per work-group
//   SYMV_KP     columns per work-item reduced in one pass at the end (set by the plan from the local memory)
//   SYMV_FUSE   0: y = beta y0 is a launch of its own before (symv_scale); 1: this kernel scales y itself, one
//               block of SYMV_SCALE_ROWS rows at a time, before its first atomic add into the block (below);
//               2: the atomic adds go into a workspace W, and the last group to add into a block of
//               SYMV_FIN_ROWS rows writes y = beta y0 + W there and zeroes W (no group ever waits; below)
//   SYMV_PDL    1 (with SYMV_FUSE 0, CUDA sm_90+): launched overlapping symv_scale, waits for it before the first
//               add into y (SYMV_WAIT_FOR_SCALED_Y, at symv_scale)
#define SYMV_RT (SYMV_BLOCK_SIZE / SYMV_CG) // work-items along the rows of a tile
#define SYMV_TR (SYMV_RT * SYMV_VW)         // rows per tile
#define SYMV_CPT (SYMV_UX / SYMV_CG)        // columns per work-item

#if SYMV_VW == 2
typedef real2 symv_vec;
#define SYMV_UNPACK(a, v) (a[0] = v.x, a[1] = v.y)
#elif SYMV_VW == 4
typedef real4 symv_vec;
#define SYMV_UNPACK(a, v) (a[0] = v.x, a[1] = v.y, a[2] = v.z, a[3] = v.w)
#endif

KT_FUNC void symv_atomic_add(KT_GLOBAL real* p, const real v) {
#if KT_DOUBLE
    kt_atomic_add_f64(p, v);
#else
    kt_atomic_add_f32(p, v);
#endif
}

// One tile (rows r0 ..., the block's columns j0 ...) for work-item (rt, cg): row sums into rowacc, column sums
// added to colacc. `masked`: the tile touches the diagonal or the end of A, so every element is checked (the
// other triangle reads as zero, the diagonal counts once); otherwise A is read without checks, as vectors when
// `vec`.
KT_FUNC void symv_tile(const KT_GLOBAL real* KT_RESTRICT A, const long lda, const KT_GLOBAL real* KT_RESTRICT x,
                       const int incx, const int n, const int r0, const int j0, const int rt, const int cg,
                       const bool vec, const bool masked, const real* xc, real* colacc, real* rowacc) {
    const int i0 = r0 + rt * SYMV_VW;
    real xr[SYMV_VW];
    KT_UNROLL
    for (int v = 0; v < SYMV_VW; ++v) {
        xr[v] = (!masked || i0 + v < n) ? x[(i0 + v) * incx] : (real)0;
        rowacc[v] = (real)0;
    }
    KT_UNROLL
    for (int k = 0; k < SYMV_CPT; ++k) {
        const int j = j0 + cg + SYMV_CG * k;
        const KT_GLOBAL real* p = A + (long)j * lda + i0;
        real a[SYMV_VW];
        if (masked) {
            KT_UNROLL
            for (int v = 0; v < SYMV_VW; ++v) {
                const int i = i0 + v;
#if SYMV_UPPER
                const bool stored = i < n && j < n && i <= j;
#else
                const bool stored = i < n && j < n && i >= j;
#endif
                a[v] = stored ? p[v] : (real)0;
                rowacc[v] = kt_fma(a[v], xc[k], rowacc[v]);
                colacc[k] = kt_fma(a[v], i == j ? (real)0 : xr[v], colacc[k]);
            }
        } else {
#if SYMV_VW > 1
            if (vec) {
                const symv_vec w = *(const KT_GLOBAL symv_vec*)p;
                SYMV_UNPACK(a, w);
            } else
#endif
            {
                KT_UNROLL
                for (int v = 0; v < SYMV_VW; ++v) a[v] = p[v];
            }
            KT_UNROLL
            for (int v = 0; v < SYMV_VW; ++v) {
                rowacc[v] = kt_fma(a[v], xc[k], rowacc[v]);
                colacc[k] = kt_fma(a[v], xr[v], colacc[k]);
            }
        }
    }
}

#if SYMV_FUSE == 1
#define SYMV_SCALE_ROWS 256
// Before a group adds into rows a ... b - 1 of y, every block of SYMV_SCALE_ROWS rows among them holds beta y0.
// flags[k] of block k: 0 untouched, 1 being scaled, 2 scaled. The group claims the untouched blocks (compare and
// swap), scales those, publishes them (fence, barrier, then 2), and only after a second barrier waits for blocks
// another group claimed. A group claims only while it runs, and publishes what it claimed without waiting for anyone,
// so every wait ends without assuming that groups run together. The barrier between publishing and waiting is what
// makes that true: OpenCL and CUDA promise no forward progress between the work-items of one group in a divergent
// branch (PoCL runs them one after another; GPUs before Volta run one side of a branch first), so a work-item spinning
// on another group's block could keep its neighbour from publishing this group's block while the other group spins on
// that one in the same way. The earlier form (publish or wait in one `if (t < count)` after one barrier) also met a
// PoCL 3.1 fault: it took that branch for the whole group from the `t < count` of one work-item, computed before the
// barrier, so every work-item published or waited on flags + k0 + t: blocks marked scaled that nobody had scaled
// (additions later overwritten by the scaling: the failures under load) and words past the flags written.
KT_FUNC void symv_ensure_scaled(const int a, const int b, const int n, const real beta, const KT_GLOBAL real* y0,
                                KT_GLOBAL real* y, const int incy, KT_GLOBAL uint* flags, SYMV_LOCAL_PTR uint* state,
                                const int t) {
    const int k0 = a / SYMV_SCALE_ROWS, count = (b - 1) / SYMV_SCALE_ROWS - k0 + 1;
    if (t < count) state[t] = kt_atomic_cas_u32(flags + k0 + t, 0u, 1u);
    KT_BARRIER();
    for (int k = 0; k < count; ++k) {
        if (state[k] != 0u) continue;
        const int end = min((k0 + k + 1) * SYMV_SCALE_ROWS, n);
        for (int i = (k0 + k) * SYMV_SCALE_ROWS + t; i < end; i += SYMV_BLOCK_SIZE)
            y[i * incy] = beta == (real)0 ? (real)0 : beta * y0[i * incy];
    }
    // Release: every work-item's scaled rows are visible device-wide before any flag says 2.
    SYMV_GLOBAL_FENCE();
    SYMV_BARRIER_GLOBAL();
    const bool mine = t < count && state[t] == 0u;
    if (mine) kt_atomic_xchg_u32(flags + k0 + t, 2u);
    SYMV_BARRIER_GLOBAL();
    // Acquire: the flag read atomically, then a fence and a barrier before any work-item of the group adds.
    if (t < count && !mine)
        while (kt_atomic_cas_u32(flags + k0 + t, 2u, 2u) != 2u) {
        }
    SYMV_GLOBAL_FENCE();
    SYMV_BARRIER_GLOBAL();
}

// Every group counts itself out once it is done with the flags (right after its last symv_ensure_scaled, or at its
// early exit); the last one zeroes the flags and the count for the next call. The additions that follow never touch
// the flags, so they need not be counted. Work-item 0 does it alone, without a barrier (n / 256 + 1 words).
// Where the count sits matters on PoCL 3.1: at the kernel's end, after its last barrier, PoCL evaluated `t == 0` for
// work-item 0 only and assumed the same for the others (llvm.assume in its parallel.bc) in the two shapes a sweep
// found, both with row tiles of 8 rows (BLOCK_SIZE / CG = 8, VW 1): every work-item counted, the count ran past the
// number of groups, the flags were reset while groups still scaled or never at all (symv_fused_test). The form
// before that (barrier, count into local memory, barrier, every work-item zeroing) made PoCL skip the column sums.
KT_FUNC void symv_finish_scaling(const int n, KT_GLOBAL uint* flags, const int t) {
    const int blocks = (n + SYMV_SCALE_ROWS - 1) / SYMV_SCALE_ROWS;
    const int groups = (int)(get_num_groups(0) * get_num_groups(1));
    if (t == 0) {
        SYMV_GLOBAL_FENCE();
        if (kt_atomic_add_i32((KT_GLOBAL int*)(flags + blocks), 1) == groups - 1) {
            SYMV_GLOBAL_FENCE(); // acquire: every other group's last flag access happened before its count
            for (int i = 0; i <= blocks; ++i) kt_atomic_xchg_u32(flags + i, 0u);
        }
    }
}
#define SYMV_ENSURE_SCALED(a, b) symv_ensure_scaled(a, b, n, beta, y0, y, incy, flags, state, t)
#else
#define SYMV_ENSURE_SCALED(a, b)
#endif

// SYMV_FUSE 2: "the last contributor finalizes". symv_tiled adds (alpha applied) into a workspace W of n reals
// instead of y. y is cut into blocks of SYMV_FIN_ROWS rows; block k is touched by every non-empty group whose row
// tiles or columns meet it, and symv_fin_setup writes that number into expected[k]. After its last add, a group
// counts itself into each block it touched (once per block: the rows of its row tiles, then the one or two blocks of
// its columns not among them); the count that reaches expected[k] makes that group the finalizer of block k:
// y = beta y0 + W over the block, W and the count set back to zero for the next call. Nobody waits for anybody, so
// nothing assumes that groups run together, and there is no per-tile check. 256 rows per block: each block costs
// every group touching it one atomic increment (issued in parallel, one work-item per block), so smaller blocks would
// cost the common shapes more increments (P1: 128 rows of tiles and 32 columns touch 1-3 blocks of 256); larger
// ones would leave more rows to one finalizing group (256 rows is one row per work-item at BLOCK_SIZE 256) and
// finalize later, since a block is done only when its last contributor is.
#define SYMV_FIN_ROWS 256
#if SYMV_FUSE == 2
// Blocks one group may touch: rows of SYMV_CHUNK tiles (any alignment), plus two blocks of its columns.
#define SYMV_FIN_MAX ((SYMV_CHUNK * SYMV_TR - 1) / SYMV_FIN_ROWS + 4)

// The k-th block (q < count) of a group whose row tiles span blocks c0 ... c0 + rowBlocks - 1 and whose columns add
// blocks e0 and e1 (in that order, where present).
KT_FUNC int symv_fin_block(const int q, const int c0, const int rowBlocks, const int e0, const int e1) {
    return q < rowBlocks ? c0 + q : (q == rowBlocks && e0 >= 0 ? e0 : e1);
}

// The group (after its last add into W, rows a ... b - 1 of its row tiles and columns j0 ... jEnd - 1) counts itself
// into its blocks and finalizes those it completes. Memory model: every work-item fences its adds into W, then a
// barrier, then each counting work-item fences again and adds to the count (release: a group's adds are visible
// device-wide before its count is). The work-item whose count completes a block fences after it (acquire: the other
// groups' adds happened before their counts) and tells the group through local memory after a barrier (PoCL 3.1:
// no branch on the work-item index that spans a barrier; every work-item reads the same decisions). W is then read
// and cleared through volatile accesses, which go to the device-wide cache (L2) rather than a per-multiprocessor
// copy that might predate the other groups' atomic adds, as in CUDA's threadFenceReduction sample.
KT_FUNC void symv_arrive(const int n, const real beta, const KT_GLOBAL real* y0, KT_GLOBAL real* y, const int incy,
                         KT_GLOBAL real* W, KT_GLOBAL uint* arrivals, const KT_GLOBAL int* expected,
                         SYMV_LOCAL_PTR int* fin, const int t, const int a, const int b, const int j0,
                         const int jEnd) {
    const int c0 = a / SYMV_FIN_ROWS, c1 = (b - 1) / SYMV_FIN_ROWS;
    const int d0 = j0 / SYMV_FIN_ROWS, d1 = (jEnd - 1) / SYMV_FIN_ROWS;
    const int rowBlocks = c1 - c0 + 1;
    const int e0 = d0 < c0 || d0 > c1 ? d0 : -1;
    const int e1 = d1 != d0 && (d1 < c0 || d1 > c1) ? d1 : -1;
    const int count = rowBlocks + (e0 >= 0 ? 1 : 0) + (e1 >= 0 ? 1 : 0);
    SYMV_GLOBAL_FENCE();
    SYMV_BARRIER_GLOBAL();
    for (int q = t; q < count; q += SYMV_BLOCK_SIZE) {
        const int k = symv_fin_block(q, c0, rowBlocks, e0, e1);
        SYMV_GLOBAL_FENCE();
        const int last = kt_atomic_add_i32((KT_GLOBAL int*)(arrivals + k), 1) == expected[k] - 1 ? 1 : 0;
        if (last) SYMV_GLOBAL_FENCE();
        fin[q] = last;
    }
    SYMV_BARRIER_GLOBAL();
    volatile KT_GLOBAL real* w = W;
    for (int q = 0; q < count; ++q) {
        if (fin[q] == 0) continue; // the same for every work-item of the group
        const int k = symv_fin_block(q, c0, rowBlocks, e0, e1);
        const int end = min((k + 1) * SYMV_FIN_ROWS, n);
        for (int i = k * SYMV_FIN_ROWS + t; i < end; i += SYMV_BLOCK_SIZE) {
            const real sum = w[i];
            w[i] = (real)0;
            y[i * incy] = beta == (real)0 ? sum : beta * y0[i * incy] + sum; // beta = 0 never reads y0 (NaN there)
        }
        if (t == 0) kt_atomic_xchg_u32(arrivals + k, 0u); // every contributor has counted: nobody else touches it now
    }
}
#endif

// SYMV_FUSE 2's setup (a Setup launch: once per n in a tuning run or routine): W and the counts zeroed, and
// expected[k] = the number of non-empty groups (b, g) of symv_tiled whose rows touch block k of SYMV_FIN_ROWS rows:
// for each column block b (columns j0 ... jEnd - 1; rows rowBegin ... rowEnd - 1 in tiles of tr, chunk tiles per
// group), every one of its groups where its columns meet the block (they all add column sums there), else the groups
// whose rows of tiles meet it (group g: rows rowBegin + g chunk tr ... up to rowEnd). The tiling is passed as
// arguments rather than read from the macros so that a test can check this count against a brute-force one over
// many tilings with one program (symv_family_test). One work-item per block, n / ux steps each.
KT_KERNEL void symv_fin_setup(const int n, const int ux, const int tr, const int chunk, KT_GLOBAL real* W,
                              KT_GLOBAL uint* arrivals, KT_GLOBAL int* expected) {
    const int i = (int)get_global_id(0);
    if (i < n) W[i] = (real)0;
    const int blocks = (n + SYMV_FIN_ROWS - 1) / SYMV_FIN_ROWS;
    if (i >= blocks) return;
    arrivals[i] = 0u;
    const int k0 = i * SYMV_FIN_ROWS, k1 = min(k0 + SYMV_FIN_ROWS, n);
    const int span = chunk * tr;
    int count = 0;
    for (int j0 = 0; j0 < n; j0 += ux) {
        const int jEnd = min(j0 + ux, n);
#if SYMV_UPPER
        const int rowBegin = 0, rowEnd = jEnd;
#else
        const int rowBegin = j0, rowEnd = n;
#endif
        const int groups = ((rowEnd - rowBegin + tr - 1) / tr + chunk - 1) / chunk;
        if (j0 < k1 && jEnd > k0)
            count += groups;
        else if (rowBegin < k1 && rowEnd > k0)
            count += (min(k1, rowEnd) - 1 - rowBegin) / span - max(k0 - rowBegin, 0) / span + 1;
    }
    expected[i] = count;
}

KT_KERNEL void symv_tiled(const int n, const real alpha, const KT_GLOBAL real* KT_RESTRICT A, const int offA,
                          const int lda, const KT_GLOBAL real* KT_RESTRICT x, const int offx, const int incx,
                          KT_GLOBAL real* y, const int offy, const int incy
#if SYMV_FUSE
                          ,
                          const real beta, const KT_GLOBAL real* y0, KT_GLOBAL uint* flags
#endif
#if SYMV_FUSE == 2
                          ,
                          const KT_GLOBAL int* expected, KT_GLOBAL real* W
#endif
) {
    A += offA;
    x += offx;
    y += offy;
    KT_LOCAL real red[SYMV_LOCAL_ELEMS];
#if SYMV_FUSE
    y0 += offy;
#endif
#if SYMV_FUSE == 1
    KT_LOCAL uint state[8]; // the claims of one symv_ensure_scaled: a tile spans at most 6 blocks of rows
#endif
#if SYMV_FUSE == 2
    KT_LOCAL int fin[SYMV_FIN_MAX]; // per block the group touched: whether it finalizes it
    KT_GLOBAL real* acc = W;        // the adds go into W (dense), y is written once per block by its finalizer
    const int accInc = 1;
#else
    KT_GLOBAL real* acc = y;
    const int accInc = incy;
#endif
    const int t = (int)get_local_id(0);
    const int rt = t % SYMV_RT, cg = t / SYMV_RT;
    const int j0 = (int)get_group_id(0) * SYMV_UX;
    const int jEnd = min(j0 + SYMV_UX, n);
#if SYMV_UPPER
    const int rowBegin = 0, rowEnd = jEnd;
#else
    const int rowBegin = j0, rowEnd = n;
#endif
    const int tiles = (rowEnd - rowBegin + SYMV_TR - 1) / SYMV_TR;
    const int first = (int)get_group_id(1) * SYMV_CHUNK;
    const int last = min(first + SYMV_CHUNK, tiles);
    if (first >= last) { // the whole group: this block has fewer tiles (SYMV_FUSE 2: it counts nowhere)
#if SYMV_FUSE == 1
        symv_finish_scaling(n, flags, t);
#endif
        return;
    }
    // 16-byte loads need A's columns aligned: tiles start at multiples of SYMV_VW rows (SYMV_UX % SYMV_VW == 0).
    const bool vec = SYMV_VW > 1 && lda % SYMV_VW == 0 && (size_t)A % (SYMV_VW * sizeof(real)) == 0;
    real xc[SYMV_CPT], colacc[SYMV_CPT];
    KT_UNROLL
    for (int k = 0; k < SYMV_CPT; ++k) {
        const int j = j0 + cg + SYMV_CG * k;
        xc[k] = j < n ? x[j * incx] : (real)0;
        colacc[k] = (real)0;
    }
    for (int tile = first; tile < last; ++tile) {
        const int r0 = rowBegin + tile * SYMV_TR;
        const bool masked = (r0 < jEnd && r0 + SYMV_TR > j0) || r0 + SYMV_TR > n || j0 + SYMV_UX > n;
        real rowacc[SYMV_VW];
        if (masked)
            symv_tile(A, lda, x, incx, n, r0, j0, rt, cg, vec, true, xc, colacc, rowacc);
        else
            symv_tile(A, lda, x, incx, n, r0, j0, rt, cg, vec, false, xc, colacc, rowacc);
        // SYMV_PDL: the first tile was read while symv_scale may still run; y is touched only from here on (the
        // column sums come after the last tile). Uniform over the group: every work-item waits.
        if (tile == first) SYMV_WAIT_FOR_SCALED_Y();
        SYMV_ENSURE_SCALED(r0, min(r0 + SYMV_TR, n));
#if SYMV_CG == 1
        KT_UNROLL
        for (int v = 0; v < SYMV_VW; ++v) {
            const int i = r0 + rt * SYMV_VW + v;
            if (i < rowEnd) symv_atomic_add(acc + i * accInc, alpha * rowacc[v]);
        }
#else
        KT_UNROLL
        for (int v = 0; v < SYMV_VW; ++v) red[cg * SYMV_TR + rt * SYMV_VW + v] = rowacc[v];
        KT_BARRIER();
        for (int r = t; r < SYMV_TR; r += SYMV_BLOCK_SIZE) {
            real sum = (real)0;
            KT_UNROLL
            for (int c = 0; c < SYMV_CG; ++c) sum += red[c * SYMV_TR + r];
            if (r0 + r < rowEnd) symv_atomic_add(acc + (r0 + r) * accInc, alpha * sum);
        }
        KT_BARRIER();
#endif
    }
    // Column sums: SYMV_KP columns per work-item at a time. Pass: column c = kk * SYMV_CG + cg has SYMV_RT partial
    // sums (padded rows of SYMV_RT + 1 against bank conflicts); SYMV_BLOCK_SIZE / C work-items per column add
    // SYMV_KP each, then one work-item per column adds those and adds the total into y.
    SYMV_ENSURE_SCALED(j0, jEnd);
#if SYMV_FUSE == 1
    symv_finish_scaling(n, flags, t);
#endif
    SYMV_LOCAL_PTR real* part = red + SYMV_KP * SYMV_CG * (SYMV_RT + 1);
    for (int kb = 0; kb < SYMV_CPT; kb += SYMV_KP) {
        const int cols = min(SYMV_KP, SYMV_CPT - kb) * SYMV_CG;
        KT_UNROLL
        for (int kk = 0; kk < SYMV_KP; ++kk)
            if (kb + kk < SYMV_CPT) red[(kk * SYMV_CG + cg) * (SYMV_RT + 1) + rt] = colacc[kb + kk];
        KT_BARRIER();
        const int per = SYMV_BLOCK_SIZE / cols; // work-items per column
        const int c = t % cols, p = t / cols;
        if (p < per) {
            real sum = (real)0;
            for (int r = p; r < SYMV_RT; r += per) sum += red[c * (SYMV_RT + 1) + r];
            part[p * cols + c] = sum;
        }
        KT_BARRIER();
        // One column per work-item (cols <= SYMV_BLOCK_SIZE), written as a loop: with SYMV_FUSE 2's barriers after
        // it, PoCL 3.1 skipped an `if (t < cols)` here for every work-item (BLOCK_SIZE 128, UX 32, CG 4: no column
        // sums at all), the fault described at symv_finish_scaling; the row sums' loop of the same form never was.
        for (int c = t; c < cols; c += SYMV_BLOCK_SIZE) {
            real sum = (real)0;
            for (int q = 0; q < per; ++q) sum += part[q * cols + c];
            const int j = j0 + (c % SYMV_CG) + SYMV_CG * (kb + c / SYMV_CG);
            if (j < n) symv_atomic_add(acc + j * accInc, alpha * sum);
        }
        KT_BARRIER();
    }
#if SYMV_FUSE == 2
    symv_arrive(n, beta, y0, y, incy, W, flags, expected, fin, t, rowBegin + first * SYMV_TR,
                min(rowBegin + last * SYMV_TR, rowEnd), j0, jEnd);
#endif
}
#endif
