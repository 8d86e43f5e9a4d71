// A scriptable Backend for GUI tests: fixed device list, optional "unavailable" reason, devices that open but
// cannot build (the GUI never builds kernels itself).
#pragma once
#include <string>
#include <vector>

#include "app/gui/services/device_enumeration_service.hpp"
#include "core/engine/backend.hpp"

namespace kt::test {

class FakeDevice : public Device {
public:
    explicit FakeDevice(DeviceInfo info) : m_info(std::move(info)) {}
    const DeviceInfo& info() const override { return m_info; }
    std::unique_ptr<Buffer> allocate(std::size_t) override { throw BackendError("fake device: no memory"); }
    void write(Buffer&, const void*, std::size_t, std::size_t) override {}
    void read(const Buffer&, void*, std::size_t, std::size_t) override {}
    void fill(Buffer&, std::uint8_t) override {}
    std::unique_ptr<Program> build(const std::string&, const std::vector<std::string>&) override {
        throw BuildError("fake device: no compiler", "");
    }
    double launch(Kernel&, const Range&, const Range&, const std::vector<KernelArg>&) override { return 0; }
    void enqueue(Kernel&, const Range&, const Range&, const std::vector<KernelArg>&) override {}
    double timeSpan(const std::function<void()>& work) override {
        work();
        return 0;
    }
    void finish() override {}

private:
    DeviceInfo m_info;
};

class FakeBackend : public Backend {
public:
    FakeBackend(BackendKind kind, std::vector<DeviceInfo> devices, std::string unavailable = {})
        : m_kind(kind), m_devices(std::move(devices)), m_unavailable(std::move(unavailable)) {}
    BackendKind kind() const override { return m_kind; }
    std::string unavailableReason() const override { return m_unavailable; }
    std::vector<DeviceInfo> enumerate() const override { return m_unavailable.empty() ? m_devices : std::vector<DeviceInfo>{}; }
    std::string diagnostics() const override { return m_diagnostics; }
    std::unique_ptr<Device> open(const DeviceInfo& info) const override { return std::make_unique<FakeDevice>(info); }
    void setDiagnostics(std::string text) { m_diagnostics = std::move(text); }

private:
    BackendKind m_kind;
    std::vector<DeviceInfo> m_devices;
    std::string m_unavailable;
    std::string m_diagnostics;
};

inline DeviceInfo fakeDevice(const std::string& name, int platformIndex, const std::string& platform, int index,
                             DeviceType type = DeviceType::Gpu) {
    DeviceInfo d;
    d.backend = BackendKind::OpenCL;
    d.type = type;
    d.platformIndex = platformIndex;
    d.platform = platform;
    d.deviceIndex = index;
    d.vendor = "Fake Vendor";
    d.name = name;
    d.driverVersion = "1.0";
    d.runtimeVersion = "OpenCL 3.0";
    d.computeUnits = 8;
    d.clockMHz = 1500;
    d.globalMemBytes = 16ull << 30;
    d.localMemBytes = 64ull << 10;
    d.maxAllocBytes = 4ull << 30;
    d.maxWorkGroupSize = 1024;
    d.maxWorkItemSizes = {1024, 1024, 64};
    d.fp64 = true;
    return d;
}

// The machine of most window tests: one OpenCL backend with one fake GPU.
inline gui::BackendFactory oneFakeGpuFactory() {
    return [] {
        gui::BackendList list;
        list.push_back(std::make_unique<FakeBackend>(BackendKind::OpenCL,
                                                     std::vector<DeviceInfo>{fakeDevice("Fake GPU", 0, "Fake Platform", 0)}));
        return list;
    };
}

} // namespace kt::test
