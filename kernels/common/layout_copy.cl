// Copy kernels of the BLAS3 routines (paper 002, Sec. 3.6): bring a row-major source into the TN GEMM kernel's
// operand layout (ROW, CBL or RBL) with zero padding up to the blocking factors, optionally transposing it, filling a
// symmetric matrix from its stored triangle, or keeping one triangle (the other zeroed, optionally a unit diagonal).
//
// The destination is R x Cc (multiples of COPY_BR and COPY_BC); dst(p, i) = L(p, i) for p < r and i < c, else 0,
// where L(p, i) = S(i, p) with COPY_TRANS and S(p, i) without, and S is the source as the conversion reads it:
//   COPY_FILL 0  S(x, y) = src[x * ld + y]
//   COPY_FILL 1  symmetric: S(x, y) = src[x * ld + y] in the stored triangle, src[y * ld + x] outside it (COPY_TRANS
//                is meaningless and must be 0)
//   COPY_FILL 2  triangular: S(x, y) = src[x * ld + y] in the stored triangle, 0 outside; with COPY_UNIT the
//                diagonal is 1 and not read
//   COPY_UPLO    the stored triangle: 0 lower (y <= x), 1 upper (y >= x)
// Tuning parameters (the paper's six):
//   COPY_MWG, COPY_NWG  a work-group writes an MWG x NWG block of the destination (rows p, columns i)
//   COPY_MWI, COPY_NWI  a work-item writes MWI x NWI elements of it. Unlike the paper's Fig. 6 (consecutive
//                       elements per work-item) they are strided by the work-group's height (MWG / MWI) and width
//                       (NWG / NWI): neighbouring work-items then touch neighbouring addresses (coalesced on GPUs)
//   COPY_MUD, COPY_NUD  unroll degrees of the loops over MWI and NWI (they divide them)
// and a vector width (not in the paper):
//   COPY_VW             1, 2 or 4: every global access is a vector of VW elements along the contiguous direction
//                       (columns i of the destination and of a plain read, rows p of a staged one); a work-item
//                       writes MWI x NWI such vectors, so the work-group is MWG / MWI x NWG / (NWI VW). One 4-byte
//                       element per instruction leaves too few bytes in flight per SM for HBM3e (single precision
//                       at 0.74-0.80 of the H200's copy bandwidth with VW 1). The host makes VW divide COPY_BC, so a
//                       destination vector never leaves a layout block and is aligned when the buffer is; the kernel
//                       checks the rest at run time: source vectors need ld and the start (pointer + offset) aligned
//                       to VW elements, else it reads element by element; vectors that cross r or c (ragged edges)
//                       read element by element as well. The values are moved, never computed: bit-exact either way.
// Blocks whose reads run across the destination's rows (transposition, the mirrored half of a symmetric fill) are
// staged through a local-memory tile so both the reads and the writes are row-wise; blocks on the diagonal of a
// symmetric fill read element by element (O(n) of O(n^2) blocks); blocks wholly outside a triangle read nothing.
#ifndef COPY_TRANS
#define COPY_TRANS 0
#endif
#ifndef COPY_FILL
#define COPY_FILL 0
#endif
#ifndef COPY_UPLO
#define COPY_UPLO 0
#endif
#ifndef COPY_UNIT
#define COPY_UNIT 0
#endif
#ifndef COPY_LAYOUT
#define COPY_LAYOUT 0
#endif
#ifndef COPY_VW
#define COPY_VW 1
#endif
#define COPY_WGM (COPY_MWG / COPY_MWI)             // work-items along p (local dimension 1)
#define COPY_WGN (COPY_NWG / (COPY_NWI * COPY_VW)) // work-items along i (local dimension 0)
#define COPY_WG (COPY_WGM * COPY_WGN)
#define COPY_STAGED (COPY_TRANS || COPY_FILL == 1) // some blocks go through the local tile

// The staged tile: source rows ii < NWG, columns pp < MWG. It is written by scalar stores of vector lanes (lane q of
// the vectors along a row) and read by scalar loads down VW consecutive rows; local memory serves 128 bytes
// (COPY_BANKS elements, one per bank or bank pair) per wavefront. Rows of a multiple of COPY_BANKS elements are
// XOR-swizzled: column pp of row ii sits at pp ^ f(ii), f(ii) = ((ii / VW) * COPY_SWZ_L) % BANKS ^ ii % VW. The
// stores of a wavefront (one lane q of CHUNK / VW vectors, VW rows ii aligned to VW) differ in the low bits by
// ii % VW and in the rest by the vector; the loads (WGN' = min(WGN, BANKS) work-items along ii, SWZ_L = BANKS / WGN'
// along pp) differ in the low bits by pp and in the rest by (ii / VW) * SWZ_L: every bank once in both phases, for
// every shape, S and D, VW 1, 2, 4 (a row-major tile with one column of padding has up to 4-way conflicts at VW 2
// and 4, or with blocks of 64 or more rows). Narrower rows (MWG 8, 16; 8 in double) keep that padded row-major tile.
#if defined(KT_DOUBLE) && KT_DOUBLE
#define COPY_BANKS 16
#else
#define COPY_BANKS 32
#endif
#define COPY_CHUNK (COPY_MWG < COPY_BANKS ? COPY_MWG : COPY_BANKS) // tile row elements a warp reads per source row
#if COPY_MWG % COPY_BANKS == 0
#define COPY_SWZ_L (COPY_BANKS / (COPY_WGN < COPY_BANKS ? COPY_WGN : COPY_BANKS))
#define COPY_TILE_SIZE (COPY_NWG * COPY_MWG)
#define COPY_TILE(ii, pp) ((ii) * COPY_MWG + ((pp) ^ ((((ii) / COPY_VW) * COPY_SWZ_L) % COPY_BANKS ^ (ii) % COPY_VW)))
#else
#define COPY_TILE_SIZE (COPY_NWG * (COPY_MWG + 1))
#define COPY_TILE(ii, pp) ((ii) * (COPY_MWG + 1) + (pp))
#endif

#if defined(KT_CUDA)
#define COPY_BOUNDS __launch_bounds__(COPY_WG)
#else
#define COPY_BOUNDS __attribute__((reqd_work_group_size(COPY_WGN, COPY_WGM, 1)))
#endif

// One access of VW elements, and its lanes to and from a private array (constant indices after unrolling).
#if COPY_VW == 4
typedef real4 copy_vec;
#define COPY_UNPACK(a, w) (a[0] = (w).x, a[1] = (w).y, a[2] = (w).z, a[3] = (w).w)
#define COPY_PACK(a) kt_real4(a[0], a[1], a[2], a[3])
#elif COPY_VW == 2
typedef real2 copy_vec;
#define COPY_UNPACK(a, w) (a[0] = (w).x, a[1] = (w).y)
#define COPY_PACK(a) kt_real2(a[0], a[1])
#else
typedef real copy_vec;
#define COPY_UNPACK(a, w) (a[0] = (w))
#define COPY_PACK(a) (a[0])
#endif
// Whether a pointer may be accessed as a copy_vec (CUDA faults on misaligned vectors; a user's pointer may be one).
#define COPY_ALIGNED(ptr) (((size_t)(ptr)) % (COPY_VW * sizeof(real)) == 0)

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

// Whether (x, y) of S lies in the stored triangle.
KT_FUNC int copy_stored(const int x, const int y) {
#if COPY_UPLO == 0
    return y <= x;
#else
    return y >= x;
#endif
}

// The triangular conversion's mask on a value read at dst(p, i) (S coordinates swap with COPY_TRANS).
KT_FUNC real copy_mask(const int p, const int i, const real v) {
#if COPY_FILL == 2
    const int x = COPY_TRANS ? i : p, y = COPY_TRANS ? p : i;
    if (!copy_stored(x, y)) return (real)0;
    if (COPY_UNIT && x == y) return (real)1;
#endif
    return v;
}

KT_KERNEL COPY_BOUNDS void copy_to_layout(const int R, const int Cc, const int r, const int c,
                                          const KT_GLOBAL real* KT_RESTRICT src, const int ld, const int offset,
                                          KT_GLOBAL real* KT_RESTRICT dst) {
    const int lx = (int)get_local_id(0);
    const int ly = (int)get_local_id(1);
    const int p0 = (int)get_group_id(1) * COPY_MWG;
    const int i0 = (int)get_group_id(0) * COPY_NWG;
    // Uniform over the launch: whether source rows and destination vectors are aligned for vector accesses.
    const int vsrc = ld % COPY_VW == 0 && COPY_ALIGNED(src + offset);
    const int vdst = COPY_ALIGNED(dst);
    // How this block reads, in S coordinates: 0 along the destination's rows (src[p * ld + i]), 1 across them
    // (src[i * ld + p], staged), 2 nothing (zeros), 3 element by element (a symmetric fill's diagonal block).
    int mode = COPY_TRANS;
#if COPY_FILL != 0
    {
        const int x0 = COPY_TRANS ? i0 : p0, x1 = x0 + (COPY_TRANS ? COPY_NWG : COPY_MWG) - 1;
        const int y0 = COPY_TRANS ? p0 : i0, y1 = y0 + (COPY_TRANS ? COPY_MWG : COPY_NWG) - 1;
        const int inside = copy_stored(x1, y0) && copy_stored(x0, y1) && copy_stored(x0, y0) && copy_stored(x1, y1);
        const int outside = !copy_stored(x1, y0) && !copy_stored(x0, y1) && !copy_stored(x0, y0) &&
                            !copy_stored(x1, y1);
#if COPY_FILL == 1
        mode = inside ? 0 : outside ? 1 : 3;
#else
        if (outside) mode = 2;
#endif
    }
#endif
#if COPY_STAGED
    KT_LOCAL real tile[COPY_TILE_SIZE];
    if (mode == 1) { // uniform across the work-group: the barrier is reached by all or none
        const int t = ly * COPY_WGN + lx;
        // Vector e of the tile: source row ii, columns pp .. pp + VW - 1. Neighbouring work-items read neighbouring
        // vectors of a row, COPY_CHUNK elements (128 bytes) of it, then the next rows: coalesced, and a warp's
        // scalar tile stores cover every bank once (see COPY_TILE). All MUD x NUD loads of a step are issued before
        // their tile stores, so that many vectors per work-item are in flight.
        for (int e0 = 0; e0 < COPY_MWI * COPY_NWI; e0 += COPY_MUD * COPY_NUD) {
            real v[COPY_MUD * COPY_NUD][COPY_VW];
            KT_UNROLL
            for (int u = 0; u < COPY_MUD * COPY_NUD; ++u) {
                const int e = t + (e0 + u) * COPY_WG, rest = e / (COPY_CHUNK / COPY_VW);
                const int ii = rest % COPY_NWG, pp = rest / COPY_NWG * COPY_CHUNK + e % (COPY_CHUNK / COPY_VW) * COPY_VW;
                const int i = i0 + ii, p = p0 + pp;
                if (vsrc && i < c && p + COPY_VW <= r) {
                    const copy_vec w = *((const KT_GLOBAL copy_vec*)(src + offset + (size_t)i * ld + p));
                    COPY_UNPACK(v[u], w);
                } else {
                    KT_UNROLL
                    for (int q = 0; q < COPY_VW; ++q)
                        v[u][q] = (p + q < r && i < c) ? src[offset + (size_t)i * ld + p + q] : (real)0;
                }
            }
            KT_UNROLL
            for (int u = 0; u < COPY_MUD * COPY_NUD; ++u) {
                const int e = t + (e0 + u) * COPY_WG, rest = e / (COPY_CHUNK / COPY_VW);
                const int ii = rest % COPY_NWG, pp = rest / COPY_NWG * COPY_CHUNK + e % (COPY_CHUNK / COPY_VW) * COPY_VW;
                KT_UNROLL
                for (int q = 0; q < COPY_VW; ++q) tile[COPY_TILE(ii, pp + q)] = v[u][q];
            }
        }
        KT_BARRIER();
    }
#endif
    // MUD x NUD vectors per step: all read first, then all written, so that many loads are in flight per
    // work-item (a store right after its load would wait for it before the next load issues).
    for (int a0 = 0; a0 < COPY_MWI; a0 += COPY_MUD) {
        for (int b0 = 0; b0 < COPY_NWI; b0 += COPY_NUD) {
            real v[COPY_MUD * COPY_NUD][COPY_VW];
            KT_UNROLL
            for (int u = 0; u < COPY_MUD * COPY_NUD; ++u) {
                const int pp = ly + (a0 + u / COPY_NUD) * COPY_WGM, p = p0 + pp;
                // Destination columns i .. i + VW - 1: all below Cc or none (Cc is a multiple of VW).
                const int ii = (lx + (b0 + u % COPY_NUD) * COPY_WGN) * COPY_VW, i = i0 + ii;
                KT_UNROLL
                for (int q = 0; q < COPY_VW; ++q) v[u][q] = (real)0;
#if COPY_STAGED
                if (mode == 1) {
                    KT_UNROLL
                    for (int q = 0; q < COPY_VW; ++q) v[u][q] = tile[COPY_TILE(ii + q, pp)];
                }
#endif
                if (mode == 0 && p < r) {
                    if (vsrc && i + COPY_VW <= c) {
                        const copy_vec w = *((const KT_GLOBAL copy_vec*)(src + offset + (size_t)p * ld + i));
                        COPY_UNPACK(v[u], w);
                    } else {
                        KT_UNROLL
                        for (int q = 0; q < COPY_VW; ++q)
                            if (i + q < c) v[u][q] = src[offset + (size_t)p * ld + i + q];
                    }
                }
#if COPY_FILL == 1
                if (mode == 3 && p < r) {
                    KT_UNROLL
                    for (int q = 0; q < COPY_VW; ++q)
                        if (i + q < c)
                            v[u][q] = copy_stored(p, i + q) ? src[offset + (size_t)p * ld + i + q]
                                                            : src[offset + (size_t)(i + q) * ld + p];
                }
#endif
            }
            KT_UNROLL
            for (int u = 0; u < COPY_MUD * COPY_NUD; ++u) {
                const int p = p0 + ly + (a0 + u / COPY_NUD) * COPY_WGM;
                const int ii = (lx + (b0 + u % COPY_NUD) * COPY_WGN) * COPY_VW, i = i0 + ii;
                if (p >= R || i >= Cc) continue;
                KT_UNROLL
                for (int q = 0; q < COPY_VW; ++q)
                    v[u][q] = (p < r && i + q < c) ? copy_mask(p, i + q, v[u][q]) : (real)0;
                if (vdst) {
                    *((KT_GLOBAL copy_vec*)(dst + copy_dst_index(p, i, R, Cc))) = COPY_PACK(v[u]);
                } else {
                    KT_UNROLL
                    for (int q = 0; q < COPY_VW; ++q) dst[copy_dst_index(p, i + q, R, Cc)] = v[u][q];
                }
            }
        }
    }
}
