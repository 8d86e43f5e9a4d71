// Times a CUDA package's routine on device pointers beside cuBLAS in the same process and on the same stream: the
// first call of the process (NVRTC compile or disk-cache load) by wall clock, then per size the median over runs
// between CUDA events of the package's call and of cuBLAS's, and the largest difference of their results relative
// to the largest |C| of cuBLAS (the package's check on the device). Column-major, NN, lower triangle, alpha 1,
// beta 0. Routines and their sizes: s|d (GEMM, N: N^3), ssymv|dsymv (N), sgemm_batch|dgemm_batch (NxB: B problems
// of N^3), ssyrk|dsyrk (NxK). Prints one JSON object per line.
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

std::string fixed(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

// GFlop/s of a call, or JSON null when the call failed (status != 0) or was not timed.
std::string rate(int status, double flop, double ms) {
    return status == 0 && ms > 0 ? fixed(flop / (ms * 1e-3) / 1e9, 1) : "null";
}

// cuBLAS through dlopen (v2 API; CUBLAS_OP_N = 0, host pointer mode by default).
struct Cublas {
    using Handle = void*;
    int (*create)(Handle*) = nullptr;
    int (*setStream)(Handle, CUstream) = nullptr;
    int (*sgemm)(Handle, int, int, int, int, int, const float*, CUdeviceptr, int, CUdeviceptr, int, const float*,
                 CUdeviceptr, int) = nullptr;
    int (*dgemm)(Handle, int, int, int, int, int, const double*, CUdeviceptr, int, CUdeviceptr, int, const double*,
                 CUdeviceptr, int) = nullptr;
    // The other routines, cast to their signature at the call (the precision's scalar type).
    void *ssymv = nullptr, *dsymv = nullptr, *sbatch = nullptr, *dbatch = nullptr, *ssyrk = nullptr, *dsyrk = nullptr;
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
        ssymv = dlsym(lib, "cublasSsymv_v2"), dsymv = dlsym(lib, "cublasDsymv_v2");
        sbatch = dlsym(lib, "cublasSgemmStridedBatched"), dbatch = dlsym(lib, "cublasDgemmStridedBatched");
        ssyrk = dlsym(lib, "cublasSsyrk_v2"), dsyrk = dlsym(lib, "cublasDsyrk_v2");
        return create && setStream && sgemm && dgemm && create(&handle) == 0 && setStream(handle, stream) == 0;
    }
};

double value(std::size_t i) { return double((i * 37 + 11) % 23) / 7.0 - 1.5; }

// One routine at one size: its flops, the elements its operands need, and the package's and cuBLAS's call on the
// operands a, b (x) and c (y; cuBLAS writes c2).
struct Shape {
    long long n = 0, k = 0, batch = 1;
};

template <class T> struct Routines {
    std::string name; // "gemm", "symv", "gemm_batch", "syrk"
    CUstream stream;
    Cublas& cublas;
    double flops(const Shape& s) const {
        if (name == "symv") return 2.0 * s.n * s.n;
        if (name == "syrk") return double(s.n) * s.n * s.k;
        return 2.0 * s.n * s.n * double(s.n) * s.batch;
    }
    std::size_t elements(const Shape& s) const { // the largest operand
        if (name == "syrk") return std::size_t(s.n) * std::size_t(std::max(s.n, s.k));
        return std::size_t(s.n) * std::size_t(s.n) * std::size_t(s.batch);
    }
    std::size_t written(const Shape& s) const { return name == "symv" ? std::size_t(s.n) : elements(s); }
    int ours(const Shape& s, CUdeviceptr a, CUdeviceptr b, CUdeviceptr c) const {
        const bool d = sizeof(T) == 8;
        const int n = int(s.n), k = int(s.k);
        const long long st = s.n * s.n;
        if (name == "symv")
            return d ? ktp_dsymv_cu(stream, KtpColMajor, KtpLower, n, 1, a, n, b, 1, 0, c, 1)
                     : ktp_ssymv_cu(stream, KtpColMajor, KtpLower, n, 1, a, n, b, 1, 0, c, 1);
        if (name == "syrk")
            return d ? ktp_dsyrk_cu(stream, KtpColMajor, KtpLower, KtpNoTrans, n, k, 1, a, n, 0, c, n)
                     : ktp_ssyrk_cu(stream, KtpColMajor, KtpLower, KtpNoTrans, n, k, 1, a, n, 0, c, n);
        if (name == "gemm_batch")
            return d ? ktp_dgemm_batch_strided_cu(stream, KtpColMajor, KtpNoTrans, KtpNoTrans, n, n, n, 1, a, n, st, b,
                                                  n, st, 0, c, n, st, int(s.batch))
                     : ktp_sgemm_batch_strided_cu(stream, KtpColMajor, KtpNoTrans, KtpNoTrans, n, n, n, 1, a, n, st, b,
                                                  n, st, 0, c, n, st, int(s.batch));
        return d ? ktp_dgemm_cu(stream, KtpColMajor, KtpNoTrans, KtpNoTrans, n, n, n, 1, a, n, b, n, 0, c, n)
                 : ktp_sgemm_cu(stream, KtpColMajor, KtpNoTrans, KtpNoTrans, n, n, n, 1, a, n, b, n, 0, c, n);
    }
    int theirs(const Shape& s, CUdeviceptr a, CUdeviceptr b, CUdeviceptr c2) const {
        const bool d = sizeof(T) == 8;
        const T one = 1, zero = 0;
        const int n = int(s.n), k = int(s.k);
        const long long st = s.n * s.n;
        using H = Cublas::Handle;
        if (name == "symv") {
            using F = int (*)(H, int, int, const T*, CUdeviceptr, int, CUdeviceptr, int, const T*, CUdeviceptr, int);
            auto f = reinterpret_cast<F>(d ? cublas.dsymv : cublas.ssymv);
            return f ? f(cublas.handle, 0, n, &one, a, n, b, 1, &zero, c2, 1) : -1;
        }
        if (name == "syrk") {
            using F = int (*)(H, int, int, int, int, const T*, CUdeviceptr, int, const T*, CUdeviceptr, int);
            auto f = reinterpret_cast<F>(d ? cublas.dsyrk : cublas.ssyrk);
            return f ? f(cublas.handle, 0, 0, n, k, &one, a, n, &zero, c2, n) : -1;
        }
        if (name == "gemm_batch") {
            using F = int (*)(H, int, int, int, int, int, const T*, CUdeviceptr, int, long long, CUdeviceptr, int,
                              long long, const T*, CUdeviceptr, int, long long, int);
            auto f = reinterpret_cast<F>(d ? cublas.dbatch : cublas.sbatch);
            return f ? f(cublas.handle, 0, 0, n, n, n, &one, a, n, st, b, n, st, &zero, c2, n, st, int(s.batch)) : -1;
        }
        if (d)
            return cublas.dgemm(cublas.handle, 0, 0, n, n, n, reinterpret_cast<const double*>(&one), a, n, b, n,
                                reinterpret_cast<const double*>(&zero), c2, n);
        return cublas.sgemm(cublas.handle, 0, 0, n, n, n, reinterpret_cast<const float*>(&one), a, n, b, n,
                            reinterpret_cast<const float*>(&zero), c2, n);
    }
};

template <class T> int run(const std::string& name, const std::vector<Shape>& sizes, int runs) {
    char device[256] = {0};
    int tuned = 0;
    if (ktp_device_name(device, sizeof device, &tuned) != KTP_SUCCESS) {
        std::printf("{\"error\": \"%s\"}\n", ktp_last_error());
        return 1;
    }
    CUstream stream = nullptr;
    if (!consumer_cuda::open(device, stream)) {
        std::printf("{\"error\": \"cannot open %s\"}\n", device);
        return 1;
    }
    const auto& d = consumer_cuda::driver();
    Cublas cublas;
    const bool haveCublas = cublas.load(stream);
    const Routines<T> r{name, stream, cublas};
    std::size_t elements = 0;
    for (const auto& s : sizes) elements = std::max(elements, r.elements(s));
    const std::size_t bytes = elements * sizeof(T);
    std::vector<T> init(elements);
    for (std::size_t i = 0; i < elements; ++i) init[i] = T(value(i));
    CUdeviceptr a = 0, b = 0, c = 0, c2 = 0;
    d.cuMemAlloc(&a, bytes), d.cuMemAlloc(&b, bytes), d.cuMemAlloc(&c, bytes), d.cuMemAlloc(&c2, bytes);
    for (CUdeviceptr p : {a, b, c, c2}) d.cuMemcpyHtoD(p, init.data(), bytes); // finite everywhere (beta is 0)
    const auto t0 = std::chrono::steady_clock::now();
    int st = r.ours(sizes.front(), a, b, c);
    d.cuStreamSynchronize(stream);
    const double firstMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ktp_stats stats;
    ktp_get_stats(&stats);
    std::printf("{\"device\": \"%s\", \"routine\": \"%s\", \"tuned\": %d, \"first_call_ms\": %.3f, \"status\": %d, "
                "\"compiled\": %lld, \"loaded_from_disk\": %lld, \"variant\": \"%s\", \"cublas\": \"%s\", "
                "\"error\": \"%s\"}\n",
                device, name.c_str(), tuned, firstMs, st, stats.compiled, stats.loaded_from_disk, ktp_last_variant(),
                haveCublas ? cublas.library.c_str() : "not loaded", st ? ktp_last_error() : "");
    CUevent before = nullptr, after = nullptr;
    d.cuEventCreate(&before, 0), d.cuEventCreate(&after, 0);
    auto median = [&](auto&& call, int& status) {
        for (int w = 0; w < 3; ++w) status = call(); // warm-up (and the programs of other variants)
        d.cuStreamSynchronize(stream);
        std::vector<double> ms;
        for (int i = 0; i < runs; ++i) {
            d.cuEventRecord(before, stream);
            status = call();
            d.cuEventRecord(after, stream);
            d.cuEventSynchronize(after);
            float t = 0;
            d.cuEventElapsedTime(&t, before, after);
            ms.push_back(t);
        }
        std::sort(ms.begin(), ms.end());
        return ms[ms.size() / 2];
    };
    for (const auto& s : sizes) {
        const double ourMs = median([&] { return r.ours(s, a, b, c); }, st);
        const std::string variant = ktp_last_variant();
        double theirMs = 0, diff = -1;
        int cst = -1;
        if (haveCublas) {
            theirMs = median([&] { return r.theirs(s, a, b, c2); }, cst);
            const std::size_t count = r.written(s);
            std::vector<T> x(count), y(count);
            d.cuMemcpyDtoH(x.data(), c, count * sizeof(T)), d.cuMemcpyDtoH(y.data(), c2, count * sizeof(T));
            double worst = 0, scale = 0;
            for (std::size_t i = 0; i < count; ++i) {
                worst =
                    std::isfinite(double(x[i])) ? std::max(worst, std::fabs(double(x[i]) - double(y[i]))) : INFINITY;
                scale = std::max(scale, std::fabs(double(y[i])));
            }
            diff = worst / (scale > 0 ? scale : 1);
        }
        const double flop = r.flops(s);
        // A call that failed (status != 0) ran nothing: its time is the failure's, so no rate or ratio is printed.
        const std::string gflops = rate(st, flop, ourMs), theirGflops = rate(cst, flop, theirMs);
        const std::string ratio = st == 0 && cst == 0 && theirMs > 0 ? fixed(theirMs / ourMs, 3) : "null";
        std::printf("{\"routine\": \"%s\", \"size\": [%lld, %lld, %lld], \"status\": %d, \"median_ms\": %.5f, "
                    "\"gflops\": %s, \"cublas_status\": %d, \"cublas_median_ms\": %.5f, \"cublas_gflops\": %s, "
                    "\"ratio_to_cublas\": %s, \"max_diff_rel_to_max_c\": %.3g, \"variant\": \"%s\"}\n",
                    name.c_str(), s.n, s.k, s.batch, st, ourMs, gflops.c_str(), cst, theirMs, theirGflops.c_str(),
                    ratio.c_str(), diff, variant.c_str());
        std::fflush(stdout);
    }
    // The bound on per-call programs (KTP_MAX_PROGRAMS): what the calls above kept and released.
    ktp_program_memory memory{};
    const int ms = ktp_get_program_memory(&memory);
    ktp_get_stats(&stats);
    std::printf("{\"program_memory_status\": %d, \"limit\": %lld, \"resident\": %lld, \"peak\": %lld, "
                "\"evicted\": %lld, \"compiled\": %lld, \"loaded_from_disk\": %lld}\n",
                ms, memory.limit, memory.resident, memory.peak, memory.evicted, stats.compiled, stats.loaded_from_disk);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: ktp_perf s|d|ssymv|dsymv|sgemm_batch|dgemm_batch|ssyrk|dsyrk SIZE[,SIZE...] "
                             "[runs]\n  SIZE: N (gemm, symv), NxB (gemm_batch), NxK (syrk)\n");
        return 2;
    }
    const std::string mode = argv[1];
    const bool f64 = mode[0] == 'd';
    const std::string name = mode.size() == 1 ? "gemm" : mode.substr(1);
    std::vector<Shape> sizes;
    for (const char* p = argv[2]; *p;) {
        Shape s;
        s.n = std::atoll(p);
        while (*p && *p != ',' && *p != 'x') ++p;
        if (*p == 'x') {
            const long long second = std::atoll(++p);
            (name == "gemm_batch" ? s.batch : s.k) = second;
            while (*p && *p != ',') ++p;
        }
        if (*p == ',') ++p;
        sizes.push_back(s);
    }
    const int runs = argc > 3 ? std::atoi(argv[3]) : 20;
    return f64 ? run<double>(name, sizes, runs) : run<float>(name, sizes, runs);
}
