// Times an exported package's sgemm/dgemm on OpenCL buffers: the first call of the process (which compiles the
// program or loads it from the disk cache) by wall clock, then each size's median over runs between profiling
// markers, as KernelTune's bench times a routine. Prints one JSON object per line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <ktp/ktp.h>

namespace {

cl_ulong markerEnd(cl_event e) {
    cl_ulong t = 0;
    clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof t, &t, nullptr);
    return t;
}

int call(bool f64, cl_command_queue q, int n, cl_mem a, cl_mem b, cl_mem c) {
    if (f64) return ktp_dgemm_cl(q, KtpColMajor, KtpNoTrans, KtpNoTrans, n, n, n, 1.0, a, 0, n, b, 0, n, 0.0, c, 0, n);
    return ktp_sgemm_cl(q, KtpColMajor, KtpNoTrans, KtpNoTrans, n, n, n, 1.0f, a, 0, n, b, 0, n, 0.0f, c, 0, n);
}

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
    // The first GPU of any platform, else the first device.
    cl_platform_id platforms[8];
    cl_uint np = 0;
    clGetPlatformIDs(8, platforms, &np);
    cl_device_id device = nullptr;
    for (cl_device_type type : {cl_device_type(CL_DEVICE_TYPE_GPU), cl_device_type(CL_DEVICE_TYPE_ALL)})
        for (cl_uint p = 0; p < np && !device; ++p)
            if (clGetDeviceIDs(platforms[p], type, 1, &device, nullptr) != CL_SUCCESS) device = nullptr;
    if (!device) {
        std::printf("{\"error\": \"no OpenCL device\"}\n");
        return 1;
    }
    char name[256] = {0};
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, nullptr);
    cl_int err = 0;
    cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    const int nmax = *std::max_element(sizes.begin(), sizes.end());
    const size_t bytes = size_t(nmax) * nmax * (f64 ? 8 : 4);
    std::vector<char> init(bytes);
    for (size_t i = 0; i < bytes; i += 4) init[i] = char(i % 7); // small finite values in either precision
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, init.data(), &err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, init.data(), &err);
    cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    clFinish(q);
    const auto t0 = std::chrono::steady_clock::now();
    int st = call(f64, q, sizes.front(), a, b, c);
    clFinish(q);
    const double firstMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    ktp_stats stats;
    ktp_get_stats(&stats);
    std::printf("{\"device\": \"%s\", \"first_call_ms\": %.3f, \"size\": %d, \"status\": %d, \"compiled\": %lld, "
                "\"loaded_from_disk\": %lld, \"variant\": \"%s\"}\n",
                name, firstMs, sizes.front(), st, stats.compiled, stats.loaded_from_disk, ktp_last_variant());
    for (int n : sizes) {
        for (int w = 0; w < 3; ++w) call(f64, q, n, a, b, c); // warm-up (and the programs of other variants)
        clFinish(q);
        std::vector<double> ms;
        for (int r = 0; r < runs; ++r) {
            cl_event before = nullptr, after = nullptr;
            clEnqueueMarkerWithWaitList(q, 0, nullptr, &before);
            st = call(f64, q, n, a, b, c);
            clEnqueueMarkerWithWaitList(q, 0, nullptr, &after);
            clWaitForEvents(1, &after);
            ms.push_back(double(markerEnd(after) - markerEnd(before)) * 1e-6);
            clReleaseEvent(before), clReleaseEvent(after);
        }
        std::sort(ms.begin(), ms.end());
        const double median = ms[ms.size() / 2];
        // A failed call (status != 0) ran nothing: no rate is printed for it.
        char gflops[32] = "null";
        if (st == 0) std::snprintf(gflops, sizeof gflops, "%.1f", 2.0 * n * n * n / (median * 1e-3) / 1e9);
        std::printf("{\"size\": %d, \"status\": %d, \"median_ms\": %.5f, \"gflops\": %s, \"variant\": \"%s\"}\n", n,
                    st, median, gflops, ktp_last_variant());
    }
    return 0;
}
