// Shared argument handling of the search commands (tune, pipeline).
#include "app/cli/tuning_args.hpp"

#include <csignal>

#include "core/engine/device_requirements.hpp"
#include "core/store/database.hpp"
#include "core/store/run_repository.hpp"
#include "core/store/store_error.hpp"
#include "devices/simulated/simulated_backend.hpp"
#include "kernels/presets.hpp"

namespace kt::cli {
namespace {

RunControl* g_control = nullptr;
extern "C" void onInterrupt(int) {
    if (g_control) g_control->cancel();
}

// Owns the device the in-process executor measures on.
class OwningExecutor final : public Executor {
public:
    OwningExecutor(std::unique_ptr<Device> device, std::shared_ptr<const Family> family, ExecutorConfig config)
        : m_device(std::move(device)), m_inner(makeInProcessExecutor(*m_device, std::move(family), std::move(config))) {
    }
    void compile(const std::vector<Point>& points) override { m_inner->compile(points); }
    std::vector<Measurement> measure(const Point& p, const std::vector<ProblemSize>& s) override {
        return m_inner->measure(p, s);
    }

private:
    std::unique_ptr<Device> m_device;
    std::unique_ptr<Executor> m_inner;
};

} // namespace

std::int64_t resumeRunArg(const Args& args, const std::filesystem::path& dbPath) {
    const long long resume = *args.integer("--resume");
    if (resume < 1) throw UsageError("--resume: run ids start at 1");
    std::error_code ec;
    if (!std::filesystem::exists(dbPath, ec))
        throw UsageError("--resume: no store at " + dbPath.string() + ", so no run " + std::to_string(resume));
    std::optional<store::RunRecord> record;
    bool looked = false;
    try {
        auto db = store::Database::open(dbPath, {store::OpenMode::ReadOnly});
        record = store::RunRepository(db).get(resume);
        looked = true;
    } catch (const store::StoreError&) {
        // An old schema or a store that cannot be read: the session opens it read-write and says why.
    }
    if (looked && !record)
        throw UsageError("--resume: no run " + std::to_string(resume) + " in " + dbPath.string() +
                         " (`ktune runs` lists them)");
    return resume;
}

std::shared_ptr<const Family> familyArg(const std::string& name) {
    auto family = FamilyRegistry::instance().find(name);
    if (!family) {
        std::string names;
        for (const auto& f : FamilyRegistry::instance().all())
            if (!f->internal()) names += " " + f->name();
        throw UsageError("unknown family '" + name + "'; known:" + names);
    }
    return family;
}

void applySpaceArgs(const Args& args, const Family& family, TuningConfig& config) {
    if (args.value("--space") && args.value("--preset")) throw UsageError("give --space or --preset, not both");
    try {
        if (auto file = args.value("--space")) config.space = ParameterSpace::fromFile(*file);
        if (auto preset = args.value("--preset")) config.space = kernels::presetSpace(*preset);
    } catch (const std::exception& e) {
        throw UsageError(e.what());
    }
    if (config.space) {
        checkSpaceFitsFamily(*config.space, family, config.device, args.value("--space") ? "--space" : "--preset");
        // The file describes kernels; what the device must be able to do comes from the family, as in its own space.
        bindSpaceToDevice(*config.space, family, config.device);
        try {
            config.space->validate();
        } catch (const std::exception& e) {
            throw UsageError(std::string("the space does not fit family '") + config.family + "': " + e.what());
        }
    }
    // A space without a single valid point on this device would "complete" having measured nothing.
    const ParameterSpace& space = config.space ? *config.space : family.space(config.device);
    bool any = false;
    space.forEachValid([&](const Point&) { return !(any = true); });
    if (!any) {
        const auto requirement = emptySpaceRequirement(space, family, config.device);
        throw UsageError("the space has no valid point on " + config.device.label() + " (" +
                         std::to_string(space.cartesianSize()) + " combinations, every one breaks a constraint" +
                         (requirement ? "; e.g. '" + *requirement + "'" : std::string()) + "); nothing to tune");
    }
}

void applyBudgetArgs(const Args& args, TuningConfig& config) {
    if (auto n = args.integer("--budget-evals")) {
        if (*n < 1) throw UsageError("--budget-evals must be at least 1");
        config.budget.maxEvaluations = static_cast<std::uint64_t>(*n);
    }
    if (auto t = args.value("--budget-time")) config.budget.maxWallSeconds = parseDuration(*t, "--budget-time");
    if (auto seed = args.integer("--seed")) config.seed = static_cast<std::uint64_t>(*seed);
    config.notes = args.value("--notes").value_or("");
}

void applyExecutorArgs(const Args& args, const DeviceCatalog& catalog, const std::filesystem::path& dbPath,
                       TuningConfig& config) {
    ExecutorConfig exec;
    exec.workerPath = selfExecutable();
    if (auto r = args.integer("--runs")) {
        if (*r < 1 || *r > 1000) throw UsageError("--runs must be between 1 and 1000");
        exec.measure.timedRuns = static_cast<int>(*r);
    }
    if (auto t = args.value("--timeout")) exec.kernelTimeoutSeconds = parseDuration(*t, "--timeout");
    if (auto c = args.integer("--compile-threads")) {
        if (*c < 1 || *c > 1024) throw UsageError("--compile-threads must be between 1 and 1024");
        exec.compileThreads = static_cast<int>(*c);
    }
    if (auto in = args.value("--compile-in")) {
        if (*in != "processes" && *in != "threads") throw UsageError("--compile-in: 'processes' or 'threads'");
        exec.compileInProcesses = *in == "processes";
    }
    exec.measure.verify = !args.flag("--no-verify");
    const bool isolate = !args.flag("--no-isolation");
    config.makeExecutor = [&catalog, dbPath, exec, isolate](
                              const DeviceInfo& device, const std::string& familyName) -> std::unique_ptr<Executor> {
        ExecutorConfig c = exec;
        c.deviceId = device.stableId();
        c.family = familyName;
        if (device.backend == BackendKind::Simulated)
            return devices::makeReplayExecutor({dbPath, device.stableId(), familyName, {}});
        if (isolate) return makeIsolatedExecutor(c);
        auto found = catalog.select(device.stableId());
        return std::make_unique<OwningExecutor>(found.backend->open(found.info),
                                                FamilyRegistry::instance().find(familyName), c);
    };
}

InterruptCancels::InterruptCancels(RunControl& control) {
    g_control = &control;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
}

InterruptCancels::~InterruptCancels() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    g_control = nullptr;
}

} // namespace kt::cli
