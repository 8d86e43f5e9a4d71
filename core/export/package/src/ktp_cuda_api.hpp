// The part of the CUDA driver API and of NVRTC that a CUDA package uses, declared here so that the package builds
// without any CUDA header or library; both are loaded with dlopen at the first call (libcuda.so.1, libnvrtc.so.*).
// KernelTune checks these declarations against the toolkit's headers (tests/export/cuda_api_test.cpp).
#pragma once
#include <cstddef>
#include <string>

// The handle types at global scope, as cuda.h and nvrtc.h declare them, so both name the same types.
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
struct _nvrtcProgram;

namespace ktp::cu {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUevent = struct CUevent_st*;
using nvrtcResult = int;
using nvrtcProgram = struct _nvrtcProgram*;

constexpr CUresult kSuccess = 0;
constexpr CUresult kErrorInvalidValue = 1;
constexpr CUresult kErrorOutOfMemory = 2;
constexpr CUresult kErrorLaunchOutOfResources = 701;
constexpr int kAttrComputeCapabilityMajor = 75; // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
constexpr int kAttrComputeCapabilityMinor = 76;
constexpr int kFuncAttrMaxDynamicShared = 8; // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
constexpr unsigned kStreamNonBlocking = 1;   // CU_STREAM_NON_BLOCKING
constexpr unsigned kEventDisableTiming = 2;  // CU_EVENT_DISABLE_TIMING

// X(member, symbol, return type, parameters): the symbol is the versioned name cuda.h maps the member to.
#define KTP_CUDA_DRIVER_API(X)                                                                                         \
    X(cuInit, "cuInit", CUresult, (unsigned))                                                                          \
    X(cuDriverGetVersion, "cuDriverGetVersion", CUresult, (int*))                                                      \
    X(cuGetErrorName, "cuGetErrorName", CUresult, (CUresult, const char**))                                            \
    X(cuGetErrorString, "cuGetErrorString", CUresult, (CUresult, const char**))                                        \
    X(cuDeviceGetCount, "cuDeviceGetCount", CUresult, (int*))                                                          \
    X(cuDeviceGet, "cuDeviceGet", CUresult, (CUdevice*, int))                                                          \
    X(cuDeviceGetName, "cuDeviceGetName", CUresult, (char*, int, CUdevice))                                            \
    X(cuDeviceGetAttribute, "cuDeviceGetAttribute", CUresult, (int*, int, CUdevice))                                   \
    X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", CUresult, (CUcontext*, CUdevice))                          \
    X(cuCtxPushCurrent, "cuCtxPushCurrent_v2", CUresult, (CUcontext))                                                  \
    X(cuCtxPopCurrent, "cuCtxPopCurrent_v2", CUresult, (CUcontext*))                                                   \
    X(cuCtxGetCurrent, "cuCtxGetCurrent", CUresult, (CUcontext*))                                                      \
    X(cuCtxGetDevice, "cuCtxGetDevice", CUresult, (CUdevice*))                                                         \
    X(cuStreamGetCtx, "cuStreamGetCtx", CUresult, (CUstream, CUcontext*))                                              \
    X(cuStreamCreate, "cuStreamCreate", CUresult, (CUstream*, unsigned))                                               \
    X(cuStreamSynchronize, "cuStreamSynchronize", CUresult, (CUstream))                                                \
    X(cuStreamWaitEvent, "cuStreamWaitEvent", CUresult, (CUstream, CUevent, unsigned))                                 \
    X(cuEventCreate, "cuEventCreate", CUresult, (CUevent*, unsigned))                                                  \
    X(cuEventRecord, "cuEventRecord", CUresult, (CUevent, CUstream))                                                   \
    X(cuEventSynchronize, "cuEventSynchronize", CUresult, (CUevent))                                                   \
    X(cuMemAlloc, "cuMemAlloc_v2", CUresult, (CUdeviceptr*, std::size_t))                                              \
    X(cuMemFree, "cuMemFree_v2", CUresult, (CUdeviceptr))                                                              \
    X(cuMemGetAddressRange, "cuMemGetAddressRange_v2", CUresult, (CUdeviceptr*, std::size_t*, CUdeviceptr))            \
    X(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", CUresult, (CUdeviceptr, const void*, std::size_t, CUstream))          \
    X(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", CUresult, (void*, CUdeviceptr, std::size_t, CUstream))                \
    X(cuMemcpyDtoH, "cuMemcpyDtoH_v2", CUresult, (void*, CUdeviceptr, std::size_t))                                    \
    X(cuModuleLoadData, "cuModuleLoadData", CUresult, (CUmodule*, const void*))                                        \
    X(cuModuleUnload, "cuModuleUnload", CUresult, (CUmodule))                                                          \
    X(cuCtxSynchronize, "cuCtxSynchronize", CUresult, ())                                                              \
    X(cuModuleGetFunction, "cuModuleGetFunction", CUresult, (CUfunction*, CUmodule, const char*))                      \
    X(cuModuleGetGlobal, "cuModuleGetGlobal_v2", CUresult, (CUdeviceptr*, std::size_t*, CUmodule, const char*))        \
    X(cuFuncSetAttribute, "cuFuncSetAttribute", CUresult, (CUfunction, int, int))                                      \
    X(cuLaunchKernel, "cuLaunchKernel", CUresult,                                                                      \
      (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream, void**, void**))

#define KTP_NVRTC_API(X)                                                                                               \
    X(nvrtcVersion, "nvrtcVersion", nvrtcResult, (int*, int*))                                                         \
    X(nvrtcGetErrorString, "nvrtcGetErrorString", const char*, (nvrtcResult))                                          \
    X(nvrtcCreateProgram, "nvrtcCreateProgram", nvrtcResult,                                                           \
      (nvrtcProgram*, const char*, const char*, int, const char* const*, const char* const*))                          \
    X(nvrtcDestroyProgram, "nvrtcDestroyProgram", nvrtcResult, (nvrtcProgram*))                                        \
    X(nvrtcCompileProgram, "nvrtcCompileProgram", nvrtcResult, (nvrtcProgram, int, const char* const*))                \
    X(nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize", nvrtcResult, (nvrtcProgram, std::size_t*))                     \
    X(nvrtcGetProgramLog, "nvrtcGetProgramLog", nvrtcResult, (nvrtcProgram, char*))                                    \
    X(nvrtcGetPTXSize, "nvrtcGetPTXSize", nvrtcResult, (nvrtcProgram, std::size_t*))                                   \
    X(nvrtcGetPTX, "nvrtcGetPTX", nvrtcResult, (nvrtcProgram, char*))                                                  \
    X(nvrtcGetCUBINSize, "nvrtcGetCUBINSize", nvrtcResult, (nvrtcProgram, std::size_t*))                               \
    X(nvrtcGetCUBIN, "nvrtcGetCUBIN", nvrtcResult, (nvrtcProgram, char*))                                              \
    X(nvrtcGetNumSupportedArchs, "nvrtcGetNumSupportedArchs", nvrtcResult, (int*))                                     \
    X(nvrtcGetSupportedArchs, "nvrtcGetSupportedArchs", nvrtcResult, (int*))

struct Driver {
#define KTP_MEMBER(name, symbol, ret, params) ret(*name) params = nullptr;
    KTP_CUDA_DRIVER_API(KTP_MEMBER)
    int version = 0;
};

struct Nvrtc {
    KTP_NVRTC_API(KTP_MEMBER)
#undef KTP_MEMBER
    int major = 0, minor = 0;
    std::string path;
};

// Loaded once per process. Null with `why` saying what is missing (no driver, no NVRTC, too old).
const Driver* driver(std::string* why);
const Nvrtc* nvrtcLibrary(std::string* why);
// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
std::string resultName(CUresult r);

} // namespace ktp::cu
