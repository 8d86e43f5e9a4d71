// CUDA backend: devices from the driver API (dlopen'ed), opened on their primary contexts.
#include "devices/cuda/cuda_device.hpp"
#include "devices/registry.hpp"

namespace kt::devices::cuda {

namespace {

std::string versionText(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

class CudaBackend : public Backend {
public:
    BackendKind kind() const override { return BackendKind::Cuda; }

    std::string unavailableReason() const override {
        std::string why;
        const Driver* d = driver(&why);
        if (!d) return why;
        int count = 0;
        CUresult r = d->cuDeviceGetCount(&count);
        if (r != CUDA_SUCCESS) return "cuDeviceGetCount failed: " + resultName(r);
        if (count == 0) return "the NVIDIA driver reports no CUDA device";
        if (!nvrtc(&why)) return why;
        return {};
    }

    std::vector<DeviceInfo> enumerate() const override {
        std::vector<DeviceInfo> out;
        if (!unavailableReason().empty()) return out;
        const Driver& d = *driver();
        int count = 0;
        d.cuDeviceGetCount(&count);
        for (int i = 0; i < count; ++i) {
            CUdevice dev = 0;
            if (d.cuDeviceGet(&dev, i) != CUDA_SUCCESS) continue;
            out.push_back(describe(d, dev, i));
        }
        return out;
    }

    std::unique_ptr<Device> open(const DeviceInfo& info) const override {
        if (info.backend != BackendKind::Cuda) throw BackendError("not a CUDA device: " + info.label());
        if (auto why = unavailableReason(); !why.empty()) throw BackendError("CUDA unavailable: " + why);
        const Driver& d = *driver();
        int count = 0;
        d.cuDeviceGetCount(&count);
        // The recorded ordinal first; then any device with the same stable id (ordinals can change with
        // CUDA_VISIBLE_DEVICES).
        std::vector<int> order;
        if (info.deviceIndex < count) order.push_back(info.deviceIndex);
        for (int i = 0; i < count; ++i)
            if (i != info.deviceIndex) order.push_back(i);
        for (int i : order) {
            CUdevice dev = 0;
            if (d.cuDeviceGet(&dev, i) != CUDA_SUCCESS) continue;
            DeviceInfo found = describe(d, dev, i);
            if (found.stableId() == info.stableId() || (i == info.deviceIndex && found.name == info.name))
                return std::make_unique<CudaDevice>(d, std::move(found), dev);
        }
        throw BackendError("CUDA device " + info.stableId() + " is not present on this machine");
    }

private:
    static DeviceInfo describe(const Driver& d, CUdevice dev, int ordinal) {
        auto attr = [&](CUdevice_attribute a) {
            int v = 0;
            d.cuDeviceGetAttribute(&v, a, dev);
            return v;
        };
        DeviceInfo info;
        info.backend = BackendKind::Cuda;
        info.type = DeviceType::Gpu;
        info.platformIndex = 0;
        info.deviceIndex = ordinal;
        info.platform = "CUDA";
        info.vendor = "NVIDIA Corporation";
        char name[256] = {0};
        d.cuDeviceGetName(name, sizeof(name) - 1, dev);
        info.name = name;
        info.driverVersion = "CUDA driver " + versionText(d.version);
        const Nvrtc* rtc = nvrtc();
        info.runtimeVersion = "CUDA " + versionText(d.version) +
                              (rtc ? ", NVRTC " + std::to_string(rtc->major) + "." + std::to_string(rtc->minor) : "");
        info.computeCapabilityMajor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        info.computeCapabilityMinor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        info.computeUnits = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        info.clockMHz = attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000;
        std::size_t total = 0;
        d.cuDeviceTotalMem(&total, dev);
        info.globalMemBytes = total;
        info.maxAllocBytes = total; // CUDA has no per-allocation cap below the memory size
        // Kernels declare shared memory statically, which CUDA caps at 48 KiB per block whatever the opt-in maximum.
        info.localMemBytes = static_cast<std::uint64_t>(attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK));
        info.localMemPerComputeUnitBytes =
            static_cast<std::uint64_t>(attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR));
        // More as dynamic shared memory for kernels that declare it (KT_DYNAMIC_LOCAL; the device opts them in).
        info.localMemOptInBytes =
            static_cast<std::uint64_t>(attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
        info.maxWorkGroupSize = static_cast<std::uint64_t>(attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
        info.maxWorkItemSizes = {static_cast<std::uint64_t>(attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X)),
                                 static_cast<std::uint64_t>(attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y)),
                                 static_cast<std::uint64_t>(attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z))};
        info.fp64 = true;
        info.atomics64 = true;
        // "Image" operands are plain pointers read through __ldg: no limit but the allocation.
        info.images = true;
        info.maxImageBufferTexels = info.maxAllocBytes / 4;
        return info;
    }
};

} // namespace

} // namespace kt::devices::cuda

namespace kt::devices {
std::unique_ptr<Backend> makeCudaBackend() { return std::make_unique<cuda::CudaBackend>(); }
} // namespace kt::devices
