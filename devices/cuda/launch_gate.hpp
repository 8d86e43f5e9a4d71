// A gate that holds a CUDA stream while the host enqueues timed work, so that a span's events measure the device's
// time only. Without it the start event is processed at once on an idle stream and the first kernel arrives only
// after the host's launch work (cuLaunchKernel, a vendor library's argument checks): 5-8 us of host latency inside
// every timed call on an H200, a tenth of a DSYMV at n = 8192 (docs/perf/symv.md). OpenCL's profiling events never
// contained it (a span there is the first kernel's start to the last one's end), so the gate also makes the two
// backends measure the same thing. nvbench holds its streams the same way.
//
// How: a one-thread kernel spins on a word of mapped host memory; the span's start event, its work and its stop event
// are queued behind it, then the host sets the word and everything runs back to back. The kernel gives up after a
// timeout (the work synchronised the host with the stream, or the host took that long to enqueue it): the span is then
// timed as without the gate, and the gate stays open for the rest of the device's life (work that waits on the stream
// once will wait again, and each wait would cost the timeout).
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
