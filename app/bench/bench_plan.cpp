// Bench plans from a point, the store, the papers or a rule; peer figures into the store.
#include "app/bench/bench_plan.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "core/engine/device_requirements.hpp"
#include "core/engine/point_chooser.hpp"
#include "core/engine/tuned_parts.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/peer_repository.hpp"

namespace kt::bench {

namespace {

std::vector<PlanEntry> sameEverywhere(const std::vector<ProblemSize>& sizes, const std::vector<Candidate>& candidates) {
    std::vector<PlanEntry> plan;
    for (const auto& s : sizes) plan.push_back({s, candidates});
    return plan;
}

Candidate fromChoice(const PointChoice& c) { return {c.key, c.point, c.origin, c.tunedAt, c.why, c.note}; }

double volume(const ProblemSize& s) {
    double v = 1;
    for (auto d : s.dims) v *= double(d);
    return v;
}

} // namespace

std::string flagOf(CandidateSource source) {
    switch (source) {
    case CandidateSource::Point: return "--point";
    case CandidateSource::Best: return "--best";
    case CandidateSource::Top: return "--top";
    case CandidateSource::Paper: return "--paper";
    case CandidateSource::Rule: return "--rules";
    }
    return "?";
}

std::vector<ProblemSize> benchSizes(const Family& family, const DeviceInfo& device, const PlanRequest& request) {
    if (!request.sizes.empty()) {
        for (const auto& size : request.sizes)
            for (auto d : size.dims)
                if (d < 1) throw std::invalid_argument(size.label() + " has a dimension below 1");
        // "4096" means 4096x4096x4096 for m, n, k families (and finds it in the store).
        return normaliseSizes(family, request.sizes);
    }
    if (request.source == CandidateSource::Rule && request.rule)
        if (auto sizes = ruleSizes(*request.rule, family.sizeDimensions().size())) return *sizes;
    return family.defaultSizes(device);
}

std::vector<PlanEntry> makeBenchPlan(const Family& family, const DeviceInfo& device, const PlanRequest& request,
                                     const store::Database* db) {
    const auto sizes = benchSizes(family, device, request);
    switch (request.source) {
    case CandidateSource::Point: {
        // Several keys separated by ';' are measured side by side on the same operands (a hand-picked set).
        std::vector<Candidate> candidates;
        std::size_t from = 0;
        while (from <= request.pointKey.size()) {
            const std::size_t to = std::min(request.pointKey.find(';', from), request.pointKey.size());
            const std::string key = request.pointKey.substr(from, to - from);
            from = to + 1;
            if (key.empty()) continue;
            Candidate c;
            c.origin = "point";
            c.point = family.pointFromKey(key, device);
            // A key may name a kernel this device cannot run (tensor cores on an OpenCL device): say so before
            // anything is compiled.
            if (const auto why = cannotRunOn(family, c.point, device))
                throw std::invalid_argument("point " + key + " " + *why);
            c.key = c.point.key();
            candidates.push_back(std::move(c));
        }
        if (candidates.empty()) throw std::invalid_argument("no point key given");
        return sameEverywhere(sizes, candidates);
    }
    case CandidateSource::Rule: {
        if (!request.rule) throw std::invalid_argument("no rule given");
        const RuleChooser chooser(*request.rule, family, device);
        std::vector<PlanEntry> plan;
        for (const auto& size : sizes) {
            plan.push_back({size, {fromChoice(chooser.choose(size))}});
            for (const auto& kind : request.rule->kinds()) // the variants of that kind run their table's choice
                plan.back().kindCandidates[kind] = {fromChoice(chooser.choose(size, kind))};
        }
        return plan;
    }
    case CandidateSource::Paper: {
        const auto seeds = family.seedPoints(device);
        if (seeds.empty()) throw std::invalid_argument("family " + family.name() + " has no kernels from the papers");
        std::vector<Candidate> candidates;
        for (const auto& point : seeds) {
            candidates.push_back({point.key(), point, "paper"});
            if (request.top > 0 && int(candidates.size()) == request.top) break;
        }
        return sameEverywhere(sizes, candidates);
    }
    case CandidateSource::Best:
    case CandidateSource::Top: {
        if (!db) throw std::invalid_argument("no store to read the tuned candidates from");
        const store::MeasurementRepository measurements(*db);
        const StoredBestChooser chooser(measurements, device.stableId(), family);
        if (request.source == CandidateSource::Best) {
            std::vector<PlanEntry> plan;
            for (const auto& size : sizes) plan.push_back({size, {fromChoice(chooser.choose(size))}});
            return plan;
        }
        // Top: the N best distinct points at the largest stored size, everywhere.
        const auto best = measurements.bestPerSize(device.stableId(), family.name());
        const auto largest = *std::max_element(best.begin(), best.end(), [](const auto& a, const auto& b) {
            return volume(a.measurement.size) < volume(b.measurement.size);
        });
        std::vector<Candidate> candidates;
        for (const auto& m : measurements.topCandidates(device.stableId(), family.name(), largest.measurement.size,
                                                        std::max(1, request.top)))
            candidates.push_back({m.measurement.pointKey, Point::fromKey(m.measurement.pointKey), "top",
                                  m.measurement.size.label()});
        return sameEverywhere(sizes, candidates);
    }
    }
    throw std::invalid_argument("unknown candidate source");
}

void storePeerFigures(store::Database& db, const DeviceInfo& device, const Family& family, const Result& result) {
    store::PeerRepository peers(db);
    std::set<std::string> stored; // one entry per peer, size and variant (rows repeat them per candidate)
    for (const auto& row : result.rows) {
        const std::string routine = family.name() + (row.variant.empty() ? "" : "_" + row.variant);
        auto add = [&](const Figure& f, const std::string& peerId) {
            if (!f.measured() || peerId.empty()) return;
            if (!stored.insert(peerId + "|" + routine + "|" + row.size.label()).second) return;
            store::PeerMeasurement pm;
            pm.deviceId = device.stableId();
            pm.peer = peerId;
            pm.routine = routine;
            pm.size = row.size;
            pm.value = *f.value;
            pm.medianMs = f.medianMs;
            peers.add(pm);
        };
        add(row.peer, result.peerId);
        add(row.peerTc, result.peerTcId);
    }
}

StoredTunedParts::StoredTunedParts(const std::string& path) {
    if (!std::filesystem::exists(path)) return;
    setTunedPartLookup([path](const std::string& part, const DeviceInfo& info) -> std::optional<Point> {
        const store::Database db = store::Database::open(path);
        const store::MeasurementRepository measurements(db);
        const auto best = measurements.bestPerSize(info.stableId(), part);
        if (best.empty()) return std::nullopt;
        const auto largest = std::max_element(best.begin(), best.end(), [](const auto& a, const auto& b) {
            return volume(a.measurement.size) < volume(b.measurement.size);
        });
        return Point::fromKey(largest->measurement.pointKey);
    });
}

StoredTunedParts::~StoredTunedParts() { setTunedPartLookup({}); }

} // namespace kt::bench
