// CLBlast (libclblast.so.1, dlopen'ed) SGEMM/DGEMM and S/D omatcopy (transpose) on an OpenCL device's queue.
#include <dlfcn.h>

#include <cstdlib>

#include <clblast_c.h>

#include "devices/opencl/opencl_device.hpp"
#include "devices/vendor/peer.hpp"

namespace kt::devices::vendor {

namespace {

struct ClblastLibrary {
    decltype(&::CLBlastSgemm) sgemm = nullptr;
    decltype(&::CLBlastDgemm) dgemm = nullptr;
    decltype(&::CLBlastSomatcopy) somatcopy = nullptr;
    decltype(&::CLBlastDomatcopy) domatcopy = nullptr;
    std::string why;
    std::string whyTranspose; // omatcopy came with CLBlast 1.0: an older library still serves GEMM
    bool loaded = false;
    ClblastLibrary() {
        // $KT_CLBLAST_LIBRARY names the one file to load (a particular build; tests use it to hide the library).
        const char* only = std::getenv("KT_CLBLAST_LIBRARY");
        void* lib = dlopen(only && *only ? only : "libclblast.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib && !(only && *only)) lib = dlopen("libclblast.so", RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            why = only && *only ? std::string(only) + " not found (KT_CLBLAST_LIBRARY)"
                                : "libclblast.so.1 not found (install CLBlast)";
            return;
        }
        loaded = true;
        sgemm = reinterpret_cast<decltype(sgemm)>(dlsym(lib, "CLBlastSgemm"));
        dgemm = reinterpret_cast<decltype(dgemm)>(dlsym(lib, "CLBlastDgemm"));
        if (!sgemm || !dgemm) why = "libclblast.so.1 lacks CLBlastSgemm/CLBlastDgemm";
        somatcopy = reinterpret_cast<decltype(somatcopy)>(dlsym(lib, "CLBlastSomatcopy"));
        domatcopy = reinterpret_cast<decltype(domatcopy)>(dlsym(lib, "CLBlastDomatcopy"));
        if (!somatcopy || !domatcopy) whyTranspose = "libclblast.so.1 lacks CLBlastSomatcopy/CLBlastDomatcopy";
    }
};

const ClblastLibrary& clblast() {
    static const ClblastLibrary library;
    return library;
}

cl_mem memOf(Buffer* b) {
    auto* p = dynamic_cast<opencl::OpenCLBuffer*>(b);
    if (!p) throw BackendError("CLBlast peer: buffer does not belong to an OpenCL device");
    return p->handle()();
}

class ClblastPeer : public GemmPeer {
public:
    explicit ClblastPeer(opencl::OpenCLDevice& device) : m_device(device) {}
    std::string name() const override { return "CLBlast"; }

    double gemm(const GemmCall& c) override {
        const auto& lib = clblast();
        auto layout = c.layout == Layout::RowMajor ? CLBlastLayoutRowMajor : CLBlastLayoutColMajor;
        auto ta = c.transA == Transpose::Yes ? CLBlastTransposeYes : CLBlastTransposeNo;
        auto tb = c.transB == Transpose::Yes ? CLBlastTransposeYes : CLBlastTransposeNo;
        cl_command_queue queue = m_device.queue()();
        CLBlastStatusCode status = CLBlastSuccess;
        double ms = m_device.timeSpan([&] {
            // No event requested: the queue is in order and timeSpan brackets the call with markers.
            if (c.precision == Precision::Single)
                status =
                    lib.sgemm(layout, ta, tb, c.m, c.n, c.k, static_cast<float>(c.alpha), memOf(c.a), 0, c.lda,
                              memOf(c.b), 0, c.ldb, static_cast<float>(c.beta), memOf(c.c), 0, c.ldc, &queue, nullptr);
            else
                status = lib.dgemm(layout, ta, tb, c.m, c.n, c.k, c.alpha, memOf(c.a), 0, c.lda, memOf(c.b), 0, c.ldb,
                                   c.beta, memOf(c.c), 0, c.ldc, &queue, nullptr);
        });
        if (status != CLBlastSuccess)
            throw BackendError("CLBlast " + std::string(c.precision == Precision::Single ? "SGEMM" : "DGEMM") + " " +
                               std::to_string(c.m) + "x" + std::to_string(c.n) + "x" + std::to_string(c.k) +
                               " failed with status " + std::to_string(static_cast<int>(status)) + " on " +
                               m_device.info().label());
        return ms;
    }

private:
    opencl::OpenCLDevice& m_device;
};

class ClblastTransposePeer : public TransposePeer {
public:
    explicit ClblastTransposePeer(opencl::OpenCLDevice& device) : m_device(device) {}
    std::string name() const override { return "CLBlast omatcopy"; }

    double transpose(const TransposeCall& c) override {
        const auto& lib = clblast();
        cl_command_queue queue = m_device.queue()();
        const auto rows = static_cast<std::size_t>(c.rows), cols = static_cast<std::size_t>(c.cols);
        CLBlastStatusCode status = CLBlastSuccess;
        double ms = m_device.timeSpan([&] {
            // B (cols x rows, ld rows) = 1 * A^T, A rows x cols with ld cols; both row-major.
            if (c.precision == Precision::Single)
                status = lib.somatcopy(CLBlastLayoutRowMajor, CLBlastTransposeYes, rows, cols, 1.0f, memOf(c.in), 0,
                                       cols, memOf(c.out), 0, rows, &queue, nullptr);
            else
                status = lib.domatcopy(CLBlastLayoutRowMajor, CLBlastTransposeYes, rows, cols, 1.0, memOf(c.in), 0,
                                       cols, memOf(c.out), 0, rows, &queue, nullptr);
        });
        if (status != CLBlastSuccess)
            throw BackendError("CLBlast " + std::string(c.precision == Precision::Single ? "Somatcopy" : "Domatcopy") +
                               " " + std::to_string(c.rows) + "x" + std::to_string(c.cols) + " failed with status " +
                               std::to_string(static_cast<int>(status)) + " on " + m_device.info().label());
        return ms;
    }

private:
    opencl::OpenCLDevice& m_device;
};

} // namespace

std::unique_ptr<TransposePeer> makeClblastTransposePeer(Device& device, std::string* why) {
    auto* cl = dynamic_cast<opencl::OpenCLDevice*>(&device);
    if (!cl) {
        if (why) *why = "CLBlast needs an OpenCL device";
        return nullptr;
    }
    const std::string& reason = clblast().loaded ? clblast().whyTranspose : clblast().why;
    if (!reason.empty()) {
        if (why) *why = reason;
        return nullptr;
    }
    return std::make_unique<ClblastTransposePeer>(*cl);
}

std::unique_ptr<GemmPeer> makeClblastPeer(Device& device, std::string* why) {
    auto* cl = dynamic_cast<opencl::OpenCLDevice*>(&device);
    if (!cl) {
        if (why) *why = "CLBlast needs an OpenCL device";
        return nullptr;
    }
    if (!clblast().why.empty()) {
        if (why) *why = clblast().why;
        return nullptr;
    }
    return std::make_unique<ClblastPeer>(*cl);
}

} // namespace kt::devices::vendor
