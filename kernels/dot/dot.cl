// Dot product in two kernels: dot_partial multiplies x and y element by element (a copy of x scaled by y) and
// reduces each work-group's share in local memory into partial[group]; dot_final reduces the partial sums into one
// value times alpha, written to result[offr]. x and y start at elements offx and offy with increments incx and incy
// (positive; the tuning runs dense vectors). n = 0 (one group, no element) gives 0. Compile-time options: DOT_WG
// work-items per group (a power of two), DOT_WPT elements per work-item (strided by DOT_WG, so every load of a group
// is coalesced where the increment is 1).
#ifndef DOT_WG
#define DOT_WG 64
#endif
#ifndef DOT_WPT
#define DOT_WPT 1
#endif

KT_KERNEL void dot_partial(const int n, const KT_GLOBAL real* KT_RESTRICT x, const int offx, const int incx,
                           const KT_GLOBAL real* KT_RESTRICT y, const int offy, const int incy,
                           KT_GLOBAL real* KT_RESTRICT partial) {
    KT_LOCAL real sums[DOT_WG];
    const int lid = (int)get_local_id(0);
    const int base = (int)get_group_id(0) * DOT_WG * DOT_WPT + lid;
    real s = (real)0;
    KT_UNROLL
    for (int j = 0; j < DOT_WPT; ++j) {
        const int i = base + j * DOT_WG;
        if (i < n) s += x[offx + (long)i * incx] * y[offy + (long)i * incy];
    }
    sums[lid] = s;
    KT_BARRIER();
    for (int w = DOT_WG / 2; w > 0; w >>= 1) {
        if (lid < w) sums[lid] += sums[lid + w];
        KT_BARRIER();
    }
    if (lid == 0) partial[get_group_id(0)] = sums[0];
}

KT_KERNEL void dot_final(const int groups, const real alpha, const KT_GLOBAL real* KT_RESTRICT partial,
                         KT_GLOBAL real* KT_RESTRICT result, const int offr) {
    KT_LOCAL real sums[DOT_WG];
    const int lid = (int)get_local_id(0);
    real s = (real)0;
    for (int i = lid; i < groups; i += DOT_WG) s += partial[i];
    sums[lid] = s;
    KT_BARRIER();
    for (int w = DOT_WG / 2; w > 0; w >>= 1) {
        if (lid < w) sums[lid] += sums[lid + w];
        KT_BARRIER();
    }
    if (lid == 0) result[offr] = alpha * sums[0];
}
