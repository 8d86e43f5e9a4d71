// Runs a kernel plan on a device: builds its programs through a ProgramCache, evaluates its sizes for the bound
// inputs, allocates the buffers the caller does not bind, and enqueues its launches. Tuning (PlanRun), the bench and
// the routines all launch kernels through this one class. Not thread-safe (like Device).
#pragma once
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/engine/kernel_plan.hpp"
#include "core/engine/program_cache.hpp"

namespace kt {

class PlanExecutor {
public:
    // Builds (or takes from `programs`) every program of the plan and resolves its kernels. Throws
    // std::invalid_argument when the plan is inconsistent, BuildError when a program does not compile.
    PlanExecutor(Device& device, ProgramCache& programs, KernelPlan plan);
    ~PlanExecutor();
    PlanExecutor(const PlanExecutor&) = delete;
    PlanExecutor& operator=(const PlanExecutor&) = delete;

    const KernelPlan& plan() const { return m_plan; }

    // Binds the plan's inputs (every one must be given), evaluates the variables and the checks. Throws
    // std::invalid_argument naming a missing input, a failed check or an expression that overflows.
    void bindInputs(const std::map<std::string, std::int64_t>& inputs);
    // The same with the values in the order of the plan's inputs (no map on a routine's per-call path). Binding the
    // values already bound keeps everything evaluated from them.
    void bindInputValues(std::span<const std::int64_t> values);
    // An input or a variable after bindInputs().
    std::int64_t value(const std::string& name) const;
    // Every input and variable after bindInputs().
    std::map<std::string, std::int64_t> values() const;
    std::size_t elements(const std::string& buffer) const; // evaluated element count
    std::size_t bytes(const std::string& buffer) const;

    void setScalar(const std::string& name, double value);
    double scalar(const std::string& name) const;

    // A caller-owned buffer for `name` (routines: the user's operands); must hold elements(name) elements.
    void bindBuffer(const std::string& name, Buffer& buffer);
    // Allocates every buffer not bound by the caller, reusing earlier allocations while they are large enough.
    // Each lies between guard regions (GuardedBuffer) where the device has buffer views, except buffers read through
    // an image view (OpenCL creates 1-D images over whole buffers only; kernels only read them).
    void allocate();
    Buffer& buffer(const std::string& name);

    // Empty when every guard region of the executor's own buffers is intact; otherwise which buffer was written
    // outside its bounds and where (one line per damaged buffer). Reads the guards back (a few KiB per buffer) and
    // rewrites the damaged ones.
    std::string damagedGuards();
    // Fault injection (core/engine/fault_injection.hpp): from the next allocate() on, kernels get the buffer `name`
    // moved by `direction` (+1 or -1) view alignments, into its back or front guard. Host transfers still see it in
    // place. Throws std::invalid_argument on a device without buffer views or a buffer the caller binds.
    void displaceForFault(const std::string& name, int direction);

    // Enqueues every launch of `phase`, in order, without waiting.
    void enqueue(LaunchPhase phase);
    // The timed launches, timed on the device (ms): a single launch by its own event (Device::launch), several
    // between device markers (Device::timeSpan).
    double runTimed();

private:
    void resolve(std::size_t launch, Range& global, Range& local, std::vector<KernelArg>& args);
    // Makes the phase's resolved launches current (see Impl::PhaseCache).
    void ensureResolved(LaunchPhase phase);

    struct Impl;
    std::unique_ptr<Impl> m;
    KernelPlan m_plan;
};

} // namespace kt
