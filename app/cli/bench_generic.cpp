// `ktune bench` for families other than GEMM: candidates through the engine's CandidateMeasurer (the same
// generate/compile/prepare/time path as tuning), the vendor transpose (cuBLAS geam, CLBlast omatcopy) as peer.
#include <algorithm>
#include <cstring>

#include "app/cli/bench_runner.hpp"
#include "core/engine/candidate_measurer.hpp"
#include "devices/vendor/peer.hpp"

namespace kt::cli::bench {
namespace {

namespace vendor = devices::vendor;

bool isTranspose(const Family& family) { return family.name() == "transpose" || family.name() == "dtranspose"; }

template <class T> Figure timeTransposePeer(Device& device, vendor::BlasPeer& peer, std::int64_t n,
                                            const Options& o, double work, std::optional<bool>& verified,
                                            std::string& verifyMessage) {
    Figure f;
    try {
        const std::size_t count = std::size_t(n) * std::size_t(n);
        std::vector<T> host(std::max<std::size_t>(1, count));
        fillRandom(host.data(), host.size(), o.seed);
        auto in = device.allocate(host.size() * sizeof(T));
        auto out = device.allocate(host.size() * sizeof(T));
        device.write(*in, host.data(), host.size() * sizeof(T));
        device.fill(*out, 0xFF); // NaN poison, as the family's own check
        blas::BlasCall call;
        call.routine = "transpose";
        call.precision = sizeof(T) == 8 ? Precision::F64 : Precision::F32;
        call.opA = blas::Op::T;
        call.m = n, call.n = n;
        const blas::BlasOperands operands{{in.get(), n, 0}, {}, {out.get(), n, 0}};
        for (int i = 0; i < std::max(1, o.warmupRuns); ++i) peer.run(call, operands);
        std::vector<double> times;
        for (int i = 0; i < o.timedRuns; ++i) times.push_back(peer.run(call, operands));
        f.medianMs = medianOf(times);
        if (f.medianMs > 0)
            f.value = work / (f.medianMs * 1e6);
        else
            f.error = "no timed run";
        if (o.verify) {
            std::vector<T> got(host.size());
            device.read(*out, got.data(), got.size() * sizeof(T));
            verified = true;
            for (std::int64_t r = 0; r < n && *verified; ++r)
                for (std::int64_t c = 0; c < n; ++c)
                    if (std::memcmp(&host[std::size_t(r * n + c)], &got[std::size_t(c * n + r)], sizeof(T)) != 0) {
                        verified = false;
                        verifyMessage = "peer out[" + std::to_string(c) + "][" + std::to_string(r) + "] differs";
                        break;
                    }
        }
    } catch (const std::exception& e) {
        f.value.reset();
        f.error = e.what();
    }
    return f;
}

} // namespace

Result benchGeneric(Device& device, std::shared_ptr<const Family> family, const std::vector<PlanEntry>& plan,
                    const Options& options) {
    Result result;
    result.metric = toString(family->metric());
    std::unique_ptr<vendor::BlasPeer> peer;
    if (options.peer == PeerChoice::None) {
        result.peerWhy = "--peer none";
    } else if (!isTranspose(*family)) {
        result.peerWhy = "no vendor peer for family " + family->name();
    } else {
        try {
            peer = vendor::makeBlasPeer(device, {}, &result.peerWhy);
            if (peer && !peer->supports("transpose")) {
                result.peerWhy = peer->name() + " has no transpose";
                peer.reset();
            }
        } catch (const std::exception& e) { // loaded but could not start: the bench goes on without it
            result.peerWhy = e.what();
        }
        if (peer) {
            result.peerName = peer->name() + " " + peer->routineName("transpose");
            result.peerId = peer->id();
        }
    }
    if (options.tensorCores) result.peerTcWhy = "--tensor-cores applies to GEMM only";
    const bool dbl = family->precision() == Precision::F64;

    CandidateMeasurer measurer(device, family);
    MeasureOptions mo;
    mo.warmupRuns = std::max(1, options.warmupRuns);
    mo.timedRuns = options.timedRuns;
    mo.verify = options.verify;
    mo.seed = options.seed;
    mo.maxTimedMsPerSize = 1e12; // every requested repetition, as the peer gets
    for (const auto& entry : plan) {
        const double work = family->work(entry.size);
        Figure peerFigure;
        std::optional<bool> peerVerified;
        std::string peerVerifyMessage;
        if (peer) {
            const std::int64_t n = entry.size.dims.at(0);
            peerFigure =
                dbl ? timeTransposePeer<double>(device, *peer, n, options, work, peerVerified, peerVerifyMessage)
                    : timeTransposePeer<float>(device, *peer, n, options, work, peerVerified, peerVerifyMessage);
            if (peerVerified && !*peerVerified) { // a peer that transposes wrongly gets no figure to compare with
                peerFigure.error = peerVerifyMessage;
                peerFigure.value.reset();
            }
        } else {
            peerFigure.error = result.peerWhy;
        }
        for (const auto& candidate : entry.candidates) {
            Row row;
            row.candidate = candidate.key;
            row.origin = candidate.origin;
            row.tunedAt = candidate.tunedAt;
            row.rule = candidate.rule;
            row.ruleNote = candidate.ruleNote;
            row.size = entry.size;
            row.peer = peerFigure;
            row.peerTc.error = result.peerTcWhy;
            const auto measured = measurer.measure(candidate.point, {entry.size}, mo);
            const Measurement& m = measured.at(0);
            if (m.status == MeasurementStatus::Ok) {
                row.ours.value = m.value;
                row.ours.medianMs = m.medianMs;
                if (options.verify) row.verified = true;
            } else {
                row.ours.error = toString(m.status) + ": " + m.error;
                if (m.status == MeasurementStatus::WrongResult) row.verified = false, row.verifyMessage = m.error;
            }
            result.rows.push_back(std::move(row));
        }
    }
    return result;
}

double medianOf(std::vector<double> times) {
    if (times.empty()) return 0;
    std::sort(times.begin(), times.end());
    const std::size_t n = times.size();
    return n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
}

namespace {
template <class T> void fill(T* data, std::size_t count, std::uint64_t seed) {
    // splitmix64: fast enough for 8192^2 operands, and no two seeds share a stream prefix.
    std::uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        const double magnitude = 0.25 + 0.75 * double(z >> 11) * 0x1.0p-53;
        data[i] = T((z & 1) ? magnitude : -magnitude);
    }
}
} // namespace

void fillRandom(float* data, std::size_t count, std::uint64_t seed) { fill(data, count, seed); }
void fillRandom(double* data, std::size_t count, std::uint64_t seed) { fill(data, count, seed); }

} // namespace kt::cli::bench
