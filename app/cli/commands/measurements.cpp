// `ktune measurements` (every stored measurement as CSV, JSON or Kernel Tuner's T4) and `ktune import` (T4 files).
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/cli/args.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/command.hpp"
#include "core/export/measurement_formats.hpp"
#include "core/fit/csv_table.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::cli {
namespace {

std::shared_ptr<const Family> familyNamed(const std::string& name) {
    kernels::registerBuiltinFamilies();
    auto f = FamilyRegistry::instance().find(name);
    if (!f || f->internal()) throw UsageError("--family: unknown family '" + name + "'");
    return f;
}

DeviceInfo storedDevice(const store::Database& db, const std::string& id) {
    const auto d = store::DeviceRepository(db).get(id);
    if (!d) throw UsageError("--device: '" + id + "' is not in the store (ktune runs lists the devices of its runs)");
    return d->info;
}

int runMeasurements(const std::vector<std::string>& argv) {
    Args args(argv, {"--db", "--device", "--family", "--format", "--out", "--run", "--size"}, {});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    const std::string format = args.value("--format").value_or("csv");
    if (format != "csv" && format != "json" && format != "t4")
        throw UsageError("--format must be csv, json or t4 (not '" + format + "')");
    const auto path = databasePath(args);
    if (!std::filesystem::exists(path)) throw UsageError("no store at " + path.string());
    auto db = store::Database::open(path, {store::OpenMode::ReadOnly});
    const std::string deviceId = args.required("--device");
    const DeviceInfo device = storedDevice(db, deviceId);
    const auto family = familyNamed(args.required("--family"));
    store::MeasurementFilter filter;
    filter.familyVersion = family->version();
    if (auto r = args.integer("--run")) filter.runId = *r;
    std::optional<ProblemSize> size;
    if (auto s = args.value("--size")) {
        auto sizes = normaliseSizes(*family, parseSizes(*s, "--size"));
        if (sizes.size() != 1) throw UsageError("--size takes one size");
        size = sizes.front();
        filter.size = size;
    }
    const auto rows = store::MeasurementRepository(db).query(deviceId, family->name(), filter);
    std::string text;
    if (format == "csv")
        text = exporter::measurementsCsv(rows);
    else if (format == "json")
        text = exporter::measurementsJson(rows).dump(2) + "\n";
    else {
        if (!size) throw UsageError("--format t4 describes one problem size: give --size");
        text = exporter::toT4(rows, family->name(), device, *size).dump(2) + "\n";
    }
    if (auto out = args.value("--out")) {
        fit::writeFileAtomically(*out, text);
        std::cerr << rows.size() << " measurements written to " << *out << "\n";
    } else {
        std::cout << text;
    }
    return 0;
}

int runImport(const std::vector<std::string>& argv) {
    Args args(argv, {"--db", "--device", "--family", "--t4", "--size"}, {});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    const std::string file = args.required("--t4");
    std::ifstream in(file, std::ios::binary);
    if (!in) throw UsageError("--t4: cannot read " + file);
    std::stringstream text;
    text << in.rdbuf();
    const auto path = databasePath(args);
    if (!std::filesystem::exists(path)) throw UsageError("no store at " + path.string());
    auto db = store::Database::open(path);
    const DeviceInfo device = storedDevice(db, args.required("--device"));
    const auto family = familyNamed(args.required("--family"));
    std::optional<ProblemSize> size;
    if (auto s = args.value("--size")) {
        auto sizes = normaliseSizes(*family, parseSizes(*s, "--size"));
        if (sizes.size() != 1) throw UsageError("--size takes one size");
        size = sizes.front();
    }
    try {
        const auto run = exporter::importT4(db, text.str(), file, *family, device, size);
        std::cout << "imported " << store::MeasurementRepository(db).byRun(run).size() << " results as run " << run
                  << "\n";
    } catch (const exporter::ImportError& e) {
        throw UsageError(e.what());
    }
    return 0;
}

} // namespace

KT_REGISTER_COMMAND(Command{
    "measurements", "every stored measurement as CSV, JSON or Kernel Tuner's T4",
    "usage: ktune measurements --device ID --family F [--format csv|json|t4] [--size S] [--run N] [--out FILE]\n"
    "                          [--db FILE]\n\n"
    "csv (default): run_id,created_at,device,family,point,size,status,value,median_ms,min_ms,spread_ms,max_error,\n"
    "compile_ms,times_ms,error (times_ms ';'-separated). json: an array of objects with the same fields, the point\n"
    "as {NAME: value}. t4: Kernel Tuner's results schema 1.0.0 for one --size (configuration, times, invalidity,\n"
    "correctness, measurements), with a \"kerneltune\" object naming device, family and size.\n",
    runMeasurements});

KT_REGISTER_COMMAND(Command{
    "import", "import Kernel Tuner T4 results into the store",
    "usage: ktune import --t4 FILE --device ID --family F [--size S] [--db FILE]\n\n"
    "Reads a T4 results file (schema 1.x) as one new run of F on the stored device ID at size S (or the size in\n"
    "the file's \"kerneltune\" object). Every result is checked first: configurations must be points of F's space\n"
    "on the device, invalidity one of correct, compile, runtime, correctness, timeout, constraints, a correct\n"
    "result needs a time. A malformed file is refused with its line and field and the store is left unchanged.\n"
    "Exit codes: 0 imported, 2 refused.\n",
    runImport});

} // namespace kt::cli
