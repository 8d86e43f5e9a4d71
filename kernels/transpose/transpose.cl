// Tuned out-of-place matrix transpose: out = alpha * in^T for an m x n row-major matrix `in` (leading dimension lda,
// starting at element offIn) into the n x m row-major `out` (ldo, offOut). The tuning runs square dense matrices
// (m = n = lda = ldo, no offsets, alpha 1); the exported routine (omatcopy) takes the caller's layout.
// Tuning macros: TRA_TILE (tile edge), TRA_WPT (rows per work-item), TRA_PAD (local-memory padding against bank
// conflicts), TRA_LOCAL (stage the tile in local memory or read/write global memory directly).
// Work-group: TRA_TILE × (TRA_TILE / TRA_WPT) work-items; one work-group per tile.

KT_KERNEL void transpose(KT_GLOBAL const real* KT_RESTRICT in, KT_GLOBAL real* KT_RESTRICT out, const int m,
                         const int n, const int lda, const int offIn, const int ldo, const int offOut,
                         const real alpha) {
    const int lx = (int)get_local_id(0);
    const int ly = (int)get_local_id(1);
    const int tileCol = (int)get_group_id(0) * TRA_TILE;
    const int tileRow = (int)get_group_id(1) * TRA_TILE;
    in += offIn;
    out += offOut;
#if TRA_LOCAL
    KT_LOCAL real tile[TRA_TILE][TRA_TILE + TRA_PAD];
    KT_UNROLL
    for (int w = 0; w < TRA_WPT; ++w) {
        const int r = ly + w * (TRA_TILE / TRA_WPT);
        const int row = tileRow + r, col = tileCol + lx;
        if (row < m && col < n) tile[r][lx] = in[(long)row * lda + col];
    }
    KT_BARRIER();
    KT_UNROLL
    for (int w = 0; w < TRA_WPT; ++w) {
        const int r = ly + w * (TRA_TILE / TRA_WPT);
        const int row = tileCol + r, col = tileRow + lx; // output coordinates
        if (row < n && col < m) out[(long)row * ldo + col] = alpha * tile[lx][r];
    }
#else
    KT_UNROLL
    for (int w = 0; w < TRA_WPT; ++w) {
        const int r = ly + w * (TRA_TILE / TRA_WPT);
        const int row = tileRow + r, col = tileCol + lx;
        if (row < m && col < n) out[(long)col * ldo + row] = alpha * KT_LDG(&in[(long)row * lda + col]);
    }
#endif
}
