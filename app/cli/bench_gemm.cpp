// `ktune bench` for sgemm/dgemm: the full routine per op (column-major), the TN kernel alone, cuBLAS/CLBlast.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>

#include "app/cli/bench_runner.hpp"
#include "devices/vendor/peer.hpp"
#include "kernels/gemm/gemm_bench.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "kernels/gemm/gemm_routine.hpp"
#include "kernels/gemm/gemm_verify.hpp"
#include "kernels/reference/cblas_reference.hpp"

namespace kt::cli::bench {
namespace {

namespace vendor = devices::vendor;

struct Dims {
    std::int64_t m, n, k;
};

Dims gemmDims(const ProblemSize& size) {
    if (size.dims.size() == 1) return {size.dims[0], size.dims[0], size.dims[0]};
    return {size.dims.at(0), size.dims.at(1), size.dims.at(2)};
}

double flops(const Dims& d) { return 2.0 * double(d.m) * double(d.n) * double(d.k); }

Figure figureFromMs(double ms, double work) {
    Figure f;
    f.medianMs = ms;
    if (ms > 0)
        f.value = work / (ms * 1e6);
    else
        f.error = "no timed run";
    return f;
}

// Warm-up then timed runs of `once` (each returns its device time in ms); exceptions become the figure's error.
Figure timeRepeated(const std::function<double()>& once, const Options& o, double work) {
    try {
        for (int i = 0; i < std::max(1, o.warmupRuns); ++i) once();
        std::vector<double> times;
        for (int i = 0; i < o.timedRuns; ++i) times.push_back(once());
        return figureFromMs(medianOf(times), work);
    } catch (const std::exception& e) {
        Figure f;
        f.error = e.what();
        return f;
    }
}

// Column-major operands of one op on the device, filled with random values in ±[0.25, 1]. Ours and the peers run on
// the very same buffers, so they see the same data; host copies stay for --verify.
template <class T> struct Operands {
    std::vector<T> a, b;
    std::unique_ptr<Buffer> bufA, bufB, bufC;
    blas::BlasCall peerCall;
    blas::BlasOperands peerOperands;
    gemm::GemmCall call;
    std::size_t cCount = 0;
};

template <class T>
Operands<T> makeOperands(Device& device, const Dims& d, bool transA, bool transB, std::uint64_t seed, bool keepHost) {
    Operands<T> o;
    auto& c = o.peerCall;
    auto& p = o.peerOperands;
    c.routine = "gemm";
    c.precision = sizeof(T) == 8 ? Precision::F64 : Precision::F32;
    c.order = blas::Order::ColMajor;
    c.opA = transA ? blas::Op::T : blas::Op::N;
    c.opB = transB ? blas::Op::T : blas::Op::N;
    c.m = d.m, c.n = d.n, c.k = d.k;
    c.alpha = 1, c.beta = 0;
    p.a.ld = std::max<std::int64_t>(1, transA ? d.k : d.m);
    p.b.ld = std::max<std::int64_t>(1, transB ? d.n : d.k);
    p.c.ld = std::max<std::int64_t>(1, d.m);
    auto upload = [&](std::vector<T>& host, std::size_t count, std::uint64_t s) {
        host.resize(std::max<std::size_t>(1, count));
        fillRandom(host.data(), host.size(), s);
        auto buffer = device.allocate(host.size() * sizeof(T));
        device.write(*buffer, host.data(), host.size() * sizeof(T));
        return buffer;
    };
    std::vector<T> cHost;
    o.bufA = upload(o.a, std::size_t(p.a.ld * (transA ? d.m : d.k)), seed);
    o.bufB = upload(o.b, std::size_t(p.b.ld * (transB ? d.k : d.n)), seed + 1);
    o.cCount = std::size_t(p.c.ld * d.n);
    o.bufC = upload(cHost, o.cCount, seed + 2);
    p.a.buffer = o.bufA.get(), p.b.buffer = o.bufB.get(), p.c.buffer = o.bufC.get();
    if (!keepHost) o.a = {}, o.b = {};

    auto& g = o.call;
    g.order = blas::Order::ColMajor;
    g.opA = transA ? blas::Op::T : blas::Op::N;
    g.opB = transB ? blas::Op::T : blas::Op::N;
    g.m = d.m, g.n = d.n, g.k = d.k;
    g.alpha = 1, g.beta = 0;
    g.lda = p.a.ld, g.ldb = p.b.ld, g.ldc = p.c.ld;
    return o;
}

// OpenBLAS result of the call (beta = 0, so C's contents do not matter).
template <class T> std::vector<T> referenceResult(const Operands<T>& o) {
    const auto& g = o.call;
    std::vector<T> ref(o.cCount, T(0));
    reference::gemm(g.order, g.opA, g.opB, g.m, g.n, g.k, T(g.alpha), o.a.data(), g.lda, o.b.data(), g.ldb, T(0),
                    ref.data(), g.ldc);
    return ref;
}

// Our routine on the shared operands: warm-up, timed runs, then (with a reference) one run from NaN-poisoned C.
template <class T> Figure timeOurs(Device& device, gemm::GemmRoutine& routine, Operands<T>& o, const Options& opt,
                                   double work, const std::vector<T>* ref, Row& row) {
    Figure f = timeRepeated([&] { return routine.run(o.call, *o.bufA, *o.bufB, *o.bufC); }, opt, work);
    if (ref && f.measured()) {
        try {
            device.fill(*o.bufC, 0xFF);
            routine.run(o.call, *o.bufA, *o.bufB, *o.bufC);
            std::vector<T> got(o.cCount);
            device.read(*o.bufC, got.data(), got.size() * sizeof(T));
            // |a|, |b| <= 1 and beta = 0: k bounds every sum the rounding error scales with.
            const std::vector<T> bound(o.cCount, T(o.call.k));
            const auto v = gemm::compareGemm(got, *ref, bound, o.call.n, o.call.m, o.call.ldc, o.call.k);
            row.verified = v.ok;
            row.verifyMessage = v.message;
        } catch (const std::exception& e) {
            row.verified = false;
            row.verifyMessage = e.what();
        }
    }
    return f;
}

// A library that loads but fails to start (cublasCreate without a context, …) is a missing peer, not a failed bench.
std::unique_ptr<vendor::BlasPeer> makePeerSafely(Device& device, bool pedantic, std::string& why) {
    try {
        return vendor::makeBlasPeer(device, {pedantic}, &why);
    } catch (const std::exception& e) {
        why = e.what();
        return nullptr;
    }
}

std::string peerIdOf(const Device& device) { return device.info().backend == BackendKind::Cuda ? "cublas" : "clblast"; }

// Every size and op: operands once, the peers, then each candidate's routine (built once per candidate and reused
// over sizes and ops: a build per call would cost more than the timing on CUDA, where NVRTC has no cache).
template <class T> void runAll(Device& device, Precision precision, const std::vector<PlanEntry>& plan,
                               const Options& options, vendor::BlasPeer* peer, vendor::BlasPeer* peerTc,
                               Result& result) {
    ProgramCache programs(device);
    std::map<std::string, std::unique_ptr<gemm::GemmRoutine>> routines;
    std::map<std::string, std::string> buildErrors;
    auto routineFor = [&](const Candidate& c) -> gemm::GemmRoutine* {
        if (auto it = routines.find(c.key); it != routines.end()) return it->second.get();
        if (buildErrors.count(c.key)) throw std::runtime_error(buildErrors[c.key]);
        try {
            const gemm::GemmParams params = gemm::paramsFromPoint(c.point, precision);
            if (auto why = params.invalidReason(); !why.empty()) throw std::invalid_argument(why);
            return routines.emplace(c.key, std::make_unique<gemm::GemmRoutine>(device, programs, params)).first->second.get();
        } catch (const std::exception& e) {
            buildErrors[c.key] = e.what();
            throw;
        }
    };

    for (const auto& entry : plan) {
        const Dims d = gemmDims(entry.size);
        const ProblemSize full{{d.m, d.n, d.k}};
        const double work = flops(d);
        // The TN kernel once per candidate and size: it does not depend on the op.
        std::map<std::string, Figure> tnFigures;
        for (const auto& op : options.ops) {
            const bool transA = op[0] == 't', transB = op[1] == 't';
            std::optional<Operands<T>> operands;
            std::string operandError;
            try {
                operands.emplace(makeOperands<T>(device, d, transA, transB, options.seed, options.verify));
            } catch (const std::exception& e) { // allocation or upload failed
                operandError = e.what();
            }
            Figure peerFigure, peerTcFigure;
            if (peer && operands)
                peerFigure = timeRepeated([&] { return peer->run(operands->peerCall, operands->peerOperands); }, options, work);
            if (peerTc && operands)
                peerTcFigure = timeRepeated([&] { return peerTc->run(operands->peerCall, operands->peerOperands); }, options, work);
            if (!operands) peerFigure.error = peerTcFigure.error = operandError;
            if (!peer) peerFigure.error = result.peerWhy;
            if (!peerTc) peerTcFigure.error = result.peerTcWhy;
            std::optional<std::vector<T>> ref;
            if (options.verify && operands) ref = referenceResult(*operands);

            for (const auto& candidate : entry.candidates) {
                Row row;
                row.candidate = candidate.key;
                row.origin = candidate.origin;
                row.tunedAt = candidate.tunedAt;
                row.rule = candidate.rule;
                row.ruleNote = candidate.ruleNote;
                row.size = full;
                row.op = op;
                row.peer = peerFigure;
                row.peerTc = peerTcFigure;
                try {
                    if (!operands) throw std::runtime_error(operandError);
                    gemm::GemmRoutine* routine = routineFor(candidate);
                    row.ours = timeOurs(device, *routine, *operands, options, work, ref ? &*ref : nullptr, row);
                } catch (const std::exception& e) {
                    row.ours.error = e.what();
                }
                auto tn = tnFigures.find(candidate.key);
                if (tn == tnFigures.end()) {
                    Figure f;
                    try {
                        const auto params = gemm::paramsFromPoint(candidate.point, precision);
                        gemm::BenchOptions bo{std::max(1, options.warmupRuns), options.timedRuns, options.seed, false};
                        f = figureFromMs(gemm::timeTnKernel(device, params, d.m, d.n, d.k, bo).medianMs, work);
                    } catch (const std::exception& e) {
                        f.error = e.what();
                    }
                    tn = tnFigures.emplace(candidate.key, f).first;
                }
                row.tnKernel = tn->second;
                result.rows.push_back(std::move(row));
            }
        }
    }
}

} // namespace

Result benchGemm(Device& device, const Family& family, const std::vector<PlanEntry>& plan, const Options& options) {
    const auto* gemmFamily = dynamic_cast<const gemm::GemmFamily*>(&family);
    const Precision precision = gemmFamily ? gemmFamily->precision() : Precision::F32;
    Result result;
    result.metric = toString(Metric::GFlops);

    std::unique_ptr<vendor::BlasPeer> peer, peerTc;
    if (options.peer == PeerChoice::None) {
        result.peerWhy = "--peer none";
    } else {
        peer = makePeerSafely(device, true, result.peerWhy);
        if (peer) result.peerName = peer->name(), result.peerId = peerIdOf(device);
    }
    if (options.tensorCores) {
        if (device.info().backend != BackendKind::Cuda) {
            result.peerTcWhy = "--tensor-cores applies to cuBLAS; CLBlast has no math-mode switch";
        } else if (options.peer == PeerChoice::None) {
            result.peerTcWhy = "--peer none";
        } else {
            peerTc = makePeerSafely(device, false, result.peerTcWhy);
            if (peerTc) result.peerTcName = peerTc->name(), result.peerTcId = "cublas-tc";
        }
        result.peerTcNote =
            precision == Precision::F64
                ? "cuBLAS default math: DGEMM may run on FP64 tensor cores (DMMA, sm_80 and newer, IEEE FP64 "
                  "results) whose peak exceeds the FP64 FMA peak of the bound"
                : "cuBLAS default math: SGEMM stays FP32 (TF32 tensor cores only with CUBLAS_TF32_TENSOR_OP_MATH or "
                  "NVIDIA_TF32_OVERRIDE=1)";
    }

    if (precision == Precision::F64)
        runAll<double>(device, precision, plan, options, peer.get(), peerTc.get(), result);
    else
        runAll<float>(device, precision, plan, options, peer.get(), peerTc.get(), result);
    return result;
}

} // namespace kt::cli::bench
