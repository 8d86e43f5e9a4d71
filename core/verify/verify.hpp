// Comparison of a kernel's output with a reference: max abs/rel error, relative L2, NaN/Inf and unwritten
// (still poisoned) elements, with per-precision default tolerances scaled by the reduction length.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "core/model/precision.hpp"
#include "core/model/verify_result.hpp"

namespace kt {

// Acceptance thresholds. An output passes when
//   relative L2 error ‖out − ref‖₂ / ‖ref‖₂ ≤ relL2, and
//   every element satisfies |out_i − ref_i| ≤ element · (|ref_i| + rms(ref)),
// and no element is NaN/Inf or unwritten. The element test catches a single wrong element that the L2 norm dilutes
// over a large output; the rms(ref) term keeps elements whose reference cancels to ~0 from failing on round-off.
struct Tolerance {
    double relL2 = 0;
    double element = 0;

    // Defaults for results that are sums of `reductionLength` products (k for GEMM, n for SYMV, 1 for copies).
    // Round-off of a length-k sum grows like u·√k for random-signed data (u = unit round-off: 2^-24 for f32,
    // 2^-53 for f64), and the reference (OpenBLAS) uses another summation order, so:
    //   relL2   = max(floor, 16 · u · √k)      floor: f32 1e-5, f64 1e-13
    //   element = 8 · relL2
    // e.g. f32 k=4096: relL2 ≈ 6.1e-5, element ≈ 4.9e-4; f64 k=4096: relL2 ≈ 1.1e-13.
    static Tolerance forPrecision(Precision precision, std::int64_t reductionLength = 1);
};

struct VerifyOptions {
    Tolerance tolerance;
    // Value the output was filled with before the run; an element still holding it (bit-exact) where the
    // reference differs is reported as unwritten. Use poisonValue<T>() unless the reference may contain it.
    std::optional<double> sentinel;
    // Names element i in messages, e.g. "C[17,3]"; default "out[i]".
    std::function<std::string(std::size_t)> nameElement;
};

struct VerifyReport {
    bool ok = false;
    std::size_t count = 0;
    double maxAbsError = 0;
    double maxRelError = 0;     // max |out−ref| / |ref| over elements with ref ≠ 0
    double relL2 = 0;           // ‖out−ref‖₂ / ‖ref‖₂ (‖out−ref‖₂ itself when ref is all zero)
    std::size_t worstIndex = 0; // element with the largest |out−ref| / (|ref| + rms(ref)); first bad one if any
    double worstOut = 0, worstRef = 0;
    std::size_t badElements = 0; // elements over the element tolerance
    std::size_t nanCount = 0, infCount = 0, unwrittenCount = 0;
    std::size_t firstNonFinite = 0, firstUnwritten = 0;
    std::string message; // one line naming the worst element, or "ok: …" with the errors

    VerifyResult toResult() const { return {ok, maxAbsError, maxRelError, message}; }
};

// A quiet NaN with a recognisable payload, so an unwritten element never passes even without the sentinel check.
template <typename T> T poisonValue();
template <> float poisonValue<float>();
template <> double poisonValue<double>();

VerifyReport compareOutputs(std::span<const float> out, std::span<const float> ref, const VerifyOptions& options);
VerifyReport compareOutputs(std::span<const double> out, std::span<const double> ref, const VerifyOptions& options);
// Single-precision output against a reference computed in double (tolerances as for f32).
VerifyReport compareOutputs(std::span<const float> out, std::span<const double> ref, const VerifyOptions& options);

// Element namer for a matrix stored with leading dimension `ld` (row-major: i = r·ld + c; column-major: i = c·ld + r).
std::function<std::string(std::size_t)> matrixElementNamer(std::string name, std::size_t ld, bool rowMajor);

} // namespace kt
