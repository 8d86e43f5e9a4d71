// Copies a row-major matrix, optionally transposed, into the TN GEMM kernel's operand layout (ROW, CBL or RBL)
// with zero padding up to the blocking factors. Compile-time options:
//   COPY_TRANS   0: dst(p, i) = src[p * ld + i]   1: dst(p, i) = src[i * ld + p] (through a local-memory tile)
//   COPY_LAYOUT  0 ROW, 1 CBL, 2 RBL (see kernels/common/tile_layout.hpp)
//   COPY_BR, COPY_BC   the layout's block height (kl) and width (ml or nl)
//   COPY_TILE    a work-group copies a COPY_TILE x COPY_TILE block
//   COPY_ROWS    work-group is COPY_TILE x COPY_ROWS work-items, each copying COPY_TILE / COPY_ROWS elements (more
//                loads in flight per work-item; the square 16 x 16 one-element version left the transposing
//                copy of 4096^2 doubles at a fraction of the copy bandwidth)
// The destination is R x Cc (multiples of COPY_BR and COPY_BC); the source holds r x c valid values.
#ifndef COPY_TRANS
#define COPY_TRANS 0
#endif
#ifndef COPY_LAYOUT
#define COPY_LAYOUT 0
#endif
#ifndef COPY_TILE
#define COPY_TILE 32
#endif
#ifndef COPY_ROWS
#define COPY_ROWS COPY_TILE
#endif

KT_FUNC size_t copy_dst_index(const int p, const int i, const int R, const int Cc) {
#if COPY_LAYOUT == 1
    return (size_t)(i / COPY_BC) * R * COPY_BC + (size_t)p * COPY_BC + i % COPY_BC;
#elif COPY_LAYOUT == 2
    return (size_t)(p / COPY_BR) * COPY_BR * Cc + (size_t)(i / COPY_BC) * COPY_BR * COPY_BC +
           (size_t)(p % COPY_BR) * COPY_BC + i % COPY_BC;
#else
    return (size_t)p * Cc + i;
#endif
}

KT_KERNEL void copy_to_layout(const int R, const int Cc, const int r, const int c,
                              const KT_GLOBAL real* KT_RESTRICT src, const int ld, const int offset,
                              KT_GLOBAL real* KT_RESTRICT dst) {
    const int lx = (int)get_local_id(0);
    const int ly = (int)get_local_id(1);
#if COPY_TRANS
    // Read a tile along the source rows (coalesced), write it along the destination rows (coalesced).
    // The +1 column keeps the column-wise reads of the tile free of bank conflicts.
    KT_LOCAL real tile[COPY_TILE][COPY_TILE + 1];
    const int p0 = (int)get_group_id(1) * COPY_TILE;
    const int i0 = (int)get_group_id(0) * COPY_TILE;
    KT_UNROLL
    for (int j = 0; j < COPY_TILE; j += COPY_ROWS) {
        const int i = i0 + ly + j;
        const int p = p0 + lx;
        tile[ly + j][lx] = (p < r && i < c) ? src[offset + (size_t)i * ld + p] : (real)0;
    }
    KT_BARRIER();
    KT_UNROLL
    for (int j = 0; j < COPY_TILE; j += COPY_ROWS) {
        const int p = p0 + ly + j;
        const int i = i0 + lx;
        if (p < R && i < Cc) dst[copy_dst_index(p, i, R, Cc)] = tile[lx][ly + j];
    }
#else
    const int i = (int)get_group_id(0) * COPY_TILE + lx;
    KT_UNROLL
    for (int j = 0; j < COPY_TILE; j += COPY_ROWS) {
        const int p = (int)get_group_id(1) * COPY_TILE + ly + j;
        if (p < R && i < Cc)
            dst[copy_dst_index(p, i, R, Cc)] = (p < r && i < c) ? src[offset + (size_t)p * ld + i] : (real)0;
    }
#endif
}
