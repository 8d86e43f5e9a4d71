// `ktune export`: a tuned kernel package (C API, CBLAS entries, drop-in, CMake package) from the store's measurements.
#include <fstream>
#include <iostream>

#include "app/cli/args.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/command.hpp"
#include "core/export/package_model.hpp"
#include "core/export/package_writer.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::cli {
namespace {

const char* kExportUsage =
    R"(usage: ktune export --device ID --family F[,F...] --out DIR [--db FILE] [--depth D] [--replace]
                    [--kind-table FAMILY:KIND=FILE[,...]] [--rule FAMILY=FILE[,...]]

Writes a self-contained source package of the kernels tuned on device ID: the kernel sources of the chosen
variants, their plans and per-family dispatch rules as generated C++, a small C library (libktp) that picks the
variant for the device and problem size, compiles it at run time through the backend it was tuned on (OpenCL; or
CUDA: NVRTC and the driver, loaded at the first call, so the package builds without CUDA) and caches programs in
memory and on disk, a CMake package (find_package(KernelTunePackage) -> KernelTunePackage::ktp), a README and
manifest.json (device, driver, date, KernelTune version and the measurements behind every choice).

  --device ID     a device of the store (its stable id, as `ktune devices` and `ktune runs` show it)
  --family F      families to export, comma-separated; `all`: every family with a routine and measurements on
                  the device (the others are listed as skipped)
  --out DIR       the package folder: new or empty (an earlier package there needs --replace)
  --depth D       depth of each family's dispatch tree over its size dimensions (0..8, default 3): at most 2^D
                  size-dependent variants per family
  --kind-table FAMILY:KIND=FILE
                  a dispatch table (ktune-table/1, from `ktune rules --table`) for FAMILY's calls of KIND, added to
                  the table built from the store: sgemm_batched:pointers=ptr.json makes the package's pointer-array
                  entries take ptr.json's exact entries, the store's table at other sizes
  --rule FAMILY=FILE
                  a dispatch rule from `ktune rules` (ktune-rules/1 intervals with their per-kind intervals,
                  ktune-tree/1 or ktune-table/1 with kind tables) that FAMILY's package dispatch follows on the
                  tuned device exactly as `ktune bench --rules FILE` runs it, per call kind (GEMM's op pair: nt, tn,
                  tt; a row-major call counts as its column-major transpose); its candidates become variants, measured
                  or not, and must be points of the family that the tuned device can run. A size rule covers sizes
                  whose dimensions are all equal (GEMM's m = n = k): other calls take the store's tree (or table),
                  which still needs measurements of the family. The generic variant (other devices) stays the
                  store's. Not with a --kind-table of the same family. E.g. run AO's per-op DGEMM rule:
                  --family dgemm --rule dgemm=docs/perf/h200-2026-11-28-c/run-AO/rule-ops.json
  --replace       overwrite an earlier package in DIR (nothing else is ever overwritten)
  --db FILE       the store (default: $KT_DB, else the user's data folder)

Build the package: cmake -S DIR -B DIR/build [-DKTP_DROP_IN=ON] && cmake --build DIR/build
Exit codes: 0 ok, 2 bad arguments or nothing to export, 1 failure while writing.
)";

// The non-empty items of a comma-separated list.
std::vector<std::string> commaItems(const std::string& list) {
    std::vector<std::string> items;
    for (std::size_t start = 0; start <= list.size();) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        if (comma > start) items.push_back(list.substr(start, comma - start));
        start = comma + 1;
    }
    return items;
}

int runExport(const std::vector<std::string>& argv) {
    Args args(argv, {"--db", "--device", "--family", "--out", "--depth", "--kind-table", "--rule"}, {"--replace"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    kernels::registerBuiltinFamilies();
    exporter::ExportRequest request;
    request.deviceId = args.required("--device");
    request.families = commaItems(args.required("--family"));
    if (const auto tables = args.value("--kind-table")) {
        for (const auto& item : commaItems(*tables)) {
            const auto colon = item.find(':'), eq = item.find('=');
            if (colon == std::string::npos || eq == std::string::npos || colon == 0 || eq < colon + 2 ||
                eq + 1 == item.size())
                throw UsageError("--kind-table '" + item + "': expected FAMILY:KIND=FILE");
            exporter::ExportRequest::KindTable k;
            k.family = item.substr(0, colon), k.kind = item.substr(colon + 1, eq - colon - 1);
            const std::string file = item.substr(eq + 1);
            std::ifstream in(file);
            if (!in) throw UsageError("--kind-table: cannot read " + file);
            try {
                k.table = rules::tableFromJson(nlohmann::json::parse(in));
            } catch (const std::exception& e) {
                throw UsageError("--kind-table: " + file + ": " + e.what());
            }
            request.kindTables.push_back(std::move(k));
        }
    }
    if (const auto given = args.value("--rule")) {
        for (const auto& item : commaItems(*given)) {
            const auto eq = item.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
                throw UsageError("--rule '" + item + "': expected FAMILY=FILE");
            exporter::ExportRequest::Rule r;
            r.family = item.substr(0, eq);
            try {
                r.rule = rules::readRuleFile(item.substr(eq + 1));
            } catch (const std::exception& e) {
                throw UsageError(std::string("--rule: ") + e.what());
            }
            request.rules.push_back(std::move(r));
        }
    }
    const long long depth = args.integer("--depth").value_or(3);
    if (depth < 0 || depth > 8) throw UsageError("--depth must be in 0..8");
    request.maxDepth = int(depth);
    const auto path = databasePath(args);
    if (!std::filesystem::exists(path)) throw UsageError("no store at " + path.string() + " (nothing tuned yet?)");
    auto db = store::Database::open(path);
    std::vector<std::string> skipped;
    exporter::PackageModel model;
    try {
        model = exporter::buildPackageModel(db, request, &skipped);
    } catch (const exporter::ExportError& e) {
        throw UsageError(e.what());
    }
    for (const auto& s : skipped) std::cout << "skipped " << s << "\n";
    exporter::WriteOptions options;
    options.out = args.required("--out");
    options.replace = args.flag("--replace");
    options.database = path.string();
    options.progress = [](const std::string& line) { std::cout << line << "\n"; };
    nlohmann::json manifest;
    try {
        manifest = exporter::writePackage(model, options);
    } catch (const exporter::ExportError& e) {
        std::cerr << "ktune export: " << e.what() << "\n";
        return 1;
    }
    store::ExportRepository(db).add(std::filesystem::absolute(options.out).string(), manifest);
    for (const auto& f : model.families) {
        std::cout << f.name << ": " << f.variants.size() << " variants, ";
        if (f.table)
            std::cout << "dispatch table of " << f.table->keys.size() << " sizes";
        else
            std::cout << "dispatch tree of depth " << f.rule.depth();
        std::cout << " over " << f.best.size() << " measured sizes";
        if (f.givenRule) std::cout << ", rule " << f.givenRule->source << " (" << f.givenRule->format << ") first";
        if (f.table)
            for (const auto& k : f.table->kinds)
                std::cout << ", " << k.kind << " table of " << k.keys.size() << " sizes";
        std::cout << "\n";
    }
    std::cout << "routines:";
    for (const auto& r : manifest["routines"]) std::cout << " " << r.get<std::string>();
    std::cout << "\n";
    return 0;
}

} // namespace

KT_REGISTER_COMMAND(Command{"export", "write a tuned kernel package (C API, CBLAS drop-in, CMake)", kExportUsage, runExport});

} // namespace kt::cli
