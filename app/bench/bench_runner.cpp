// The generic bench (see bench_runner.hpp): for each size and variant the family's BLAS call on shared random
// operands, run by the vendor peer and by each candidate's routine; the tuning candidate itself through the engine's
// CandidateMeasurer (the same generate/compile/prepare/time path as tuning).
#include "app/bench/bench_runner.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "app/bench/blas_check.hpp"
#include "core/engine/candidate_measurer.hpp"
#include "core/engine/program_cache.hpp"
#include "core/engine/routine.hpp"

namespace kt::bench {
namespace {

namespace vendor = devices::vendor;

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

// A library that loads but fails to start (cublasCreate without a context, …) is a missing peer, not a failed bench.
std::unique_ptr<vendor::BlasPeer> makePeerSafely(const Options& options, Device& device, bool pedantic,
                                                 std::string& why) {
    try {
        if (options.makePeer) return options.makePeer(device, {pedantic}, &why);
        return vendor::makeBlasPeer(device, {pedantic}, &why);
    } catch (const std::exception& e) {
        why = e.what();
        return nullptr;
    }
}

// One call's operands on the device, filled from random host data that is kept for the checks. Ours and the peers
// run on the very same buffers, so they see the same data.
template <class T> struct SharedOperands {
    HostOperands<T> host;
    std::unique_ptr<Buffer> a, b, c;
    blas::BlasOperands device;

    SharedOperands(Device& dev, const blas::BlasCall& call, std::uint64_t seed)
        : host(randomOperands<T>(call, seed)), device(host.layout) {
        auto upload = [&](const std::vector<T>& v, std::unique_ptr<Buffer>& buffer, blas::BlasOperand& o) {
            if (v.empty()) return;
            buffer = dev.allocate(v.size() * sizeof(T));
            dev.write(*buffer, v.data(), v.size() * sizeof(T));
            o.buffer = buffer.get();
        };
        upload(host.a, a, device.a);
        upload(host.b, b, device.b);
        upload(host.c, c, device.c);
    }

    Buffer& written(blas::Operand which) { return which == blas::Operand::A ? *a : which == blas::Operand::B ? *b : *c; }

    // Runs `once` from the inputs of a check and returns its verdict: the written operand is poisoned with NaN when
    // the call does not read it (every element it must write is then checked as written) and restored otherwise.
    VerifyResult check(Device& dev, const blas::BlasCall& call, const std::function<void()>& once) {
        const auto which = writtenOperand(call);
        HostOperands<T> inputs = host;
        auto& w = inputs.operand(which);
        Buffer& buffer = written(which);
        if (!blas::operandShape(call, which).read) {
            dev.fill(buffer, 0xFF);
            std::fill(w.begin(), w.end(), std::numeric_limits<T>::quiet_NaN());
        } else {
            dev.write(buffer, w.data(), w.size() * sizeof(T));
        }
        once();
        dev.finish();
        std::vector<T> got(w.size());
        dev.read(buffer, got.data(), got.size() * sizeof(T));
        return checkBlasResult(call, inputs, got);
    }
};

class BenchRun {
public:
    BenchRun(Device& device, std::shared_ptr<const Family> family, const Options& options, Result& result)
        : m_device(device), m_family(std::move(family)), m_options(options), m_result(result), m_programs(device),
          m_measurer(device, m_family, &m_programs) {
        m_measure.warmupRuns = std::max(1, options.warmupRuns);
        m_measure.timedRuns = options.timedRuns;
        m_measure.verify = options.verify;
        m_measure.seed = options.seed;
        m_measure.maxTimedMsPerSize = 1e12; // every requested repetition, as the peer gets
    }

    void setPeers(vendor::BlasPeer* peer, vendor::BlasPeer* peerTc) { m_peer = peer, m_peerTc = peerTc; }

    void size(const PlanEntry& entry, const std::vector<std::string>& variants) {
        const double work = m_family->work(entry.size);
        const bool kernelColumn = !m_family->benchDescription().kernelColumn.empty();
        std::map<std::string, Figure> kernelFigures; // the candidate alone: once per size, whatever the variant
        for (const auto& variant : variants) {
            const auto call = m_family->benchCall(variant, entry.size);
            if (call && call->precision == Precision::F64)
                variantRows<double>(entry, variant, *call, work, kernelColumn, kernelFigures);
            else if (call)
                variantRows<float>(entry, variant, *call, work, kernelColumn, kernelFigures);
            else
                candidateRows(entry, variant, kernelColumn, kernelFigures);
        }
    }

private:
    void addRow(Row row) {
        m_result.rows.push_back(std::move(row));
        if (m_options.onRow) m_options.onRow(m_result.rows.back());
    }

    Row rowFor(const Candidate& c, const PlanEntry& entry, const std::string& variant) const {
        Row row;
        row.candidate = c.key;
        row.origin = c.origin;
        row.tunedAt = c.tunedAt;
        row.rule = c.rule;
        row.ruleNote = c.ruleNote;
        row.size = entry.size;
        row.variant = variant;
        return row;
    }

    // The candidate through the measurer: its own random data, its own check (Family::verify).
    Figure measureCandidate(const Candidate& c, const ProblemSize& size, Row* verdict) {
        MeasureOptions o = m_measure;
        o.verify = verdict && m_options.verify; // the kernel column is timed only, as the routine's check covers it
        const Measurement m = m_measurer.measure(c.point, {size}, o).at(0);
        Figure f;
        if (m.status == MeasurementStatus::Ok) {
            f.value = m.value;
            f.medianMs = m.medianMs;
            if (verdict && m_options.verify) verdict->verified = true;
        } else {
            f.error = toString(m.status) + ": " + m.error;
            if (verdict && m.status == MeasurementStatus::WrongResult)
                verdict->verified = false, verdict->verifyMessage = m.error;
        }
        return f;
    }

    Figure kernelFigure(const Candidate& c, const ProblemSize& size, std::map<std::string, Figure>& cache) {
        auto it = cache.find(c.key);
        if (it == cache.end()) it = cache.emplace(c.key, measureCandidate(c, size, nullptr)).first;
        return it->second;
    }

    void candidateRows(const PlanEntry& entry, const std::string& variant, bool kernelColumn,
                       std::map<std::string, Figure>& kernels) {
        for (const auto& c : entry.candidates) {
            Row row = rowFor(c, entry, variant);
            row.ours = measureCandidate(c, entry.size, &row);
            if (kernelColumn) row.kernel = kernelFigure(c, entry.size, kernels);
            row.peer.error = m_result.peerWhy.empty() ? "the family names no vendor call" : m_result.peerWhy;
            row.peerTc.error = m_result.peerTcWhy;
            addRow(std::move(row));
        }
    }

    Routine* routineFor(const Candidate& c) {
        if (auto it = m_routines.find(c.key); it != m_routines.end()) return it->second.get();
        if (auto it = m_routineErrors.find(c.key); it != m_routineErrors.end()) throw std::runtime_error(it->second);
        try {
            // Built once per candidate and reused over sizes and variants: a build per call would cost more than
            // the timing on CUDA. Null: the candidate itself is the routine.
            return m_routines.emplace(c.key, m_family->makeRoutine(m_device, m_programs, c.point)).first->second.get();
        } catch (const std::exception& e) {
            m_routineErrors[c.key] = e.what();
            throw;
        }
    }

    template <class T>
    Figure timePeer(vendor::BlasPeer* peer, const std::string& why, const blas::BlasCall& call,
                    SharedOperands<T>* operands, const std::string& operandError, double work) {
        Figure f;
        if (!peer) {
            f.error = why;
        } else if (!peer->supports(call.routine)) {
            f.error = peer->name() + " has no " + call.routine;
        } else if (!operands) {
            f.error = operandError;
        } else {
            f = timeRepeated([&] { return peer->run(call, operands->device); }, m_options, work);
            if (f.measured() && m_options.verify) {
                // A peer that computes wrongly gets no figure to compare with.
                try {
                    const auto v = operands->check(m_device, call, [&] { peer->run(call, operands->device); });
                    if (!v.ok) f.value.reset(), f.error = "peer result differs from the reference: " + v.message;
                } catch (const std::exception& e) {
                    f.value.reset(), f.error = e.what();
                }
            }
        }
        return f;
    }

    template <class T>
    void variantRows(const PlanEntry& entry, const std::string& variant, const blas::BlasCall& call, double work,
                     bool kernelColumn, std::map<std::string, Figure>& kernels) {
        std::unique_ptr<SharedOperands<T>> operands;
        std::string operandError;
        try {
            operands = std::make_unique<SharedOperands<T>>(m_device, call, m_options.seed);
        } catch (const std::exception& e) { // allocation or upload failed
            operandError = e.what();
        }
        const Figure peer = timePeer<T>(m_peer, m_result.peerWhy, call, operands.get(), operandError, work);
        const Figure peerTc = timePeer<T>(m_peerTc, m_result.peerTcWhy, call, operands.get(), operandError, work);
        for (const auto& c : entry.candidatesFor(m_family->dispatchKind(call))) {
            Row row = rowFor(c, entry, variant);
            row.peer = peer;
            row.peerTc = peerTc;
            try {
                Routine* routine = routineFor(c);
                if (!routine) {
                    row.ours = measureCandidate(c, entry.size, &row);
                } else {
                    if (!operands) throw std::runtime_error(operandError);
                    auto once = [&] { routine->enqueue(call, operands->device); };
                    row.ours = timeRepeated([&] { return m_device.timeSpan(once); }, m_options, work);
                    if (row.ours.measured() && m_options.verify) {
                        const auto v = operands->check(m_device, call, once);
                        row.verified = v.ok;
                        row.verifyMessage = v.message;
                    }
                }
            } catch (const std::exception& e) {
                row.ours.error = e.what();
                if (m_options.verify) row.verified = false, row.verifyMessage = e.what();
            }
            if (kernelColumn) row.kernel = kernelFigure(c, entry.size, kernels);
            addRow(std::move(row));
        }
    }

    Device& m_device;
    std::shared_ptr<const Family> m_family;
    const Options& m_options;
    Result& m_result;
    ProgramCache m_programs; // one cache for the measurer and every routine of the bench
    CandidateMeasurer m_measurer;
    MeasureOptions m_measure;
    vendor::BlasPeer* m_peer = nullptr;
    vendor::BlasPeer* m_peerTc = nullptr;
    std::map<std::string, std::unique_ptr<Routine>> m_routines;
    std::map<std::string, std::string> m_routineErrors;
};

} // namespace

Result runBench(Device& device, std::shared_ptr<const Family> family, const std::vector<PlanEntry>& plan,
                const Options& options) {
    const BenchDescription description = family->benchDescription();
    std::vector<std::string> variants = options.variants.empty() ? description.variants : options.variants;
    for (const auto& v : variants)
        if (std::find(description.variants.begin(), description.variants.end(), v) == description.variants.end()) {
            std::string known;
            for (const auto& d : description.variants) known += (known.empty() ? "" : ", ") + d;
            throw std::invalid_argument("family " + family->name() + " has no bench " + description.variantLabel +
                                        " '" + v + "' (it has: " + known + ")");
        }

    Result result;
    result.metric = toString(family->metric());
    std::unique_ptr<vendor::BlasPeer> peer, peerTc;
    const bool wantsCuda = options.peer == PeerChoice::Cublas, wantsClblast = options.peer == PeerChoice::Clblast;
    if (options.peer == PeerChoice::None) {
        result.peerWhy = "--peer none";
    } else {
        peer = makePeerSafely(options, device, true, result.peerWhy);
        if (peer && ((wantsCuda && peer->id() != "cublas") || (wantsClblast && peer->id() != "clblast"))) {
            result.peerWhy = "the device's peer is " + peer->name();
            peer.reset();
        }
        if (peer) result.peerName = peer->name(), result.peerId = peer->id();
    }
    if (options.tensorCores) {
        if (device.info().backend != BackendKind::Cuda) {
            result.peerTcWhy = "--tensor-cores applies to cuBLAS; CLBlast has no math-mode switch";
        } else if (options.peer == PeerChoice::None) {
            result.peerTcWhy = "--peer none";
        } else {
            peerTc = makePeerSafely(options, device, false, result.peerTcWhy);
            if (peerTc) result.peerTcName = peerTc->name(), result.peerTcId = peerTc->id() + "-tc";
        }
        result.peerTcNote = "cuBLAS default math: the library may use tensor cores (FP64 DMMA on sm_80 and newer, "
                            "IEEE FP64 results, whose peak exceeds the FP64 FMA peak of the bound); FP32 stays FP32 "
                            "(TF32 only with CUBLAS_TF32_TENSOR_OP_MATH or NVIDIA_TF32_OVERRIDE=1); atomics allowed "
                            "(symv and hemv may then add partial results with atomics; the other peer does not)";
    } else {
        result.peerTcWhy = "--tensor-cores not given";
    }

    BenchRun run(device, family, options, result);
    run.setPeers(peer.get(), peerTc.get());
    for (const auto& entry : plan) {
        if (options.cancelled && options.cancelled()) {
            result.cancelled = true;
            break;
        }
        run.size(entry, variants);
    }
    return result;
}

double medianOf(std::vector<double> times) {
    if (times.empty()) return 0;
    std::sort(times.begin(), times.end());
    const std::size_t n = times.size();
    return n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
}

} // namespace kt::bench
