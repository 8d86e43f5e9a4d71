// The process-wide tuned-part lookup (tuned_parts.hpp).
#include "core/engine/tuned_parts.hpp"

#include <mutex>

namespace kt {

namespace {
std::mutex& lookupMutex() {
    static std::mutex m;
    return m;
}
TunedPartLookup& installed() {
    static TunedPartLookup lookup;
    return lookup;
}
} // namespace

void setTunedPartLookup(TunedPartLookup lookup) {
    std::lock_guard lock(lookupMutex());
    installed() = std::move(lookup);
}

std::optional<Point> tunedPart(const std::string& family, const DeviceInfo& device) {
    TunedPartLookup lookup;
    {
        std::lock_guard lock(lookupMutex());
        lookup = installed();
    }
    if (!lookup) return std::nullopt;
    try {
        return lookup(family, device);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace kt
