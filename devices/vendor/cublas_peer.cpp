// cuBLAS (libcublas.so.13/.12, dlopen'ed) as a BlasPeer on a CUDA device's stream, pedantic math by default: a table
// routine name → the S/D entry points and one call function, so a routine is one table entry. cuBLAS is
// column-major only (row-major calls go through blas::toColumnMajor) and takes no offsets (pointer + offset).
#include "devices/vendor/peer.hpp"

#ifdef KT_HAVE_CUDA
#include <dlfcn.h>

#include <cstdlib>
#include <list>
#include <stdexcept>
#include <type_traits>

#include <cublas_v2.h>

#include "devices/cuda/cuda_device.hpp"

namespace kt::devices::vendor {

namespace {

// The arguments every entry point shares, converted once; the call is already column-major.
struct Args {
    cublasHandle_t handle;
    const BlasCall& call;
    CUdeviceptr a, b, c; // offsets applied
    int lda, ldb, ldc;
    CUdeviceptr aArray = 0, bArray = 0, cArray = 0; // gemmBatched: device arrays of per-problem pointers
    cublasOperation_t opA() const { return call.opA == blas::Op::T ? CUBLAS_OP_T : CUBLAS_OP_N; }
    cublasOperation_t opB() const { return call.opB == blas::Op::T ? CUBLAS_OP_T : CUBLAS_OP_N; }
    cublasSideMode_t side() const { return call.side == blas::Side::Left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT; }
    cublasFillMode_t uplo() const {
        return call.uplo == blas::Uplo::Lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    }
    cublasDiagType_t diag() const { return call.diag == blas::Diag::Unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT; }
    int m() const { return int(call.m); }
    int n() const { return int(call.n); }
    int k() const { return int(call.k); }
    template <class T> const T* in(CUdeviceptr p) const { return reinterpret_cast<const T*>(p); }
    template <class T> T* out(CUdeviceptr p) const { return reinterpret_cast<T*>(p); }
};

template <class T, class S, class D> using Pick = std::conditional_t<std::is_same_v<T, float>, S, D>;

// One function per routine: casts the loaded symbol and makes the call (cublas_v2.h maps the names to the _v2
// symbols; the typedefs follow the same macros).
template <class T> cublasStatus_t gemm(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::cublasSgemm), decltype(&::cublasDgemm)>>(fn);
    const T alpha = T(x.call.alpha), beta = T(x.call.beta);
    return f(x.handle, x.opA(), x.opB(), x.m(), x.n(), x.k(), &alpha, x.in<T>(x.a), x.lda, x.in<T>(x.b), x.ldb, &beta,
             x.out<T>(x.c), x.ldc);
}

template <class T> cublasStatus_t gemmStridedBatched(void* fn, const Args& x) {
    auto f = reinterpret_cast<
        Pick<T, decltype(&::cublasSgemmStridedBatched), decltype(&::cublasDgemmStridedBatched)>>(fn);
    const T alpha = T(x.call.alpha), beta = T(x.call.beta);
    return f(x.handle, x.opA(), x.opB(), x.m(), x.n(), x.k(), &alpha, x.in<T>(x.a), x.lda, x.call.strideA,
             x.in<T>(x.b), x.ldb, x.call.strideB, &beta, x.out<T>(x.c), x.ldc, x.call.strideC, int(x.call.batchCount));
}

// Pointer arrays (cuBLAS reads them from device memory; the peer builds them from the call's batch offsets).
template <class T> cublasStatus_t gemmBatched(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::cublasSgemmBatched), decltype(&::cublasDgemmBatched)>>(fn);
    const T alpha = T(x.call.alpha), beta = T(x.call.beta);
    return f(x.handle, x.opA(), x.opB(), x.m(), x.n(), x.k(), &alpha, reinterpret_cast<const T* const*>(x.aArray),
             x.lda, reinterpret_cast<const T* const*>(x.bArray), x.ldb, &beta, reinterpret_cast<T* const*>(x.cArray),
             x.ldc, int(x.call.batchCount));
}

// C = alpha op(A) + 0 * C: geam with B = C and ldb = ldc, cuBLAS's documented in-place form; beta = 0 means B is
// never read.
template <class T> cublasStatus_t geam(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::cublasSgeam), decltype(&::cublasDgeam)>>(fn);
    const T alpha = T(x.call.alpha), zero = 0;
    const bool t = x.call.opA == blas::Op::T;
    const int rows = t ? x.n() : x.m(), cols = t ? x.m() : x.n(); // C is op(A)'s shape
    return f(x.handle, x.opA(), CUBLAS_OP_N, rows, cols, &alpha, x.in<T>(x.a), x.lda, &zero, x.out<T>(x.c), x.ldc,
             x.out<T>(x.c), x.ldc);
}

template <class T> cublasStatus_t symm(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::cublasSsymm), decltype(&::cublasDsymm)>>(fn);
    const T alpha = T(x.call.alpha), beta = T(x.call.beta);
    return f(x.handle, x.side(), x.uplo(), x.m(), x.n(), &alpha, x.in<T>(x.a), x.lda, x.in<T>(x.b), x.ldb, &beta,
             x.out<T>(x.c), x.ldc);
}

template <class T> cublasStatus_t syrk(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::cublasSsyrk), decltype(&::cublasDsyrk)>>(fn);
    const T alpha = T(x.call.alpha), beta = T(x.call.beta);
    return f(x.handle, x.uplo(), x.opA(), x.n(), x.k(), &alpha, x.in<T>(x.a), x.lda, &beta, x.out<T>(x.c), x.ldc);
}

template <class T> cublasStatus_t syr2k(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::cublasSsyr2k), decltype(&::cublasDsyr2k)>>(fn);
    const T alpha = T(x.call.alpha), beta = T(x.call.beta);
    return f(x.handle, x.uplo(), x.opA(), x.n(), x.k(), &alpha, x.in<T>(x.a), x.lda, x.in<T>(x.b), x.ldb, &beta,
             x.out<T>(x.c), x.ldc);
}

// The v2 trmm is out of place (C = alpha op(A) B); C = B with ldc = ldb is its documented in-place form, which keeps
// the BLAS semantics the call and CLBlast share.
template <class T> cublasStatus_t trmm(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::cublasStrmm), decltype(&::cublasDtrmm)>>(fn);
    const T alpha = T(x.call.alpha);
    return f(x.handle, x.side(), x.uplo(), x.opA(), x.diag(), x.m(), x.n(), &alpha, x.in<T>(x.a), x.lda, x.in<T>(x.b),
             x.ldb, x.out<T>(x.b), x.ldb);
}

// y (operand c) = alpha A x (operand b) + beta y; the vectors' ld is their increment.
template <class T> cublasStatus_t symv(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::cublasSsymv), decltype(&::cublasDsymv)>>(fn);
    const T alpha = T(x.call.alpha), beta = T(x.call.beta);
    return f(x.handle, x.uplo(), x.n(), &alpha, x.in<T>(x.a), x.lda, x.in<T>(x.b), x.ldb, &beta, x.out<T>(x.c), x.ldc);
}

using CallFn = cublasStatus_t (*)(void*, const Args&);

struct Routine {
    std::string_view routine; // BlasCall::routine
    const char* libraryName;  // for labels
    const char* single;       // entry points (the exported symbols, _v2 where cublas_v2.h maps to them)
    const char* dbl;
    CallFn callSingle, callDouble;
};

// A new routine: one line here and its call function above.
const Routine kRoutines[] = {
    {blas::routine::kGemm, "gemm", "cublasSgemm_v2", "cublasDgemm_v2", &gemm<float>, &gemm<double>},
    {blas::routine::kGemmBatchedStrided, "gemmStridedBatched", "cublasSgemmStridedBatched", "cublasDgemmStridedBatched",
     &gemmStridedBatched<float>, &gemmStridedBatched<double>},
    {blas::routine::kGemmBatched, "gemmBatched", "cublasSgemmBatched", "cublasDgemmBatched", &gemmBatched<float>,
     &gemmBatched<double>},
    {blas::routine::kTranspose, "geam", "cublasSgeam", "cublasDgeam", &geam<float>, &geam<double>},
    {blas::routine::kSymm, "symm", "cublasSsymm_v2", "cublasDsymm_v2", &symm<float>, &symm<double>},
    {blas::routine::kSyrk, "syrk", "cublasSsyrk_v2", "cublasDsyrk_v2", &syrk<float>, &syrk<double>},
    {blas::routine::kSyr2k, "syr2k", "cublasSsyr2k_v2", "cublasDsyr2k_v2", &syr2k<float>, &syr2k<double>},
    {blas::routine::kTrmm, "trmm", "cublasStrmm_v2", "cublasDtrmm_v2", &trmm<float>, &trmm<double>},
    {blas::routine::kSymv, "symv", "cublasSsymv_v2", "cublasDsymv_v2", &symv<float>, &symv<double>},
};
constexpr std::size_t kRoutineCount = sizeof(kRoutines) / sizeof(kRoutines[0]);

const Routine* findRoutine(const std::string& name) {
    for (const auto& r : kRoutines)
        if (r.routine == name) return &r;
    return nullptr;
}

struct CublasLibrary {
    decltype(&::cublasCreate) create = nullptr;
    decltype(&::cublasDestroy) destroy = nullptr;
    decltype(&::cublasSetStream) setStream = nullptr;
    decltype(&::cublasSetMathMode) setMathMode = nullptr;
    decltype(&::cublasSetAtomicsMode) setAtomicsMode = nullptr;
    decltype(&::cublasGetVersion) getVersion = nullptr;
    void* single[kRoutineCount] = {};
    void* dbl[kRoutineCount] = {};
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
        load(setAtomicsMode, "cublasSetAtomicsMode");
        load(getVersion, "cublasGetVersion_v2");
        for (std::size_t i = 0; i < kRoutineCount; ++i) {
            single[i] = dlsym(lib, kRoutines[i].single);
            dbl[i] = dlsym(lib, kRoutines[i].dbl);
        }
    }
    bool has(const Routine& r) const {
        const auto i = std::size_t(&r - kRoutines);
        return single[i] && dbl[i];
    }
    void* entry(const Routine& r, Precision p) const {
        const auto i = std::size_t(&r - kRoutines);
        return p == Precision::F64 ? dbl[i] : single[i];
    }
};

const CublasLibrary& cublas() {
    static const CublasLibrary library;
    return library;
}

// The operand's address: buffer + offset elements; 0 for an operand the routine does not use.
CUdeviceptr ptrOf(const BlasOperand& op, Precision precision) {
    if (!op.buffer) return 0;
    auto* p = dynamic_cast<cuda::CudaBuffer*>(op.buffer);
    if (!p) throw BackendError("cuBLAS peer: buffer does not belong to a CUDA device");
    return p->handle() + CUdeviceptr(op.offset) * CUdeviceptr(elementBytes(precision));
}

class CublasPeer : public BlasPeer {
public:
    CublasPeer(cuda::CudaDevice& device, const PeerOptions& options) : m_device(device), m_pedantic(options.pedantic) {
        const auto& lib = cublas();
        m_device.finish(); // makes the device's context current in this thread before cuBLAS binds to it
        check(lib.create(&m_handle), "cublasCreate");
        check(lib.setStream(m_handle, reinterpret_cast<cudaStream_t>(m_device.stream())), "cublasSetStream");
        check(lib.setMathMode(m_handle, m_pedantic ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
        // The fast peer also lets cuBLAS use its atomics-based variants (symv, hemv); the pedantic one keeps the
        // library's default (atomics not allowed), so `--tensor-cores` shows cuBLAS both ways.
        check(lib.setAtomicsMode(m_handle, m_pedantic ? CUBLAS_ATOMICS_NOT_ALLOWED : CUBLAS_ATOMICS_ALLOWED),
              "cublasSetAtomicsMode");
        int version = 0;
        lib.getVersion(m_handle, &version);
        m_name = "cuBLAS " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
                 std::to_string(version % 100) + (m_pedantic ? " (pedantic)" : " (default math, atomics allowed)");
    }
    ~CublasPeer() override {
        if (m_handle) cublas().destroy(m_handle);
    }
    std::string name() const override { return m_name; }
    std::string id() const override { return "cublas"; }
    bool supports(const std::string& routine) const override {
        const Routine* r = findRoutine(routine);
        return r && cublas().has(*r);
    }
    std::string routineName(const std::string& routine) const override {
        return supports(routine) ? findRoutine(routine)->libraryName : "";
    }

    double run(const BlasCall& original, const BlasOperands& originalOps) override {
        const Routine* r = findRoutine(original.routine);
        if (!r || !cublas().has(*r))
            throw std::invalid_argument("cuBLAS peer has no routine '" + original.routine + "'");
        checkBlasCall(original, originalOps);
        BlasCall call = original;
        BlasOperands ops = originalOps;
        blas::toColumnMajor(call, ops);
        const Args args{m_handle,
                        call,
                        ptrOf(ops.a, call.precision),
                        ptrOf(ops.b, call.precision),
                        ptrOf(ops.c, call.precision),
                        int(ops.a.ld),
                        int(ops.b.ld),
                        int(ops.c.ld)};
        Args withArrays = args;
        if (call.routine == blas::routine::kGemmBatched) {
            const PointerArrays& p = pointerArrays(call, args);
            withArrays.aArray = handleOf(p.a), withArrays.bArray = handleOf(p.b), withArrays.cArray = handleOf(p.c);
        }
        void* fn = cublas().entry(*r, call.precision);
        const CallFn callFn = call.precision == Precision::F64 ? r->callDouble : r->callSingle;
        cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
        const double ms = m_device.timeSpan([&] { status = callFn(fn, withArrays); });
        if (status != CUBLAS_STATUS_SUCCESS)
            throw BackendError(std::string(call.precision == Precision::F64 ? r->dbl : r->single) + " (" +
                               original.describe() + ") failed with cublasStatus " +
                               std::to_string(static_cast<int>(status)) + " on " + m_device.info().label());
        return ms;
    }

private:
    // gemmBatched's device pointer arrays, built once per (batch offsets, operand addresses) and kept: outside the
    // timed span, as a caller's arrays would already be on the device.
    struct PointerArrays {
        std::shared_ptr<const blas::BatchOffsets> source; // keeps the key's address from being reused
        CUdeviceptr a0 = 0, b0 = 0, c0 = 0;
        std::unique_ptr<Buffer> a, b, c;
    };

    const PointerArrays& pointerArrays(const BlasCall& call, const Args& args) {
        for (const auto& p : m_arrays)
            if (p.source == call.batchOffsets && p.a0 == args.a && p.b0 == args.b && p.c0 == args.c) return p;
        if (m_arrays.size() >= 4) m_arrays.clear();
        PointerArrays p;
        p.source = call.batchOffsets, p.a0 = args.a, p.b0 = args.b, p.c0 = args.c;
        const CUdeviceptr bytes = CUdeviceptr(elementBytes(call.precision));
        auto table = [&](const std::vector<std::int64_t>& offsets, CUdeviceptr base) {
            std::vector<CUdeviceptr> v(offsets.size());
            for (std::size_t i = 0; i < v.size(); ++i) v[i] = base + CUdeviceptr(offsets[i]) * bytes;
            auto buffer = m_device.allocate(std::max<std::size_t>(1, v.size()) * sizeof(CUdeviceptr));
            m_device.write(*buffer, v.data(), v.size() * sizeof(CUdeviceptr));
            return buffer;
        };
        p.a = table(call.batchOffsets->a(), args.a);
        p.b = table(call.batchOffsets->b(), args.b);
        p.c = table(call.batchOffsets->c(), args.c);
        m_arrays.push_back(std::move(p));
        return m_arrays.back();
    }
    static CUdeviceptr handleOf(const std::unique_ptr<Buffer>& b) {
        return static_cast<cuda::CudaBuffer*>(b.get())->handle();
    }

    void check(cublasStatus_t s, const char* what) const {
        if (s != CUBLAS_STATUS_SUCCESS)
            throw BackendError(std::string(what) + " failed with cublasStatus " + std::to_string(static_cast<int>(s)) +
                               " on " + m_device.info().label());
    }

    cuda::CudaDevice& m_device;
    bool m_pedantic;
    cublasHandle_t m_handle = nullptr;
    std::string m_name;
    std::list<PointerArrays> m_arrays;
};

} // namespace

std::unique_ptr<BlasPeer> makeCublasPeer(Device& device, const PeerOptions& options, std::string* why) {
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
std::unique_ptr<BlasPeer> makeCublasPeer(Device&, const PeerOptions&, std::string* why) {
    if (why) *why = "built without CUDA support (KT_CUDA=OFF)";
    return nullptr;
}
} // namespace kt::devices::vendor
#endif
