// Compile cache, parallel compilation and the timed measurement of one candidate.
#include "core/engine/candidate_measurer.hpp"

#include "core/engine/fault_injection.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <optional>
#include <set>
#include <thread>

namespace kt {

namespace {
double percentile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(pos);
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}
} // namespace

void summariseTimes(Measurement& m, double work) {
    if (m.timesMs.empty()) return;
    m.medianMs = percentile(m.timesMs, 0.5);
    m.minMs = *std::min_element(m.timesMs.begin(), m.timesMs.end());
    m.spreadMs = percentile(m.timesMs, 0.75) - percentile(m.timesMs, 0.25);
    // work is flops or bytes; per ms → ×1e3 per s → /1e9 for G.
    m.value = m.medianMs > 0 ? work / (m.medianMs * 1e6) : 0;
}

std::vector<const GeneratedSource*> compileOrder(const std::vector<std::vector<GeneratedSource>>& batch,
                                                 const std::function<std::string(const GeneratedSource&)>& key) {
    std::vector<const GeneratedSource*> order, repeats;
    std::set<std::string> seen;
    for (bool own : {true, false}) {
        std::vector<const GeneratedSource*> group;
        for (const auto& list : batch)
            for (std::size_t j = own ? 0 : 1; j < (own ? std::min<std::size_t>(1, list.size()) : list.size()); ++j)
                (seen.insert(key(list[j])).second ? group : repeats).push_back(&list[j]);
        std::stable_sort(group.begin(), group.end(), [](const GeneratedSource* a, const GeneratedSource* b) {
            return a->compileCost > b->compileCost;
        });
        order.insert(order.end(), group.begin(), group.end());
    }
    order.insert(order.end(), repeats.begin(), repeats.end());
    return order;
}

CandidateMeasurer::CandidateMeasurer(Device& device, std::shared_ptr<const Family> family, ProgramCache* programs)
    : m_device(device), m_family(std::move(family)), m_programs(programs) {
    if (!m_programs) {
        m_ownPrograms = std::make_unique<ProgramCache>(device);
        m_programs = m_ownPrograms.get();
    }
}

std::vector<GeneratedSource> CandidateMeasurer::sourcesFor(const Point& point) const {
    stopIfInjected(injectedFaultFor(point.key()), InjectedFault::StopCompiling); // only when a test asks
    std::vector<GeneratedSource> sources;
    if (auto plan = m_family->plan(point, m_device.info())) {
        injectIntoPlan(*plan, injectedFaultFor(point.key())); // none unless a test asks (KT_FAULT_INJECTION)
        sources = plan->programs;
    } else
        sources.push_back(m_family->generate(point, m_device.info()));
    if (sources.empty()) throw std::logic_error("family " + m_family->name() + " generated no program");
    return sources;
}

std::shared_ptr<const ProgramCache::Entry> CandidateMeasurer::failedEntry(const std::string& error) {
    auto failed = std::make_shared<ProgramCache::Entry>();
    failed->error = error;
    return failed;
}

std::shared_ptr<const ProgramCache::Entry> CandidateMeasurer::buildAll(const Point& point) {
    // Identical programs (same text and options: points that differ only in parameters that do not change the code,
    // or the copy kernels several plans share) are built once by the cache.
    std::vector<GeneratedSource> sources;
    try {
        sources = sourcesFor(point);
    } catch (const std::exception& e) {
        return failedEntry(e.what());
    }
    auto own = m_programs->entry(sources.front());
    if (own->program)
        for (std::size_t i = 1; i < sources.size(); ++i) m_programs->entry(sources[i]); // failures show at instantiate
    return own;
}

CandidateMeasurer::~CandidateMeasurer() { finishAhead(); }

void CandidateMeasurer::compile(const std::vector<Point>& points, int threads) {
    compileAhead(points, threads);
    finishAhead();
}

void CandidateMeasurer::finishAhead() {
    if (m_ahead.joinable()) m_ahead.join();
}

void CandidateMeasurer::compileAhead(const std::vector<Point>& points, int threads) {
    finishAhead(); // one batch at a time
    std::vector<Point> todo;
    {
        std::lock_guard lock(m_mutex);
        for (const auto& p : points)
            if (!m_byPoint.count(p.key()) && !m_aheadSources.count(p.key())) todo.push_back(p);
    }
    if (todo.empty()) return;
    // Programs, not candidates, are the unit of work: a plan's helper programs (copy kernels) would otherwise
    // compile one after the other on the thread of their candidate, and the slowest candidate of a batch would set
    // its time. Every candidate's programs are generated here (cheap next to compiling); the distinct ones are
    // compiled own programs first, helpers next, each most expensive first (compileOrder: a 37 s program started
    // last would end the batch alone), and repeats last (they only wait for the first build: cache hits). A
    // candidate measured before the workers reach its program builds it on the measuring thread (compiled()).
    auto batch = std::make_shared<std::vector<std::vector<GeneratedSource>>>();
    std::vector<std::string> batchPoints; // the point of each of batch's lists
    {
        std::lock_guard lock(m_mutex);
        for (const auto& point : todo) {
            try {
                auto sources = sourcesFor(point);
                m_aheadSources[point.key()] = sources;
                batch->push_back(std::move(sources));
                batchPoints.push_back(point.key());
            } catch (const std::exception& e) {
                m_byPoint[point.key()] = failedEntry(e.what());
            }
        }
    }
    if (auto* timeline = m_programs->timeline()) {
        timeline->mark("sources generated");
        // Which candidate each program is for, so that a slow program can be traced to its parameters.
        for (std::size_t c = 0; c < batch->size(); ++c)
            for (std::size_t j = 0; j < (*batch)[c].size(); ++j)
                timeline->name(m_programs->key((*batch)[c][j]),
                               batchPoints[c] + (j ? " (helper program " + std::to_string(j) + ")" : ""));
    }
    auto order = std::make_shared<std::vector<const GeneratedSource*>>(
        compileOrder(*batch, [this](const GeneratedSource& s) { return m_programs->key(s); }));
    if (auto* timeline = m_programs->timeline()) timeline->mark("compile order ready");
    const int n = std::max(1, std::min<int>(threads, static_cast<int>(order->size())));
    m_ahead = std::thread([this, batch, order, n] {
        std::atomic<std::size_t> next{0};
        auto worker = [&] {
            for (std::size_t i = next++; i < order->size(); i = next++) m_programs->entry(*(*order)[i]);
        };
        std::vector<std::thread> pool;
        for (int t = 1; t < n; ++t) pool.emplace_back(worker);
        worker();
        for (auto& t : pool) t.join();
    });
}

std::shared_ptr<const ProgramCache::Entry> CandidateMeasurer::compiled(const Point& point) {
    std::vector<GeneratedSource> ahead;
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_byPoint.find(point.key()); it != m_byPoint.end()) return it->second;
        if (auto it = m_aheadSources.find(point.key()); it != m_aheadSources.end()) {
            ahead = std::move(it->second);
            m_aheadSources.erase(it);
        }
    }
    std::shared_ptr<const ProgramCache::Entry> own;
    if (ahead.empty()) {
        own = buildAll(point); // never asked for ahead
    } else {
        // Compiled ahead, or being compiled: wait for this candidate's programs only (or build them now, if the
        // workers have not come to them yet; they then find them built).
        own = m_programs->built(ahead.front());
        if (own->program)
            for (std::size_t i = 1; i < ahead.size(); ++i) m_programs->built(ahead[i]);
    }
    std::lock_guard lock(m_mutex);
    return m_byPoint.emplace(point.key(), own).first->second;
}

std::vector<Measurement> CandidateMeasurer::measure(const Point& point, const std::vector<ProblemSize>& sizes,
                                                    const MeasureOptions& options,
                                                    const std::function<void(const ProblemSize&)>& onSizeStart) {
    std::vector<Measurement> out;
    auto base = [&](const ProblemSize& size) {
        Measurement m;
        m.deviceId = m_device.info().stableId();
        m.family = m_family->name();
        m.pointKey = point.key();
        m.size = size;
        return m;
    };
    auto built = compiled(point);
    std::unique_ptr<CandidateRun> run;
    std::optional<FaultScope> fault;
    try {
        fault.emplace(injectedFaultFor(point.key()));
    } catch (const std::exception&) {
        // A malformed KT_FAULT_INJECTION: compiled() has already stored the message as this candidate's compile error.
    }
    std::string instantiateError;
    if (built->program) {
        try {
            run = m_family->instantiate(m_device, point, *m_programs);
        } catch (const std::exception& e) {
            instantiateError = e.what();
        }
    }
    for (const auto& size : sizes) {
        Measurement m = base(size);
        m.compileMs = built->compileMs;
        if (!built->program) {
            m.status = MeasurementStatus::CompileError;
            m.error = built->error;
            out.push_back(std::move(m));
            continue;
        }
        if (!run) {
            m.status = MeasurementStatus::LaunchError;
            m.error = "cannot set up the kernel: " + instantiateError;
            out.push_back(std::move(m));
            continue;
        }
        if (auto why = m_family->unsupportedReason(point, size, m_device.info()); !why.empty()) {
            m.status = MeasurementStatus::Skipped;
            m.error = "size " + size.label() + ": " + why;
            out.push_back(std::move(m));
            continue;
        }
        if (onSizeStart) onSizeStart(size);
        try {
            run->prepare(size, options.seed);
            for (int i = 0; i < options.warmupRuns; ++i) run->run();
            stopIfInjected(currentInjectedFault(), InjectedFault::StopTiming); // only when a test asks
            if (options.verify) {
                // Verify the output of a run that started from freshly prepared (poisoned) output buffers, so an
                // unwritten element is caught; accumulate-style kernels (β·C) are verified on their first run.
                run->prepare(size, options.seed);
                run->run();
                VerifyResult v = run->verify();
                m.maxError = std::max(v.maxAbsError, v.maxRelError);
                if (!v.ok) {
                    m.status = MeasurementStatus::WrongResult;
                    m.error = v.message;
                    out.push_back(std::move(m));
                    continue;
                }
            }
            double spent = 0;
            for (int i = 0; i < options.timedRuns && (i < 2 || spent < options.maxTimedMsPerSize); ++i) {
                const double ms = run->run();
                m.timesMs.push_back(ms);
                spent += ms;
            }
            summariseTimes(m, m_family->work(size));
        } catch (const std::exception& e) {
            m.status = MeasurementStatus::LaunchError;
            m.error = e.what();
        }
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace kt
