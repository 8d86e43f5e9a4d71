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

// y[i] = beta * y0[i]; beta == 0 writes zeros without reading y0 (BLAS: y may then hold NaN).
KT_KERNEL void symv_scale(const int n, const real beta, const KT_GLOBAL real* y0, KT_GLOBAL real* y, const int offy,
                          const int incy) {
    const int i = (int)get_global_id(0);
    const int at = offy + i * incy;
    if (i < n) y[at] = beta == (real)0 ? (real)0 : beta * y0[at];
}

KT_KERNEL void symv_zero_locks(const int count, KT_GLOBAL uint* locks) {
    const int i = (int)get_global_id(0);
    if (i < count) locks[i] = 0u;
}

#if !SYMV_ATOMIC_ADD
KT_FUNC void symv_acquire(KT_GLOBAL uint* lock, const int t) {
    if (t == 0)
        while (kt_atomic_cas_u32(lock, 0u, 1u) != 0u) {
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
