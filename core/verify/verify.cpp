// Output verification against a reference (see verify.hpp for the acceptance rule).
#include "core/verify/verify.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

namespace kt {

Tolerance Tolerance::forPrecision(Precision precision, std::int64_t reductionLength) {
    double u = precision == Precision::F32 ? std::ldexp(1.0, -24) : std::ldexp(1.0, -53);
    double floor = precision == Precision::F32 ? 1e-5 : 1e-13;
    double k = static_cast<double>(std::max<std::int64_t>(reductionLength, 1));
    Tolerance t;
    t.relL2 = std::max(floor, 16.0 * u * std::sqrt(k));
    t.element = 8.0 * t.relL2;
    return t;
}

template <> float poisonValue<float>() { return std::bit_cast<float>(std::uint32_t{0x7fc0dead}); }
template <> double poisonValue<double>() { return std::bit_cast<double>(std::uint64_t{0x7ff8deaddeaddeadull}); }

namespace {

std::string fmt(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

template <typename T> bool sameBits(T a, double sentinel) {
    T s = static_cast<T>(sentinel);
    return std::memcmp(&a, &s, sizeof(T)) == 0;
}

template <typename T, typename R = T>
VerifyReport compareImpl(std::span<const T> out, std::span<const R> ref, const VerifyOptions& options) {
    VerifyReport r;
    auto name = [&](std::size_t i) {
        return options.nameElement ? options.nameElement(i) : "out[" + std::to_string(i) + "]";
    };
    if (out.size() != ref.size()) {
        r.message = "output has " + std::to_string(out.size()) + " elements, reference " + std::to_string(ref.size());
        return r;
    }
    r.count = out.size();
    if (out.empty()) {
        r.ok = true;
        r.message = "ok: empty output";
        return r;
    }
    // A NaN sentinel is compared bit-exactly; the float copy must keep the payload, so keep it as T.
    const bool checkSentinel = options.sentinel.has_value();
    double refSq = 0;
    for (R v : ref) refSq += static_cast<double>(v) * static_cast<double>(v);
    const double rms = std::sqrt(refSq / static_cast<double>(ref.size()));
    double diffSq = 0;
    double worstScore = -1;
    bool firstBadSeen = false;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const double o = static_cast<double>(out[i]), e = static_cast<double>(ref[i]);
        if (checkSentinel && sameBits<T>(out[i], *options.sentinel) && !sameBits<R>(ref[i], *options.sentinel)) {
            if (r.unwrittenCount++ == 0) r.firstUnwritten = i;
            continue;
        }
        if (std::isnan(o) || std::isinf(o)) {
            if (std::isnan(o)) ++r.nanCount;
            else ++r.infCount;
            if (r.nanCount + r.infCount == 1) r.firstNonFinite = i;
            continue;
        }
        const double d = std::abs(o - e);
        diffSq += d * d;
        r.maxAbsError = std::max(r.maxAbsError, d);
        if (e != 0) r.maxRelError = std::max(r.maxRelError, d / std::abs(e));
        const double scale = std::abs(e) + rms;
        const double score = scale > 0 ? d / scale : (d > 0 ? std::numeric_limits<double>::infinity() : 0);
        const bool bad = score > options.tolerance.element;
        if (bad) ++r.badElements;
        // Report the first bad element (where a human starts looking) or, when all pass, the worst one.
        if ((bad && !firstBadSeen) || (!firstBadSeen && score > worstScore)) {
            worstScore = score;
            r.worstIndex = i;
            r.worstOut = o;
            r.worstRef = e;
            firstBadSeen = bad;
        }
    }
    r.relL2 = refSq > 0 ? std::sqrt(diffSq / refSq) : std::sqrt(diffSq);
    const std::string counts = " (max abs " + fmt(r.maxAbsError) + ", max rel " + fmt(r.maxRelError) + ", rel L2 " +
                               fmt(r.relL2) + ")";
    if (r.unwrittenCount > 0) {
        r.message = std::to_string(r.unwrittenCount) + " element(s) never written, first " + name(r.firstUnwritten) +
                    " still holds the poison value (expected " + fmt(static_cast<double>(ref[r.firstUnwritten])) + ")";
        return r;
    }
    if (r.nanCount + r.infCount > 0) {
        r.message = std::to_string(r.nanCount) + " NaN and " + std::to_string(r.infCount) + " Inf element(s), first " +
                    name(r.firstNonFinite) + " = " + fmt(static_cast<double>(out[r.firstNonFinite])) + " expected " +
                    fmt(static_cast<double>(ref[r.firstNonFinite]));
        return r;
    }
    if (r.badElements > 0) {
        r.message = std::to_string(r.badElements) + " element(s) wrong, first " + name(r.worstIndex) + " = " +
                    fmt(r.worstOut) + " expected " + fmt(r.worstRef) + " (|diff| " +
                    fmt(std::abs(r.worstOut - r.worstRef)) + " > " + fmt(options.tolerance.element) +
                    " x (|ref| + rms " + fmt(rms) + "))" + counts;
        return r;
    }
    if (r.relL2 > options.tolerance.relL2) {
        r.message = "relative L2 error " + fmt(r.relL2) + " > tolerance " + fmt(options.tolerance.relL2) +
                    "; worst " + name(r.worstIndex) + " = " + fmt(r.worstOut) + " expected " + fmt(r.worstRef);
        return r;
    }
    r.ok = true;
    r.message = "ok: rel L2 " + fmt(r.relL2) + " <= " + fmt(options.tolerance.relL2) + ", worst " + name(r.worstIndex) +
                " = " + fmt(r.worstOut) + " expected " + fmt(r.worstRef) + counts;
    return r;
}

} // namespace

VerifyReport compareOutputs(std::span<const float> out, std::span<const float> ref, const VerifyOptions& options) {
    return compareImpl<float>(out, ref, options);
}

VerifyReport compareOutputs(std::span<const double> out, std::span<const double> ref, const VerifyOptions& options) {
    return compareImpl<double>(out, ref, options);
}

VerifyReport compareOutputs(std::span<const float> out, std::span<const double> ref, const VerifyOptions& options) {
    return compareImpl<float, double>(out, ref, options);
}

std::function<std::string(std::size_t)> matrixElementNamer(std::string name, std::size_t ld, bool rowMajor) {
    return [name = std::move(name), ld, rowMajor](std::size_t i) {
        std::size_t a = i / ld, b = i % ld;
        std::size_t row = rowMajor ? a : b, col = rowMajor ? b : a;
        return name + "[" + std::to_string(row) + "," + std::to_string(col) + "]";
    };
}

} // namespace kt
