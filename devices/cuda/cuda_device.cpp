// CUDA device: driver-API transfers, NVRTC builds loaded as modules, launches and spans timed with events.
#include "devices/cuda/cuda_device.hpp"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <type_traits>

#include "core/export/package/src/ktp_nvrtc_options.hpp"
#include "devices/cuda/launch_overlap.hpp"
#include "devices/cuda/nvrtc_compiler.hpp"

namespace kt::devices::cuda {

namespace {

const CudaBuffer& asCuda(const Buffer& b) { return backendBuffer<CudaBuffer>(b, "CUDA"); }

} // namespace

CudaBuffer::~CudaBuffer() {
    if (!m_owned) return;
    m_d.cuCtxSetCurrent(m_ctx);
    m_d.cuMemFree(m_ptr); // errors ignored: nothing sensible to do in a destructor
}

CudaProgram::~CudaProgram() {
    m_d.cuCtxSetCurrent(m_ctx);
    m_d.cuModuleUnload(m_module);
}

std::unique_ptr<Kernel> CudaProgram::kernel(const std::string& name) {
    m_d.cuCtxSetCurrent(m_ctx);
    CUfunction f = nullptr;
    CUresult r = m_d.cuModuleGetFunction(&f, m_module, name.c_str());
    if (r != CUDA_SUCCESS) throw BackendError("no kernel '" + name + "' in program (" + resultName(r) + ")");
    // A kernel that takes dynamic shared memory says how much in the module (KT_DYNAMIC_LOCAL in the dialect
    // preamble): the constant kt_dynamic_shared_<kernel>. Beyond the 48 KiB default the function is opted in.
    unsigned dynamicShared = 0;
    CUdeviceptr symbol = 0;
    std::size_t symbolBytes = 0;
    if (m_d.cuModuleGetGlobal(&symbol, &symbolBytes, m_module, ktp::nvrtc::dynamicSharedSymbol(name).c_str()) ==
            CUDA_SUCCESS &&
        symbolBytes == sizeof dynamicShared) {
        r = m_d.cuMemcpyDtoH(&dynamicShared, symbol, sizeof dynamicShared);
        if (r != CUDA_SUCCESS) throw BackendError(name + ": reading its dynamic shared memory size: " + resultName(r));
        if (dynamicShared > ktp::nvrtc::kDefaultSharedLimit) {
            r = m_d.cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(dynamicShared));
            if (r != CUDA_SUCCESS)
                throw BackendError(name + ": " + std::to_string(dynamicShared) +
                                   " bytes of dynamic shared memory refused (" + resultName(r) + ")");
        }
    }
    // What the compiled function can launch with, so that a block too large for its registers is refused with
    // the counts instead of cuLaunchKernel's bare CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES (0: unknown, not checked).
    int maxThreads = 0, registers = 0;
    if (m_d.cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f) != CUDA_SUCCESS) maxThreads = 0;
    if (m_d.cuFuncGetAttribute(&registers, CU_FUNC_ATTRIBUTE_NUM_REGS, f) != CUDA_SUCCESS) registers = 0;
    return std::make_unique<CudaKernel>(f, name, dynamicShared, maxThreads, registers);
}

CudaDevice::CudaDevice(const Driver& d, DeviceInfo info, CUdevice device)
    : m_d(d), m_info(std::move(info)), m_device(device) {
    check(m_d.cuDevicePrimaryCtxRetain(&m_ctx, m_device), "cuDevicePrimaryCtxRetain");
    makeCurrent();
    check(m_d.cuStreamCreate(&m_stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    check(m_d.cuEventCreate(&m_start, CU_EVENT_DEFAULT), "cuEventCreate");
    check(m_d.cuEventCreate(&m_stop, CU_EVENT_DEFAULT), "cuEventCreate");
    m_imageTarget = nvrtcTarget(m_info.computeCapabilityMajor, m_info.computeCapabilityMinor);
    // KT_CUDA_PDL=0: overlapping launches go out plainly (their kernels' waits then return at once), to compare.
    const char* pdl = std::getenv("KT_CUDA_PDL");
    m_overlapOff = pdl && std::string(pdl) == "0";
}

CudaDevice::~CudaDevice() {
    makeCurrent();
    if (m_gate && m_gate->timeouts() > 0) // the spans timed with the host's latency, as a figure may need to know
        std::cerr << "note: " << m_info.label() << ": " << m_gate->timeouts() << " of " << m_gate->holds()
                  << " timed spans waited on their own stream (timed with the host's launch latency)\n";
    m_gate.reset(); // opens a held stream before the synchronisation below
    if (m_stream) m_d.cuStreamSynchronize(m_stream);
    if (m_start) m_d.cuEventDestroy(m_start);
    if (m_stop) m_d.cuEventDestroy(m_stop);
    if (m_stream) m_d.cuStreamDestroy(m_stream);
    if (m_ctx) m_d.cuDevicePrimaryCtxRelease(m_device);
}

void CudaDevice::makeCurrent() const {
    if (m_ctx) m_d.cuCtxSetCurrent(m_ctx);
}

void CudaDevice::check(CUresult r, const std::string& what) const {
    if (r != CUDA_SUCCESS) throw BackendError(what + " on " + m_info.label() + ": " + resultName(r));
}

void CudaDevice::checkLaunch(CUresult r, const std::string& what) const {
    if (r != CUDA_SUCCESS) throw LaunchError(what + " on " + m_info.label() + ": " + resultName(r));
}

std::unique_ptr<Buffer> CudaDevice::allocate(std::size_t bytes) {
    if (bytes == 0) throw BackendError("allocate: zero-byte buffer requested on " + m_info.label());
    makeCurrent();
    CUdeviceptr ptr = 0;
    check(m_d.cuMemAlloc(&ptr, bytes), "allocate " + std::to_string(bytes) + " bytes");
    return std::make_unique<CudaBuffer>(m_d, m_ctx, ptr, bytes);
}

void CudaDevice::write(Buffer& dst, const void* src, std::size_t bytes, std::size_t offset) {
    checkBufferRange(dst, bytes, offset, "write");
    makeCurrent();
    openGate();
    check(m_d.cuMemcpyHtoDAsync(asCuda(dst).handle() + offset, src, bytes, m_stream), "write");
    check(m_d.cuStreamSynchronize(m_stream), "write");
    notKernelLast();
}

void CudaDevice::read(const Buffer& src, void* dst, std::size_t bytes, std::size_t offset) {
    checkBufferRange(src, bytes, offset, "read");
    makeCurrent();
    openGate();
    check(m_d.cuMemcpyDtoHAsync(dst, asCuda(src).handle() + offset, bytes, m_stream), "read");
    check(m_d.cuStreamSynchronize(m_stream), "read");
    notKernelLast();
}

void CudaDevice::fill(Buffer& dst, std::uint8_t byte) {
    makeCurrent();
    openGate();
    check(m_d.cuMemsetD8Async(asCuda(dst).handle(), byte, dst.bytes(), m_stream), "fill");
    check(m_d.cuStreamSynchronize(m_stream), "fill");
    notKernelLast();
}

std::unique_ptr<Buffer> CudaDevice::view(Buffer& parent, std::size_t offset, std::size_t bytes) {
    checkBufferRange(parent, bytes, offset, "view");
    if (bytes == 0) throw BackendError("view: zero-byte view requested on " + m_info.label());
    if (offset % viewAlignment() != 0)
        throw BackendError("view: offset " + std::to_string(offset) + " is not a multiple of " +
                           std::to_string(viewAlignment()) + " bytes on " + m_info.label());
    return std::make_unique<CudaBuffer>(m_d, m_ctx, asCuda(parent).handle() + offset, bytes, false);
}

std::unique_ptr<Program> CudaDevice::build(const std::string& source, const std::vector<std::string>& options) {
    return loadImage(compileImage(source, options));
}

ProgramImage CudaDevice::compileImage(const std::string& source, const std::vector<std::string>& options) {
    CompiledModule compiled =
        compileNvrtc(source, options, m_info.computeCapabilityMajor, m_info.computeCapabilityMinor);
    return {std::move(compiled.image), std::move(compiled.log)};
}

std::unique_ptr<Program> CudaDevice::loadImage(const ProgramImage& image) {
    makeCurrent(); // in this (possibly worker) thread: module loading needs the context current
    char jitLog[8192] = {0};
    CUjit_option keys[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void* values[] = {jitLog, reinterpret_cast<void*>(static_cast<std::uintptr_t>(sizeof(jitLog)))};
    CUmodule module = nullptr;
    CUresult r = m_d.cuModuleLoadDataEx(&module, image.bytes.data(), 2, keys, values);
    if (r != CUDA_SUCCESS) {
        const std::string arch = m_imageTarget.substr(m_imageTarget.rfind('/') + 1);
        throw BuildError("loading the " + arch + " module on " + m_info.label() + " failed: " + resultName(r),
                         image.log + (image.log.empty() ? "" : "\n") + jitLog);
    }
    return std::make_unique<CudaProgram>(m_d, m_ctx, module, image.log);
}

void CudaDevice::submit(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args,
                        bool overlap) {
    auto* k = dynamic_cast<CudaKernel*>(&kernel);
    if (!k) throw LaunchError("CUDA device was given a kernel of another backend");
    unsigned grid[3], block[3];
    for (int d = 0; d < 3; ++d) {
        if (global[d] == 0 || local[d] == 0)
            throw LaunchError(k->name() + ": zero range in dimension " + std::to_string(d));
        if (global[d] % local[d] != 0)
            throw LaunchError(k->name() + ": global size " + std::to_string(global[d]) +
                              " is not a multiple of local size " + std::to_string(local[d]) + " in dimension " +
                              std::to_string(d));
        grid[d] = static_cast<unsigned>(global[d] / local[d]);
        block[d] = static_cast<unsigned>(local[d]);
    }
    // A block the device takes but this function cannot (beyond the device's limit cuLaunchKernel says so itself).
    const std::uint64_t threads = std::uint64_t(block[0]) * block[1] * block[2];
    if (k->maxThreadsPerBlock() > 0 && threads > std::uint64_t(k->maxThreadsPerBlock()) &&
        threads <= m_info.maxWorkGroupSize)
        throw LaunchError(k->name() + ": a work-group of " + std::to_string(threads) +
                          " work-items is more than this compiled kernel can launch with on " + m_info.label() +
                          " (at most " + std::to_string(k->maxThreadsPerBlock()) + ": it takes " +
                          std::to_string(k->registersPerThread()) +
                          " registers per work-item, of the 65536 a work-group may use; with launch bounds or "
                          "a smaller work-group it would fit)");
    // Each argument lives in an 8-byte slot; cuLaunchKernel reads the size the kernel's signature declares.
    std::vector<std::uint64_t> storage(args.size());
    std::vector<void*> pointers(args.size());
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::visit(
            [&](auto value) {
                using T = decltype(value);
                if constexpr (std::is_same_v<T, Buffer*>) {
                    if (!value) throw LaunchError(k->name() + ": argument " + std::to_string(i) + " is a null buffer");
                    CUdeviceptr p = asCuda(*value).handle();
                    std::memcpy(&storage[i], &p, sizeof p);
                } else if constexpr (std::is_same_v<T, ImageView>) {
                    // KT_IMAGE1D is a plain pointer under CUDA (read with __ldg): pass the buffer's address.
                    if (!value.buffer)
                        throw LaunchError(k->name() + ": argument " + std::to_string(i) + " is an image of no buffer");
                    if (value.texels * value.texelBytes() > value.buffer->bytes())
                        throw LaunchError(k->name() + ": argument " + std::to_string(i) + ": an image of " +
                                          std::to_string(value.texels) + " texels does not fit its buffer");
                    CUdeviceptr p = asCuda(*value.buffer).handle();
                    std::memcpy(&storage[i], &p, sizeof p);
                } else {
                    std::memcpy(&storage[i], &value, sizeof value);
                }
            },
            args[i]);
        pointers[i] = &storage[i];
    }
    makeCurrent();
    OverlapState state;
    state.launchEx = m_d.cuLaunchKernelEx != nullptr;
    state.ccMajor = m_info.computeCapabilityMajor;
    state.previousIsKernel = m_kernelLast;
    state.disabled = m_overlapOff;
    m_kernelLast = false; // until this launch is queued
    if (overlap && useProgrammaticLaunch(state)) {
        CUlaunchAttribute attribute{};
        attribute.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
        attribute.value.programmaticStreamSerializationAllowed = 1;
        CUlaunchConfig config{};
        config.gridDimX = grid[0], config.gridDimY = grid[1], config.gridDimZ = grid[2];
        config.blockDimX = block[0], config.blockDimY = block[1], config.blockDimZ = block[2];
        config.sharedMemBytes = k->dynamicSharedBytes();
        config.hStream = m_stream;
        config.attrs = &attribute;
        config.numAttrs = 1;
        const CUresult r = m_d.cuLaunchKernelEx(&config, k->handle(), pointers.data(), nullptr);
        if (r == CUDA_SUCCESS) {
            ++m_overlapped;
            m_kernelLast = true;
            return;
        }
        // Refused (a driver that knows the call but not the attribute): launched plainly below, and from then on
        // without asking; where the plain launch fails too, its error is the one reported.
        m_overlapOff = true;
        std::cerr << "note: " << m_info.label() << ": programmatic dependent launch refused (" << resultName(r)
                  << "); overlapping launches go out plainly\n";
    }
    checkLaunch(m_d.cuLaunchKernel(k->handle(), grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                   k->dynamicSharedBytes(), m_stream, pointers.data(), nullptr),
                k->name() + ": cuLaunchKernel");
    m_kernelLast = true;
}

double CudaDevice::elapsed(CUevent start, CUevent stop, const std::string& what) {
    openGate();
    checkLaunch(m_d.cuEventSynchronize(stop), what);
    if (m_gate) {
        m_gate->noteTimeout();
        if (!m_gate->active() && m_gate->timeouts() > 0 && !m_gateNoteShown) {
            m_gateNoteShown = true; // once per device: the figures after it include the host's launch latency
            std::cerr << "note: " << m_info.label() << ": " << m_gate->why() << "\n";
        }
    }
    float ms = 0;
    checkLaunch(m_d.cuEventElapsedTime(&ms, start, stop), what + ": cuEventElapsedTime");
    return ms;
}

double CudaDevice::launch(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args) {
    makeCurrent();
    // Inside timeSpan() the span's own events are in use (and its gate holds the stream); this launch records into
    // its own pair then.
    CUevent start = m_start, stop = m_stop;
    CUevent own[2] = {nullptr, nullptr};
    if (m_inSpan) {
        check(m_d.cuEventCreate(&own[0], CU_EVENT_DEFAULT), "cuEventCreate");
        check(m_d.cuEventCreate(&own[1], CU_EVENT_DEFAULT), "cuEventCreate");
        start = own[0];
        stop = own[1];
    }
    struct Cleanup {
        const Driver& d;
        CUevent* e;
        ~Cleanup() {
            if (e[0]) d.cuEventDestroy(e[0]);
            if (e[1]) d.cuEventDestroy(e[1]);
        }
    } cleanup{m_d, own};
    const bool gated = !m_inSpan;
    if (gated) gate().hold();
    notKernelLast(); // the gate's kernel and the start event
    try {
        checkLaunch(m_d.cuEventRecord(start, m_stream), kernel.name() + ": cuEventRecord");
        submit(kernel, global, local, args);
        checkLaunch(m_d.cuEventRecord(stop, m_stream), kernel.name() + ": cuEventRecord");
        notKernelLast();
    } catch (...) {
        openGate();
        throw;
    }
    if (gated) openGate();
    return elapsed(start, stop, kernel.name() + ": execution");
}

void CudaDevice::enqueue(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args) {
    submit(kernel, global, local, args);
}

void CudaDevice::enqueueOverlapping(Kernel& kernel, const Range& global, const Range& local,
                                    const std::vector<KernelArg>& args) {
    submit(kernel, global, local, args, true);
}

double CudaDevice::timeSpan(const std::function<void()>& work) {
    if (m_inSpan) throw BackendError("timeSpan cannot be nested");
    makeCurrent();
    gate().hold();
    notKernelLast(); // the span's first kernel follows the gate's kernel and the start event: never overlapped
    m_inSpan = true;
    try {
        checkLaunch(m_d.cuEventRecord(m_start, m_stream), "timeSpan: cuEventRecord");
        work();
        checkLaunch(m_d.cuEventRecord(m_stop, m_stream), "timeSpan: cuEventRecord");
        notKernelLast();
    } catch (...) {
        m_inSpan = false;
        openGate();
        throw;
    }
    m_inSpan = false;
    openGate();
    return elapsed(m_start, m_stop, "timed work");
}

LaunchGate& CudaDevice::gate() {
    if (!m_gate)
        m_gate = std::make_unique<LaunchGate>(m_d, m_stream, m_info.computeCapabilityMajor,
                                              m_info.computeCapabilityMinor);
    return *m_gate;
}

void CudaDevice::openGate() {
    if (m_gate) m_gate->release();
}

void CudaDevice::finish() {
    makeCurrent();
    openGate();
    checkLaunch(m_d.cuStreamSynchronize(m_stream), "finish");
}

} // namespace kt::devices::cuda
