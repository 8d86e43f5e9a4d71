// `ktune bench`: our tuned (or given, or the papers') candidates against the vendor library, in one process on one
// device; a table on stdout, JSON with both figures and their ratio, peer results kept in the store.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/bench/bench_output.hpp"
#include "app/bench/bench_plan.hpp"
#include "app/bench/bench_runner.hpp"
#include "app/cli/cli_common.hpp"
#include "core/engine/tuned_parts.hpp"
#include "core/rules/rule_file.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::cli {
namespace {

using namespace kt::bench;

PeerChoice parsePeer(const std::string& text) {
    if (text == "auto") return PeerChoice::Auto;
    if (text == "none") return PeerChoice::None;
    if (text == "cublas") return PeerChoice::Cublas;
    if (text == "clblast") return PeerChoice::Clblast;
    throw UsageError("--peer: expected auto, none, cublas or clblast, got '" + text + "'");
}

// A comma-separated list of the family's bench variants (GEMM: op types nn, nt, tn, tt), duplicates dropped.
std::vector<std::string> parseVariants(const std::string& text, const Family& family, const std::string& flag) {
    const BenchDescription d = family.benchDescription();
    std::string known;
    for (const auto& v : d.variants) known += (known.empty() ? "" : ", ") + v;
    if (d.variants.size() == 1 && d.variants.front().empty())
        throw UsageError(flag + ": family " + family.name() + " has no bench variants");
    std::vector<std::string> out;
    std::stringstream list(text);
    std::string v;
    while (std::getline(list, v, ',')) {
        std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        if (std::find(d.variants.begin(), d.variants.end(), v) == d.variants.end())
            throw UsageError(flag + ": expected a list of " + known + ", got '" + v + "'");
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    }
    if (out.empty()) throw UsageError(flag + ": empty list");
    return out;
}

int runBench(const std::vector<std::string>& argv) {
    Args args(argv,
              {"--device", "--family", "--point", "--top", "--sizes", "--ops", "--peer", "--runs", "--warmup", "--db",
               "--out", "--seed", "--profile", "--rules", "--variants"},
              {"--best", "--paper", "--tensor-cores", "--verify", "--json", "--default-parts"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    kernels::registerBuiltinFamilies();
    const std::string familyName = args.required("--family");
    auto family = FamilyRegistry::instance().find(familyName);
    if (!family || family->internal()) {
        std::string names;
        for (const auto& f : FamilyRegistry::instance().all())
            if (!f->internal()) names += " " + f->name();
        throw UsageError("unknown family '" + familyName + "'; known:" + names);
    }

    const int modes = int(args.value("--point").has_value()) + int(args.flag("--best")) + int(args.flag("--paper")) +
                      int(args.value("--rules").has_value());
    if (modes != 1) throw UsageError("give exactly one of --point KEY, --best, --paper or --rules R.json");
    std::optional<int> top;
    if (auto t = args.integer("--top")) {
        if (args.value("--point") || args.value("--rules")) throw UsageError("--top goes with --best or --paper");
        if (*t < 1 || *t > 100) throw UsageError("--top must be between 1 and 100");
        top = static_cast<int>(*t);
    }
    Options options;
    if (args.value("--ops") && args.value("--variants")) throw UsageError("give --variants or --ops, not both");
    if (auto o = args.value("--ops")) options.variants = parseVariants(*o, *family, "--ops");
    if (auto o = args.value("--variants")) options.variants = parseVariants(*o, *family, "--variants");
    options.peer = parsePeer(args.value("--peer").value_or("auto"));
    options.tensorCores = args.flag("--tensor-cores");
    options.verify = args.flag("--verify");
    if (auto r = args.integer("--runs")) {
        if (*r < 1 || *r > 1000) throw UsageError("--runs must be between 1 and 1000");
        options.timedRuns = static_cast<int>(*r);
    }
    if (auto w = args.integer("--warmup")) {
        if (*w < 1 || *w > 100) throw UsageError("--warmup must be between 1 and 100");
        options.warmupRuns = static_cast<int>(*w);
    }
    if (auto s = args.integer("--seed")) options.seed = static_cast<std::uint64_t>(*s);
    PlanRequest request;
    if (auto s = args.value("--sizes")) request.sizes = parseSizes(*s, "--sizes");

    // --rules: read and check the file before any device work (a bad file is a usage error: exit 2).
    if (auto path = args.value("--rules")) {
        try {
            request.rule = rules::readRuleFile(*path);
            request.rule->checkDimensions(family->sizeDimensions());
        } catch (const rules::RuleInputError& e) {
            throw UsageError(std::string("--rules: ") + e.what());
        }
        if (!request.rule->family.empty() && request.rule->family != familyName)
            throw UsageError("--rules: " + *path + " is a rule for family " + request.rule->family + ", not " +
                             familyName);
    }
    if (args.value("--point")) request.source = CandidateSource::Point, request.pointKey = *args.value("--point");
    else if (request.rule) request.source = CandidateSource::Rule;
    else if (args.flag("--paper")) request.source = CandidateSource::Paper;
    else request.source = top ? CandidateSource::Top : CandidateSource::Best;
    request.top = top.value_or(0);

    const auto dbPath = databasePath(args);
    DeviceCatalog catalog(dbPath, false); // a benchmark needs real hardware: no simulated twins
    const auto found = catalog.select(args.required("--device"));
    const BackendKind backend = found.info.backend;
    if ((options.peer == PeerChoice::Cublas && backend != BackendKind::Cuda) ||
        (options.peer == PeerChoice::Clblast && backend != BackendKind::OpenCL))
        throw UsageError("--peer " + std::string(options.peer == PeerChoice::Cublas ? "cublas" : "clblast") +
                         " needs a " + (options.peer == PeerChoice::Cublas ? "CUDA" : "OpenCL") + " device; " +
                         found.info.label() + " is " + toString(backend));
    std::vector<ProblemSize> sizes;
    try {
        sizes = benchSizes(*family, found.info, request);
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--sizes: ") + e.what());
    }
    checkSizesFitDevice(*family, sizes, found.info, "--sizes");
    request.sizes = sizes;
    std::optional<DeviceProfile> givenProfile;
    if (auto file = args.value("--profile")) {
        std::ifstream in(*file);
        if (!in) throw UsageError("--profile: cannot read " + *file);
        try {
            const auto doc = nlohmann::json::parse(in);
            const DeviceInfo profiled = doc.at("device").get<DeviceInfo>();
            if (profiled.stableId() != found.info.stableId())
                throw UsageError("--profile: " + *file + " profiles " + profiled.stableId() + ", not " +
                                 found.info.stableId());
            if (!profiled.profile) throw UsageError("--profile: " + *file + " has no \"profile\" in \"device\"");
            givenProfile = profiled.profile;
        } catch (const nlohmann::json::exception& e) {
            throw UsageError("--profile: " + *file + " is not `ktune profile --json` output: " + e.what());
        }
    }

    // Candidates.
    std::optional<store::Database> db;
    auto openDb = [&]() -> store::Database& {
        if (!db) db.emplace(store::Database::open(dbPath));
        return *db;
    };
    const bool fromStore = request.source == CandidateSource::Best || request.source == CandidateSource::Top;
    std::vector<PlanEntry> plan;
    try {
        plan = makeBenchPlan(*family, found.info, request, fromStore ? &openDb() : nullptr);
    } catch (const std::invalid_argument& e) {
        const std::string flag = request.source == CandidateSource::Top ? "--best" : flagOf(request.source);
        throw UsageError(flag + ": " + e.what() + (fromStore ? " (store " + dbPath.string() + ")" : ""));
    }

    // Routines built from several tuned parts (the copies of the GEMM and BLAS3 routines) take the stored winners of
    // those parts' families on this device; --default-parts keeps the defaults (the untuned copies) for comparison.
    std::optional<StoredTunedParts> parts;
    if (!args.flag("--default-parts")) parts.emplace(dbPath.string());

    auto device = found.backend->open(found.info);
    Result result;
    try {
        result = runBench(*device, family, plan, options);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }

    // Bound: --profile, else the device's stored profile, else whatever the enumeration knew.
    std::optional<DeviceProfile> profile = givenProfile ? givenProfile : found.info.profile;
    std::string storeWarning;
    try {
        store::DeviceRepository devicesRepo(openDb());
        if (!givenProfile)
            if (auto p = devicesRepo.latestProfile(found.info.stableId())) profile = p;
        DeviceInfo withProfile = found.info;
        withProfile.profile = givenProfile; // kept in the device's profile history
        devicesRepo.upsert(withProfile);
        storePeerFigures(openDb(), found.info, *family, result);
    } catch (const std::exception& e) {
        storeWarning = e.what(); // the benchmark itself is still valid
    }

    nlohmann::json json = benchJson(found.info, *family, result, options, profile);
    if (const auto& rule = request.rule) {
        json["rule"] = {{"file", rule->source}, {"format", rule->format}};
        if (!rule->family.empty()) json["rule"]["family"] = rule->family;
        for (const char* key : {"intervals", "dims", "tree"})
            if (rule->document.contains(key)) json["rule"][key] = rule->document[key];
    }
    if (auto out = args.value("--out")) {
        std::ofstream file(*out, std::ios::binary | std::ios::trunc);
        if (!file) {
            std::cerr << "ktune bench: cannot write " << *out << "\n";
            return 1;
        }
        file << json.dump(2) << "\n";
    }
    if (args.flag("--json"))
        std::cout << json.dump(2) << "\n";
    else
        printBenchTable(std::cout, found.info, *family, result);
    if (!storeWarning.empty()) std::cerr << "ktune bench: peer results not stored: " << storeWarning << "\n";
    const bool anyOurs =
        std::any_of(result.rows.begin(), result.rows.end(), [](const Row& r) { return r.ours.measured(); });
    const bool anyWrong =
        std::any_of(result.rows.begin(), result.rows.end(), [](const Row& r) { return r.verified == false; });
    if (anyWrong) std::cerr << "ktune bench: --verify found wrong results (see the rows marked WRONG RESULT)\n";
    return anyOurs && !anyWrong ? 0 : 1;
}

// clang-format off
KT_REGISTER_COMMAND(Command{
    "bench", "benchmark candidates against the vendor library (cuBLAS, CLBlast) on one device",
    "usage: ktune bench --device D --family F (--point KEY | --best [--top N] | --paper [--top N] | --rules R.json)\n"
    "                   [--sizes LIST] [--variants LIST] [--peer auto|none|cublas|clblast] [--tensor-cores]\n"
    "                   [--runs N] [--warmup N] [--verify] [--profile FILE] [--db FILE] [--out FILE.json]\n"
    "                   [--json]\n\n"
    "Runs our candidate(s) and the vendor library side by side in this process on the same device: the same\n"
    "sizes, warm-up and number of timed runs, device events only, median kept. Each family says what its bench\n"
    "runs: for sgemm/dgemm every op variant (column-major C = op(A) op(B)) times the full routine (layout copies\n"
    "+ TN kernel) and the TN kernel alone is a separate column; transpose/dtranspose time the candidate in GB/s.\n"
    "The peer runs the same BLAS call on the same operands: cuBLAS (pedantic math) on CUDA devices, CLBlast on\n"
    "OpenCL devices (gemm, geam / omatcopy, …). Peer results go to the store.\n\n"
    "  --device D        index, id or part of the name from `ktune devices`\n"
    "  --family F        sgemm, dgemm, transpose, dtranspose, … (`ktune families`)\n"
    "  --point KEY       one candidate, as a point key (NAME=value,…); several keys separated by ';' are measured\n"
    "                    side by side\n"
    "  --best            the stored best per size (nearest tuned size); with --top N the N best at the largest size\n"
    "  --paper           the papers' fastest kernels of the family (sgemm/dgemm: TN kernels); --top N keeps N\n"
    "  --rules R.json    what a `ktune rules` rule dispatches: at each size the candidate it names (ktune-rules/1:\n"
    "                    the interval holding n, GEMM sizes m = n = k only, a size outside every interval takes\n"
    "                    the nearest one and the output says so; ktune-tree/1: the tree on m, n, k). Candidate\n"
    "                    names must be point keys of the family (`ktune best --curves` writes them); a rule with\n"
    "                    \"family\" must match --family. Default sizes: each interval's first size and the last.\n"
    "                    The table and JSON (\"rule\", \"rule_note\" per row) show which candidate ran where\n"
    "  --sizes LIST      1024,2048 | 1024x512x256 (m x n x k) | 1024:8192:1024 (default: the family's sizes);\n"
    "                    at most 1024 sizes, each dimension 1 … 2147483647, each fitting the device's memory\n"
    "  --variants LIST   the family's bench variants (GEMM op types nn,nt,tn,tt; default: all); --ops is the same\n"
    "  --peer P          auto (default: by backend), none, cublas, clblast\n"
    "  --tensor-cores    CUDA: a second cuBLAS column with default math (DGEMM may use FP64 tensor cores)\n"
    "  --runs N          timed repetitions (default 5; median kept); --warmup N untimed runs first (default 1)\n"
    "  --verify          check our results against the reference (OpenBLAS; slow for large GEMM)\n"
    "  --default-parts   routines keep their default copy kernels instead of the stored best of the copy\n"
    "                    family (layout_copy, dlayout_copy) for the device\n"
    "  --profile FILE    `ktune profile D --json` output: the bound in the JSON (stored with the device);\n"
    "                    default: the device's stored profile\n"
    "  --out FILE        write the JSON there; --json prints it instead of the table\n"
    "  --db FILE         store for --best and peer results (default: $KT_DB or ~/.local/share/KernelTune)\n\n"
    "From a tuning run to a measured rule (tools/gpu-dispatch.sh runs these):\n"
    "  ktune tune --family sgemm --strategy two-stage --sizes 1024,2048 --sweep 256:4096:256 …\n"
    "  ktune best --family sgemm --run ID --curves C.csv     (size,candidate,value; candidates are point keys)\n"
    "  ktune rules --curves C.csv --family sgemm --out R.json\n"
    "  ktune bench --family sgemm --rules R.json --sizes 256:4096:256 --verify\n\n"
    "exit codes: 0 at least one of our figures measured, 1 none could be or --verify found a wrong result,\n"
    "            2 bad arguments (also an unreadable or malformed --rules file, or a candidate that is not a point)\n",
    runBench});
// clang-format on

} // namespace
} // namespace kt::cli
