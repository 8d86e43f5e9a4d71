// Where candidates are measured: in this process, or in an isolated worker process guarded by a watchdog.
// The tuning loop talks to an Executor and does not care which.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/engine/candidate_measurer.hpp"

namespace kt {

class Executor {
public:
    virtual ~Executor() = default;
    // Compile ahead (in parallel) the candidates about to be measured. Optional; measure() compiles what is missing.
    virtual void compile(const std::vector<Point>& points) = 0;
    // One Measurement per size, in order, whatever happens (compile errors, wrong results, hangs and crashes included).
    virtual std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) = 0;
};

struct ExecutorConfig {
    std::string deviceId;
    std::string family;
    MeasureOptions measure;
    int compileThreads = 0;          // 0: hardware concurrency
    // Compile in `<workerPath> compile-worker` processes (one per compiling thread) where the device allows it
    // (Device::imageTarget), instead of threads of the measuring process. Not for speed (NVRTC 13 compiles as fast
    // in threads, docs/perf/engine.md) but so that a compiler crash fails one program, not the measuring process:
    // then the batch is compiled ahead while its first candidates are measured (CandidateMeasurer::compileAhead).
    // Images are kept on disk (ImageStore::fromEnvironment()) either way.
    bool compileInProcesses = true;
    double kernelTimeoutSeconds = 20; // per size: prepare + warm-up + verify + timed runs
    double compileTimeoutSeconds = 300; // per compile batch
    std::string workerPath;             // the `ktune` executable (worker and compile-worker processes)
};

// In-process executor over an opened device (no protection against crashing kernels; for tests and debugging).
std::unique_ptr<Executor> makeInProcessExecutor(Device& device, std::shared_ptr<const Family> family, ExecutorConfig config);

// Isolated executor: runs `<workerPath> worker` and talks JSON lines over pipes; kills it after the per-size timeout,
// records Timeout / WorkerCrash against the candidate and size that was running, restarts it for the next candidate.
std::unique_ptr<Executor> makeIsolatedExecutor(ExecutorConfig config);

} // namespace kt
