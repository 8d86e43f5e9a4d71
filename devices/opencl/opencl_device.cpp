// OpenCL device: transfers, program builds with full logs, launches timed by profiling events.
#include "devices/opencl/opencl_device.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>

#include "devices/opencl/opencl_errors.hpp"

namespace kt::devices::opencl {

namespace {

std::string describe(const cl::Error& e) { return std::string(e.what()) + ": " + clErrorName(e.err()); }

const OpenCLBuffer& asCl(const Buffer& b) { return backendBuffer<OpenCLBuffer>(b, "OpenCL"); }

std::string joinOptions(const std::vector<std::string>& options) {
    std::string out;
    for (const auto& o : options) {
        if (!out.empty()) out += ' ';
        out += o;
    }
    return out;
}

std::string programLog(const cl::Program& program, const cl::Device& device) {
    std::string log;
    try {
        log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
    } catch (const cl::Error&) {
    }
    while (!log.empty() && (log.back() == '\n' || log.back() == '\0' || log.back() == ' ')) log.pop_back();
    return log;
}

// First line of the log that names an error, for BuildError::what().
std::string firstErrorLine(const std::string& log) {
    std::size_t pos = log.find("error");
    if (pos == std::string::npos) return log.substr(0, log.find('\n'));
    std::size_t begin = log.rfind('\n', pos);
    begin = begin == std::string::npos ? 0 : begin + 1;
    return log.substr(begin, log.find('\n', pos) - begin);
}

} // namespace

std::unique_ptr<Kernel> OpenCLProgram::kernel(const std::string& name) {
    try {
        return std::make_unique<OpenCLKernel>(cl::Kernel(m_program, name.c_str()), name);
    } catch (const cl::Error& e) {
        throw BackendError("no kernel '" + name + "' in program (" + describe(e) + ")");
    }
}

OpenCLDevice::OpenCLDevice(DeviceInfo info, cl::Device device) : m_info(std::move(info)), m_device(std::move(device)) {
    try {
        m_context = cl::Context(m_device);
        m_queue = cl::CommandQueue(m_context, m_device, CL_QUEUE_PROFILING_ENABLE);
        m_viewAlignment = std::max<std::size_t>(m_device.getInfo<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8, 1);
    } catch (const cl::Error& e) {
        throw BackendError("cannot open " + m_info.label() + ": " + describe(e));
    }
}

std::unique_ptr<Buffer> OpenCLDevice::allocate(std::size_t bytes) {
    if (bytes == 0) throw BackendError("allocate: zero-byte buffer requested" + where());
    try {
        return std::make_unique<OpenCLBuffer>(cl::Buffer(m_context, CL_MEM_READ_WRITE, bytes), bytes);
    } catch (const cl::Error& e) {
        throw BackendError("allocate " + std::to_string(bytes) + " bytes" + where() + ": " + describe(e));
    }
}

void OpenCLDevice::write(Buffer& dst, const void* src, std::size_t bytes, std::size_t offset) {
    checkBufferRange(dst, bytes, offset, "write");
    try {
        m_queue.enqueueWriteBuffer(asCl(dst).handle(), CL_TRUE, offset, bytes, src);
    } catch (const cl::Error& e) {
        throw BackendError("write" + where() + ": " + describe(e));
    }
}

void OpenCLDevice::read(const Buffer& src, void* dst, std::size_t bytes, std::size_t offset) {
    checkBufferRange(src, bytes, offset, "read");
    try {
        m_queue.enqueueReadBuffer(asCl(src).handle(), CL_TRUE, offset, bytes, dst);
    } catch (const cl::Error& e) {
        throw BackendError("read" + where() + ": " + describe(e));
    }
}

void OpenCLDevice::fill(Buffer& dst, std::uint8_t byte) {
    try {
        m_queue.enqueueFillBuffer(asCl(dst).handle(), byte, 0, dst.bytes());
        m_queue.finish();
    } catch (const cl::Error& e) {
        throw BackendError("fill" + where() + ": " + describe(e));
    }
}

std::unique_ptr<Buffer> OpenCLDevice::view(Buffer& parent, std::size_t offset, std::size_t bytes) {
    checkBufferRange(parent, bytes, offset, "view");
    if (bytes == 0) throw BackendError("view: zero-byte view requested" + where());
    if (offset % m_viewAlignment != 0)
        throw BackendError("view: offset " + std::to_string(offset) + " is not a multiple of the base address " +
                           "alignment (" + std::to_string(m_viewAlignment) + " bytes)" + where());
    try {
        cl_buffer_region region{offset, bytes};
        cl::Buffer whole = asCl(parent).handle(); // a handle copy (retains); createSubBuffer is not const
        return std::make_unique<OpenCLBuffer>(
            whole.createSubBuffer(CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region), bytes);
    } catch (const cl::Error& e) {
        throw BackendError("view of " + std::to_string(bytes) + " bytes at " + std::to_string(offset) + where() + ": " +
                           describe(e));
    }
}

std::unique_ptr<Program> OpenCLDevice::build(const std::string& source, const std::vector<std::string>& options) {
    // Thread-safe by construction: only m_context/m_device (immutable after construction) are used.
    cl::Program program;
    try {
        program = cl::Program(m_context, source);
    } catch (const cl::Error& e) {
        throw BuildError("cannot create program" + where() + ": " + describe(e), "");
    }
    try {
        program.build(std::vector<cl::Device>{m_device}, joinOptions(options).c_str());
    } catch (const cl::Error& e) {
        std::string log = programLog(program, m_device);
        throw BuildError("build failed" + where() + " (" + clErrorName(e.err()) + "): " + firstErrorLine(log), log);
    }
    return std::make_unique<OpenCLProgram>(std::move(program), programLog(program, m_device));
}

const cl::Image1DBuffer& OpenCLDevice::imageOf(const ImageView& view) {
    if (!view.buffer) throw BackendError("image view of a null buffer");
    const OpenCLBuffer& buffer = asCl(*view.buffer);
    if (view.channels != 1 && view.channels != 2 && view.channels != 4)
        throw BackendError("image texels have 1, 2 or 4 channels (got " + std::to_string(view.channels) + ")");
    if (!m_info.images)
        throw BackendError(m_info.label() + " has no image support (CL_DEVICE_IMAGE_SUPPORT is false): the buffer " +
                           "cannot be read as an image");
    const std::size_t texels = view.texels ? view.texels : buffer.bytes() / view.texelBytes();
    if (texels > m_info.maxImageBufferTexels)
        throw BackendError("a 1-D image of " + std::to_string(texels) + " texels exceeds the limit of " +
                           std::to_string(m_info.maxImageBufferTexels) + " texels (CL_DEVICE_IMAGE_MAX_BUFFER_SIZE)" +
                           where());
    if (texels == 0 || texels * view.texelBytes() > buffer.bytes())
        throw BackendError("a 1-D image of " + std::to_string(texels) + " texels of " +
                           std::to_string(view.texelBytes()) + " bytes does not fit in a buffer of " +
                           std::to_string(buffer.bytes()) + " bytes");
    for (const auto& e : buffer.images())
        if (e.channels == view.channels && e.channelType == view.channelType && e.texels == texels) return e.image;
    const cl_channel_order order = view.channels == 1 ? CL_R : view.channels == 2 ? CL_RG : CL_RGBA;
    const cl_channel_type type = view.channelType == ImageChannelType::Float32  ? CL_FLOAT
                                 : view.channelType == ImageChannelType::UInt32 ? CL_UNSIGNED_INT32
                                                                                : CL_UNSIGNED_INT16;
    try {
        cl::Image1DBuffer image(m_context, CL_MEM_READ_ONLY, cl::ImageFormat(order, type), texels, buffer.handle());
        // A workspace reused for many sizes would collect one view per size: keep the most recent few.
        constexpr std::size_t kMaxViewsPerBuffer = 8;
        if (buffer.images().size() >= kMaxViewsPerBuffer) buffer.images().erase(buffer.images().begin());
        buffer.images().push_back({view.channels, view.channelType, texels, std::move(image)});
        return buffer.images().back().image;
    } catch (const cl::Error& e) {
        const std::string format = std::string(view.channels == 1 ? "CL_R" : view.channels == 2 ? "CL_RG" : "CL_RGBA") +
                                   (type == CL_FLOAT            ? " / CL_FLOAT"
                                    : type == CL_UNSIGNED_INT32 ? " / CL_UNSIGNED_INT32"
                                                                : " / CL_UNSIGNED_INT16");
        throw BackendError("cannot create a 1-D image (" + format + ", " + std::to_string(texels) +
                           " texels) over a buffer" + where() + ": " + describe(e));
    }
}

cl::Event OpenCLDevice::submit(Kernel& kernel, const Range& global, const Range& local,
                               const std::vector<KernelArg>& args) {
    auto* k = dynamic_cast<OpenCLKernel*>(&kernel);
    if (!k) throw LaunchError("OpenCL device was given a kernel of another backend");
    int dims = 1;
    for (int d = 0; d < 3; ++d) {
        if (global[d] == 0 || local[d] == 0)
            throw LaunchError(k->name() + ": zero range in dimension " + std::to_string(d));
        if (global[d] % local[d] != 0)
            throw LaunchError(k->name() + ": global size " + std::to_string(global[d]) +
                              " is not a multiple of local size " + std::to_string(local[d]) + " in dimension " +
                              std::to_string(d));
        if (global[d] > 1 || local[d] > 1) dims = d + 1;
    }
    cl::Kernel& handle = k->handle();
    cl_uint index = 0;
    try {
        for (const auto& arg : args) {
            std::visit(
                [&](auto value) {
                    using T = decltype(value);
                    if constexpr (std::is_same_v<T, Buffer*>) {
                        if (!value)
                            throw LaunchError(k->name() + ": argument " + std::to_string(index) + " is a null buffer");
                        handle.setArg(index, asCl(*value).handle());
                    } else if constexpr (std::is_same_v<T, ImageView>) {
                        try {
                            handle.setArg(index, imageOf(value));
                        } catch (const BackendError& e) {
                            throw LaunchError(k->name() + ": argument " + std::to_string(index) + ": " + e.what());
                        }
                    } else {
                        handle.setArg(index, value);
                    }
                },
                arg);
            ++index;
        }
    } catch (const cl::Error& e) {
        throw LaunchError(k->name() + ": setting argument " + std::to_string(index) + ": " + describe(e));
    }
    auto range = [dims](const Range& r) {
        return dims == 1 ? cl::NDRange(r[0]) : dims == 2 ? cl::NDRange(r[0], r[1]) : cl::NDRange(r[0], r[1], r[2]);
    };
    cl::Event event;
    try {
        m_queue.enqueueNDRangeKernel(handle, cl::NullRange, range(global), range(local), nullptr, &event);
    } catch (const cl::Error& e) {
        throw LaunchError(k->name() + ": launch" + where() + " failed: " + describe(e));
    }
    if (m_span) m_span->push_back(event);
    return event;
}

double OpenCLDevice::launch(Kernel& kernel, const Range& global, const Range& local,
                            const std::vector<KernelArg>& args) {
    cl::Event event = submit(kernel, global, local, args);
    try {
        event.wait();
        auto start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
        auto end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
        return static_cast<double>(end - start) * 1e-6;
    } catch (const cl::Error& e) {
        throw LaunchError(kernel.name() + ": execution" + where() + " failed: " + describe(e));
    }
}

void OpenCLDevice::enqueue(Kernel& kernel, const Range& global, const Range& local,
                           const std::vector<KernelArg>& args) {
    submit(kernel, global, local, args);
}

double OpenCLDevice::timeSpan(const std::function<void()>& work) {
    // Kernels enqueued through this device are timed by their own events (first start .. last end): exact on an
    // in-order queue, with no assumption about how an implementation timestamps markers. Work that other code puts
    // on queue() (vendor libraries such as CLBlast) has no events here; it is bracketed by two markers instead,
    // from the end of the first (everything before it done) to the end of the second.
    if (m_span) throw BackendError("timeSpan cannot be nested");
    std::vector<cl::Event> events;
    cl::Event before, after;
    try {
        m_queue.enqueueMarkerWithWaitList(nullptr, &before);
    } catch (const cl::Error& e) {
        throw LaunchError("timeSpan marker" + where() + ": " + describe(e));
    }
    m_span = &events;
    try {
        work();
    } catch (...) {
        m_span = nullptr;
        throw;
    }
    m_span = nullptr;
    try {
        m_queue.enqueueMarkerWithWaitList(nullptr, &after);
        after.wait();
        if (events.empty()) {
            auto from = before.getProfilingInfo<CL_PROFILING_COMMAND_END>();
            auto to = after.getProfilingInfo<CL_PROFILING_COMMAND_END>();
            return to > from ? static_cast<double>(to - from) * 1e-6 : 0.0;
        }
        cl_ulong first = std::numeric_limits<cl_ulong>::max(), last = 0;
        for (auto& e : events) {
            first = std::min(first, e.getProfilingInfo<CL_PROFILING_COMMAND_START>());
            last = std::max(last, e.getProfilingInfo<CL_PROFILING_COMMAND_END>());
        }
        return static_cast<double>(last - first) * 1e-6;
    } catch (const cl::Error& e) {
        throw LaunchError("timed work" + where() + " failed: " + describe(e));
    }
}

void OpenCLDevice::finish() {
    try {
        m_queue.finish();
    } catch (const cl::Error& e) {
        throw LaunchError("finish" + where() + ": " + describe(e));
    }
}

} // namespace kt::devices::opencl
