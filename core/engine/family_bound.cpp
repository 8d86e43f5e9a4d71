// Roofline bound of a family at one size.
#include "core/engine/family_bound.hpp"

namespace kt {

std::string toString(BoundKind kind) {
    switch (kind) {
    case BoundKind::ComputeF32: return "compute FP32 peak";
    case BoundKind::ComputeF64: return "compute FP64 peak";
    case BoundKind::Bandwidth: break;
    }
    return "bandwidth";
}

std::optional<Bound> boundFor(const Family& family, const DeviceProfile& profile, const ProblemSize& size) {
    const double bandwidth = profile.copyBandwidthGBs;
    if (family.metric() == Metric::GBs) {
        if (bandwidth <= 0) return std::nullopt;
        return Bound{bandwidth, BoundKind::Bandwidth};
    }
    const bool f64 = family.precision() == Precision::F64;
    const double peak = f64 ? profile.fp64PeakGFlops : profile.fp32PeakGFlops;
    if (peak <= 0) return std::nullopt;
    Bound bound{peak, f64 ? BoundKind::ComputeF64 : BoundKind::ComputeF32};
    const double flops = family.flops(size), bytes = family.bytes(size);
    if (flops <= 0) return std::nullopt;
    // GB/s x flop/byte = GFlop/s. Without a bandwidth figure or a byte count only the peak is known.
    if (bandwidth > 0 && bytes > 0) {
        const double memoryBound = bandwidth * flops / bytes;
        if (memoryBound < peak) bound = Bound{memoryBound, BoundKind::Bandwidth};
    }
    return bound;
}

} // namespace kt
