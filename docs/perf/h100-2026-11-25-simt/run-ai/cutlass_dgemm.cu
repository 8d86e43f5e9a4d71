// Throwaway: CUTLASS 2.x SIMT DGEMM 128x128x8, 2 stages, warp 32x64 (the library's simt_dgemm_128x128_8x2), timed.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include "cutlass/gemm/device/gemm.h"
template <class LA, class LB>
using Dgemm = cutlass::gemm::device::Gemm<double, LA, double, LB, double, cutlass::layout::ColumnMajor, double,
    cutlass::arch::OpClassSimt, cutlass::arch::Sm80, cutlass::gemm::GemmShape<128, 128, 8>,
    cutlass::gemm::GemmShape<32, 64, 8>, cutlass::gemm::GemmShape<1, 1, 1>,
    cutlass::epilogue::thread::LinearCombination<double, 1, double, double>,
    cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<>, 2>;
template <class G>
void run(const char* name, int n, double* A, double* B, double* C) {
    G gemm;
    typename G::Arguments args({n, n, n}, {A, n}, {B, n}, {C, n}, {C, n}, {1.0, 0.0});
    if (gemm(args) != cutlass::Status::kSuccess) { printf("%s failed\n", name); return; }
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    const int reps = n >= 8192 ? 5 : 20;
    for (int i = 0; i < 3; ++i) gemm(args);
    cudaEventRecord(e0);
    for (int i = 0; i < reps; ++i) gemm(args);
    cudaEventRecord(e1); cudaEventSynchronize(e1);
    float ms; cudaEventElapsedTime(&ms, e0, e1);
    double gf = 2.0 * n * n * (double)n / (ms / reps * 1e-3) / 1e9;
    printf("{\"kernel\":\"cutlass_simt_dgemm_128x128_8x2_%s\",\"n\":%d,\"gflops\":%.0f}\n", name, n, gf);
}
int main() {
    const int nmax = 8192;
    double *A, *B, *C;
    cudaMalloc(&A, sizeof(double) * nmax * nmax); cudaMalloc(&B, sizeof(double) * nmax * nmax);
    cudaMalloc(&C, sizeof(double) * nmax * nmax);
    std::vector<double> h(size_t(nmax) * nmax);
    for (size_t i = 0; i < h.size(); ++i) h[i] = (double)((i * 7919) % 1000) / 1000.0 - 0.5;
    cudaMemcpy(A, h.data(), h.size() * 8, cudaMemcpyHostToDevice); cudaMemcpy(B, h.data(), h.size() * 8, cudaMemcpyHostToDevice);
    using Col = cutlass::layout::ColumnMajor; using Row = cutlass::layout::RowMajor;
    for (int n : {4096, 8192}) {
        run<Dgemm<Col, Col>>("nn", n, A, B, C);
        run<Dgemm<Row, Col>>("tn", n, A, B, C);
        run<Dgemm<Col, Row>>("nt", n, A, B, C);
    }
}
