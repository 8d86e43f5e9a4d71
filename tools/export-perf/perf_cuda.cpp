// Times a CUDA package's sgemm/dgemm on device pointers beside cuBLAS in the same process and on the same stream:
// the first call of the process (NVRTC compile or disk-cache load) by wall clock, then per size the median over runs
// between CUDA events of the package's call and of cublas?gemm, and the largest difference of their results
// relative to the largest |C| of cuBLAS (the package's check on the device). Column-major NN, alpha 1, beta 0.
// Prints one JSON object per line.
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <ktp/ktp.h>

#include "cuda_driver.hpp"

namespace {

using consumer_cuda::CUevent;

// cuBLAS through dlopen (v2 API; CUBLAS_OP_N = 0, host pointer mode by default).
struct Cublas {
    using Handle = void*;
    int (*create)(Handle*) = nullptr;
    int (*setStream)(Handle, CUstream) = nullptr;
    int (*sgemm)(Handle, int, int, int, int, int, const float*, CUdeviceptr, int, CUdeviceptr, int, const float*,
                 CUdeviceptr, int) = nullptr;
    int (*dgemm)(Handle, int, int, int, int, int, const double*, CUdeviceptr, int, CUdeviceptr, int, const double*,
                 CUdeviceptr, int) = nullptr;
    Handle handle = nullptr;
    std::string library;
    bool load(CUstream stream) {
        void* lib = nullptr;
        for (const char* name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so"})
            if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL))) {
                library = name;
                break;
            }
        if (!lib) return false;
        create = reinterpret_cast<decltype(create)>(dlsym(lib, "cublasCreate_v2"));
        setStream = reinterpret_cast<decltype(setStream)>(dlsym(lib, "cublasSetStream_v2"));
        sgemm = reinterpret_cast<decltype(sgemm)>(dlsym(lib, "cublasSgemm_v2"));
        dgemm = reinterpret_cast<decltype(dgemm)>(dlsym(lib, "cublasDgemm_v2"));
        return create && setStream && sgemm && dgemm && create(&handle) == 0 && setStream(handle, stream) == 0;
    }
};

double value(std::size_t i) { return double((i * 37 + 11) % 23) / 7.0 - 1.5; }

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: ktp_perf s|d N[,N...] [runs]\n");
        return 2;
    }
    const bool f64 = argv[1][0] == 'd';
    std::vector<int> sizes;
    for (const char* p = argv[2]; *p;) {
        sizes.push_back(std::atoi(p));
        while (*p && *p != ',') ++p;
        if (*p == ',') ++p;
    }
    const int runs = argc > 3 ? std::atoi(argv[3]) : 20;
    char name[256] = {0};
    int tuned = 0;
    if (ktp_device_name(name, sizeof name, &tuned) != KTP_SUCCESS) {
        std::printf("{\"error\": \"%s\"}\n", ktp_last_error());
        return 1;
    }
    CUstream stream = nullptr;
    if (!consumer_cuda::open(name, stream)) {
        std::printf("{\"error\": \"cannot open %s\"}\n", name);
        return 1;
    }
    const auto& d = consumer_cuda::driver();
    const int nmax = *std::max_element(sizes.begin(), sizes.end());
    const std::size_t elements = std::size_t(nmax) * nmax, es = f64 ? 8 : 4, bytes = elements * es;
    std::vector<char> init(bytes);
    for (std::size_t i = 0; i < elements; ++i) {
        if (f64)
            reinterpret_cast<double*>(init.data())[i] = value(i);
        else
            reinterpret_cast<float*>(init.data())[i] = float(value(i));
    }
    CUdeviceptr a = 0, b = 0, c = 0, c2 = 0;
    d.cuMemAlloc(&a, bytes), d.cuMemAlloc(&b, bytes), d.cuMemAlloc(&c, bytes), d.cuMemAlloc(&c2, bytes);
    for (CUdeviceptr p : {a, b, c, c2}) d.cuMemcpyHtoD(p, init.data(), bytes); // finite everywhere (beta is 0)
    auto ours = [&](int n) {
        return f64 ? ktp_dgemm_cu(stream, KtpColMajor, KtpNoTrans, KtpNoTrans, n, n, n, 1.0, a, n, b, n, 0.0, c, n)
                   : ktp_sgemm_cu(stream, KtpColMajor, KtpNoTrans, KtpNoTrans, n, n, n, 1.f, a, n, b, n, 0.f, c, n);
    };
    Cublas cublas;
    const bool haveCublas = cublas.load(stream);
    auto theirs = [&](int n) {
        const double one = 1, zero = 0;
        const float onef = 1, zerof = 0;
        return f64 ? cublas.dgemm(cublas.handle, 0, 0, n, n, n, &one, a, n, b, n, &zero, c2, n)
                   : cublas.sgemm(cublas.handle, 0, 0, n, n, n, &onef, a, n, b, n, &zerof, c2, n);
    };
    const auto t0 = std::chrono::steady_clock::now();
    int st = ours(sizes.front());
    d.cuStreamSynchronize(stream);
    const double firstMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ktp_stats stats;
    ktp_get_stats(&stats);
    std::printf("{\"device\": \"%s\", \"tuned\": %d, \"first_call_ms\": %.3f, \"size\": %d, \"status\": %d, "
                "\"compiled\": %lld, \"loaded_from_disk\": %lld, \"variant\": \"%s\", \"cublas\": \"%s\", "
                "\"error\": \"%s\"}\n",
                name, tuned, firstMs, sizes.front(), st, stats.compiled, stats.loaded_from_disk, ktp_last_variant(),
                haveCublas ? cublas.library.c_str() : "not loaded", st ? ktp_last_error() : "");
    CUevent before = nullptr, after = nullptr;
    d.cuEventCreate(&before, 0), d.cuEventCreate(&after, 0);
    auto median = [&](auto&& call, int n, int& status) {
        for (int w = 0; w < 3; ++w) status = call(n); // warm-up (and the programs of other variants)
        d.cuStreamSynchronize(stream);
        std::vector<double> ms;
        for (int r = 0; r < runs; ++r) {
            d.cuEventRecord(before, stream);
            status = call(n);
            d.cuEventRecord(after, stream);
            d.cuEventSynchronize(after);
            float t = 0;
            d.cuEventElapsedTime(&t, before, after);
            ms.push_back(t);
        }
        std::sort(ms.begin(), ms.end());
        return ms[ms.size() / 2];
    };
    for (int n : sizes) {
        const double flop = 2.0 * n * n * double(n);
        const double ourMs = median(ours, n, st);
        const std::string variant = ktp_last_variant();
        double theirMs = 0, diff = -1;
        int cst = -1;
        if (haveCublas) {
            theirMs = median(theirs, n, cst);
            const std::size_t count = std::size_t(n) * n;
            std::vector<char> x(count * es), y(count * es);
            d.cuMemcpyDtoH(x.data(), c, count * es), d.cuMemcpyDtoH(y.data(), c2, count * es);
            double worst = 0, scale = 0;
            for (std::size_t i = 0; i < count; ++i) {
                const double u = f64 ? reinterpret_cast<double*>(x.data())[i] : reinterpret_cast<float*>(x.data())[i];
                const double v = f64 ? reinterpret_cast<double*>(y.data())[i] : reinterpret_cast<float*>(y.data())[i];
                worst = std::isfinite(u) ? std::max(worst, std::fabs(u - v)) : INFINITY;
                scale = std::max(scale, std::fabs(v));
            }
            diff = worst / (scale > 0 ? scale : 1);
        }
        std::printf("{\"size\": %d, \"status\": %d, \"median_ms\": %.5f, \"gflops\": %.1f, \"cublas_status\": %d, "
                    "\"cublas_median_ms\": %.5f, \"cublas_gflops\": %.1f, \"ratio_to_cublas\": %.3f, "
                    "\"max_diff_rel_to_max_c\": %.3g, \"variant\": \"%s\"}\n",
                    n, st, ourMs, flop / (ourMs * 1e-3) / 1e9, cst, theirMs,
                    theirMs > 0 ? flop / (theirMs * 1e-3) / 1e9 : 0.0, theirMs > 0 ? theirMs / ourMs : 0.0, diff,
                    variant.c_str());
    }
    return 0;
}
