// Fuzz target: Kernel Tuner T4 results files (`ktune import --t4`): parse and validate them for the sdot family, as
// the import does before it writes anything. Invariant: every measurement accepted is at the size the file or the
// caller gave, names a point of the family's space, and has a finite, non-negative value.
#include <cmath>
#include <cstdlib>

#include "core/engine/family.hpp"
#include "core/export/measurement_formats.hpp"
#include "fuzz/fuzz_target.hpp"
#include "kernels/builtin_families.hpp"

namespace {
void run(const std::string& text) {
    static const std::shared_ptr<const kt::Family> family = [] {
        kt::kernels::registerBuiltinFamilies();
        return kt::FamilyRegistry::instance().find("sdot");
    }();
    static const kt::DeviceInfo device = [] {
        kt::DeviceInfo d; // limits of a typical GPU, so the family's space is not empty
        d.name = "fuzz device";
        d.maxWorkGroupSize = 1024;
        d.maxWorkItemSizes = {1024, 1024, 64};
        d.localMemBytes = 64 << 10;
        d.maxAllocBytes = 4ull << 30;
        d.globalMemBytes = 16ull << 30;
        d.computeUnits = 8;
        return d;
    }();
    const kt::ProblemSize size{{1 << 20}};
    const auto measurements = kt::exporter::parseT4(text, "fuzz.json", *family, device, size);
    for (const auto& m : measurements) {
        if (m.size.dims != size.dims) std::abort();
        if (!std::isfinite(m.value) || m.value < 0) std::abort();
        try {
            (void)family->pointFromKey(m.pointKey, device);
        } catch (...) {
            std::abort(); // accepted, yet not a valid point of the family's space
        }
    }
}
} // namespace

KT_FUZZ_TARGET(run)
