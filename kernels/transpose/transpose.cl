// Tuned out-of-place matrix transpose (the engine's toy family): out[c][r] = in[r][c] for an n×n row-major matrix.
// Tuning macros: TRA_TILE (tile edge), TRA_WPT (rows per work-item), TRA_PAD (local-memory padding against bank
// conflicts), TRA_LOCAL (stage the tile in local memory or read/write global memory directly).
// Work-group: TRA_TILE × (TRA_TILE / TRA_WPT) work-items; one work-group per tile.

KT_KERNEL void transpose(KT_GLOBAL const real* KT_RESTRICT in, KT_GLOBAL real* KT_RESTRICT out, const int n) {
    const int lx = (int)get_local_id(0);
    const int ly = (int)get_local_id(1);
    const int tileCol = (int)get_group_id(0) * TRA_TILE;
    const int tileRow = (int)get_group_id(1) * TRA_TILE;
#if TRA_LOCAL
    KT_LOCAL real tile[TRA_TILE][TRA_TILE + TRA_PAD];
    KT_UNROLL
    for (int w = 0; w < TRA_WPT; ++w) {
        const int r = ly + w * (TRA_TILE / TRA_WPT);
        const int row = tileRow + r, col = tileCol + lx;
        if (row < n && col < n) tile[r][lx] = in[(long)row * n + col];
    }
    KT_BARRIER();
    KT_UNROLL
    for (int w = 0; w < TRA_WPT; ++w) {
        const int r = ly + w * (TRA_TILE / TRA_WPT);
        const int row = tileCol + r, col = tileRow + lx; // output coordinates
        if (row < n && col < n) out[(long)row * n + col] = tile[lx][r];
    }
#else
    KT_UNROLL
    for (int w = 0; w < TRA_WPT; ++w) {
        const int r = ly + w * (TRA_TILE / TRA_WPT);
        const int row = tileRow + r, col = tileCol + lx;
        if (row < n && col < n) out[(long)col * n + row] = KT_LDG(&in[(long)row * n + col]);
    }
#endif
}
