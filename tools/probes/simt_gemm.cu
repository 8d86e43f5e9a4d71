// SIMT GEMM ingredient probe (issue 15 item 2): the 128x128x8 block of D1 (256 threads, 8x8 per thread, two shared
// buffers, the next tile prefetched into registers, one barrier per k-block) with, one at a time, what CUTLASS's
// SIMT DGEMM (simt_dgemm_128x128_8x2) does differently:
//   LM     lanes of a warp along m (LN = 32 / LM along n): 2 = today's 2x16 work-items per warp, 4 = CUTLASS's 4x8;
//   ILV    1: lanes interleaved in pairs of rows (CUTLASS's RowMajorInterleaved<2>): lane -> (2 (lane / 2LN) +
//          lane % 2, (lane / 2) % LN), so each quarter-warp spans 2 rows x 4 columns;
//   FDB    1: fragments double-buffered in registers across the k loop and the barrier (k-step s+1 loaded while
//          step s's FMAs issue; the barrier before the last step's FMAs);
//   ORD    1: FMAs in CUTLASS's order (n outer, m serpentine) instead of m outer, n inner.
// A is K x M and B is K x N, both k-major (each k row contiguous along m / n), C row-major M x N: the TN kernel's
// operands. Build and run (prints one JSON line per variant):
//   nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/simt_gemm tools/probes/simt_gemm.cu && /tmp/simt_gemm
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

template <class T> struct Vec;
template <> struct Vec<double> {
    using type = double2;
    static constexpr int n = 2;
};
template <> struct Vec<float> {
    using type = float4;
    static constexpr int n = 4;
};

constexpr int ML = 128, NL = 128, KL = 8, TM = 8, TN = 8, WG = 256, WGM = ML / TM, WGN = NL / TN;

template <class T, int LM, int ILV, int FDB, int ORD> __global__ void __launch_bounds__(WG, 1)
    gemm(int M, int N, int K, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ C) {
    using V = typename Vec<T>::type;
    constexpr int VW = Vec<T>::n, LN = 32 / LM, WARPS_N = WGN / LN, G = TM / VW; // G groups of VW per thread
    constexpr int TILE = KL * ML / VW / WG; // vector loads per thread per operand tile
    __shared__ V sA[2][KL][ML / VW], sB[2][KL][NL / VW];
    const int lid = threadIdx.x, warp = lid / 32, lane = lid % 32;
    int lm, ln;
    if (ILV)
        lm = (lane / (2 * LN)) * 2 + lane % 2, ln = (lane / 2) % LN;
    else
        lm = lane / LN, ln = lane % LN;
    const int tm = (warp / WARPS_N) * LM + lm, tn = (warp % WARPS_N) * LN + ln;
    const int bm = blockIdx.y, bn = blockIdx.x;
    const V* Ag = reinterpret_cast<const V*>(A) + bm * (ML / VW);
    const V* Bg = reinterpret_cast<const V*>(B) + bn * (NL / VW);
    const int ldv = M / VW, ldvB = N / VW;
    V pa[TILE], pb[TILE];
    auto gload = [&](int kb) {
#pragma unroll
        for (int r = 0; r < TILE; ++r) {
            const int idx = lid + r * WG, row = idx / (ML / VW), col = idx % (ML / VW);
            pa[r] = Ag[(size_t)(kb * KL + row) * ldv + col];
            pb[r] = Bg[(size_t)(kb * KL + row) * ldvB + col];
        }
    };
    auto sstore = [&](int buf) {
#pragma unroll
        for (int r = 0; r < TILE; ++r) {
            const int idx = lid + r * WG, row = idx / (ML / VW), col = idx % (ML / VW);
            sA[buf][row][col] = pa[r];
            sB[buf][row][col] = pb[r];
        }
    };
    T acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0;
    T fa[2][TM], fb[2][TN];
    auto fload = [&](int buf, int k, int slot) {
#pragma unroll
        for (int g = 0; g < G; ++g) {
            const V a = sA[buf][k][g * WGM + tm], b = sB[buf][k][g * WGN + tn];
            const T* ap = reinterpret_cast<const T*>(&a);
            const T* bp = reinterpret_cast<const T*>(&b);
#pragma unroll
            for (int c = 0; c < VW; ++c) fa[slot][g * VW + c] = ap[c], fb[slot][g * VW + c] = bp[c];
        }
    };
    auto fmas = [&](int slot) {
        if (ORD) {
#pragma unroll
            for (int j = 0; j < TN; ++j)
#pragma unroll
                for (int ii = 0; ii < TM; ++ii) {
                    const int i = j % 2 ? TM - 1 - ii : ii;
                    acc[i][j] = fma(fa[slot][i], fb[slot][j], acc[i][j]);
                }
        } else {
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fma(fa[slot][i], fb[slot][j], acc[i][j]);
        }
    };
    const int nkb = K / KL;
    gload(0);
    sstore(0);
    __syncthreads();
    if (FDB) {
        fload(0, 0, 0);
        for (int kb = 0; kb < nkb; ++kb) {
            const int cur = kb & 1;
#pragma unroll
            for (int k = 0; k < KL; ++k) {
                if (k == KL - 1) {
                    if (kb + 1 < nkb) sstore(cur ^ 1);
                    __syncthreads();
                }
                fload(k == KL - 1 ? cur ^ 1 : cur, (k + 1) % KL, (k + 1) % 2);
                if (k == 0 && kb + 1 < nkb) gload(kb + 1);
                fmas(k % 2);
            }
        }
    } else {
        for (int kb = 0; kb < nkb; ++kb) {
            const int cur = kb & 1;
            if (kb + 1 < nkb) gload(kb + 1);
#pragma unroll
            for (int k = 0; k < KL; ++k) {
                fload(cur, k, 0);
                fmas(0);
            }
            if (kb + 1 < nkb) sstore(cur ^ 1);
            __syncthreads();
        }
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int gi = bm * ML + ((i / VW) * WGM + tm) * VW + i % VW;
            const int gj = bn * NL + ((j / VW) * WGN + tn) * VW + j % VW;
            C[(size_t)gi * N + gj] = acc[i][j];
        }
}

template <class T> __global__ void reference(int M, int N, int K, const T* A, const T* B, T* C) {
    const int i = blockIdx.y * 16 + threadIdx.y, j = blockIdx.x * 16 + threadIdx.x;
    T s = 0;
    for (int k = 0; k < K; ++k) s = fma(A[(size_t)k * M + i], B[(size_t)k * N + j], s);
    C[(size_t)i * N + j] = s;
}

template <class T, int LM, int ILV, int FDB, int ORD> void measure(T* A, T* B, T* C, T* R) {
    auto kern = gemm<T, LM, ILV, FDB, ORD>;
    cudaFuncAttributes attr;
    cudaFuncGetAttributes(&attr, kern);
    // Check against the naive kernel at 1024.
    {
        const int n = 1024;
        kern<<<dim3(n / NL, n / ML), WG>>>(n, n, n, A, B, C);
        reference<T><<<dim3(n / 16, n / 16), dim3(16, 16)>>>(n, n, n, A, B, R);
        std::vector<T> c(size_t(n) * n), r(c.size());
        cudaMemcpy(c.data(), C, c.size() * sizeof(T), cudaMemcpyDeviceToHost);
        cudaMemcpy(r.data(), R, r.size() * sizeof(T), cudaMemcpyDeviceToHost);
        double err = 0;
        for (size_t i = 0; i < c.size(); ++i) err = std::max(err, (double)std::abs(c[i] - r[i]));
        if (err > (sizeof(T) == 8 ? 1e-9 : 1e-2)) printf("# WRONG: max error %g\n", err);
    }
    for (int n : {4096, 8192}) {
        cudaEvent_t e0, e1;
        cudaEventCreate(&e0), cudaEventCreate(&e1);
        const int reps = n == 8192 ? 5 : 20;
        dim3 grid(n / NL, n / ML);
        for (int i = 0; i < 3; ++i) kern<<<grid, WG>>>(n, n, n, A, B, C);
        cudaEventRecord(e0);
        for (int i = 0; i < reps; ++i) kern<<<grid, WG>>>(n, n, n, A, B, C);
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        printf("{\"type\":\"%s\",\"LM\":%d,\"ILV\":%d,\"FDB\":%d,\"ORD\":%d,\"regs\":%d,\"n\":%d,\"gflops\":%.0f}\n",
               sizeof(T) == 8 ? "f64" : "f32", LM, ILV, FDB, ORD, attr.numRegs, n,
               2.0 * n * n * (double)n / (ms / reps * 1e-3) / 1e9);
    }
}

template <class T> void all() {
    const size_t n = 8192;
    T *A, *B, *C, *R;
    cudaMalloc(&A, n * n * sizeof(T)), cudaMalloc(&B, n * n * sizeof(T));
    cudaMalloc(&C, n * n * sizeof(T)), cudaMalloc(&R, n * n * sizeof(T));
    std::vector<T> h(n * n);
    for (size_t i = 0; i < h.size(); ++i) h[i] = T((i * 7919) % 1000) / T(1000) - T(0.5);
    cudaMemcpy(A, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    cudaMemcpy(B, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    measure<T, 2, 0, 0, 0>(A, B, C, R); // today's D1 structure
    measure<T, 4, 0, 0, 0>(A, B, C, R);
    measure<T, 4, 1, 0, 0>(A, B, C, R);
    measure<T, 8, 0, 0, 0>(A, B, C, R);
    measure<T, 2, 0, 1, 0>(A, B, C, R);
    measure<T, 4, 0, 1, 0>(A, B, C, R);
    measure<T, 4, 1, 1, 0>(A, B, C, R);
    measure<T, 2, 0, 0, 1>(A, B, C, R);
    measure<T, 4, 1, 0, 1>(A, B, C, R);
    measure<T, 4, 1, 1, 1>(A, B, C, R);
    measure<T, 4, 0, 1, 1>(A, B, C, R);
    cudaFree(A), cudaFree(B), cudaFree(C), cudaFree(R);
}

int main() {
    all<double>();
    all<float>();
}
