// cuBLAS (libcublas.so.13/.12, dlopen'ed) SGEMM/DGEMM (pedantic math by default) and S/D geam (transpose) on a CUDA
// device's stream.
#include "devices/vendor/peer.hpp"

#ifdef KT_HAVE_CUDA
#include <dlfcn.h>

#include <cstdlib>

#include <cublas_v2.h>

#include "devices/cuda/cuda_device.hpp"

namespace kt::devices::vendor {

namespace {

struct CublasLibrary {
    // cublas_v2.h maps these names to the _v2 symbols; the typedefs follow the same macros.
    decltype(&::cublasCreate) create = nullptr;
    decltype(&::cublasDestroy) destroy = nullptr;
    decltype(&::cublasSetStream) setStream = nullptr;
    decltype(&::cublasSetMathMode) setMathMode = nullptr;
    decltype(&::cublasGetVersion) getVersion = nullptr;
    decltype(&::cublasSgemm) sgemm = nullptr;
    decltype(&::cublasDgemm) dgemm = nullptr;
    decltype(&::cublasSgeam) sgeam = nullptr;
    decltype(&::cublasDgeam) dgeam = nullptr;
    std::string why;
    CublasLibrary() {
        void* lib = nullptr;
        // $KT_CUBLAS_LIBRARY names the one file to load (a particular toolkit; tests use it to hide the library).
        const char* only = std::getenv("KT_CUBLAS_LIBRARY");
        if (only && *only) {
            lib = dlopen(only, RTLD_NOW | RTLD_LOCAL);
        } else {
            for (const char* name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so",
                                     "/usr/local/cuda/lib64/libcublas.so.13", "/usr/local/cuda/lib64/libcublas.so.12"})
                if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
        }
        if (!lib) {
            why =
                only && *only ? std::string(only) + " not found (KT_CUBLAS_LIBRARY)" : "libcublas.so.13/.12 not found";
            return;
        }
        auto load = [&](auto& fn, const char* symbol) {
            fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, symbol));
            if (!fn) why += (why.empty() ? "libcublas lacks " : ", ") + std::string(symbol);
        };
        load(create, "cublasCreate_v2");
        load(destroy, "cublasDestroy_v2");
        load(setStream, "cublasSetStream_v2");
        load(setMathMode, "cublasSetMathMode");
        load(getVersion, "cublasGetVersion_v2");
        load(sgemm, "cublasSgemm_v2");
        load(dgemm, "cublasDgemm_v2");
        load(sgeam, "cublasSgeam");
        load(dgeam, "cublasDgeam");
    }
};

const CublasLibrary& cublas() {
    static const CublasLibrary library;
    return library;
}

CUdeviceptr ptrOf(Buffer* b) {
    auto* p = dynamic_cast<cuda::CudaBuffer*>(b);
    if (!p) throw BackendError("cuBLAS peer: buffer does not belong to a CUDA device");
    return p->handle();
}

class CublasPeer : public GemmPeer {
public:
    CublasPeer(cuda::CudaDevice& device, const PeerOptions& options) : m_device(device), m_pedantic(options.pedantic) {
        const auto& lib = cublas();
        m_device.finish(); // makes the device's context current in this thread before cuBLAS binds to it
        check(lib.create(&m_handle), "cublasCreate");
        check(lib.setStream(m_handle, reinterpret_cast<cudaStream_t>(m_device.stream())), "cublasSetStream");
        check(lib.setMathMode(m_handle, m_pedantic ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
        int version = 0;
        lib.getVersion(m_handle, &version);
        m_name = "cuBLAS " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
                 std::to_string(version % 100) + (m_pedantic ? " (pedantic)" : "");
    }
    ~CublasPeer() override {
        if (m_handle) cublas().destroy(m_handle);
    }
    std::string name() const override { return m_name; }

    double gemm(const GemmCall& c) override {
        const auto& lib = cublas();
        // cuBLAS is column-major; a row-major C = op(A) op(B) is the column-major C^T = op(B)^T op(A)^T, i.e. the
        // same call with A and B (and m and n) swapped.
        const bool row = c.layout == Layout::RowMajor;
        auto op = [](Transpose t) { return t == Transpose::Yes ? CUBLAS_OP_T : CUBLAS_OP_N; };
        const int m = static_cast<int>(row ? c.n : c.m), n = static_cast<int>(row ? c.m : c.n),
                  k = static_cast<int>(c.k);
        Buffer* first = row ? c.b : c.a;
        Buffer* second = row ? c.a : c.b;
        const int ldFirst = static_cast<int>(row ? c.ldb : c.lda), ldSecond = static_cast<int>(row ? c.lda : c.ldb);
        const cublasOperation_t opFirst = op(row ? c.transB : c.transA), opSecond = op(row ? c.transA : c.transB);
        cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
        double ms = m_device.timeSpan([&] {
            if (c.precision == Precision::Single) {
                float alpha = static_cast<float>(c.alpha), beta = static_cast<float>(c.beta);
                status = lib.sgemm(m_handle, opFirst, opSecond, m, n, k, &alpha,
                                   reinterpret_cast<const float*>(ptrOf(first)), ldFirst,
                                   reinterpret_cast<const float*>(ptrOf(second)), ldSecond, &beta,
                                   reinterpret_cast<float*>(ptrOf(c.c)), static_cast<int>(c.ldc));
            } else {
                double alpha = c.alpha, beta = c.beta;
                status = lib.dgemm(m_handle, opFirst, opSecond, m, n, k, &alpha,
                                   reinterpret_cast<const double*>(ptrOf(first)), ldFirst,
                                   reinterpret_cast<const double*>(ptrOf(second)), ldSecond, &beta,
                                   reinterpret_cast<double*>(ptrOf(c.c)), static_cast<int>(c.ldc));
            }
        });
        check(status, c.precision == Precision::Single ? "cublasSgemm" : "cublasDgemm");
        return ms;
    }

private:
    void check(cublasStatus_t s, const char* what) const {
        if (s != CUBLAS_STATUS_SUCCESS)
            throw BackendError(std::string(what) + " failed with cublasStatus " + std::to_string(static_cast<int>(s)) +
                               " on " + m_device.info().label());
    }

    cuda::CudaDevice& m_device;
    bool m_pedantic;
    cublasHandle_t m_handle = nullptr;
    std::string m_name;
};

class CublasTransposePeer : public TransposePeer {
public:
    explicit CublasTransposePeer(cuda::CudaDevice& device) : m_device(device) {
        const auto& lib = cublas();
        m_device.finish(); // the device's context current in this thread (see CublasPeer)
        check(lib.create(&m_handle), "cublasCreate");
        check(lib.setStream(m_handle, reinterpret_cast<cudaStream_t>(m_device.stream())), "cublasSetStream");
        int version = 0;
        lib.getVersion(m_handle, &version);
        m_name = "cuBLAS " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
                 std::to_string(version % 100) + " geam";
    }
    ~CublasTransposePeer() override {
        if (m_handle) cublas().destroy(m_handle);
    }
    std::string name() const override { return m_name; }

    double transpose(const TransposeCall& c) override {
        const auto& lib = cublas();
        // Column-major view: the row-major rows x cols input is a cols x rows matrix X (ld cols) and the row-major
        // cols x rows output a rows x cols matrix Y (ld rows); Y = 1 * X^T + 0 * Y. B = C with op N and ldb = ldc is
        // cuBLAS's documented in-place form, and beta = 0 means B is never read.
        const int m = static_cast<int>(c.rows), n = static_cast<int>(c.cols);
        const int lda = n, ldc = m;
        cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
        double ms = m_device.timeSpan([&] {
            if (c.precision == Precision::Single) {
                const float one = 1, zero = 0;
                auto* out = reinterpret_cast<float*>(ptrOf(c.out));
                status = lib.sgeam(m_handle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &one,
                                   reinterpret_cast<const float*>(ptrOf(c.in)), lda, &zero, out, ldc, out, ldc);
            } else {
                const double one = 1, zero = 0;
                auto* out = reinterpret_cast<double*>(ptrOf(c.out));
                status = lib.dgeam(m_handle, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &one,
                                   reinterpret_cast<const double*>(ptrOf(c.in)), lda, &zero, out, ldc, out, ldc);
            }
        });
        check(status, c.precision == Precision::Single ? "cublasSgeam" : "cublasDgeam");
        return ms;
    }

private:
    void check(cublasStatus_t s, const char* what) const {
        if (s != CUBLAS_STATUS_SUCCESS)
            throw BackendError(std::string(what) + " failed with cublasStatus " + std::to_string(static_cast<int>(s)) +
                               " on " + m_device.info().label());
    }

    cuda::CudaDevice& m_device;
    cublasHandle_t m_handle = nullptr;
    std::string m_name;
};

} // namespace

std::unique_ptr<TransposePeer> makeCublasTransposePeer(Device& device, std::string* why) {
    auto* cu = dynamic_cast<cuda::CudaDevice*>(&device);
    if (!cu) {
        if (why) *why = "cuBLAS needs a CUDA device";
        return nullptr;
    }
    if (!cublas().why.empty()) {
        if (why) *why = cublas().why;
        return nullptr;
    }
    return std::make_unique<CublasTransposePeer>(*cu);
}

std::unique_ptr<GemmPeer> makeCublasPeer(Device& device, const PeerOptions& options, std::string* why) {
    auto* cu = dynamic_cast<cuda::CudaDevice*>(&device);
    if (!cu) {
        if (why) *why = "cuBLAS needs a CUDA device";
        return nullptr;
    }
    if (!cublas().why.empty()) {
        if (why) *why = cublas().why;
        return nullptr;
    }
    return std::make_unique<CublasPeer>(*cu, options);
}

} // namespace kt::devices::vendor

#else
namespace kt::devices::vendor {
std::unique_ptr<GemmPeer> makeCublasPeer(Device&, const PeerOptions&, std::string* why) {
    if (why) *why = "built without CUDA support (KT_CUDA=OFF)";
    return nullptr;
}
std::unique_ptr<TransposePeer> makeCublasTransposePeer(Device&, std::string* why) {
    if (why) *why = "built without CUDA support (KT_CUDA=OFF)";
    return nullptr;
}
} // namespace kt::devices::vendor
#endif
