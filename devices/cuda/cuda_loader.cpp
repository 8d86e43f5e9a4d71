// dlopen/dlsym of libcuda.so.1 and libnvrtc, done once, as exported packages do (the shared
// core/export/package/src/ktp_cuda_loading.hpp); reports why when either cannot be used.
#include "devices/cuda/cuda_loader.hpp"

#include "core/export/package/src/ktp_cuda_loading.hpp"

namespace kt::devices::cuda {

namespace {

#define KT_STR2(x) #x
#define KT_STR(x) KT_STR2(x)

struct DriverState {
    Driver driver;
    std::string why;
    bool ok = false;
    DriverState() {
        void* lib = ktp::loading::openDriver(why);
        if (!lib) return;
        std::string missing;
#define KT_LOAD(name) ktp::loading::symbol(lib, driver.name, KT_STR(name), #name, missing);
        KT_CUDA_DRIVER_FUNCTIONS(KT_LOAD)
#undef KT_LOAD
        if (!missing.empty()) {
            why = ktp::loading::driverTooOld(missing);
            return;
        }
        std::string optional; // what lacks stays null: the device falls back (a plain launch)
#define KT_LOAD(name) ktp::loading::symbol(lib, driver.name, KT_STR(name), #name, optional);
        KT_CUDA_DRIVER_OPTIONAL_FUNCTIONS(KT_LOAD)
#undef KT_LOAD
        CUresult r = driver.cuInit(0);
        if (r != CUDA_SUCCESS) {
            why = "cuInit failed: " + resultName(r, driver);
            return;
        }
        driver.cuDriverGetVersion(&driver.version);
        ok = true;
    }
    static std::string resultName(CUresult r, const Driver& d) {
        return ktp::loading::resultName(r, d.cuGetErrorName, d.cuGetErrorString);
    }
};

const DriverState& driverState() {
    static const DriverState state;
    return state;
}

struct NvrtcState {
    Nvrtc nvrtc;
    std::string why;
    bool ok = false;
    NvrtcState() {
        void* lib = ktp::loading::openNvrtc(nvrtc.path, why);
        if (!lib) return;
        std::string missing;
#define KT_LOAD(name) ktp::loading::symbol(lib, nvrtc.name, KT_STR(name), nullptr, missing);
        KT_NVRTC_FUNCTIONS(KT_LOAD)
#undef KT_LOAD
        if (!missing.empty()) {
            why = ktp::loading::nvrtcTooOld(nvrtc.path, missing);
            return;
        }
        nvrtc.nvrtcVersion(&nvrtc.major, &nvrtc.minor);
        ok = true;
    }
};

const NvrtcState& nvrtcState() {
    static const NvrtcState state;
    return state;
}

} // namespace

const Driver* driver(std::string* why) {
    const auto& s = driverState();
    if (why) *why = s.why;
    return s.ok ? &s.driver : nullptr;
}

const Nvrtc* nvrtc(std::string* why) {
    const auto& s = nvrtcState();
    if (why) *why = s.why;
    return s.ok ? &s.nvrtc : nullptr;
}

std::string resultName(CUresult result) { return DriverState::resultName(result, driverState().driver); }

} // namespace kt::devices::cuda
