// Fuzz target: a package's manifest.json as `ktune export --replace` reads it back (exporter::isPackageManifest), the
// only part of an exported package KernelTune parses (the package's runtime parses no JSON). The check never throws
// and accepts exactly a JSON object whose "format" is the tag this KernelTune writes.
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "core/export/package_writer.hpp"
#include "fuzz/fuzz_target.hpp"

namespace {
void run(const std::string& text) {
    bool accepted = false;
    try {
        accepted = kt::exporter::isPackageManifest(text);
    } catch (...) { // declared noexcept: an escaping exception would already have terminated
        std::abort();
    }
    if (!accepted) return;
    // Invariant: an accepted text parses on its own (with exceptions) to an object holding the tag.
    const auto manifest = nlohmann::json::parse(text);
    if (!manifest.is_object() || manifest.at("format") != kt::exporter::kManifestFormat) std::abort();
}
} // namespace

KT_FUZZ_TARGET(run)
