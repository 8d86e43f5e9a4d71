// Command-line pieces shared by the commands that run a search (`ktune tune`, `ktune pipeline`): the run to resume,
// the family and its space, budgets, the executor and Ctrl-C.
#pragma once
#include <filesystem>
#include <memory>
#include <string>

#include "app/cli/cli_common.hpp"
#include "core/engine/run_control.hpp"
#include "core/engine/tuning_session.hpp"

namespace kt::cli {

// --resume ID: UsageError when the store or the run does not exist (before any device is opened).
std::int64_t resumeRunArg(const Args& args, const std::filesystem::path& dbPath);

// The family by name, or UsageError listing the known ones.
std::shared_ptr<const Family> familyArg(const std::string& name);

// --space FILE / --preset P into config.space, checked against the family and bound to the device with the family's
// device requirements (core/engine/device_requirements.hpp); UsageError when the space (or the family's own) has no
// valid point on the device, naming the requirement to blame where one is.
void applySpaceArgs(const Args& args, const Family& family, TuningConfig& config);

// --budget-evals, --budget-time, --seed, --notes.
void applyBudgetArgs(const Args& args, TuningConfig& config);

// --runs, --timeout, --compile-threads, --compile-in, --no-verify, --no-isolation: config.makeExecutor measures in a
// worker process (or in this process), replays the store for simulated devices. `catalog` must outlive the run.
void applyExecutorArgs(const Args& args, const DeviceCatalog& catalog, const std::filesystem::path& dbPath,
                       TuningConfig& config);

// Ctrl-C and SIGTERM cancel `control` between candidates (the run is stored as cancelled and can be resumed) while
// this object lives.
class InterruptCancels {
public:
    explicit InterruptCancels(RunControl& control);
    ~InterruptCancels();
    InterruptCancels(const InterruptCancels&) = delete;
    InterruptCancels& operator=(const InterruptCancels&) = delete;
};

} // namespace kt::cli
