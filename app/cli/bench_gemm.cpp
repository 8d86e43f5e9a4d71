// `ktune bench` for sgemm/dgemm: the full routine per op (column-major), the TN kernel alone, cuBLAS/CLBlast.
#include <algorithm>
#include <functional>
#include <map>

#include "app/cli/bench_runner.hpp"
#include "devices/vendor/peer.hpp"
#include "kernels/gemm/gemm_bench.hpp"
#include "kernels/gemm/gemm_family.hpp"

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

// Column-major operands of one op on the device, filled like ours (random in ±[0.25, 1]).
struct PeerOperands {
    std::unique_ptr<Buffer> a, b, c;
    vendor::GemmCall call;
};

template <class T>
PeerOperands makePeerOperands(Device& device, const Dims& d, bool transA, bool transB, std::uint64_t seed) {
    PeerOperands p;
    auto& c = p.call;
    c.precision = sizeof(T) == 8 ? vendor::Precision::Double : vendor::Precision::Single;
    c.layout = vendor::Layout::ColMajor;
    c.transA = transA ? vendor::Transpose::Yes : vendor::Transpose::No;
    c.transB = transB ? vendor::Transpose::Yes : vendor::Transpose::No;
    c.m = d.m, c.n = d.n, c.k = d.k;
    c.alpha = 1, c.beta = 0;
    c.lda = std::max<std::int64_t>(1, transA ? d.k : d.m);
    c.ldb = std::max<std::int64_t>(1, transB ? d.n : d.k);
    c.ldc = std::max<std::int64_t>(1, d.m);
    auto upload = [&](std::size_t count, std::uint64_t s) {
        std::vector<T> host(std::max<std::size_t>(1, count));
        fillRandom(host.data(), host.size(), s);
        auto buffer = device.allocate(host.size() * sizeof(T));
        device.write(*buffer, host.data(), host.size() * sizeof(T));
        return buffer;
    };
    p.a = upload(std::size_t(c.lda * (transA ? d.m : d.k)), seed);
    p.b = upload(std::size_t(c.ldb * (transB ? d.k : d.n)), seed + 1);
    p.c = upload(std::size_t(c.ldc * d.n), seed + 2);
    c.a = p.a.get(), c.b = p.b.get(), c.c = p.c.get();
    return p;
}

std::string peerIdOf(const Device& device) { return device.info().backend == BackendKind::Cuda ? "cublas" : "clblast"; }

} // namespace

Result benchGemm(Device& device, const Family& family, const std::vector<PlanEntry>& plan, const Options& options) {
    const auto* gemmFamily = dynamic_cast<const gemm::GemmFamily*>(&family);
    const Precision precision = gemmFamily ? gemmFamily->precision() : Precision::F32;
    Result result;
    result.metric = toString(Metric::GFlops);

    std::unique_ptr<vendor::GemmPeer> peer, peerTc;
    if (options.peer == PeerChoice::None) {
        result.peerWhy = "--peer none";
    } else {
        peer = vendor::makeGemmPeer(device, {true}, &result.peerWhy);
        if (peer) result.peerName = peer->name(), result.peerId = peerIdOf(device);
    }
    if (options.tensorCores) {
        if (device.info().backend != BackendKind::Cuda) {
            result.peerTcWhy = "--tensor-cores applies to cuBLAS; CLBlast has no math-mode switch";
        } else if (options.peer == PeerChoice::None) {
            result.peerTcWhy = "--peer none";
        } else {
            peerTc = vendor::makeGemmPeer(device, {false}, &result.peerTcWhy);
            if (peerTc) result.peerTcName = peerTc->name(), result.peerTcId = "cublas-tc";
        }
        result.peerTcNote =
            precision == Precision::F64
                ? "cuBLAS default math: DGEMM may run on FP64 tensor cores (DMMA, sm_80 and newer, IEEE FP64 "
                  "results) whose peak exceeds the FP64 FMA peak of the bound"
                : "cuBLAS default math: SGEMM stays FP32 (TF32 tensor cores only with CUBLAS_TF32_TENSOR_OP_MATH or "
                  "NVIDIA_TF32_OVERRIDE=1)";
    }

    for (const auto& entry : plan) {
        const Dims d = gemmDims(entry.size);
        const ProblemSize full{{d.m, d.n, d.k}};
        const double work = flops(d);
        // The TN kernel once per candidate and size: it does not depend on the op.
        std::map<std::string, Figure> tnFigures;
        for (const auto& op : options.ops) {
            const bool transA = op[0] == 't', transB = op[1] == 't';
            Figure peerFigure, peerTcFigure;
            if (peer || peerTc) {
                try {
                    PeerOperands operands = precision == Precision::F64
                                                ? makePeerOperands<double>(device, d, transA, transB, options.seed)
                                                : makePeerOperands<float>(device, d, transA, transB, options.seed);
                    if (peer) peerFigure = timeRepeated([&] { return peer->gemm(operands.call); }, options, work);
                    if (peerTc) peerTcFigure = timeRepeated([&] { return peerTc->gemm(operands.call); }, options, work);
                } catch (const std::exception& e) { // allocation or upload failed
                    peerFigure.error = peerTcFigure.error = e.what();
                }
            }
            if (!peer) peerFigure.error = result.peerWhy;
            if (!peerTc) peerTcFigure.error = result.peerTcWhy;

            for (const auto& candidate : entry.candidates) {
                Row row;
                row.candidate = candidate.key;
                row.origin = candidate.origin;
                row.tunedAt = candidate.tunedAt;
                row.size = full;
                row.op = op;
                row.peer = peerFigure;
                row.peerTc = peerTcFigure;
                try {
                    const gemm::GemmParams params = gemm::paramsFromPoint(candidate.point, precision);
                    if (auto why = params.invalidReason(); !why.empty()) throw std::invalid_argument(why);
                    gemm::GemmCall call;
                    call.order = blas::Order::ColMajor;
                    call.opA = transA ? blas::Op::T : blas::Op::N;
                    call.opB = transB ? blas::Op::T : blas::Op::N;
                    call.m = d.m, call.n = d.n, call.k = d.k;
                    call.alpha = 1, call.beta = 0;
                    gemm::BenchOptions bo{std::max(1, options.warmupRuns), options.timedRuns, options.seed,
                                          options.verify};
                    const auto t = gemm::timeGemmRoutine(device, params, call, bo);
                    row.ours = figureFromMs(t.medianMs, work);
                    if (t.verified) {
                        row.verified = t.verification.ok;
                        row.verifyMessage = t.verification.message;
                    }
                    auto tn = tnFigures.find(candidate.key);
                    if (tn == tnFigures.end()) {
                        bo.verify = false; // the routine's check already covers the kernel
                        Figure f;
                        try {
                            const auto k = gemm::timeTnKernel(device, params, d.m, d.n, d.k, bo);
                            f = figureFromMs(k.medianMs, work);
                        } catch (const std::exception& e) {
                            f.error = e.what();
                        }
                        tn = tnFigures.emplace(candidate.key, f).first;
                    }
                    row.tnKernel = tn->second;
                } catch (const std::exception& e) {
                    row.ours.error = e.what();
                    row.tnKernel.error = "not measured: the routine failed";
                }
                result.rows.push_back(std::move(row));
            }
        }
    }
    return result;
}

} // namespace kt::cli::bench
