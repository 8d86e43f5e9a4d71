// CLBlast (libclblast.so.1, dlopen'ed) as a BlasPeer on an OpenCL device's queue: a table routine name → the S/D
// entry points and one call function, so a routine is one table entry. CLBlast takes both orders and element offsets
// natively, so the call passes straight through.
#include <dlfcn.h>

#include <cstdlib>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <clblast_c.h>

#include "devices/opencl/opencl_device.hpp"
#include "devices/vendor/peer.hpp"

namespace kt::devices::vendor {

namespace {

// The arguments every entry point shares, converted once.
struct Args {
    const BlasCall& call;
    CLBlastLayout layout;
    cl_mem a, b, c;
    std::size_t aOff, bOff, cOff, lda, ldb, ldc;
    cl_command_queue* queue;
    CLBlastTranspose opA() const { return call.opA == blas::Op::T ? CLBlastTransposeYes : CLBlastTransposeNo; }
    CLBlastTranspose opB() const { return call.opB == blas::Op::T ? CLBlastTransposeYes : CLBlastTransposeNo; }
    CLBlastSide side() const { return call.side == blas::Side::Left ? CLBlastSideLeft : CLBlastSideRight; }
    CLBlastTriangle uplo() const {
        return call.uplo == blas::Uplo::Lower ? CLBlastTriangleLower : CLBlastTriangleUpper;
    }
    CLBlastDiagonal diag() const { return call.diag == blas::Diag::Unit ? CLBlastDiagonalUnit : CLBlastDiagonalNonUnit; }
    std::size_t m() const { return std::size_t(call.m); }
    std::size_t n() const { return std::size_t(call.n); }
    std::size_t k() const { return std::size_t(call.k); }
};

// The S or D entry point's type for T.
template <class T, class S, class D> using Pick = std::conditional_t<std::is_same_v<T, float>, S, D>;

// One function per routine: casts the loaded symbol and makes the call.
template <class T> CLBlastStatusCode gemm(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::CLBlastSgemm), decltype(&::CLBlastDgemm)>>(fn);
    return f(x.layout, x.opA(), x.opB(), x.m(), x.n(), x.k(), T(x.call.alpha), x.a, x.aOff, x.lda, x.b, x.bOff, x.ldb,
             T(x.call.beta), x.c, x.cOff, x.ldc, x.queue, nullptr);
}

template <class T> CLBlastStatusCode gemmStridedBatched(void* fn, const Args& x) {
    auto f = reinterpret_cast<
        Pick<T, decltype(&::CLBlastSgemmStridedBatched), decltype(&::CLBlastDgemmStridedBatched)>>(fn);
    return f(x.layout, x.opA(), x.opB(), x.m(), x.n(), x.k(), T(x.call.alpha), x.a, x.aOff, x.lda,
             std::size_t(x.call.strideA), x.b, x.bOff, x.ldb, std::size_t(x.call.strideB), T(x.call.beta), x.c, x.cOff,
             x.ldc, std::size_t(x.call.strideC), std::size_t(x.call.batchCount), x.queue, nullptr);
}

// Pointer arrays as CLBlast takes them: host arrays of per-problem offsets (the call's batch offsets plus the
// operand's offset) and of alphas and betas, which CLBlast copies to the device on every call.
template <class T> CLBlastStatusCode gemmBatched(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::CLBlastSgemmBatched), decltype(&::CLBlastDgemmBatched)>>(fn);
    const auto& o = *x.call.batchOffsets;
    const std::size_t count = std::size_t(x.call.batchCount);
    std::vector<std::size_t> a(count), b(count), c(count);
    for (std::size_t i = 0; i < count; ++i)
        a[i] = x.aOff + std::size_t(o.a()[i]), b[i] = x.bOff + std::size_t(o.b()[i]),
        c[i] = x.cOff + std::size_t(o.c()[i]);
    const std::vector<T> alphas(count, T(x.call.alpha)), betas(count, T(x.call.beta));
    return f(x.layout, x.opA(), x.opB(), x.m(), x.n(), x.k(), alphas.data(), x.a, a.data(), x.lda, x.b, b.data(), x.ldb,
             betas.data(), x.c, c.data(), x.ldc, count, x.queue, nullptr);
}

// C = alpha op(A): omatcopy's B is the call's C.
template <class T> CLBlastStatusCode omatcopy(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::CLBlastSomatcopy), decltype(&::CLBlastDomatcopy)>>(fn);
    return f(x.layout, x.opA(), x.m(), x.n(), T(x.call.alpha), x.a, x.aOff, x.lda, x.c, x.cOff, x.ldc, x.queue,
             nullptr);
}

template <class T> CLBlastStatusCode symm(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::CLBlastSsymm), decltype(&::CLBlastDsymm)>>(fn);
    return f(x.layout, x.side(), x.uplo(), x.m(), x.n(), T(x.call.alpha), x.a, x.aOff, x.lda, x.b, x.bOff, x.ldb,
             T(x.call.beta), x.c, x.cOff, x.ldc, x.queue, nullptr);
}

template <class T> CLBlastStatusCode syrk(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::CLBlastSsyrk), decltype(&::CLBlastDsyrk)>>(fn);
    return f(x.layout, x.uplo(), x.opA(), x.n(), x.k(), T(x.call.alpha), x.a, x.aOff, x.lda, T(x.call.beta), x.c,
             x.cOff, x.ldc, x.queue, nullptr);
}

template <class T> CLBlastStatusCode syr2k(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::CLBlastSsyr2k), decltype(&::CLBlastDsyr2k)>>(fn);
    return f(x.layout, x.uplo(), x.opA(), x.n(), x.k(), T(x.call.alpha), x.a, x.aOff, x.lda, x.b, x.bOff, x.ldb,
             T(x.call.beta), x.c, x.cOff, x.ldc, x.queue, nullptr);
}

// In place on B, as BLAS.
template <class T> CLBlastStatusCode trmm(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::CLBlastStrmm), decltype(&::CLBlastDtrmm)>>(fn);
    return f(x.layout, x.side(), x.uplo(), x.opA(), x.diag(), x.m(), x.n(), T(x.call.alpha), x.a, x.aOff, x.lda, x.b,
             x.bOff, x.ldb, x.queue, nullptr);
}

// y (operand c) = alpha A x (operand b) + beta y; the vectors' ld is their increment.
template <class T> CLBlastStatusCode symv(void* fn, const Args& x) {
    auto f = reinterpret_cast<Pick<T, decltype(&::CLBlastSsymv), decltype(&::CLBlastDsymv)>>(fn);
    return f(x.layout, x.uplo(), x.n(), T(x.call.alpha), x.a, x.aOff, x.lda, x.b, x.bOff, x.ldb, T(x.call.beta), x.c,
             x.cOff, x.ldc, x.queue, nullptr);
}

using CallFn = CLBlastStatusCode (*)(void*, const Args&);

struct Routine {
    std::string_view routine;    // BlasCall::routine
    const char* libraryName;     // for labels
    const char* single;          // entry points
    const char* dbl;
    CallFn callSingle, callDouble;
};

// A new routine: one line here and its call function above.
const Routine kRoutines[] = {
    {blas::routine::kGemm, "gemm", "CLBlastSgemm", "CLBlastDgemm", &gemm<float>, &gemm<double>},
    {blas::routine::kGemmBatchedStrided, "gemmStridedBatched", "CLBlastSgemmStridedBatched",
     "CLBlastDgemmStridedBatched", &gemmStridedBatched<float>, &gemmStridedBatched<double>},
    {blas::routine::kGemmBatched, "gemmBatched", "CLBlastSgemmBatched", "CLBlastDgemmBatched", &gemmBatched<float>,
     &gemmBatched<double>},
    {blas::routine::kTranspose, "omatcopy", "CLBlastSomatcopy", "CLBlastDomatcopy", &omatcopy<float>,
     &omatcopy<double>},
    {blas::routine::kSymm, "symm", "CLBlastSsymm", "CLBlastDsymm", &symm<float>, &symm<double>},
    {blas::routine::kSyrk, "syrk", "CLBlastSsyrk", "CLBlastDsyrk", &syrk<float>, &syrk<double>},
    {blas::routine::kSyr2k, "syr2k", "CLBlastSsyr2k", "CLBlastDsyr2k", &syr2k<float>, &syr2k<double>},
    {blas::routine::kTrmm, "trmm", "CLBlastStrmm", "CLBlastDtrmm", &trmm<float>, &trmm<double>},
    {blas::routine::kSymv, "symv", "CLBlastSsymv", "CLBlastDsymv", &symv<float>, &symv<double>},
};
constexpr std::size_t kRoutineCount = sizeof(kRoutines) / sizeof(kRoutines[0]);

const Routine* findRoutine(const std::string& name) {
    for (const auto& r : kRoutines)
        if (r.routine == name) return &r;
    return nullptr;
}

struct ClblastLibrary {
    std::string why; // the library did not load
    // Per table entry, both entry points; null when this build of CLBlast lacks them (omatcopy came with 1.0).
    void* single[kRoutineCount] = {};
    void* dbl[kRoutineCount] = {};
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
        bool any = false;
        for (std::size_t i = 0; i < kRoutineCount; ++i) {
            single[i] = dlsym(lib, kRoutines[i].single);
            dbl[i] = dlsym(lib, kRoutines[i].dbl);
            any = any || (single[i] && dbl[i]);
        }
        if (!any) why = "libclblast.so.1 has none of the BLAS entry points used (CLBlastSgemm, …)";
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

const ClblastLibrary& clblast() {
    static const ClblastLibrary library;
    return library;
}

cl_mem memOf(Buffer* b) {
    if (!b) return nullptr; // an operand the routine does not use
    auto* p = dynamic_cast<opencl::OpenCLBuffer*>(b);
    if (!p) throw BackendError("CLBlast peer: buffer does not belong to an OpenCL device");
    return p->handle()();
}

class ClblastPeer : public BlasPeer {
public:
    explicit ClblastPeer(opencl::OpenCLDevice& device) : m_device(device) {}
    std::string name() const override { return "CLBlast"; }
    std::string id() const override { return "clblast"; }
    bool supports(const std::string& routine) const override {
        const Routine* r = findRoutine(routine);
        return r && clblast().has(*r);
    }
    std::string routineName(const std::string& routine) const override {
        return supports(routine) ? findRoutine(routine)->libraryName : "";
    }

    double run(const BlasCall& call, const BlasOperands& ops) override {
        const Routine* r = findRoutine(call.routine);
        if (!r || !clblast().has(*r))
            throw std::invalid_argument("CLBlast peer has no routine '" + call.routine + "'");
        checkBlasCall(call, ops);
        cl_command_queue queue = m_device.queue()();
        const Args args{call,
                        call.order == blas::Order::RowMajor ? CLBlastLayoutRowMajor : CLBlastLayoutColMajor,
                        memOf(ops.a.buffer),
                        memOf(ops.b.buffer),
                        memOf(ops.c.buffer),
                        std::size_t(ops.a.offset),
                        std::size_t(ops.b.offset),
                        std::size_t(ops.c.offset),
                        std::size_t(ops.a.ld),
                        std::size_t(ops.b.ld),
                        std::size_t(ops.c.ld),
                        &queue};
        void* fn = clblast().entry(*r, call.precision);
        const CallFn callFn = call.precision == Precision::F64 ? r->callDouble : r->callSingle;
        CLBlastStatusCode status = CLBlastSuccess;
        // No event requested: the queue is in order and timeSpan brackets the call with markers.
        const double ms = m_device.timeSpan([&] { status = callFn(fn, args); });
        if (status != CLBlastSuccess)
            throw BackendError("CLBlast " + std::string(call.precision == Precision::F64 ? r->dbl : r->single) + " (" +
                               call.describe() + ") failed with status " + std::to_string(static_cast<int>(status)) +
                               " on " + m_device.info().label());
        return ms;
    }

private:
    opencl::OpenCLDevice& m_device;
};

} // namespace

std::unique_ptr<BlasPeer> makeClblastPeer(Device& device, std::string* why) {
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
