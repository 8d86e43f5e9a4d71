// Compiles dialect kernel text with NVRTC for one compute capability; needs no driver (usable in unit tests).
#pragma once
#include <string>
#include <vector>

namespace kt::devices::cuda {

struct CompiledModule {
    std::string image; // CUBIN (isCubin) or NUL-terminated PTX, ready for cuModuleLoadData
    bool isCubin = false;
    std::string arch; // "sm_90" or "compute_86" (PTX fallback)
    std::string log;  // compiler output (warnings) of the successful build
};

// options: "-DNAME=VALUE" / "-UNAME" / "-I…" pass through; OpenCL-only options ("-cl-…") are dropped.
// Uses sm_<cc> when this NVRTC knows the architecture, else PTX for the newest compute_XY it knows that is not
// newer than the device (the driver JIT-compiles it). Throws kt::BuildError (full log) or kt::BackendError
// when NVRTC cannot be loaded. Thread-safe.
CompiledModule compileNvrtc(const std::string& source, const std::vector<std::string>& options, int ccMajor,
                            int ccMinor, const std::string& programName = "kernel.cu");

// PTX text for the virtual architecture compute_<major><minor> (no driver needed): what a kernel's source becomes
// before the assembler, for tests that look for an instruction (griddepcontrol, mma) in what was generated.
// Throws like compileNvrtc.
std::string compileNvrtcPtx(const std::string& source, const std::vector<std::string>& options, int ccMajor,
                            int ccMinor);

// The image target of this NVRTC for a compute capability, "nvrtc/<major>.<minor>/cc<M>.<m>/<arch>" (see
// Device::imageTarget): everything an image depends on besides source and options. Empty when NVRTC cannot be loaded.
std::string nvrtcTarget(int ccMajor, int ccMinor);
// compileNvrtc for a target from nvrtcTarget(), in any process. Throws BackendError when the target is malformed
// or names an NVRTC other than the one loaded here (then its images would differ).
CompiledModule compileNvrtcForTarget(const std::string& target, const std::string& source,
                                     const std::vector<std::string>& options);

} // namespace kt::devices::cuda
