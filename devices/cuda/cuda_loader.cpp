// dlopen/dlsym of libcuda.so.1 and libnvrtc, done once; reports why when either cannot be used.
#include "devices/cuda/cuda_loader.hpp"

#include <dlfcn.h>

#include <cstdlib>

#include "core/export/package/src/ktp_nvrtc_options.hpp"

namespace kt::devices::cuda {

namespace {

#define KT_STR2(x) #x
#define KT_STR(x) KT_STR2(x)

// The versioned name first (what the header maps to), then the plain name for drivers that predate the version.
template <class F> bool loadSymbol(void* lib, F& fn, const char* versioned, const char* plain, std::string& missing) {
    void* p = dlsym(lib, versioned);
    if (!p && plain) p = dlsym(lib, plain);
    if (!p) {
        missing += missing.empty() ? versioned : std::string(", ") + versioned;
        return false;
    }
    fn = reinterpret_cast<F>(p);
    return true;
}

struct DriverState {
    Driver driver;
    std::string why;
    bool ok = false;
    DriverState() {
        void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            why = "libcuda.so.1 not found: no NVIDIA driver";
            return;
        }
        std::string missing;
#define KT_LOAD(name) loadSymbol(lib, driver.name, KT_STR(name), #name, missing);
        KT_CUDA_DRIVER_FUNCTIONS(KT_LOAD)
#undef KT_LOAD
        if (!missing.empty()) {
            why = "libcuda.so.1 is too old (missing " + missing + "); update the NVIDIA driver";
            return;
        }
        CUresult r = driver.cuInit(0);
        if (r != CUDA_SUCCESS) {
            why = "cuInit failed: " + resultName(r, driver);
            return;
        }
        driver.cuDriverGetVersion(&driver.version);
        ok = true;
    }
    static std::string resultName(CUresult r, const Driver& d) {
        const char* name = nullptr;
        const char* text = nullptr;
        if (d.cuGetErrorName) d.cuGetErrorName(r, &name);
        if (d.cuGetErrorString) d.cuGetErrorString(r, &text);
        std::string out = name ? name : "CUresult " + std::to_string(static_cast<int>(r));
        if (text) out += std::string(" (") + text + ")";
        return out;
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
        const std::vector<std::string> candidates = ktp::nvrtc::libraryCandidates();
        void* lib = nullptr;
        for (const auto& c : candidates)
            if ((lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL))) {
                nvrtc.path = c;
                break;
            }
        if (!lib) {
            why = "libnvrtc.so not found (tried libnvrtc.so, .so.13, .so.12 and /usr/local/cuda): install the CUDA "
                  "runtime compiler";
            return;
        }
        std::string missing;
#define KT_LOAD(name) loadSymbol(lib, nvrtc.name, KT_STR(name), nullptr, missing);
        KT_NVRTC_FUNCTIONS(KT_LOAD)
#undef KT_LOAD
        if (!missing.empty()) {
            why = nvrtc.path + " is too old (missing " + missing + ")";
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
