// The CUDA driver and NVRTC functions an exported package loads with dlopen are declared by hand in the package
// (core/export/package/src/ktp_cuda_api.hpp, so packages build without CUDA): here each declaration is checked
// against the toolkit's own headers, the symbol it loads being the versioned one cuda.h maps the name to, and the
// signature the same but for enums (CUresult, attributes) declared as int.
#include <gtest/gtest.h>

#include <cuda.h>
#include <nvrtc.h>

#include <cstring>
#include <type_traits>

#include "core/export/package/src/ktp_cuda_api.hpp"

namespace {

// Same type, or an enum and an int of the same size.
template <class A, class B>
constexpr bool kSameAbi = std::is_same_v<A, B> ||
                          (sizeof(A) == sizeof(B) && ((std::is_enum_v<A> && std::is_same_v<B, int>) ||
                                                      (std::is_enum_v<B> && std::is_same_v<A, int>)));

template <class Ours, class Theirs> struct SameSignature : std::false_type {};
template <class R1, class... A1, class R2, class... A2> struct SameSignature<R1 (*)(A1...), R2 (*)(A2...)> {
    static constexpr bool value = sizeof...(A1) == sizeof...(A2) && kSameAbi<R1, R2> && (kSameAbi<A1, A2> && ...);
};

#define KTP_STR2(x) #x
#define KTP_STR(x) KTP_STR2(x)

TEST(PackageCudaApi, DeclarationsMatchTheToolkitHeaders) {
    // cuda.h's macros rename both sides alike (cuMemAlloc -> cuMemAlloc_v2), so `name` is the header's function.
#define KTP_CHECK(name, symbol, ret, params)                                                                           \
    static_assert(SameSignature<decltype(ktp::cu::Driver{}.name), decltype(&::name)>::value, #name);                   \
    EXPECT_STREQ(symbol, KTP_STR(name));
    KTP_CUDA_DRIVER_API(KTP_CHECK)
#undef KTP_CHECK
#define KTP_CHECK(name, symbol, ret, params)                                                                           \
    static_assert(SameSignature<decltype(ktp::cu::Nvrtc{}.name), decltype(&::name)>::value, #name);                    \
    EXPECT_STREQ(symbol, KTP_STR(name));
    KTP_NVRTC_API(KTP_CHECK)
#undef KTP_CHECK
    static_assert(std::is_same_v<ktp::cu::CUstream, CUstream> && std::is_same_v<ktp::cu::CUcontext, CUcontext>);
    static_assert(std::is_same_v<ktp::cu::CUevent, CUevent>);
    static_assert(std::is_same_v<ktp::cu::CUdeviceptr, CUdeviceptr> && std::is_same_v<ktp::cu::CUdevice, CUdevice>);
    static_assert(std::is_same_v<ktp::cu::nvrtcProgram, nvrtcProgram>);
    EXPECT_EQ(ktp::cu::kAttrComputeCapabilityMajor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    EXPECT_EQ(ktp::cu::kAttrComputeCapabilityMinor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    EXPECT_EQ(ktp::cu::kFuncAttrMaxDynamicShared, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
    EXPECT_EQ(ktp::cu::kStreamNonBlocking, unsigned(CU_STREAM_NON_BLOCKING));
    EXPECT_EQ(ktp::cu::kEventDisableTiming, unsigned(CU_EVENT_DISABLE_TIMING));
    EXPECT_EQ(ktp::cu::kErrorInvalidValue, CUDA_ERROR_INVALID_VALUE);
    EXPECT_EQ(ktp::cu::kErrorOutOfMemory, CUDA_ERROR_OUT_OF_MEMORY);
    EXPECT_EQ(ktp::cu::kErrorLaunchOutOfResources, CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
}

} // namespace
