// Validation and description of GEMM generator parameters.
#include "kernels/gemm/gemm_params.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>
#include <vector>

namespace kt::gemm {

int GemmParams::chunk() const {
    int maxElems = 16 / realBytes();
    return vw < maxElems ? vw : maxElems;
}

int GemmParams::kMajorChunk() const { return std::gcd(chunk(), kl); }

namespace {
// Shared-memory wavefronts of the transposed stores of a k-major tile with rows `stride` elements apart: load idx =
// lid + r * WG covers element kc = idx % (kl / lc) along k (lc elements) of tile column i = idx / (kl / lc), and
// store e of it writes element (kc * lc + e, i). Per warp (32 consecutive lids) and phase (128 bytes of lanes), a bank
// serves its distinct 4-byte words one wavefront each.
std::int64_t transposedStoreWavefronts(const GemmParams& p, int wide, int stride) {
    const int lc = p.kMajorChunk(), perColumn = p.kl / lc, total = wide * perColumn, wg = p.wgSize();
    const int words = p.realBytes() / 4, phaseLanes = 32 / words;
    std::int64_t wavefronts = 0;
    for (int r = 0; r * wg < total; ++r)
        for (int e = 0; e < lc; ++e)
            for (int lane0 = 0; lane0 < wg; lane0 += phaseLanes) {
                std::vector<std::vector<int>> bank(32);
                for (int lid = lane0; lid < std::min(wg, lane0 + phaseLanes); ++lid) {
                    const int idx = lid + r * wg;
                    if (idx >= total) continue;
                    const int element = (idx % perColumn * lc + e) * stride + idx / perColumn;
                    for (int w = 0; w < words; ++w) {
                        const int word = element * words + w;
                        auto& b = bank[std::size_t(word % 32)];
                        if (std::find(b.begin(), b.end(), word) == b.end()) b.push_back(word);
                    }
                }
                std::size_t most = 0;
                for (const auto& b : bank) most = std::max(most, b.size());
                wavefronts += std::int64_t(most);
            }
    return wavefronts;
}
} // namespace

int GemmParams::kMajorPad(int wide) const {
    int best = 0;
    std::int64_t fewest = -1;
    for (int pad = 0; pad * realBytes() < 128; pad += chunk()) {
        const std::int64_t w = transposedStoreWavefronts(*this, wide, wide + pad);
        if (fewest < 0 || w < fewest) fewest = w, best = pad;
    }
    return best;
}

std::int64_t GemmParams::localMemBytes() const {
    if (mma && direct) { // either orientation of each operand: the larger of its two tiles
        auto tile = [&](int wide) {
            return std::max(std::int64_t(kl) * (wide + mmaPad()), std::int64_t(wide) * (kl + mmaPadK()));
        };
        return std::max((tile(ml) + tile(nl)) * realBytes() * stages, cstageBytes());
    }
    if (mma) return std::max(std::int64_t(ml + nl + 2 * mmaPad()) * kl * realBytes() * stages, cstageBytes());
    if (direct) // either orientation of each operand: a k-major one's tile rows are padded
        return std::int64_t(ml + kMajorPad(ml) + nl + kMajorPad(nl)) * kl * realBytes() * localBuffers();
    std::int64_t elems = (localA ? std::int64_t(kl) * ml : 0) + (localB ? std::int64_t(kl) * nl : 0);
    return elems * realBytes() * localBuffers();
}

std::int64_t GemmParams::cstageBytes() const {
    if (!mma || !cstage) return 0;
    return std::int64_t(wgSize() / 32) * mmaM() * (wn() + 1) * realBytes();
}

std::string GemmParams::invalidReason() const {
    auto positive = [](int v) { return v >= 1; };
    if (!positive(ml) || !positive(nl) || !positive(kl)) return "ml, nl, kl must be >= 1";
    if (!positive(ms) || !positive(ns) || !positive(ks)) return "ms, ns, ks must be >= 1";
    if (vw != 1 && vw != 2 && vw != 4 && vw != 8) return "vw must be 1, 2, 4 or 8 (got " + std::to_string(vw) + ")";
    if (ml % ms) return "ml (" + std::to_string(ml) + ") must be a multiple of ms (" + std::to_string(ms) + ")";
    if (nl % ns) return "nl (" + std::to_string(nl) + ") must be a multiple of ns (" + std::to_string(ns) + ")";
    if (kl % ks) return "kl (" + std::to_string(kl) + ") must be a multiple of ks (" + std::to_string(ks) + ")";
    if (ms % vw) return "ms (" + std::to_string(ms) + ") must be a multiple of vw (" + std::to_string(vw) + ")";
    if (ns % vw) return "ns (" + std::to_string(ns) + ") must be a multiple of vw (" + std::to_string(vw) + ")";
    if (prefetch < 0 || prefetch > 6) return "prefetch must be 0..6 (got " + std::to_string(prefetch) + ")";
    if (maxRegs != 0 && (maxRegs < 32 || maxRegs > 255))
        return "maxregs must be 0 (none) or 32..255 (got " + std::to_string(maxRegs) + ")";
    if (ksplit < 1 || ksplit > 64) return "ksplit must be 1..64 (got " + std::to_string(ksplit) + ")";
    if (prefetch && !localA && !localB) return "prefetch needs a shared tile (local memory for A or B)";
    if (warpM != 0 && warpM != 2 && warpM != 4 && warpM != 8)
        return "warpm must be 0, 2, 4 or 8 (got " + std::to_string(warpM) + ")";
    if (order < 0 || order > 1) return "order must be 0 or 1 (got " + std::to_string(order) + ")";
    if (frags < 0 || frags > 1) return "frags must be 0 or 1 (got " + std::to_string(frags) + ")";
    if ((warpM || order || frags) && mma) return "warpm, order and frags belong to the SIMT kernel (mma 0)";
    if (warpM && (wgM() % warpM || wgN() % (32 / warpM)))
        return "warpm " + std::to_string(warpM) + ": warps of " + std::to_string(warpM) + " x " +
               std::to_string(32 / warpM) + " work-items must tile the " + std::to_string(wgM()) + " x " +
               std::to_string(wgN()) + " work-group";
    // An even kl: the fragment slots alternate by k-step within a k-block (slot pk % 2, fixed at compile time), so
    // the next block's first step lands in slot 0 only after an even number of steps.
    if (frags && (prefetch < 1 || ks != 1 || kl > 16 || kl % 2 || !localA || !localB))
        return "double-buffered fragments (frags 1) need prefetch 1 to 6, ks 1, an even kl <= 16 and both tiles "
               "local";
    if (prefetch == 6 && !frags)
        return "prefetch 6 is the fragment pipeline over one tile buffer without guards: it needs frags 1";
    if (mma == 0) {
        if (wm != 0 || stages != 0 || swizzle != 0 || dbuf != 0 || lds128 != 0 || minBlocks != 0 || cstage != 0)
            return "wm, stages, swizzle, dbuf, lds128, minblocks and cstage belong to the tensor-core path (mma > 0)";
        if (direct < 0 || direct > 1) return "direct must be 0 or 1 (got " + std::to_string(direct) + ")";
        if (direct && (layoutA != Layout::Row || layoutB != Layout::Row))
            return "direct reads (direct 1) read the caller's row-major matrices: layouts ROW/ROW";
        // Every tile goes through local memory, where a k-major operand is transposed and the edges are zero-filled;
        // the register-only and image reads would need both done per work-item in the k-step loop.
        if (direct && (!localA || !localB || imageA || imageB))
            return "direct reads on the SIMT kernel (direct 1) need both tiles in local memory (local=AB) and no "
                   "images";
        return {};
    }
    return mmaInvalidReason();
}

std::string GemmParams::mmaInvalidReason() const {
    auto str = [](int v) { return std::to_string(v); };
    if (mma < 0 || mma > 4) return "mma must be 0 (SIMT) or 1..4 (m8n8k4, m16n8k4, m16n8k8, m16n8k16), got " + str(mma);
    if (precision != Precision::F64) return "the tensor-core path (mma > 0) is FP64 only (SGEMM stays exact FP32)";
    if (!localA || !localB || imageA || imageB || prefetch || maxRegs || ks != 1 || vw != 2)
        return "the tensor-core path takes local=AB, image=-, prefetch 0, maxregs 0, ks 1, vw 2 (its own pipeline)";
    if (stages < 2 || stages > 4) return "stages must be 2..4 on the tensor-core path, got " + str(stages);
    if (swizzle < 0 || swizzle > 3) return "swizzle must be 0, 1, 2 or 3, got " + str(swizzle);
    if (ml % 16 || nl % 16) return "the tensor-core path needs ml and nl multiples of 16";
    if (wm < mmaM() || wm % mmaM() || ml % wm)
        return "wm (" + str(wm) + ") must be a multiple of the MMA's m (" + str(mmaM()) + ") dividing ml (" + str(ml) +
               ")";
    if ((32 * ms * ns) % wm || wn() % 8 || nl % wn())
        return "the warp tile's width 32 ms ns / wm (" + str(32 * ms * ns) + " / " + str(wm) +
               ") must be a multiple of 8 dividing nl (" + str(nl) + ")";
    if (kl % mmaK()) return "kl (" + str(kl) + ") must be a multiple of the MMA's k (" + str(mmaK()) + ")";
    if (dbuf < 0 || dbuf > 1) return "dbuf must be 0 or 1, got " + str(dbuf);
    if (dbuf && mmaSteps() % 2)
        return "double-buffered fragments (dbuf 1) need an even number of k-steps per k-block, kl / mma k = " +
               str(kl) + " / " + str(mmaK());
    if (lds128 < 0 || lds128 > 1) return "lds128 must be 0 or 1, got " + str(lds128);
    if (lds128 && (swizzle != 3 || mmaM() != 16 || wn() % 16))
        return "16-byte fragment loads (lds128 1) need swizzle 3, an m16 MMA shape and a warp tile width that is a "
               "multiple of 16";
    if (minBlocks != 0 && minBlocks != 2) return "minblocks must be 0 (none) or 2, got " + str(minBlocks);
    if (cstage < 0 || cstage > 1) return "cstage must be 0 or 1, got " + str(cstage);
    if (direct < 0 || direct > 1) return "direct must be 0 or 1, got " + str(direct);
    if (direct && (layoutA != Layout::Row || layoutB != Layout::Row))
        return "direct reads (direct 1) read the caller's row-major matrices: layouts ROW/ROW";
    return {};
}

std::string GemmParams::describe() const {
    std::ostringstream s;
    s << "ml=" << ml << " nl=" << nl << " kl=" << kl << " ms=" << ms << " ns=" << ns << " ks=" << ks << " vw=" << vw
      << " local="
      << (localA && localB ? "AB"
          : localA         ? "A"
          : localB         ? "B"
                           : "-")
      << " image="
      << (imageA && imageB ? "AB"
          : imageA         ? "A"
          : imageB         ? "B"
                           : "-")
      << " layout=" << toString(layoutA) << "/" << toString(layoutB)
      << (prefetch == 1   ? " prefetch"
          : prefetch == 2 ? " prefetch+2buf"
          : prefetch == 3 ? " prefetch+2buf+early-store"
          : prefetch == 4 ? " prefetch+2buf+early-store+peeled"
          : prefetch == 5 ? " prefetch+2buf+early-store+peeled+pairs"
          : prefetch == 6 ? " prefetch+peeled"
                          : "")
      << (warpM ? " warp=" + std::to_string(warpM) + "x" + std::to_string(32 / warpM) : std::string())
      << (order ? " serpentine" : "") << (frags ? " frags" : "") << (direct && !mma ? " direct" : "")
      << (maxRegs ? " maxregs=" + std::to_string(maxRegs) : std::string())
      << (ksplit > 1 ? " ksplit=" + std::to_string(ksplit) : std::string())
      << (mma ? " mma=" +
                    std::string(mma == 1   ? "m8n8k4"
                                : mma == 2 ? "m16n8k4"
                                : mma == 3 ? "m16n8k8"
                                           : "m16n8k16") +
                    " warp=" + std::to_string(wm) + "x" + std::to_string(wn()) + " stages=" + std::to_string(stages) +
                    (swizzle == 1   ? " padded"
                     : swizzle == 2 ? " swizzled"
                     : swizzle == 3 ? " swizzled4"
                                    : "") +
                    (dbuf ? " dbuf" : "") + (lds128 ? " lds128" : "") +
                    (minBlocks ? " minblocks=" + std::to_string(minBlocks) : std::string()) + (cstage ? " cstage" : "") +
                    (direct ? " direct" : "")
              : std::string())
      << " " << toString(precision);
    return s.str();
}

} // namespace kt::gemm
