// OpenCL backend: enumerates every platform/device through the ICD loader and opens devices.
#include <CL/opencl.hpp>

#include <mutex>
#include <string>
#include <vector>

#include "devices/opencl/opencl_device.hpp"
#include "devices/opencl/opencl_errors.hpp"
#include "devices/registry.hpp"

namespace kt::devices::opencl {

namespace {

DeviceType typeOf(cl_device_type t) {
    if (t & CL_DEVICE_TYPE_GPU) return DeviceType::Gpu;
    if (t & CL_DEVICE_TYPE_CPU) return DeviceType::Cpu;
    if (t & CL_DEVICE_TYPE_ACCELERATOR) return DeviceType::Accelerator;
    return DeviceType::Other;
}

bool hasExtension(const std::string& extensions, const std::string& name) {
    std::size_t pos = 0;
    while ((pos = extensions.find(name, pos)) != std::string::npos) {
        std::size_t end = pos + name.size();
        bool startOk = pos == 0 || extensions[pos - 1] == ' ';
        bool endOk = end == extensions.size() || extensions[end] == ' ';
        if (startOk && endOk) return true;
        pos = end;
    }
    return false;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\0' || s.back() == ' ')) s.pop_back();
    return s;
}

// OpenCL has no query for the local memory of a compute unit; NVIDIA's driver tells the compute capability
// (cl_nv_device_attribute_query), and the shared memory per multiprocessor follows from it (CUDA programming guide,
// technical specifications). 0 when unknown.
std::uint64_t nvidiaSharedMemoryPerSm(const cl::Device& device, const std::string& extensions) {
    if (!hasExtension(extensions, "cl_nv_device_attribute_query")) return 0;
    constexpr cl_device_info kCcMajor = 0x4000, kCcMinor = 0x4001; // CL_DEVICE_COMPUTE_CAPABILITY_{MAJOR,MINOR}_NV
    cl_uint major = 0, minor = 0;
    if (clGetDeviceInfo(device(), kCcMajor, sizeof major, &major, nullptr) != CL_SUCCESS ||
        clGetDeviceInfo(device(), kCcMinor, sizeof minor, &minor, nullptr) != CL_SUCCESS)
        return 0;
    const unsigned cc = major * 10 + minor;
    const std::uint64_t kib = cc == 70 || cc == 72                 ? 96
                              : cc == 75                           ? 64
                              : cc == 80 || cc == 87               ? 164
                              : cc == 86 || cc == 89 || cc >= 120  ? 100
                              : cc == 90 || cc == 100 || cc == 103 ? 228
                                                                   : 0;
    return kib * 1024;
}

DeviceInfo describe(const cl::Platform& platform, int platformIndex, const cl::Device& device, int deviceIndex) {
    DeviceInfo info;
    info.backend = BackendKind::OpenCL;
    info.platformIndex = platformIndex;
    info.deviceIndex = deviceIndex;
    info.platform = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
    info.type = typeOf(device.getInfo<CL_DEVICE_TYPE>());
    info.vendor = trimmed(device.getInfo<CL_DEVICE_VENDOR>());
    info.name = trimmed(device.getInfo<CL_DEVICE_NAME>());
    info.driverVersion = trimmed(device.getInfo<CL_DRIVER_VERSION>());
    info.runtimeVersion = trimmed(device.getInfo<CL_DEVICE_VERSION>());
    info.computeUnits = static_cast<int>(device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
    info.clockMHz = static_cast<int>(device.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>());
    info.globalMemBytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
    info.localMemBytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    info.maxAllocBytes = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
    info.maxWorkGroupSize = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    auto sizes = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    for (std::size_t i = 0; i < 3 && i < sizes.size(); ++i) info.maxWorkItemSizes[i] = sizes[i];
    std::string extensions = device.getInfo<CL_DEVICE_EXTENSIONS>();
    cl_device_fp_config doubleConfig = 0;
    try {
        doubleConfig = device.getInfo<CL_DEVICE_DOUBLE_FP_CONFIG>();
    } catch (const cl::Error&) {
        // Devices without fp64 may reject the query instead of answering 0.
    }
    info.fp64 = hasExtension(extensions, "cl_khr_fp64") || doubleConfig != 0;
    info.atomics64 = hasExtension(extensions, "cl_khr_int64_base_atomics");
    info.localMemPerComputeUnitBytes = nvidiaSharedMemoryPerSm(device, extensions);
    info.images = device.getInfo<CL_DEVICE_IMAGE_SUPPORT>() == CL_TRUE;
    if (info.images) {
        try {
            info.maxImageBufferTexels = device.getInfo<CL_DEVICE_IMAGE_MAX_BUFFER_SIZE>();
        } catch (const cl::Error&) {
            info.images = false; // an OpenCL 1.1 device: no image1d_buffer_t
        }
    }
    return info;
}

class OpenCLBackend : public Backend {
    mutable std::mutex m_problemsMutex;
    mutable std::vector<std::string> m_problems; // from the last enumerate()

public:
    BackendKind kind() const override { return BackendKind::OpenCL; }

    std::string unavailableReason() const override {
        std::vector<cl::Platform> platforms;
        std::string error = listPlatforms(platforms);
        if (!error.empty()) return error;
        if (platforms.empty()) return "no OpenCL platform found (no ICD installed in /etc/OpenCL/vendors)";
        return {};
    }

    std::vector<DeviceInfo> enumerate() const override {
        std::vector<DeviceInfo> out;
        std::vector<cl::Platform> platforms;
        std::vector<std::string> problems;
        if (!listPlatforms(platforms).empty()) return out;
        for (std::size_t p = 0; p < platforms.size(); ++p) {
            std::vector<cl::Device> devices;
            std::string platformName = "platform " + std::to_string(p);
            try {
                platformName += " (" + platforms[p].getInfo<CL_PLATFORM_NAME>() + ")";
                platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &devices);
            } catch (const cl::Error& e) {
                // A platform with no devices reports CL_DEVICE_NOT_FOUND; anything else is worth telling.
                if (e.err() != CL_DEVICE_NOT_FOUND)
                    problems.push_back(platformName + ": " + e.what() + " failed: " + clErrorName(e.err()));
                continue;
            }
            for (std::size_t d = 0; d < devices.size(); ++d) {
                try {
                    out.push_back(describe(platforms[p], static_cast<int>(p), devices[d], static_cast<int>(d)));
                } catch (const cl::Error& e) {
                    // A device that cannot answer basic queries is not usable; skip it rather than fail the listing.
                    problems.push_back(platformName + " device " + std::to_string(d) + ": " + e.what() +
                                       " failed: " + clErrorName(e.err()));
                }
            }
        }
        std::lock_guard lock(m_problemsMutex);
        m_problems = std::move(problems);
        return out;
    }

    std::string diagnostics() const override {
        std::lock_guard lock(m_problemsMutex);
        std::string out;
        for (const auto& p : m_problems) out += (out.empty() ? "" : "; ") + p;
        return out;
    }

    std::unique_ptr<Device> open(const DeviceInfo& info) const override {
        if (info.backend != BackendKind::OpenCL) throw BackendError("not an OpenCL device: " + info.label());
        std::vector<cl::Platform> platforms;
        if (auto error = listPlatforms(platforms); !error.empty()) throw BackendError(error);
        // Prefer the recorded indices; fall back to the stable id when platforms were reordered.
        auto matches = [&](std::size_t p, std::size_t d, const std::vector<cl::Device>& devices) {
            return describe(platforms[p], static_cast<int>(p), devices[d], static_cast<int>(d)).stableId() ==
                   info.stableId();
        };
        try {
            for (int pass = 0; pass < 2; ++pass) {
                for (std::size_t p = 0; p < platforms.size(); ++p) {
                    if (pass == 0 && static_cast<int>(p) != info.platformIndex) continue;
                    std::vector<cl::Device> devices;
                    try {
                        platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &devices);
                    } catch (const cl::Error&) {
                        continue;
                    }
                    for (std::size_t d = 0; d < devices.size(); ++d)
                        if (matches(p, d, devices))
                            return std::make_unique<OpenCLDevice>(
                                describe(platforms[p], static_cast<int>(p), devices[d], static_cast<int>(d)),
                                devices[d]);
                }
            }
        } catch (const cl::Error& e) {
            throw BackendError("cannot open " + info.label() + ": " + clErrorName(e.err()));
        }
        throw BackendError("OpenCL device " + info.stableId() + " is not present on this machine");
    }

private:
    // Empty on success, else why the ICD loader could not list platforms. Never throws.
    static std::string listPlatforms(std::vector<cl::Platform>& platforms) {
        try {
            cl::Platform::get(&platforms);
            return {};
        } catch (const cl::Error& e) {
            if (e.err() == -1001) return "no OpenCL platform found (no ICD installed in /etc/OpenCL/vendors)";
            return std::string("OpenCL platforms cannot be listed: ") + clErrorName(e.err());
        } catch (const std::exception& e) {
            return std::string("OpenCL platforms cannot be listed: ") + e.what();
        }
    }
};

} // namespace

} // namespace kt::devices::opencl

namespace kt::devices {
std::unique_ptr<Backend> makeOpenCLBackend() { return std::make_unique<opencl::OpenCLBackend>(); }
} // namespace kt::devices
