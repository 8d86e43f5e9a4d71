// The abstract compute backend: enumerate devices, open one, move data, build programs, launch and time kernels.
// Implemented in devices/ (OpenCL, CUDA, simulated). Core and kernels only ever see these interfaces.
#pragma once
#include <array>
#include <functional>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "core/model/device_info.hpp"

namespace kt {

// Any backend failure. `context` says what was being done (device, kernel, call).
class BackendError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A program that did not compile; what() is a one-line summary, log() the full compiler output.
class BuildError : public BackendError {
public:
    BuildError(const std::string& summary, std::string log) : BackendError(summary), m_log(std::move(log)) {}
    const std::string& log() const { return m_log; }

private:
    std::string m_log;
};

// A launch that failed or a kernel that faulted (illegal address, out of resources, …).
class LaunchError : public BackendError {
public:
    using BackendError::BackendError;
};

class Buffer {
public:
    virtual ~Buffer() = default;
    virtual std::size_t bytes() const = 0;
};

// Helpers for backends. The backend's own buffer type behind a Buffer (BackendError naming the backend when the
// buffer came from another one), and the bounds check of a copy of `bytes` at `offset` (BackendError naming `what`).
template <class Concrete>
const Concrete& backendBuffer(const Buffer& buffer, const char* backendName) {
    auto* p = dynamic_cast<const Concrete*>(&buffer);
    if (!p) throw BackendError(std::string(backendName) + " device was given a buffer of another backend");
    return *p;
}
void checkBufferRange(const Buffer& b, std::size_t bytes, std::size_t offset, const char* what);

// A buffer passed as a read-only 1-D image whose texels are `channels` (1, 2 or 4) channels of `channelType`;
// texel i is bytes [i * texelBytes(), (i + 1) * texelBytes()) of the buffer. OpenCL gets a zero-copy
// image1d_buffer_t over the buffer (kernel parameter KT_IMAGE1D, see kernels/common/preamble.cl); CUDA kernels take
// the plain pointer there, so the CUDA backend passes the buffer's address. `texels` 0: as many as the buffer holds.
enum class ImageChannelType { Float32, UInt32, UInt16 };
struct ImageView {
    Buffer* buffer = nullptr;
    int channels = 4;
    ImageChannelType channelType = ImageChannelType::Float32;
    std::size_t texels = 0;
    std::size_t texelBytes() const { return std::size_t(channels) * (channelType == ImageChannelType::UInt16 ? 2 : 4); }
};

// Kernel arguments. Local (shared) memory is declared statically inside kernels (one dialect for both
// backends, as CLBlast does), so there is no "local memory size" argument kind.
using KernelArg = std::variant<Buffer*, std::int32_t, std::uint32_t, std::int64_t, float, double, ImageView>;

// OpenCL NDRange semantics on both backends: `global` counts work-items (threads) and must be a multiple
// of `local` per dimension; CUDA grids are derived as global/local.
struct Range {
    std::array<std::size_t, 3> size{1, 1, 1};
    Range() = default;
    Range(std::size_t x, std::size_t y = 1, std::size_t z = 1) : size{x, y, z} {}
    std::size_t operator[](int i) const { return size[static_cast<std::size_t>(i)]; }
    std::size_t total() const { return size[0] * size[1] * size[2]; }
};

class Kernel {
public:
    virtual ~Kernel() = default;
    virtual const std::string& name() const = 0;
};

class Program {
public:
    virtual ~Program() = default;
    // Throws BackendError when the program has no kernel of that name.
    virtual std::unique_ptr<Kernel> kernel(const std::string& name) = 0;
    // Compiler output even when the build succeeded (warnings); may be empty.
    virtual const std::string& buildLog() const = 0;
};

// A compiled program that can cross process boundaries and live on disk (CUDA: a CUBIN, or PTX for the driver's JIT).
struct ProgramImage {
    std::string bytes;
    std::string log; // compiler output of the successful build (warnings); may be empty
};

// One opened device with its own queue/stream/context. Not thread-safe: one thread drives one Device.
class Device {
public:
    virtual ~Device() = default;
    virtual const DeviceInfo& info() const = 0;

    virtual std::unique_ptr<Buffer> allocate(std::size_t bytes) = 0;
    // Blocking transfers.
    virtual void write(Buffer& dst, const void* src, std::size_t bytes, std::size_t offset = 0) = 0;
    virtual void read(const Buffer& src, void* dst, std::size_t bytes, std::size_t offset = 0) = 0;
    virtual void fill(Buffer& dst, std::uint8_t byte) = 0;

    // Bytes [offset, offset + bytes) of `parent` as a buffer of its own, for kernels and transfers: guard regions
    // around allocations (core/engine/guarded_buffer.hpp). The view owns no memory; `parent` must outlive it.
    // `offset` must be a multiple of viewAlignment(). Throws BackendError where the backend has no views.
    virtual std::unique_ptr<Buffer> view(Buffer& parent, std::size_t offset, std::size_t bytes);
    // Alignment of view offsets in bytes (OpenCL: the device's base address alignment); 0 where there are no views.
    virtual std::size_t viewAlignment() const { return 0; }

    // `source` is complete kernel text (callers prepend the dialect preamble, see kernels/common/dialect.hpp).
    // `options` are "-DNAME=VALUE …" style defines; backends translate them (OpenCL build options, NVRTC options).
    // Throws BuildError with the compiler log.
    virtual std::unique_ptr<Program> build(const std::string& source, const std::vector<std::string>& options) = 0;

    // Separable compilation, where the backend has it: build() is then loadImage(compileImage()), and the compile
    // half needs no device, so it may run in another process (devices::compileImageFor(imageTarget(), …) gives the
    // same image) and its result may be kept on disk. imageTarget() names everything an image depends on besides
    // source and options (compiler, its version, the architecture); empty where the backend only builds in-process.
    // compileImage() throws BuildError like build(); loadImage() throws BuildError when the image does not load.
    virtual std::string imageTarget() const { return {}; }
    virtual ProgramImage compileImage(const std::string& source, const std::vector<std::string>& options);
    virtual std::unique_ptr<Program> loadImage(const ProgramImage& image);

    // Enqueue one launch and wait for it; returns the kernel's execution time in milliseconds measured by
    // device events (OpenCL profiling events / CUDA events), never host clocks. Throws LaunchError.
    virtual double launch(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args) = 0;
    // Enqueue without waiting and without timing; for multi-kernel pipelines timed by the caller via timeSpan().
    virtual void enqueue(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args) = 0;
    // enqueue() for a launch that may start before the launch this caller enqueued just before it has finished
    // (PlanLaunch::overlapsPrevious): its kernel waits for the previous grid itself before touching what that grid
    // writes. Backends that cannot overlap launch it plainly (the default); CUDA uses programmatic dependent launch
    // on sm_90 and newer where the previous operation in its stream was a kernel.
    virtual void enqueueOverlapping(Kernel& kernel, const Range& global, const Range& local,
                                    const std::vector<KernelArg>& args) {
        enqueue(kernel, global, local, args);
    }
    // Runs `work` (which enqueues) between two device markers/events and returns the elapsed device time in ms.
    virtual double timeSpan(const std::function<void()>& work) = 0;
    virtual void finish() = 0;
};

class Backend {
public:
    virtual ~Backend() = default;
    virtual BackendKind kind() const = 0;
    // Empty when the backend works; otherwise why not (no driver, no ICD, driver too old). Never throws.
    virtual std::string unavailableReason() const = 0;
    // All devices of this backend; empty when unavailable. Never throws.
    virtual std::vector<DeviceInfo> enumerate() const = 0;
    // Problems met by the last enumerate() (a platform or device that failed its queries and was left out).
    virtual std::string diagnostics() const { return {}; }
    // Throws BackendError when the device cannot be opened.
    virtual std::unique_ptr<Device> open(const DeviceInfo& info) const = 0;
};

} // namespace kt
