// Compile-only device (see compile_only_device.hpp).
#include "devices/compile_only_device.hpp"

#include "devices/registry.hpp"

#ifdef KT_HAVE_CUDA
#include "devices/cuda/nvrtc_compiler.hpp"
#endif

namespace kt::devices {

namespace {

class ImageOnlyProgram final : public Program {
public:
    explicit ImageOnlyProgram(std::string log) : m_log(std::move(log)) {}
    std::unique_ptr<Kernel> kernel(const std::string& name) override {
        throw BackendError("compile-only device: kernel '" + name + "' was compiled but cannot be launched here");
    }
    const std::string& buildLog() const override { return m_log; }

private:
    std::string m_log;
};

class CompileOnlyDevice final : public Device {
public:
    CompileOnlyDevice(DeviceInfo info, std::string target) : m_info(std::move(info)), m_target(std::move(target)) {}
    const DeviceInfo& info() const override { return m_info; }
    std::unique_ptr<Buffer> allocate(std::size_t) override { refuse("memory"); }
    void write(Buffer&, const void*, std::size_t, std::size_t) override { refuse("memory"); }
    void read(const Buffer&, void*, std::size_t, std::size_t) override { refuse("memory"); }
    void fill(Buffer&, std::uint8_t) override { refuse("memory"); }
    std::unique_ptr<Program> build(const std::string& source, const std::vector<std::string>& options) override {
        return loadImage(compileImage(source, options));
    }
    std::string imageTarget() const override { return m_target; }
    ProgramImage compileImage(const std::string& source, const std::vector<std::string>& options) override {
        return compileImageFor(m_target, source, options);
    }
    std::unique_ptr<Program> loadImage(const ProgramImage& image) override {
        return std::make_unique<ImageOnlyProgram>(image.log);
    }
    double launch(Kernel&, const Range&, const Range&, const std::vector<KernelArg>&) override { refuse("launches"); }
    void enqueue(Kernel&, const Range&, const Range&, const std::vector<KernelArg>&) override { refuse("launches"); }
    double timeSpan(const std::function<void()>&) override { refuse("launches"); }
    void finish() override {}

private:
    [[noreturn]] void refuse(const char* what) const {
        throw BackendError(std::string("compile-only device ") + m_info.label() + " has no " + what);
    }
    DeviceInfo m_info;
    std::string m_target;
};

} // namespace

std::unique_ptr<Device> openCompileOnly(const DeviceInfo& info) {
    std::string target;
#ifdef KT_HAVE_CUDA
    if (info.backend == BackendKind::Cuda)
        target = cuda::nvrtcTarget(info.computeCapabilityMajor, info.computeCapabilityMinor);
#endif
    if (target.empty())
        throw BackendError("cannot compile for " + info.label() +
                           " without it: only CUDA devices, with NVRTC "
                           "loadable in this build, compile images apart from the device");
    return std::make_unique<CompileOnlyDevice>(info, std::move(target));
}

} // namespace kt::devices
