// A Device for tests of the compile path (program cache, compile timeline): it has an image target (empty: build()
// only) and nothing to run. Transfers do nothing, allocation throws, launches take no time; subclasses say how a
// source builds, compiles to an image and loads.
#pragma once
#include <string>
#include <utility>

#include "core/engine/backend.hpp"

namespace kt::test {

class CompileOnlyDevice : public Device {
public:
    explicit CompileOnlyDevice(std::string target) : m_target(std::move(target)) {}
    const DeviceInfo& info() const override { return m_info; }
    std::unique_ptr<Buffer> allocate(std::size_t) override { throw BackendError("unused"); }
    void write(Buffer&, const void*, std::size_t, std::size_t) override {}
    void read(const Buffer&, void*, std::size_t, std::size_t) override {}
    void fill(Buffer&, std::uint8_t) override {}
    std::string imageTarget() const override { return m_target; }
    double launch(Kernel&, const Range&, const Range&, const std::vector<KernelArg>&) override { return 0; }
    void enqueue(Kernel&, const Range&, const Range&, const std::vector<KernelArg>&) override {}
    double timeSpan(const std::function<void()>&) override { return 0; }
    void finish() override {}

private:
    DeviceInfo m_info;
    std::string m_target;
};

} // namespace kt::test
