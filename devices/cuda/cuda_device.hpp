// kt::Device on one CUDA device: primary context, one stream, NVRTC builds, launches timed with CUDA events behind a
// launch gate (launch_gate.hpp: the events time the device's work, not the host's launch latency).
#pragma once
#include <cuda.h>

#include "core/engine/backend.hpp"
#include <memory>

#include "devices/cuda/cuda_loader.hpp"
#include "devices/cuda/launch_gate.hpp"

namespace kt::devices::cuda {

class CudaBuffer : public Buffer {
public:
    // `owned` false: a view into another buffer's memory (Device::view), not freed here.
    CudaBuffer(const Driver& d, CUcontext ctx, CUdeviceptr ptr, std::size_t bytes, bool owned = true)
        : m_d(d), m_ctx(ctx), m_ptr(ptr), m_bytes(bytes), m_owned(owned) {}
    ~CudaBuffer() override;
    std::size_t bytes() const override { return m_bytes; }
    CUdeviceptr handle() const { return m_ptr; }

private:
    const Driver& m_d;
    CUcontext m_ctx;
    CUdeviceptr m_ptr;
    std::size_t m_bytes;
    bool m_owned;
};

class CudaKernel : public Kernel {
public:
    CudaKernel(CUfunction f, std::string name, unsigned dynamicShared = 0, int maxThreads = 0, int registers = 0)
        : m_function(f), m_dynamicShared(dynamicShared), m_name(std::move(name)), m_maxThreads(maxThreads),
          m_registers(registers) {}
    const std::string& name() const override { return m_name; }
    CUfunction handle() const { return m_function; }
    unsigned dynamicSharedBytes() const { return m_dynamicShared; } // reserved at every launch (KT_DYNAMIC_LOCAL)
    // The largest block this compiled function launches with (its registers and shared memory decide; 0: not
    // known) and its registers per thread.
    int maxThreadsPerBlock() const { return m_maxThreads; }
    int registersPerThread() const { return m_registers; }

private:
    CUfunction m_function;
    unsigned m_dynamicShared;
    std::string m_name;
    int m_maxThreads;
    int m_registers;
};

class CudaProgram : public Program {
public:
    CudaProgram(const Driver& d, CUcontext ctx, CUmodule module, std::string log)
        : m_d(d), m_ctx(ctx), m_module(module), m_log(std::move(log)) {}
    ~CudaProgram() override;
    std::unique_ptr<Kernel> kernel(const std::string& name) override;
    const std::string& buildLog() const override { return m_log; }

private:
    const Driver& m_d;
    CUcontext m_ctx;
    CUmodule m_module;
    std::string m_log;
};

// Threading: one thread drives transfers and launches; build() may run on several threads at once: NVRTC is
// thread-safe and build() makes the device's primary context current in the calling thread before loading the
// module. Every other call also makes it current, so the driving thread may change between calls.
// Buffers and programs must be destroyed before their device.
class CudaDevice : public Device {
public:
    CudaDevice(const Driver& d, DeviceInfo info, CUdevice device);
    ~CudaDevice() override;
    const DeviceInfo& info() const override { return m_info; }

    std::unique_ptr<Buffer> allocate(std::size_t bytes) override;
    void write(Buffer& dst, const void* src, std::size_t bytes, std::size_t offset = 0) override;
    void read(const Buffer& src, void* dst, std::size_t bytes, std::size_t offset = 0) override;
    void fill(Buffer& dst, std::uint8_t byte) override;
    // A device pointer into the parent; 256 bytes keeps every vector load of a kernel aligned (cuMemAlloc's own
    // alignment is at least 256).
    std::unique_ptr<Buffer> view(Buffer& parent, std::size_t offset, std::size_t bytes) override;
    std::size_t viewAlignment() const override { return 256; }

    std::unique_ptr<Program> build(const std::string& source, const std::vector<std::string>& options) override;
    // NVRTC compiles (no driver needed: another process may do it), the driver loads the module.
    std::string imageTarget() const override { return m_imageTarget; }
    ProgramImage compileImage(const std::string& source, const std::vector<std::string>& options) override;
    std::unique_ptr<Program> loadImage(const ProgramImage& image) override;

    double launch(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args) override;
    void enqueue(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args) override;
    // Programmatic dependent launch where launch_overlap.hpp allows it (sm_90+, cuLaunchKernelEx, the previous
    // operation in the stream the caller's kernel); a plain launch otherwise.
    void enqueueOverlapping(Kernel& kernel, const Range& global, const Range& local,
                            const std::vector<KernelArg>& args) override;
    double timeSpan(const std::function<void()>& work) override;
    void finish() override;

    // Native handles, for vendor libraries (cuBLAS) that run on this device's stream.
    CUcontext context() const { return m_ctx; }
    CUstream stream() const { return m_stream; }
    // Launches made so far with programmatic dependent launch (enqueueOverlapping that got the attribute).
    int overlappedLaunches() const { return m_overlapped; }

private:
    void makeCurrent() const;
    void check(CUresult r, const std::string& what) const;       // BackendError
    void checkLaunch(CUresult r, const std::string& what) const; // LaunchError
    // `overlap`: asked for by enqueueOverlapping; decided here (launch_overlap.hpp).
    void submit(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args,
                bool overlap = false);
    // The stream's last operation is not a caller's kernel (the gate's kernel, an event, a transfer): the next
    // launch must not overlap it.
    void notKernelLast() { m_kernelLast = false; }
    double elapsed(CUevent start, CUevent stop, const std::string& what);
    LaunchGate& gate(); // made on first use (it compiles a kernel): listing devices does not pay for it
    void openGate();    // before anything that waits on the stream inside a span


    const Driver& m_d;
    DeviceInfo m_info;
    CUdevice m_device = 0;
    CUcontext m_ctx = nullptr;
    CUstream m_stream = nullptr;
    CUevent m_start = nullptr, m_stop = nullptr;
    bool m_inSpan = false;
    std::unique_ptr<LaunchGate> m_gate;
    bool m_gateNoteShown = false;
    bool m_kernelLast = false;     // OverlapState::previousIsKernel
    bool m_overlapOff = false;     // KT_CUDA_PDL=0, or the driver refused the attribute once
    int m_overlapped = 0;          // launches made with the attribute (tests and notes)
    std::string m_imageTarget; // nvrtcTarget() of this device; empty when NVRTC cannot be loaded
};

} // namespace kt::devices::cuda
