// Validation and description of GEMM generator parameters.
#include "kernels/gemm/gemm_params.hpp"

#include <sstream>

namespace kt::gemm {

int GemmParams::chunk() const {
    int maxElems = 16 / realBytes();
    return vw < maxElems ? vw : maxElems;
}

std::int64_t GemmParams::localMemBytes() const {
    std::int64_t elems = (localA ? std::int64_t(kl) * ml : 0) + (localB ? std::int64_t(kl) * nl : 0);
    return elems * realBytes() * localBuffers();
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
    if (prefetch < 0 || prefetch > 2) return "prefetch must be 0, 1 or 2 (got " + std::to_string(prefetch) + ")";
    if (maxRegs != 0 && (maxRegs < 32 || maxRegs > 255))
        return "maxregs must be 0 (none) or 32..255 (got " + std::to_string(maxRegs) + ")";
    if (ksplit < 1 || ksplit > 64) return "ksplit must be 1..64 (got " + std::to_string(ksplit) + ")";
    if (prefetch && !localA && !localB) return "prefetch needs a shared tile (local memory for A or B)";
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
      << " layout=" << toString(layoutA) << "/" << toString(layoutB) << (prefetch == 1 ? " prefetch" : prefetch == 2 ? " prefetch+2buf" : "")
      << (maxRegs ? " maxregs=" + std::to_string(maxRegs) : std::string())
      << (ksplit > 1 ? " ksplit=" + std::to_string(ksplit) : std::string()) << " "
      << toString(precision);
    return s.str();
}

} // namespace kt::gemm
