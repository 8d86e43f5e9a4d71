// How kernel text is compiled with NVRTC: the target architecture for a compute capability and the option list.
// Shared word for word by KernelTune's CUDA device (devices/cuda/nvrtc_compiler.cpp) and by exported packages
// (written into them by `ktune export`), so a package compiles its kernels exactly as they were tuned.
// Standard C++ only: packages include it without any CUDA header.
#pragma once
#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <string>
#include <vector>

namespace ktp::nvrtc {

struct Target {
    std::string arch; // "sm_90" (a CUBIN) or "compute_86" (PTX the driver JIT-compiles)
    bool cubin = false;
};

// sm_<cc> when this NVRTC knows the architecture, else PTX for the newest compute_XY it knows that is not newer than
// the device, else the oldest it knows.
inline Target targetFor(int ccMajor, int ccMinor, const std::vector<int>& supported) {
    const int cc = ccMajor * 10 + ccMinor;
    if (std::find(supported.begin(), supported.end(), cc) != supported.end()) return {"sm_" + std::to_string(cc), true};
    int best = 0;
    for (int a : supported)
        if (a <= cc) best = std::max(best, a);
    if (best == 0 && !supported.empty()) best = *std::min_element(supported.begin(), supported.end());
    if (best == 0) best = cc;
    return {"compute_" + std::to_string(best), false};
}

// The NVRTC arguments: the architecture, every function a device function by default, C++17, then the program's
// own options without the OpenCL-only ones ("-cl-…"). "-DNAME=VALUE", "-UNAME" and "-I…" pass through.
inline std::vector<std::string> arguments(const Target& target, const std::vector<std::string>& options) {
    std::vector<std::string> args = {"--gpu-architecture=" + target.arch, "-default-device", "-std=c++17"};
    for (const auto& o : options)
        if (!o.empty() && o.rfind("-cl-", 0) != 0) args.push_back(o);
    return args;
}

// Where NVRTC is looked for, in order: the loader path (the versions KernelTune is tested with), then the toolkit
// folders ($CUDA_PATH, /usr/local/cuda) that are usually outside it.
inline std::vector<std::string> libraryCandidates() {
    const char* names[] = {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"};
    std::vector<std::string> out(std::begin(names), std::end(names));
    std::vector<std::string> dirs;
    if (const char* cudaPath = std::getenv("CUDA_PATH"))
        dirs = {std::string(cudaPath) + "/lib64", std::string(cudaPath) + "/lib"};
    dirs.push_back("/usr/local/cuda/lib64");
    dirs.push_back("/usr/local/cuda/lib");
    for (const auto& dir : dirs)
        for (const char* name : names) out.push_back(dir + "/" + name);
    return out;
}

// The dialect's convention for dynamic shared memory (KT_DYNAMIC_LOCAL in kernels/common/preamble.cl): a kernel
// that takes some says how much in the module constant of this name (an unsigned); beyond 48 KiB the function must
// be opted in (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) before it launches.
inline std::string dynamicSharedSymbol(const std::string& kernel) { return "kt_dynamic_shared_" + kernel; }
constexpr unsigned kDefaultSharedLimit = 48 * 1024;

} // namespace ktp::nvrtc
