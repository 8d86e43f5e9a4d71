// Faults injected into chosen candidates of a tuning run, so the reliability tests can make any family's candidate
// misbehave without editing its kernels (docs/reliability.md, "Fault matrix"). The environment variable
//   KT_FAULT_INJECTION="kind@POINT_KEY;kind@POINT_KEY;…"
// names the candidates by their canonical point key; it reaches isolated workers with the rest of the environment.
// Kinds: compile-error (every -D value of the candidate's program becomes an unbalanced token, or where there is
// none an unknown build option is added), work-items (the
// timed launches ask for 8192 times their work-group size), write-after-end / write-before-start (the first output
// buffer is handed to the kernels moved by one view alignment into its back / front guard region), wrong-result
// (the first input buffer is handed to the kernels moved forward: they read shifted data), local-memory (every
// kernel the plan launches declares 1 GiB of local memory at the top of its body: no device has that much, so the
// compiler, the launch or the driver refuses it), device-memory (the plan gets a workspace of 2^50 elements, which
// no device can allocate), stop-compiling / stop-timing (the process measuring the candidate stops itself with SIGSTOP
// when it starts compiling the candidate's programs / between the candidate's warm-up and its timed runs: it stops
// answering, as a worker hung in a driver call does, until the watchdog kills it; the worker-kill test kills it there
// itself, so every kill lands in a known candidate and phase. Meant for isolated workers: in-process (--no-isolation)
// it stops the tuning process, until SIGCONT).
#pragma once
#include <string>

#include "core/engine/kernel_plan.hpp"

namespace kt {

enum class InjectedFault {
    None,
    CompileError,
    WorkItems,
    WriteAfterEnd,
    WriteBeforeStart,
    WrongResult,
    LocalMemory,
    DeviceMemory,
    StopCompiling,
    StopTiming
};

std::string toString(InjectedFault fault);
// Throws std::invalid_argument naming the unknown kind and the known ones.
InjectedFault injectedFaultFromString(const std::string& text);

// The fault KT_FAULT_INJECTION names for `pointKey` (read once per process); None for every other candidate.
// Throws std::invalid_argument when the variable is malformed.
InjectedFault injectedFaultFor(const std::string& pointKey);

// The plan-level part of a fault: build options (compile-error), launch geometry (work-items), kernel text
// (local-memory) and buffers (device-memory). Other kinds leave the plan alone (they act on buffers, PlanRun).
void injectIntoPlan(KernelPlan& plan, InjectedFault fault);

// `statement` inserted at the top of the body of the kernel `kernel` in `source` (found as "void <kernel>(" with the
// body's brace after the parameter list). Throws std::invalid_argument when the source defines no such kernel.
std::string insertAtKernelStart(const std::string& source, const std::string& kernel, const std::string& statement);

// Stops the calling process (SIGSTOP) when `fault` is `at` (StopCompiling or StopTiming); returns when it is continued.
void stopIfInjected(InjectedFault fault, InjectedFault at);

// While alive, candidate runs constructed on this thread get `fault` (the measurer holds one per candidate: a family
// may construct its plan runs late, per size).
class FaultScope {
public:
    explicit FaultScope(InjectedFault fault);
    ~FaultScope();
    FaultScope(const FaultScope&) = delete;
    FaultScope& operator=(const FaultScope&) = delete;

private:
    InjectedFault m_previous;
};
InjectedFault currentInjectedFault();

} // namespace kt
