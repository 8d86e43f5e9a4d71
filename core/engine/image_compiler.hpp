// Compiling program images away from the device (Device::imageTarget): in worker processes, so that a compiler crash
// fails one program instead of the measuring process, and a compiler that serialises the threads of one process
// still scales. (NVRTC 13 on an H100 machine does not serialise: a program took as long on 16 threads as on one,
// docs/perf/engine.md.)
//
// Protocol of `ktune compile-worker`, one JSON object per line:
//   parent → worker: {"target":T,"source":S,"options":[…]}
//   worker → parent: {"image":HEX,"log":L,"ms":M,"t0":NS,"t1":NS} | {"error":E,"log":L,"build":true|false}
// ("build" false: the worker could not compile for the target at all, rather than the source failing to build;
// M: the compile's milliseconds; t0, t1: its start and end on the worker's steady clock, in ns, for the timeline).
#pragma once
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/engine/backend.hpp"
#include "core/engine/compile_timeline.hpp"

namespace kt {

class WorkerProcess;

class ImageCompiler {
public:
    virtual ~ImageCompiler() = default;
    // Throws BuildError with the compiler's log when the source does not build, BackendError when the target cannot
    // be compiled for here (the caller may then compile in-process). With `report`, says which worker compiled it
    // and when (CompileReport; compile-bench's timeline).
    virtual ProgramImage compile(const std::string& target, const std::string& source,
                                 const std::vector<std::string>& options, CompileReport* report) = 0;
    ProgramImage compile(const std::string& target, const std::string& source,
                         const std::vector<std::string>& options) {
        return compile(target, source, options, nullptr);
    }
};

// Runs `<executable> compile-worker` processes: one per concurrent caller, started on first need and kept for the
// next call. Thread-safe. A worker that crashes or outlives `timeoutSeconds` on one program is killed, and that
// program fails with a BuildError naming what happened (the tuning goes on).
class ProcessImageCompiler final : public ImageCompiler {
public:
    explicit ProcessImageCompiler(std::string executable, double timeoutSeconds = 300);
    ~ProcessImageCompiler() override;
    using ImageCompiler::compile;
    ProgramImage compile(const std::string& target, const std::string& source, const std::vector<std::string>& options,
                         CompileReport* report) override;
    std::size_t processesStarted() const;

private:
    struct Slot {
        std::unique_ptr<WorkerProcess> process;
        int index = 0;      // in start order (the timeline's worker number)
        bool fresh = false; // started for the request it is taken for
    };
    Slot take();
    void giveBack(Slot slot);

    std::string m_executable;
    double m_timeoutSeconds;
    mutable std::mutex m_mutex;
    std::vector<Slot> m_idle;
    std::size_t m_started = 0;
};

namespace compile_protocol {
using CompileFunction =
    std::function<ProgramImage(const std::string& target, const std::string& source, const std::vector<std::string>&)>;
// The worker's side: the reply line to one request line (never throws; errors become error replies).
std::string serve(const std::string& requestLine, const CompileFunction& compile);
} // namespace compile_protocol

} // namespace kt
