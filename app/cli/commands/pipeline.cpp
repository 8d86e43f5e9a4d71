// `ktune pipeline`: the whole size pipeline of one family on one device (sieve → detailed sampling → d-spline →
// rule), stored and resumable; writes the rule for `ktune bench --rules`.
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/cli_common.hpp"
#include "app/cli/progress_printer.hpp"
#include "app/cli/tuning_args.hpp"
#include "core/engine/size_pipeline.hpp"
#include "core/fit/csv_table.hpp"
#include "core/rules/rule_emit.hpp"
#include "kernels/builtin_families.hpp"

namespace kt::cli {
namespace {

const char* kPipelineUsage =
    R"(usage: ktune pipeline --device D --family F [--space FILE | --preset P] [--representative LIST]
                      [--detail LIST] [--ranks R] [--finalists K] [--keep-champions]
                      [--incremental N [--confidence P]]
                      [--alpha A|auto] [--tolerance T] [--min-width W] [--out R.json] [--emit-cpp R.hpp]
                      [--budget-evals N] [--budget-time T] [--seed N] [--runs N] [--db FILE] [--json]
       ktune pipeline --resume ID [--out R.json] [rule options] [--db FILE] [--json]

The tuning pipeline of paper 004 for a family with one size dimension (e.g. dsymv): every valid point of the space
at the representative sizes; per size the top R kernels score (R − rank)/R; the K with the most points are sampled
over the detail sizes; a d-spline per finalist estimates its performance at every n from the smallest to the
largest detail size; the best finalist per n, merged into intervals, is the dispatch rule. Everything measured is
stored as a tuning run (strategy sieve), the fits and the rule too (rule name "pipeline").

  --device D            index, id or part of the name from `ktune devices`
  --family F            a family with one size dimension (`ktune families`)
  --space FILE          parameter space JSON (default: the family's own); --preset P a built-in one
  --representative LIST sizes of the sieve (default 1000,2800,4600,6400,8200,10000)
  --detail LIST         sizes of the detailed sampling (default 48 sizes from 100 to 10000; e.g. 100:16384:340);
                        at least 2 distinct sizes; the rule covers their range
  --ranks R             ranks that score per representative size (default 25)
  --finalists K         kernels sampled in detail (default 10)
  --keep-champions      the winner of each representative size is a finalist whatever its points (the rest by
                        points): a kernel best only at the largest size is otherwise outscored by kernels that
                        rank well at the others, and the rule cannot pick it where it wins
  --incremental N       sample the finalists at N detail sizes spread over the range first, then only where the
                        fitted curves leave the winner uncertain (N >= 2; default: every detail size)
  --confidence P        incremental: stop when no size's winner flips with probability P or more (default 0.05)
  --alpha A|auto        d-spline smoothing α >= 0, or auto (generalised cross-validation, the default)
  --tolerance T         do not switch kernels for a gain below the fraction T (default 0)
  --min-width W         intervals narrower than W sizes go to a neighbour (default 1)
  --out R.json          write the rule (ktune-rules/1, with family, finalists and sampling) for
                        `ktune bench --family F --rules R.json`
  --emit-cpp R.hpp      also write the rule as a C++ header (selectKernel(long long n))
  --budget-evals N, --budget-time T, --seed N, --runs N, --timeout T, --compile-threads N, --compile-in W,
  --no-isolation, --no-verify, --notes TEXT   as for `ktune tune`
  --resume ID           continue a cancelled or interrupted pipeline run; for a completed run, derive the rule
                        again (with the rule options given now)
  --db FILE             store (default: $KT_DB or ~/.local/share/KernelTune/ktune.sqlite)
  --json                JSON lines while measuring, then the outcome as one JSON object

Exit codes: 0 rule derived, 1 failed, 2 bad arguments, 3 cancelled (resumable with --resume).
)";

std::size_t countArg(const Args& args, const std::string& name, long long fallback, long long min) {
    const long long v = args.integer(name).value_or(fallback);
    if (v < min || v > 1000000) throw UsageError(name + " must be between " + std::to_string(min) + " and 1000000");
    return static_cast<std::size_t>(v);
}

int runPipeline(const std::vector<std::string>& argv) {
    Args args(argv,
              {"--device",    "--family",    "--space",       "--preset",       "--representative",  "--detail",
               "--ranks",     "--finalists", "--incremental", "--confidence",   "--alpha",           "--tolerance",
               "--min-width", "--out",       "--emit-cpp",    "--budget-evals", "--budget-time",     "--resume",
               "--db",        "--seed",      "--runs",        "--timeout",      "--compile-threads", "--notes",
               "--compile-in"},
              {"--json", "--no-isolation", "--no-verify", "--keep-champions"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    kernels::registerBuiltinFamilies();
    const auto dbPath = databasePath(args);
    PipelineConfig config;
    TuningConfig& tuning = config.tuning;
    tuning.database = dbPath;

    config.rule.minWidth = args.integer("--min-width").value_or(1);
    config.rule.tolerance = args.number("--tolerance").value_or(0.0);
    if (config.rule.minWidth < 1) throw UsageError("--min-width must be >= 1");
    if (config.rule.tolerance < 0 || config.rule.tolerance >= 1)
        throw UsageError("--tolerance must be a fraction in [0, 1) (0.02 = 2%)");
    if (auto a = args.value("--alpha"); a && *a != "auto") {
        config.alpha = parseNumber(*a, "--alpha");
        if (config.alpha < 0) throw UsageError("--alpha must be >= 0 or 'auto' (got " + *a + ")");
    }
    rules::CppEmitOptions cpp;

    std::shared_ptr<const Family> family;
    if (args.value("--resume")) {
        if (args.flag("--keep-champions"))
            throw UsageError("--keep-champions cannot change a stored run; --resume takes the run's own");
        for (const char* search : {"--family", "--space", "--preset", "--representative", "--detail", "--ranks",
                                   "--finalists", "--incremental", "--confidence", "--budget-evals", "--budget-time"})
            if (args.value(search))
                throw UsageError(std::string(search) + " cannot change a stored run; --resume takes the run's own");
        tuning.resumeRunId = resumeRunArg(args, dbPath);
    } else {
        tuning.family = args.required("--family");
        family = familyArg(tuning.family);
        if (family->sizeDimensions().size() != 1)
            throw UsageError("the pipeline needs a family with one size dimension; " + family->name() + " has " +
                             std::to_string(family->sizeDimensions().size()) + " (tune it with `ktune tune`)");
    }
    DeviceCatalog catalog(dbPath);
    if (!tuning.resumeRunId || args.value("--device")) tuning.device = catalog.select(args.required("--device")).info;
    if (family) {
        applySpaceArgs(args, *family, tuning);
        try {
            if (auto s = args.value("--representative"))
                tuning.sizes = normaliseSizes(*family, parseSizes(*s, "--representative"));
            if (auto s = args.value("--detail")) tuning.sweep = normaliseSizes(*family, parseSizes(*s, "--detail"));
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
        if (!tuning.sweep.empty()) {
            auto lo = tuning.sweep.front().dims[0], hi = lo;
            for (const auto& s : tuning.sweep) lo = std::min(lo, s.dims[0]), hi = std::max(hi, s.dims[0]);
            if (lo == hi) throw UsageError("--detail needs at least 2 distinct sizes (a rule over n needs a range)");
        }
        checkSizesFitDevice(*family, tuning.sizes, tuning.device, "--representative");
        checkSizesFitDevice(*family, tuning.sweep, tuning.device, "--detail");
        config.ranks = countArg(args, "--ranks", 25, 1);
        config.finalists = countArg(args, "--finalists", 10, 1);
        config.keepChampions = args.flag("--keep-champions");
        if (args.value("--incremental")) {
            config.incrementalInitial = countArg(args, "--incremental", 0, 2);
        } else if (args.value("--confidence")) {
            throw UsageError("--confidence goes with --incremental");
        }
        config.confidence = args.number("--confidence").value_or(0.05);
        if (!(config.confidence > 0 && config.confidence < 1))
            throw UsageError("--confidence must be a probability in (0, 1)");
        applyBudgetArgs(args, tuning);
    }
    applyExecutorArgs(args, catalog, dbPath, tuning);

    const bool json = args.flag("--json");
    ProgressPrinter printer(ProgressPrinter::detect(json), family ? family->metric() : Metric::GFlops);
    RunControl control;
    InterruptCancels interrupts(control);
    const auto outcome = SizePipeline(std::move(config), &printer, &control).run();
    if (outcome.status == RunStatus::Failed) {
        std::cerr << "ktune pipeline: " << outcome.message << "\n";
        return 1;
    }
    if (outcome.status != RunStatus::Completed) {
        std::cerr << "ktune pipeline: " << toString(outcome.status) << "; continue with: ktune pipeline --resume "
                  << outcome.runId << "\n";
        return 3;
    }
    try {
        if (auto p = args.value("--out")) fit::writeFileAtomically(*p, outcome.ruleJson.dump(2) + "\n");
        if (auto p = args.value("--emit-cpp")) fit::writeFileAtomically(*p, rules::emitCpp(outcome.rule, cpp));
    } catch (const std::exception& e) {
        std::cerr << "ktune pipeline: the rule is stored (id " << outcome.ruleId << ") but not written: " << e.what()
                  << "\n";
        return 1;
    }
    if (json) {
        nlohmann::json j = {{"run", outcome.runId},
                            {"rule_id", outcome.ruleId},
                            {"seconds", outcome.seconds},
                            {"rule", outcome.ruleJson},
                            {"message", outcome.message}};
        std::cout << j.dump() << "\n";
        return 0;
    }
    std::cout << "pipeline run " << outcome.runId << ": " << outcome.message << ", " << outcome.measurements
              << " measurements in the run, " << outcome.seconds << " s\nfinalists:\n";
    for (const auto& f : outcome.finalists)
        std::cout << "  " << f.key << "  (" << f.sizes << " detail sizes, alpha " << f.alpha << ", mean fitted "
                  << f.meanFitted << ")\n";
    std::cout << "rule:\n";
    for (const auto& row : rules::ruleTable(outcome.rule, "n"))
        std::cout << "  " << row.range << "  " << row.candidate << "\n";
    const auto& e = outcome.ruleJson["evaluation"];
    std::cout << "versus the measured best at the detail sizes: mean loss " << 100 * e.value("mean_loss", 0.0)
              << "%, max loss " << 100 * e.value("max_loss", 0.0) << "%\n";
    if (auto p = args.value("--out"))
        std::cout << "wrote: " << *p << (args.value("--emit-cpp") ? ", " + *args.value("--emit-cpp") : "") << "\n";
    return 0;
}

KT_REGISTER_COMMAND(Command{"pipeline", "size pipeline: sieve, detailed sampling, d-spline fits and a dispatch rule",
                            kPipelineUsage, runPipeline});

} // namespace
} // namespace kt::cli
