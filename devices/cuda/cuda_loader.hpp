// Run-time loading of the CUDA driver (libcuda.so.1) and NVRTC: function tables typed from the toolkit headers.
// Nothing links against CUDA, so binaries start on machines without an NVIDIA driver.
#pragma once
#include <string>
#include <vector>

#include <cuda.h>
#include <nvrtc.h>

namespace kt::devices::cuda {

// cuda.h #defines many API names to their versioned symbols (cuMemAlloc → cuMemAlloc_v2, cuCtxCreate →
// cuCtxCreate_v4, …); member names and symbol strings below go through the same macros, so each pointer is typed
// with, and loaded from, exactly the ABI the headers describe.
#define KT_CUDA_DRIVER_FUNCTIONS(X)                                                                                \
    X(cuInit) X(cuDriverGetVersion) X(cuGetErrorName) X(cuGetErrorString) X(cuDeviceGetCount) X(cuDeviceGet)      \
    X(cuDeviceGetName) X(cuDeviceGetAttribute) X(cuDeviceTotalMem) X(cuDevicePrimaryCtxRetain)                     \
    X(cuDevicePrimaryCtxRelease) X(cuCtxSetCurrent) X(cuStreamCreate) X(cuStreamDestroy) X(cuStreamSynchronize)  \
    X(cuMemAlloc) X(cuMemFree) X(cuMemcpyHtoDAsync) X(cuMemcpyDtoHAsync) X(cuMemsetD8Async) X(cuModuleLoadDataEx) \
    X(cuModuleUnload) X(cuModuleGetFunction) X(cuModuleGetGlobal) X(cuFuncSetAttribute) X(cuFuncGetAttribute)    \
    X(cuMemcpyDtoH) X(cuMemHostAlloc) X(cuMemFreeHost) X(cuMemHostGetDevicePointer)                                \
    X(cuLaunchKernel) X(cuEventCreate) X(cuEventDestroy) X(cuEventRecord) X(cuEventSynchronize)                    \
    X(cuEventElapsedTime)

// Loaded where the driver has them; null otherwise (callers fall back). cuLaunchKernelEx: CUDA 12 drivers and newer,
// for launch attributes (programmatic dependent launch, launch_overlap.hpp).
#define KT_CUDA_DRIVER_OPTIONAL_FUNCTIONS(X) X(cuLaunchKernelEx)

#define KT_NVRTC_FUNCTIONS(X)                                                                                      \
    X(nvrtcVersion) X(nvrtcGetErrorString) X(nvrtcCreateProgram) X(nvrtcDestroyProgram) X(nvrtcCompileProgram)    \
    X(nvrtcGetProgramLogSize) X(nvrtcGetProgramLog) X(nvrtcGetPTXSize) X(nvrtcGetPTX) X(nvrtcGetCUBINSize)        \
    X(nvrtcGetCUBIN) X(nvrtcGetNumSupportedArchs) X(nvrtcGetSupportedArchs)

struct Driver {
#define KT_DECLARE(name) decltype(&::name) name = nullptr;
    KT_CUDA_DRIVER_FUNCTIONS(KT_DECLARE)
    KT_CUDA_DRIVER_OPTIONAL_FUNCTIONS(KT_DECLARE)
#undef KT_DECLARE
    int version = 0; // cuDriverGetVersion, e.g. 13000
};

struct Nvrtc {
#define KT_DECLARE(name) decltype(&::name) name = nullptr;
    KT_NVRTC_FUNCTIONS(KT_DECLARE)
#undef KT_DECLARE
    int major = 0, minor = 0;
    std::string path; // the library that was loaded
};

// Loaded once per process (thread-safe). Null with `why` set when the library is missing or too old.
const Driver* driver(std::string* why = nullptr);
const Nvrtc* nvrtc(std::string* why = nullptr);

// "CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)".
std::string resultName(CUresult result);

} // namespace kt::devices::cuda
