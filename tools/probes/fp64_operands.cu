// FP64 operand-delivery probe (H200 2026-11-22 round 3, issue 4): how fast does the FP64 pipe run when each DFMA reads one fresh
// register operand (the device profile's FMA kernel: acc = fma(acc, s, t)) versus two (a GEMM micro-kernel's outer
// product: acc[i][j] = fma(x[i], y[j], acc[i][j]))? Both keep 64 independent accumulators per thread, so latency is
// hidden the same way; only the operand pattern differs. Build and run on the GPU machine:
//   nvcc -O3 -arch=sm_90 -o /tmp/fp64_operands tools/probes/fp64_operands.cu && /tmp/fp64_operands
// Prints GFlop/s per pattern and per block size, then the outer product fed from shared memory with barriers every
// 8/16/32 k-steps (or none).
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kIters = 2048;

// One value per thread depends on every accumulator, so the compiler keeps all the DFMAs.
__device__ void store(double* out, const double (&acc)[8][8], double sum) {
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) sum += acc[i][j];
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// One fresh operand per DFMA: s and t stay in the operand reuse cache.
__global__ void __launch_bounds__(256) oneFresh(double* out, double s, double t) {
    double acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = threadIdx.x * 1e-9 + i * 0.01 + j * 0.001;
    for (int it = 0; it < kIters; ++it)
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] = fma(acc[i][j], s, t);
    store(out, acc, 0.0);
}

// Two fresh operands per DFMA: the outer product of a GEMM micro-kernel (x[i] reused across j, y[j] and the
// accumulator change every instruction). x and y change every iteration so nothing can be hoisted.
__global__ void __launch_bounds__(256) outerProduct(double* out, double s, double t) {
    double acc[8][8], x[8], y[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) {
        x[i] = 1.0 + i * 1e-3 + threadIdx.x * 1e-9;
        y[i] = 1.0 - i * 1e-3;
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0;
    }
    for (int it = 0; it < kIters; ++it) {
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] = fma(x[i], y[j], acc[i][j]);
        // 16 more DFMAs per 64 keep the inputs moving (counted in the flops).
#pragma unroll
        for (int i = 0; i < 8; ++i) x[i] = fma(x[i], s, t), y[i] = fma(y[i], t, s);
    }
    store(out, acc, 0.0);
}


// The outer product fed from shared memory as the GEMM kernel feeds it (8 + 8 doubles per step as LDS.128 of
// double2, A broadcast within a row of work-items, B spread over 16 columns), with a barrier every kSync steps
// (0: none). Shows what the loads and the barriers cost on top of the outer product.
template <int kSync> __global__ void __launch_bounds__(256) fedOuterProduct(double* out, double s, double t) {
    __shared__ double2 lA[8][64], lB[8][64]; // 8 k-rows of a 128-wide tile, as double2
    const int tn = threadIdx.x % 16, tm = threadIdx.x / 16;
    for (int i = threadIdx.x; i < 8 * 64; i += blockDim.x) {
        lA[i / 64][i % 64] = make_double2(1.0 + i * 1e-6, 1.0 - i * 1e-6);
        lB[i / 64][i % 64] = make_double2(1.0 - i * 1e-6, 1.0 + i * 1e-6);
    }
    __syncthreads();
    double acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0;
    for (int it = 0; it < kIters; ++it) {
        const int k = it & 7;
        double x[8], y[8];
#pragma unroll
        for (int g = 0; g < 4; ++g) {
            const double2 a = lA[k][g * 16 + tm], b = lB[k][g * 16 + tn];
            x[2 * g] = a.x, x[2 * g + 1] = a.y, y[2 * g] = b.x, y[2 * g + 1] = b.y;
        }
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] = fma(x[i], y[j], acc[i][j]);
        if (kSync && (it % kSync) == kSync - 1) __syncthreads();
    }
    store(out, acc, s * t);
}

template <class Kernel> double gflops(Kernel kernel, int blocks, int threads, double fmasPerThread, double* out) {
    cudaEvent_t a, b;
    cudaEventCreate(&a), cudaEventCreate(&b);
    kernel<<<blocks, threads>>>(out, 0.999, 0.001); // warm-up
    float best = 1e30f;
    for (int r = 0; r < 5; ++r) {
        cudaEventRecord(a);
        kernel<<<blocks, threads>>>(out, 0.999, 0.001);
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        best = ms < best ? ms : best;
    }
    return 2.0 * fmasPerThread * blocks * threads / (best * 1e6);
}

int main() {
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    double* out = nullptr;
    const int maxBlocks = prop.multiProcessorCount * 16;
    cudaMalloc(&out, sizeof(double) * maxBlocks * 256);
    std::printf("%s, %d SMs\n", prop.name, prop.multiProcessorCount);
    for (int perSm : {2, 4}) { // blocks of 128 threads per SM: 8 and 16 warps (registers permitting)
        const int blocks = prop.multiProcessorCount * perSm * 8;
        const double one = gflops(oneFresh, blocks, 128, 64.0 * kIters, out);
        const double two = gflops(outerProduct, blocks, 128, 80.0 * kIters, out);
        std::printf("128-thread blocks x %d per SM (waves of %d): one fresh operand %.0f GFlop/s, outer product "
                    "(two fresh) %.0f GFlop/s, ratio %.2f\n",
                    perSm, blocks, one, two, two / one);
    }
    // 256-thread blocks as the GEMM kernel D1 (16 x 16 work-items, 8 x 8 doubles each), one wave per SM's fill.
    const int blocks = prop.multiProcessorCount * 8;
    const double base = gflops(outerProduct, blocks * 2, 128, 80.0 * kIters, out);
    std::printf("fed from shared memory, 256-thread blocks (outer product alone: %.0f):\n", base);
    std::printf("  no barrier        %.0f GFlop/s\n", gflops(fedOuterProduct<0>, blocks, 256, 64.0 * kIters, out));
    std::printf("  barrier every 8   %.0f GFlop/s\n", gflops(fedOuterProduct<8>, blocks, 256, 64.0 * kIters, out));
    std::printf("  barrier every 16  %.0f GFlop/s\n", gflops(fedOuterProduct<16>, blocks, 256, 64.0 * kIters, out));
    std::printf("  barrier every 32  %.0f GFlop/s\n", gflops(fedOuterProduct<32>, blocks, 256, 64.0 * kIters, out));
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) std::printf("CUDA error: %s\n", cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 1;
}
