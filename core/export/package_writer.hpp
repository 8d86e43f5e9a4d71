// Writes a tuned package (package_model.hpp) as a self-contained source tree: kernels, generated plans and dispatch
// rules, the runtime library, a CMake package, a README and a manifest of provenance.
#pragma once
#include <filesystem>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/export/package_model.hpp"

namespace kt::exporter {

struct WriteOptions {
    std::filesystem::path out;
    // An existing folder is refused unless it holds an earlier package (a manifest.json of format ktune-package/1)
    // and `replace` is set; nothing else is ever overwritten.
    bool replace = false;
    std::string kerneltuneVersion;
    std::string database;                             // the store's path, recorded in the manifest
    std::function<void(const std::string&)> progress; // a line per step, optional
};

// The manifest's format tag.
inline constexpr const char* kManifestFormat = "ktune-package/1";

// Whether `text` (a folder's manifest.json) is the manifest of a package `ktune export` wrote: a JSON object whose
// "format" is kManifestFormat. The one part of a package KernelTune reads back (the package's runtime parses no
// JSON: its plans and rules are generated C++): writePackage replaces only a folder that holds one. Any other text,
// malformed or not, is no package manifest; never throws.
bool isPackageManifest(const std::string& text) noexcept;

// Returns the manifest written. ExportError when the folder is refused or a plan cannot be emitted; the package is
// written to a sibling temporary folder and renamed into place, so a failure leaves no half-written package.
nlohmann::json writePackage(const PackageModel& model, const WriteOptions& options);

} // namespace kt::exporter
