// `ktune tune`: tunes one family on one device; progress on the terminal, everything in the store, resumable.
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/cli_common.hpp"
#include "app/cli/progress_printer.hpp"
#include "app/cli/tuning_args.hpp"
#include "core/engine/tuning_session.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::cli {
namespace {

// Strategy option values are counts, fractions and weights; beyond this a count cast to an integer overflows.
constexpr double kMaxStrategyOption = 1e9;

int runTune(const std::vector<std::string>& argv) {
    Args args(argv,
              {"--device", "--family", "--space", "--preset", "--strategy", "--sizes", "--sweep", "--budget-evals",
               "--budget-time", "--resume", "--db", "--seed", "--runs", "--timeout", "--option", "--compile-threads",
               "--compile-in", "--notes"},
              {"--json", "--no-isolation", "--no-verify", "--warm-start"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    kernels::registerBuiltinFamilies();
    const auto dbPath = databasePath(args);
    TuningConfig config;
    config.database = dbPath;

    if (args.value("--resume")) {
        config.resumeRunId = resumeRunArg(args, dbPath);
    } else {
        config.family = args.required("--family");
    }
    DeviceCatalog catalog(dbPath);
    if (!config.resumeRunId || args.value("--device")) {
        config.device = catalog.select(args.required("--device")).info;
    }
    std::shared_ptr<const Family> family;
    if (!config.resumeRunId) {
        family = familyArg(config.family);
        applySpaceArgs(args, *family, config);
        if (auto s = args.value("--strategy")) {
            try {
                StrategyRegistry::instance().create(*s);
            } catch (const std::exception& e) {
                throw UsageError(e.what());
            }
            config.strategy = *s;
        }
        try {
            if (auto s = args.value("--sizes")) config.sizes = normaliseSizes(*family, parseSizes(*s, "--sizes"));
            if (auto s = args.value("--sweep")) config.sweep = normaliseSizes(*family, parseSizes(*s, "--sweep"));
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
        checkSizesFitDevice(*family, config.sizes, config.device, "--sizes");
        checkSizesFitDevice(*family, config.sweep, config.device, "--sweep");
        applyBudgetArgs(args, config);
        config.warmStart = args.flag("--warm-start");
        if (auto o = args.value("--option")) {
            const auto known = StrategyRegistry::instance().create(config.strategy)->optionNames();
            std::string knownText;
            for (const auto& k : known) knownText += (knownText.empty() ? "" : ", ") + k;
            std::stringstream list(*o);
            std::string kv;
            while (std::getline(list, kv, ',')) {
                const auto eq = kv.find('=');
                if (eq == std::string::npos) throw UsageError("--option: expected name=value, got '" + kv + "'");
                const std::string key = kv.substr(0, eq);
                if (std::find(known.begin(), known.end(), key) == known.end())
                    throw UsageError("--option: strategy " + config.strategy + " has no option '" + key +
                                     "' (its options: " + knownText + ")");
                const double v = parseNumber(kv.substr(eq + 1), "--option " + key);
                if (v < 0 || v > kMaxStrategyOption)
                    throw UsageError("--option " + key + ": " + kv.substr(eq + 1) + " is outside [0, 1e9]");
                config.strategyOptions.values[key] = v;
            }
        }
    }

    applyExecutorArgs(args, catalog, dbPath, config);

    const auto metric = family ? family->metric() : Metric::GFlops;
    ProgressPrinter printer(ProgressPrinter::detect(args.flag("--json")), metric);
    RunControl control;
    InterruptCancels interrupts(control);
    TuningSession session(std::move(config), &printer, &control);
    const auto outcome = session.run();
    if (outcome.status == RunStatus::Failed) {
        std::cerr << "ktune tune: " << outcome.message << "\n";
        return 1;
    }
    if (!args.flag("--json") && !outcome.result.best.empty()) {
        std::cout << "best candidates (mean " << toString(metric) << " over the scoring sizes):\n";
        for (std::size_t i = 0; i < std::min<std::size_t>(5, outcome.result.best.size()); ++i)
            std::cout << "  " << i + 1 << ". " << outcome.result.best[i].score << "  " << outcome.result.best[i].point.key() << "\n";
        std::cout << "resume with: ktune tune --resume " << outcome.runId << "\n";
    }
    return outcome.status == RunStatus::Completed ? 0 : 3;
}

KT_REGISTER_COMMAND(Command{
    "tune", "tune a kernel family on a device (strategies, budgets, resume)",
    "usage: ktune tune --device D --family F [--space FILE | --preset P] [--strategy S] [--sizes LIST]\n"
    "                  [--sweep LIST] [--budget-evals N] [--budget-time T] [--seed N] [--db FILE] [--json]\n"
    "       ktune tune --resume ID [--db FILE] [--json]\n\n"
    "Searches the family's parameter space on the device. Every candidate is compiled (in parallel, cached),\n"
    "timed with device events, verified against the reference and stored as it is measured; a candidate that\n"
    "hangs or crashes is killed in its worker process and recorded, and the run goes on. Ctrl-C cancels; a\n"
    "cancelled, crashed or killed run continues with --resume and never measures a stored point again.\n\n"
    "  --device D          index, id or part of the name from `ktune devices` (simulated:… replays the store)\n"
    "  --family F          kernel family (`ktune families` lists them)\n"
    "  --space FILE        parameter space JSON (resources/presets/README.md); default: the family's own.\n"
    "                      It must name the family's parameters (and no others) and, with \"family\", this family;\n"
    "                      the family's device requirements (fp64, tensor cores, …) are added to its constraints\n"
    "  --preset P          a built-in preset space (e.g. transpose, gemm)\n"
    "  --strategy S        exhaustive, random, two-stage (default), sieve, annealing, surrogate\n"
    "  --sizes LIST        sizes scored: 1024,2048 | 256x256x128 | 256:8192:256 (from:to:step);\n"
    "                      one number for a family with m,n,k sizes means n x n x n; at most 1024 sizes,\n"
    "                      each dimension 1 … 2147483647, and each size must fit the device's memory\n"
    "  --sweep LIST        second-stage / detailed sizes (two-stage, sieve)\n"
    "  --budget-evals N    stop after N evaluations (one candidate at one size)\n"
    "  --budget-time T     stop after T (90, 90s, 15m, 2h)\n"
    "  --option k=v,…      strategy options (e.g. top=50 for two-stage, fraction=0.05 for annealing);\n"
    "                      values 0 … 1e9; names by strategy: two-stage top; exhaustive keep; random fraction;\n"
    "                      sieve ranks, finalists; annealing initial, moves, t0, t1, fraction; surrogate initial,\n"
    "                      points, kappa, lambda, pool, fraction; every one batch\n"
    "  --seed N            random seed (strategies, input data)\n"
    "  --runs N            timed repetitions per measurement (1 … 1000, default 5; median kept)\n"
    "  --timeout T         per-size watchdog timeout (default 20s; durations up to 100 days)\n"
    "  --compile-threads N parallel compilations (1 … 1024, default: all cores)\n"
    "  --compile-in W      processes (the default where the device allows: CUDA; compile-worker processes,\n"
    "                      a batch compiled while its first candidates are measured) or threads (of the\n"
    "                      measuring process, the batch compiled first); compiled images are kept on disk in\n"
    "                      $KT_IMAGE_CACHE, else $XDG_CACHE_HOME/ktune/images (KT_IMAGE_CACHE=off: not)\n"
    "  --no-isolation      measure in this process (faster start; a crashing kernel kills ktune)\n"
    "  --warm-start        measure the family's known-good kernels first (GEMM: the papers' fastest TN\n"
    "                      kernels; BLAS3 routines: the GEMM winners stored for the device, then those);\n"
    "                      random, annealing and surrogate start from them\n"
    "  --no-verify         skip verification (not recommended)\n"
    "  --db FILE           store (default: $KT_DB or ~/.local/share/KernelTune/ktune.sqlite)\n"
    "  --json              JSON lines: one per measurement, then the outcome\n"
    "  --notes TEXT        stored with the run\n\n"
    "Bounds on input (sizes, space files, expressions, values): docs/reliability.md.\n"
    "exit codes: 0 completed, 1 failed (also: a store that is read-only or fails SQLite's integrity check),\n"
    "            2 bad arguments (also: a space without a valid point, a --resume run not in the store),\n"
    "            3 cancelled (resumable)\n",
    runTune});

} // namespace
} // namespace kt::cli
