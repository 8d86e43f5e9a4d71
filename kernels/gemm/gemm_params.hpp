// Parameters of the Matsumoto-style A^T*B + C ("TN") GEMM kernel generator, as a plain struct with validation.
#pragma once
#include <cstdint>
#include <string>

#include "core/engine/family.hpp"
#include "kernels/common/tile_layout.hpp"

namespace kt::gemm {

// The operand layouts live in kernels/common so the copy kernels that write them need not include GEMM.
using kernels::Layout;
using kernels::toString;

struct GemmParams {
    int ml = 64, nl = 64, kl = 16; // larger blocking: one work-group computes an ml x nl block of C
    int ms = 4, ns = 4, ks = 2;    // smaller blocking: one work-item computes an ms x ns sub-block, ks k-steps per load
    int vw = 2;                    // vector width: consecutive elements of A (along m) / B (along n) per load
    bool localA = false;           // share the kl x ml tile of A in local memory
    bool localB = true;            // share the kl x nl tile of B in local memory
    bool imageA = false;           // read A as an image: OpenCL image1d_buffer_t over the buffer, __ldg on CUDA
    bool imageB = false;
    // Beyond the papers. 0: none. 1: the next k-block's shared tiles are loaded into registers while this block is
    // computed (two barriers per k-block). 2: as 1, and the local tiles are double-buffered, so one barrier per
    // k-block suffices and no work-item waits for the slowest one's stores before computing (twice the local memory).
    // 3: as 2, but the next tile is stored into the other buffer at the start of a k-block, from registers loaded
    // one k-block earlier, so the global loads run a whole k-block ahead of their stores (with 2, ptxas sinks them
    // to the stores at the block's end in the FP64 kernels; docs/perf/gemm.md). 4: as 3, but the k-blocks with two
    // more after them run in a loop without the guards of the two tile moves, loading from pointers advanced by a
    // constant, and the last two in a second loop (CUTLASS's mainloop has no guards either). 5: as 4, the guard-free
    // loop runs two k-blocks per trip with the buffer index a constant in each (every shared address one base plus
    // an immediate; twice the loop's code). 6: one tile buffer with the fragment pipeline (1 with frags 1), its
    // k-blocks with two more after them in a loop without guards and the last two peeled, as in 4 (needs frags 1).
    int prefetch = 0;
    // Beyond the papers: cap on registers per work-item (0: the compiler's choice). Fewer registers let more
    // work-groups share a compute unit; the FP64 kernels with 8x8 accumulators otherwise run 8 warps per SM.
    // CUDA: the launch bounds' minimum blocks per SM; NVIDIA OpenCL: -cl-nv-maxrregcount. Other devices take none.
    int maxRegs = 0;
    // Beyond the papers: split-K. `ksplit` work-groups share one ml x nl block of C, each summing K / ksplit of the
    // k range into a workspace slice; a reduction kernel adds the slices into C. For small C, where ml x nl blocks
    // alone leave compute units idle. K is padded to a multiple of kl * ksplit.
    int ksplit = 1;
    // Beyond the papers: the FP64 tensor-core path (CUDA, compute capability >= 8.0; gemm_mma.hpp). 0: the SIMT
    // kernel above. 1: mma.sync m8n8k4 (sm_80), 2: m16n8k4, 3: m16n8k8, 4: m16n8k16 (sm_90). The work-group keeps
    // its (nl/ns) x (ml/ms) work-items, now warps that each own a wm x (32 ms ns / wm) tile of C; A and B tiles go
    // to shared memory through a `stages`-deep cp.async ring, stored plain, padded or XOR-swizzled (`swizzle`).
    int mma = 0;
    int wm = 0;      // rows of C per warp (tensor-core path; 0 for SIMT)
    int stages = 0;  // shared-memory pipeline stages, 2..4 (tensor-core path; 0 for SIMT)
    int swizzle = 0; // shared tile rows: 0 plain, 1 padded by 8 elements, 2 XOR-swizzled, 3 XOR over 4 rows
    // Tensor-core mainloop (issue 15's second round; 0 keeps the first round's kernel for every one of them):
    // dbuf 1: the fragments of k-step i+1 are loaded from shared memory into a second register set while the MMAs of
    //   step i issue, across k-block boundaries too (the k-block's one barrier sits before its last step's MMAs);
    //   needs an even number of k-steps per k-block (kl / mma k).
    // lds128 1: fragments read as 16-byte pairs: MMA rows g and g + 8 are adjacent rows of C and MMA tiles j, j + 1
    //   adjacent columns, so a thread's two A (B) values sit side by side in shared memory; needs swizzle 3, an m16
    //   shape and warp tiles 16 columns wide.
    // minBlocks: the launch bounds' minimum resident blocks per SM (0: none), which caps the registers.
    int dbuf = 0;
    int lds128 = 0;
    int minBlocks = 0;
    // cstage 1: the store of C goes through shared memory (the ring, free after the main loop), one MMA row slab of
    //   a warp's tile at a time, so C is read and written with consecutive lanes on consecutive columns (whole 32-byte
    //   sectors) instead of in the MMA's fragment layout (one 8-byte element per sector and lane). For short k, where
    //   the store is most of the kernel (H200 2026-11-28 run AC: 5000 x 5000 x 64 was L2-bound at 88%).
    int cstage = 0;
    // Bytes of shared memory the staged store of C takes: a slab of the MMA's m rows of every warp's tile, rows
    // padded by one element (so the fragment-layout writes spread over the banks).
    std::int64_t cstageBytes() const;
    // direct 1 (ROW layouts): the kernel reads A and B straight from the caller's matrices (any m, n, k, leading
    // dimension and offset; zero-filled outside), so the routine needs no layout copy for any op (issue 15).
    // Tensor-core path: 8-byte loads where a row is not 16-byte aligned; an operand whose elements run along k
    // (op(A) = A in row-major terms) is kept in shared memory k-contiguous, rows padded by mmaPadK(), and read in
    // 8-byte loads. SIMT kernel (both tiles local, no images): loads of chunk() elements where the tile lies inside the
    // matrix and its rows are aligned (element loads otherwise); a k-major operand is loaded kMajorChunk() elements
    // along k at a time and stored into its local tile transposed, rows padded by kMajorPad() against bank conflicts.
    int direct = 0;
    // The SIMT kernel's micro-kernel, after CUTLASS's SIMT GEMMs (issue 15; none in the papers, 0 keeps the first
    // kernels). warpM 2/4/8: the 32 consecutive work-items of a warp form a warpM x (32 / warpM) patch of the
    // work-group instead of whole rows of it (0), so a warp's shared-memory reads of A and B touch fewer distinct
    // addresses (more broadcast). order 1: the FMAs of a k-step run along n outside, along m inside and serpentine
    // (the direction flips every column), so consecutive FMAs share an operand register. frags 1: the fragments of
    // k-step s + 1 are read from local memory into a second register set while step s's FMAs issue, across the
    // k-block's one barrier too (needs prefetch 1 to 6 with both tiles local, ks 1, an even kl <= 16; with
    // prefetch 1 the one tile buffer is stored between two barriers before the last k-step's FMAs instead).
    int warpM = 0;
    int order = 0;
    int frags = 0;
    Layout layoutA = Layout::Cbl;
    Layout layoutB = Layout::Cbl;
    Precision precision = Precision::F32;

    int wgM() const { return ml / ms; } // work-items along m (local dimension 1)
    int wgN() const { return nl / ns; } // work-items along n (local dimension 0)
    int wgSize() const { return wgM() * wgN(); }
    int realBytes() const { return precision == Precision::F64 ? 8 : 4; }
    // Elements per load instruction: vw split into loads of at most 16 bytes (float4 / double2).
    int chunk() const;
    int localBuffers() const { return prefetch >= 2 && prefetch <= 5 ? 2 : 1; }
    // Tensor-core path: MMA instruction shape and the warp tile (wn follows from wm and the work-item block).
    int mmaM() const { return mma == 1 ? 8 : 16; }
    int mmaK() const { return mma == 4 ? 16 : mma == 3 ? 8 : 4; }
    int wn() const { return wm > 0 ? 32 * ms * ns / wm : 0; }
    int mmaPad() const { return swizzle == 1 ? 8 : 0; } // elements added to each shared tile row
    // Elements added to each row of a k-contiguous shared tile (direct reads): the row stride is then 4 or 12 modulo
    // 16 elements (2 modulo 8 with lds128's row mapping), so the 16 lanes of one 8-byte fragment load hit 16 distinct
    // bank pairs, and it stays even, so rows stay 16-byte aligned for cp.async.
    int mmaPadK() const { return lds128 ? (10 - kl % 8) % 8 : kl % 8 == 4 ? 0 : 4; }
    int mmaSteps() const { return mma ? kl / mmaK() : 0; } // MMA k-steps per k-block
    // Lowest CUDA compute capability (x 10) that has the MMA shape: m8n8k4 sm_80, the m16n8k* shapes sm_90.
    int mmaMinCc() const { return mma == 0 ? 0 : mma == 1 ? 80 : 90; }
    std::int64_t kMultiple() const { return std::int64_t(kl) * ksplit; } // K is padded to a multiple of this
    // Direct reads: the multiple of elements that ld and offsets must be for the exact-fit program
    // (TnVariant::exactFit, no bounds or alignment tests): 16-byte cp.async rows (tensor cores), loads of chunk()
    // elements (SIMT).
    int directAlign() const { return mma ? 2 : chunk(); }
    // SIMT direct reads of a k-major operand: elements per load along k (chunk() where it divides kl).
    int kMajorChunk() const;
    // SIMT direct reads: elements added to each row of the local tile (`wide` = ml or nl columns) that a k-major
    // operand is stored into transposed. Chosen by counting the shared-memory wavefronts of the work-group's
    // transposed stores (32 banks of 4 bytes) for each pad (multiples of chunk(), below 128 bytes): the smallest pad
    // of the fewest wavefronts (0 where the stores are conflict-free already).
    int kMajorPad(int wide) const;
    std::int64_t localMemBytes() const;

    // Empty when the kernel can be generated; otherwise the first reason it cannot (names the parameter).
    std::string invalidReason() const;
    std::string mmaInvalidReason() const; // the tensor-core rules (mma > 0)
    // "ml=64 nl=64 kl=16 ms=4 ns=4 ks=2 vw=2 local=B image=- layout=CBL/CBL f32"
    std::string describe() const;
};

// Smallest multiple of `block` that is >= value (and >= block, so empty problems still get one block).
inline std::int64_t roundUp(std::int64_t value, std::int64_t block) {
    std::int64_t r = (value + block - 1) / block * block;
    return r < block ? block : r;
}

} // namespace kt::gemm
