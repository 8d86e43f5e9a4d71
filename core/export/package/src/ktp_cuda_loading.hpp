// Loading the CUDA driver (libcuda.so.1) and NVRTC with dlopen: which libraries, which symbol names, and what is
// said when one is missing or too old. Shared word for word by KernelTune's CUDA device (devices/cuda/cuda_loader.cpp,
// whose function tables are typed from cuda.h) and by exported packages (ktp_cuda.cpp, written into them by `ktune
// export`, typed from ktp_cuda_api.hpp), so both load the same way. Standard C++ and dlfcn only.
#pragma once
#include <dlfcn.h>

#include <string>

#include "ktp_nvrtc_options.hpp"

namespace ktp::loading {

// The versioned symbol first (what cuda.h maps a name to), then `plain` (drivers older than the version; may be
// null); the symbol is appended to `missing` when neither is there.
template <class F> void symbol(void* lib, F& fn, const char* versioned, const char* plain, std::string& missing) {
    void* p = dlsym(lib, versioned);
    if (!p && plain) p = dlsym(lib, plain);
    if (!p) missing += (missing.empty() ? "" : ", ") + std::string(versioned);
    fn = reinterpret_cast<F>(p);
}

// libcuda.so.1, or null with `why` said.
inline void* openDriver(std::string& why) {
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) why = "libcuda.so.1 not found: no NVIDIA driver on this machine";
    return lib;
}

inline std::string driverTooOld(const std::string& missing) {
    return "libcuda.so.1 is too old (it lacks " + missing + "): update the NVIDIA driver";
}

// The first NVRTC of nvrtc::libraryCandidates() that loads (its name in `path`), or null with `why` said.
inline void* openNvrtc(std::string& path, std::string& why) {
    for (const auto& c : nvrtc::libraryCandidates())
        if (void* lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            path = c;
            return lib;
        }
    why = "libnvrtc.so not found (tried libnvrtc.so, .so.13, .so.12, $CUDA_PATH and /usr/local/cuda): install the "
          "CUDA runtime compiler (NVRTC)";
    return nullptr;
}

inline std::string nvrtcTooOld(const std::string& path, const std::string& missing) {
    return path + " is too old (it lacks " + missing + ")";
}

// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)" through the driver's cuGetErrorName and cuGetErrorString (either may be
// null: not loaded).
template <class Result, class NameFn, class StringFn>
std::string resultName(Result r, NameFn getName, StringFn getString) {
    const char* name = nullptr;
    const char* text = nullptr;
    if (getName) getName(r, &name);
    if (getString) getString(r, &text);
    std::string out = name ? name : "CUresult " + std::to_string(static_cast<int>(r));
    if (text) out += std::string(" (") + text + ")";
    return out;
}

} // namespace ktp::loading
