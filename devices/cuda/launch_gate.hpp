// A gate that holds a CUDA stream while the host enqueues timed work, so that a span's events measure the device's
// time only. Without it the GPU runs each launch as soon as it arrives and then waits for the next one: the host's
// work between the launches of a call (a routine's second kernel, a vendor library's set-up between its kernels) is
// inside the span. A caller that calls in a loop never sees that latency (the next call is queued while the GPU still
// runs the last), and the peers' reference figures (../shared/gpu/README.md) were taken that way; measured on an H200
// (docs/perf/symv.md, 2026-11-28 runs T and U) it was 5-8 us of a DSYMV call, a tenth of it at n = 8192, and as much
// of cuBLAS's. nvbench holds its streams the same way. (OpenCL spans run from the first kernel's start to the last
// one's end; a host gap between two kernels stays in there. Most OpenCL plans are one kernel.)
//
// How: a one-thread kernel spins on a word of mapped host memory; the span's start event, its work and its stop event
// are queued behind it, then the host sets the word and everything runs back to back. The kernel gives up after a
// timeout (the work waited on the stream: a vendor library's first call loading its kernels lazily, seen with cuBLAS;
// or the host took that long to enqueue): that span is then timed as without the gate. Work that waits every time
// would pay the timeout every time, so after kMaxTimeoutsInARow timeouts in a row the gate turns itself off.
#pragma once
#include <cuda.h>

#include <string>

#include "devices/cuda/cuda_loader.hpp"

namespace kt::devices::cuda {

class LaunchGate {
public:
    // Needs the context current. A device where the gate cannot be made (no mapped host memory, its kernel does not
    // build) keeps timing without it; why() says why. KT_CUDA_LAUNCH_GATE=0 turns it off (host latency timed, as
    // before 2026-11-28).
    LaunchGate(const Driver& d, CUstream stream, int ccMajor, int ccMinor);
    ~LaunchGate();
    LaunchGate(const LaunchGate&) = delete;
    LaunchGate& operator=(const LaunchGate&) = delete;

    // Queues the holding kernel (no-op when the gate is off). Every hold() is followed by one release().
    void hold();
    // Lets the held stream run. Safe to call when nothing is held.
    void release();
    // After the stream was synchronised: counts the last hold's timeout (or resets the run of timeouts).
    void noteTimeout();
    static constexpr int kMaxTimeoutsInARow = 3;

    bool active() const { return m_function != nullptr && !m_off; }
    const std::string& why() const { return m_why; }
    int timeouts() const { return m_timeouts; } // spans whose gate timed out
    int holds() const { return m_holds; }       // spans held

private:
    const Driver& m_d;
    CUstream m_stream;
    CUmodule m_module = nullptr;
    CUfunction m_function = nullptr;
    volatile unsigned* m_word = nullptr; // [0] open flag set by the host, [1] timeout flag set by the kernel
    CUdeviceptr m_deviceWord = 0;
    bool m_held = false;
    bool m_off = false;
    int m_timeouts = 0;
    int m_timeoutsInARow = 0;
    int m_holds = 0;
    std::string m_why;
};

} // namespace kt::devices::cuda
