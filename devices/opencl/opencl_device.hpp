// kt::Device on one OpenCL device: a context, an in-order profiling queue, buffers, programs and timed launches.
#pragma once
#include <vector>

#include <CL/opencl.hpp>

#include "core/engine/backend.hpp"

namespace kt::devices::opencl {

class OpenCLBuffer : public Buffer {
public:
    OpenCLBuffer(cl::Buffer buffer, std::size_t bytes) : m_buffer(std::move(buffer)), m_bytes(bytes) {}
    std::size_t bytes() const override { return m_bytes; }
    const cl::Buffer& handle() const { return m_buffer; }

    // 1-D image views of this buffer (zero-copy), kept with the buffer so that repeated launches reuse them and
    // none outlives the memory it views.
    struct ImageEntry {
        int channels;
        ImageChannelType channelType;
        std::size_t texels;
        cl::Image1DBuffer image;
    };
    std::vector<ImageEntry>& images() const { return m_images; }

private:
    cl::Buffer m_buffer;
    std::size_t m_bytes;
    mutable std::vector<ImageEntry> m_images;
};

class OpenCLKernel : public Kernel {
public:
    OpenCLKernel(cl::Kernel kernel, std::string name) : m_kernel(std::move(kernel)), m_name(std::move(name)) {}
    const std::string& name() const override { return m_name; }
    cl::Kernel& handle() { return m_kernel; }

private:
    cl::Kernel m_kernel;
    std::string m_name;
};

class OpenCLProgram : public Program {
public:
    OpenCLProgram(cl::Program program, std::string log) : m_program(std::move(program)), m_log(std::move(log)) {}
    std::unique_ptr<Kernel> kernel(const std::string& name) override;
    const std::string& buildLog() const override { return m_log; }

private:
    cl::Program m_program;
    std::string m_log;
};

// Threading: like every kt::Device, one thread drives transfers and launches. build() is the exception: it may
// be called from several threads at once (parallel compilation of candidates). It touches only the context and
// the device, which OpenCL guarantees thread-safe (clCreateProgramWithSource/clBuildProgram on distinct program
// objects), and no member state of this class.
class OpenCLDevice : public Device {
public:
    OpenCLDevice(DeviceInfo info, cl::Device device);
    const DeviceInfo& info() const override { return m_info; }

    std::unique_ptr<Buffer> allocate(std::size_t bytes) override;
    void write(Buffer& dst, const void* src, std::size_t bytes, std::size_t offset = 0) override;
    void read(const Buffer& src, void* dst, std::size_t bytes, std::size_t offset = 0) override;
    void fill(Buffer& dst, std::uint8_t byte) override;
    // Sub-buffers (clCreateSubBuffer), whose origin must be aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN.
    std::unique_ptr<Buffer> view(Buffer& parent, std::size_t offset, std::size_t bytes) override;
    std::size_t viewAlignment() const override { return m_viewAlignment; }

    std::unique_ptr<Program> build(const std::string& source, const std::vector<std::string>& options) override;

    double launch(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args) override;
    void enqueue(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args) override;
    double timeSpan(const std::function<void()>& work) override;
    void finish() override;

    // Native handles, for vendor libraries (CLBlast) that run on this device's queue.
    const cl::Context& context() const { return m_context; }
    const cl::CommandQueue& queue() const { return m_queue; }
    const cl::Device& device() const { return m_device; }

private:
    cl::Event submit(Kernel& kernel, const Range& global, const Range& local, const std::vector<KernelArg>& args);
    // The image1d_buffer_t for `view` (created on first use, then cached on the buffer); BackendError saying why
    // when the device has no images, the view does not fit the buffer or the device's limit, or the format is
    // not supported.
    const cl::Image1DBuffer& imageOf(const ImageView& view);
    std::string where() const { return " on " + m_info.label(); }

    DeviceInfo m_info;
    cl::Device m_device;
    std::size_t m_viewAlignment = 0;
    cl::Context m_context;
    cl::CommandQueue m_queue;
    // Set while timeSpan() runs: every kernel event enqueued meanwhile, to span first start .. last end.
    std::vector<cl::Event>* m_span = nullptr;
};

} // namespace kt::devices::opencl
