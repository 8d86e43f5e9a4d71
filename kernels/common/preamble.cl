// KernelTune kernel dialect: one kernel text compiles as OpenCL C (1.2+) and as CUDA C++ under NVRTC.
// Kernels use only the KT_* macros and OpenCL-style index functions below; the backend is detected from the
// compiler's own predefined macros, so no option has to be passed.
//
//   KT_KERNEL            kernel entry (extern "C" __global__ on CUDA, so names are not mangled)
//   KT_GLOBAL KT_LOCAL KT_CONSTANT   address spaces (CUDA: nothing / __shared__ / nothing)
//   KT_FUNC              helper functions (inline; __device__ on CUDA)
//   KT_RESTRICT          restrict on both
//   KT_BARRIER()         work-group barrier on local memory
//   KT_UNROLL            full unroll hint before a loop with a constant trip count
//   KT_LDG(p)            read through the read-only data cache where there is one
//   KT_DYNAMIC_LOCAL(kernel, bytes)  CUDA only: `kernel` takes `bytes` of dynamic shared memory (extern __shared__),
//                        reserved by the CUDA device at every launch, beyond 48 KiB up to DeviceInfo::localMemOptInBytes
//   KT_IMAGE1D(T, name)  kernel parameter: a read-only 1-D image whose texels are T (float, float2, float4, double,
//                        double2); OpenCL: image1d_buffer_t (the host passes kt::ImageView, a zero-copy view of a
//                        buffer), CUDA: const T* (the host passes the buffer)
//   KT_READ_IMAGE(T, img, i)  texel i (an int) of a KT_IMAGE1D(T, img): read_imagef / read_imageui (doubles as two
//                        or four uint channels, reinterpreted) on OpenCL, __ldg on CUDA
//   KT_LET_DEPENDENTS_LAUNCH()   lets the next launch, when it was enqueued as overlapping (PlanLaunch::
//                        overlapsPrevious), start its work-groups before this kernel has finished
//   KT_WAIT_FOR_PREVIOUS_GRID()  waits until the launch before this one has finished and its writes are visible;
//                        an overlapping launch calls it before it touches anything the previous launch writes
//                        (both: CUDA sm_90+ programmatic dependent launch, griddepcontrol; nothing elsewhere,
//                        where launches never overlap, so the wait is already satisfied)
//   get_global_id(d) get_local_id(d) get_group_id(d) get_local_size(d) get_num_groups(d) get_global_size(d)
//   kt_atomic_add_i32 / kt_atomic_cas_u32 / kt_atomic_xchg_u32            32-bit atomics on global memory
//   kt_atomic_cas_u64 / kt_atomic_xchg_u64                              64-bit atomics (need DEV atomics64)
//   kt_atomic_add_f32 / kt_atomic_add_f64                               float adds (CAS loops on OpenCL)
//   real, real2, real4: float or double by KT_DOUBLE (define -DKT_DOUBLE=1 for double precision)
//   kt_real2(x,y) kt_real4(x,y,z,w): constructors of real2/real4 (the float or double ones above)
//   float2/float4/double2/double4 with + - * and scalar * vector on both backends; kt_fma(a,b,c)
//   kt_float2(x,y) kt_float4(x,y,z,w) kt_double2(x,y) kt_double4(x,y,z,w): vector constructors on both
//   uint, ulong: unsigned 32/64-bit integers on both.
#ifndef KT_PREAMBLE_INCLUDED
#define KT_PREAMBLE_INCLUDED

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define KT_CUDA 1

#define KT_KERNEL extern "C" __global__
#define KT_GLOBAL
#define KT_LOCAL __shared__
#define KT_CONSTANT
#define KT_FUNC __device__ __forceinline__
#define KT_RESTRICT __restrict__
#define KT_BARRIER() __syncthreads()
#define KT_LDG(p) __ldg(p)
#define KT_IMAGE1D(T, name) const T* __restrict__ name
#define KT_DYNAMIC_LOCAL(kernel, bytes) extern "C" __constant__ unsigned kt_dynamic_shared_##kernel = (bytes);
#define KT_READ_IMAGE(T, img, i) __ldg((img) + (i))

// Programmatic dependent launch (sm_90+): a kernel launched with CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_
// SERIALIZATION may start while the previous kernel in the stream still runs (once every block of that one has
// executed launch_dependents or exited); griddepcontrol.wait then blocks until the previous grid has completed and
// its memory operations are visible. Without the attribute (or before sm_90) the launches are serialised as always
// and the wait returns at once; the "memory" clobber keeps the compiler from moving loads or stores across it.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define KT_LET_DEPENDENTS_LAUNCH() asm volatile("griddepcontrol.launch_dependents;" ::: "memory")
#define KT_WAIT_FOR_PREVIOUS_GRID() asm volatile("griddepcontrol.wait;" ::: "memory")
#else
#define KT_LET_DEPENDENTS_LAUNCH() ((void)0)
#define KT_WAIT_FOR_PREVIOUS_GRID() ((void)0)
#endif

typedef unsigned int uint;
typedef unsigned long long ulong_t;
#define ulong ulong_t

__device__ __forceinline__ size_t kt_dim3(const uint3& v, uint d) { return d == 0 ? v.x : d == 1 ? v.y : v.z; }
__device__ __forceinline__ size_t kt_dim3(const dim3& v, uint d) { return d == 0 ? v.x : d == 1 ? v.y : v.z; }
__device__ __forceinline__ size_t get_local_id(uint d) { return kt_dim3(threadIdx, d); }
__device__ __forceinline__ size_t get_group_id(uint d) { return kt_dim3(blockIdx, d); }
__device__ __forceinline__ size_t get_local_size(uint d) { return kt_dim3(blockDim, d); }
__device__ __forceinline__ size_t get_num_groups(uint d) { return kt_dim3(gridDim, d); }
__device__ __forceinline__ size_t get_global_id(uint d) { return get_group_id(d) * get_local_size(d) + get_local_id(d); }
__device__ __forceinline__ size_t get_global_size(uint d) { return get_num_groups(d) * get_local_size(d); }

__device__ __forceinline__ int kt_atomic_add_i32(int* p, int v) { return atomicAdd(p, v); }
__device__ __forceinline__ uint kt_atomic_cas_u32(uint* p, uint cmp, uint val) { return atomicCAS(p, cmp, val); }
__device__ __forceinline__ uint kt_atomic_xchg_u32(uint* p, uint val) { return atomicExch(p, val); }
__device__ __forceinline__ ulong kt_atomic_cas_u64(ulong* p, ulong cmp, ulong val) { return atomicCAS(p, cmp, val); }
__device__ __forceinline__ ulong kt_atomic_xchg_u64(ulong* p, ulong val) { return atomicExch(p, val); }
__device__ __forceinline__ float kt_atomic_add_f32(float* p, float v) { return atomicAdd(p, v); }
__device__ __forceinline__ double kt_atomic_add_f64(double* p, double v) { return atomicAdd(p, v); }

// CUDA 13 deprecates double4 (its alignment is ambiguous) in favour of double4_16a/_32a; OpenCL's double4 is
// 32-byte aligned, so that is what kernels get under the OpenCL name.
#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 13
typedef double4_32a kt_double4_t;
#define kt_make_double4_t make_double4_32a
#else
typedef double4 kt_double4_t;
#define kt_make_double4_t make_double4
#endif
#define double4 kt_double4_t

// Vector arithmetic that OpenCL C has built in, component-wise.
#define KT_VEC2_BINOP(T, S, op)                                                                                     \
    __device__ __forceinline__ T operator op(T a, T b) { T r; r.x = a.x op b.x; r.y = a.y op b.y; return r; }
#define KT_VEC4_BINOP(T, S, op)                                                                                     \
    __device__ __forceinline__ T operator op(T a, T b) {                                                            \
        T r; r.x = a.x op b.x; r.y = a.y op b.y; r.z = a.z op b.z; r.w = a.w op b.w; return r;                      \
    }
#define KT_VEC_OPS(T, S, N)                                                                                         \
    KT_VEC##N##_BINOP(T, S, +) KT_VEC##N##_BINOP(T, S, -) KT_VEC##N##_BINOP(T, S, *)                                \
    __device__ __forceinline__ T kt_splat_##T(S s) { T r; r.x = s; r.y = s; KT_VEC##N##_SPLAT_ZW return r; }        \
    __device__ __forceinline__ T operator*(S s, T b) { return kt_splat_##T(s) * b; }                                \
    __device__ __forceinline__ T operator*(T a, S s) { return a * kt_splat_##T(s); }                                \
    __device__ __forceinline__ T& operator+=(T& a, T b) { a = a + b; return a; }                                    \
    __device__ __forceinline__ T& operator-=(T& a, T b) { a = a - b; return a; }                                    \
    __device__ __forceinline__ T& operator*=(T& a, T b) { a = a * b; return a; }
#define KT_VEC2_SPLAT_ZW
#define KT_VEC4_SPLAT_ZW r.z = s; r.w = s;
KT_VEC_OPS(float2, float, 2)
KT_VEC_OPS(float4, float, 4)
KT_VEC_OPS(double2, double, 2)
KT_VEC_OPS(double4, double, 4)
#define kt_float2(x, y) make_float2((x), (y))
#define kt_float4(x, y, z, w) make_float4((x), (y), (z), (w))
#define kt_double2(x, y) make_double2((x), (y))
#define kt_double4(x, y, z, w) kt_make_double4_t((x), (y), (z), (w))
__device__ __forceinline__ float kt_fma(float a, float b, float c) { return fmaf(a, b, c); }
__device__ __forceinline__ double kt_fma(double a, double b, double c) { return fma(a, b, c); }

#else // OpenCL C
#define KT_OPENCL 1

#define KT_KERNEL __kernel
#define KT_GLOBAL __global
#define KT_LOCAL __local
#define KT_CONSTANT __constant
#define KT_FUNC inline
#define KT_RESTRICT restrict
#define KT_BARRIER() barrier(CLK_LOCAL_MEM_FENCE)
#define KT_LDG(p) (*(p))
// Texel formats (host side: kt::ImageView), one texel per T: float CL_R / CL_FLOAT; float4 CL_RGBA / CL_FLOAT;
// double2 CL_RGBA / CL_UNSIGNED_INT32; the 8-byte float2 and double CL_RGBA / CL_UNSIGNED_INT16, whose four 16-bit
// channels are packed back into the bytes (CL_RG, the natural 8-byte format, is not required by OpenCL 1.2 and
// PoCL lacks it for image1d_buffer_t; CL_RGBA of 16-bit integers is required). image1d_buffer_t reads take an int
// coordinate and no sampler.
#define KT_IMAGE1D(T, name) __read_only image1d_buffer_t name
// OpenCL launches in one in-order queue never overlap: nothing to release, nothing to wait for.
#define KT_LET_DEPENDENTS_LAUNCH() ((void)0)
#define KT_WAIT_FOR_PREVIOUS_GRID() ((void)0)
#define KT_READ_IMAGE(T, img, i) KT_READ_IMAGE_##T(img, i)
#define KT_READ_IMAGE_float(img, i) (read_imagef((img), (int)(i)).x)
#define KT_READ_IMAGE_float2(img, i) (as_float2(convert_ushort4(read_imageui((img), (int)(i)))))
#define KT_READ_IMAGE_float4(img, i) (read_imagef((img), (int)(i)))
#define KT_READ_IMAGE_double(img, i) (as_double(convert_ushort4(read_imageui((img), (int)(i)))))
#define KT_READ_IMAGE_double2(img, i) (as_double2(read_imageui((img), (int)(i))))

#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#if defined(cl_khr_int64_base_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#endif

KT_FUNC int kt_atomic_add_i32(volatile __global int* p, int v) { return atomic_add(p, v); }
KT_FUNC uint kt_atomic_cas_u32(volatile __global uint* p, uint cmp, uint val) { return atomic_cmpxchg(p, cmp, val); }
KT_FUNC uint kt_atomic_xchg_u32(volatile __global uint* p, uint val) { return atomic_xchg(p, val); }
#if defined(cl_khr_int64_base_atomics)
KT_FUNC ulong kt_atomic_cas_u64(volatile __global ulong* p, ulong cmp, ulong val) { return atom_cmpxchg(p, cmp, val); }
KT_FUNC ulong kt_atomic_xchg_u64(volatile __global ulong* p, ulong val) { return atom_xchg(p, val); }
#endif
KT_FUNC float kt_atomic_add_f32(volatile __global float* p, float v) {
    uint old = as_uint(*p), assumed;
    do {
        assumed = old;
        old = atomic_cmpxchg((volatile __global uint*)p, assumed, as_uint(as_float(assumed) + v));
    } while (old != assumed);
    return as_float(old);
}
#if defined(cl_khr_int64_base_atomics) && defined(cl_khr_fp64)
KT_FUNC double kt_atomic_add_f64(volatile __global double* p, double v) {
    ulong old = as_ulong(*p), assumed;
    do {
        assumed = old;
        old = atom_cmpxchg((volatile __global ulong*)p, assumed, as_ulong(as_double(assumed) + v));
    } while (old != assumed);
    return as_double(old);
}
#endif
#define kt_fma(a, b, c) fma(a, b, c)
#define kt_float2(x, y) ((float2)((x), (y)))
#define kt_float4(x, y, z, w) ((float4)((x), (y), (z), (w)))
#define kt_double2(x, y) ((double2)((x), (y)))
#define kt_double4(x, y, z, w) ((double4)((x), (y), (z), (w)))
#endif // backend

#define KT_PRAGMA(x) _Pragma(#x)
#define KT_UNROLL KT_PRAGMA(unroll)

#if defined(KT_DOUBLE) && KT_DOUBLE
typedef double real;
typedef double2 real2;
typedef double4 real4;
#define kt_real2 kt_double2
#define kt_real4 kt_double4
#else
typedef float real;
typedef float2 real2;
typedef float4 real4;
#define kt_real2 kt_float2
#define kt_real4 kt_float4
#endif

#endif // KT_PREAMBLE_INCLUDED
