// The CUDA launch gate (launch_gate.hpp).
#include "devices/cuda/launch_gate.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "devices/cuda/nvrtc_compiler.hpp"

namespace kt::devices::cuda {

namespace {

// 100 ms: far above any host's enqueue time for one call, short enough that the few spans whose work waits on the
// stream (a library's first calls) cost little.
constexpr unsigned long long kTimeoutNs = 100'000'000ull;

const char* const kGateSource = R"CU(
extern "C" __global__ void kt_launch_gate(volatile unsigned* word, unsigned long long timeoutNs) {
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    while (word[0] == 0u) {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
        if (now - start > timeoutNs) {
            word[1] = 1u;
            return;
        }
    }
}
)CU";

} // namespace

LaunchGate::LaunchGate(const Driver& d, CUstream stream, int ccMajor, int ccMinor) : m_d(d), m_stream(stream) {
    if (const char* env = std::getenv("KT_CUDA_LAUNCH_GATE"); env && std::strcmp(env, "0") == 0) {
        m_why = "turned off by KT_CUDA_LAUNCH_GATE=0";
        return;
    }
    if (!m_d.cuMemHostAlloc || !m_d.cuMemHostGetDevicePointer || !m_d.cuMemFreeHost) {
        m_why = "the driver has no mapped host memory";
        return;
    }
    void* host = nullptr;
    if (CUresult r = m_d.cuMemHostAlloc(&host, 2 * sizeof(unsigned), CU_MEMHOSTALLOC_DEVICEMAP);
        r != CUDA_SUCCESS) {
        m_why = "no mapped host memory: " + resultName(r);
        return;
    }
    m_word = static_cast<volatile unsigned*>(host);
    m_word[0] = 1u;
    m_word[1] = 0u;
    if (CUresult r = m_d.cuMemHostGetDevicePointer(&m_deviceWord, host, 0); r != CUDA_SUCCESS) {
        m_why = "mapped host memory has no device address: " + resultName(r);
        return;
    }
    try {
        CompiledModule compiled = compileNvrtc(kGateSource, {}, ccMajor, ccMinor, "kt_launch_gate.cu");
        if (CUresult r = m_d.cuModuleLoadDataEx(&m_module, compiled.image.data(), 0, nullptr, nullptr);
            r != CUDA_SUCCESS) {
            m_why = "its kernel does not load: " + resultName(r);
            m_module = nullptr;
            return;
        }
        if (CUresult r = m_d.cuModuleGetFunction(&m_function, m_module, "kt_launch_gate"); r != CUDA_SUCCESS) {
            m_why = "its kernel is missing: " + resultName(r);
            m_function = nullptr;
        }
    } catch (const std::exception& e) {
        m_why = std::string("its kernel does not build: ") + e.what();
    }
}

LaunchGate::~LaunchGate() {
    release();
    if (m_module) m_d.cuModuleUnload(m_module);
    if (m_word) m_d.cuMemFreeHost(const_cast<unsigned*>(m_word));
}

void LaunchGate::hold() {
    if (!active() || m_held) return;
    m_word[0] = 0u;
    m_word[1] = 0u;
    std::atomic_thread_fence(std::memory_order_seq_cst);
    CUdeviceptr word = m_deviceWord;
    unsigned long long timeout = kTimeoutNs;
    void* args[] = {&word, &timeout};
    if (m_d.cuLaunchKernel(m_function, 1, 1, 1, 1, 1, 1, 0, m_stream, args, nullptr) != CUDA_SUCCESS) {
        m_off = true; // the span is timed without the gate; the launch error itself surfaces with the work's
        m_why = "its kernel did not launch";
        return;
    }
    m_held = true;
    ++m_holds;
}

void LaunchGate::release() {
    if (!m_held) return;
    std::atomic_thread_fence(std::memory_order_seq_cst);
    m_word[0] = 1u;
    std::atomic_thread_fence(std::memory_order_seq_cst);
    m_held = false;
}

void LaunchGate::noteTimeout() {
    if (!m_word) return;
    if (m_word[1] == 0u) {
        m_timeoutsInARow = 0;
        return;
    }
    ++m_timeouts;
    m_word[1] = 0u;
    if (++m_timeoutsInARow >= kMaxTimeoutsInARow) {
        m_off = true;
        m_why = std::to_string(kMaxTimeoutsInARow) +
                " timed spans in a row waited on their own stream; spans are timed without the gate from here on";
    }
}

} // namespace kt::devices::cuda
