// Measures candidates of one family on one opened device: generate → compile (cached, optionally in parallel) →
// prepare → warm-up → N timed runs (device events) → verify. Every failure becomes a Measurement status, never an
// exception. Used in-process and inside the isolated worker (`ktune worker`).
#pragma once
#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/engine/family.hpp"
#include "core/engine/program_cache.hpp"

namespace kt {

struct MeasureOptions {
    int warmupRuns = 1;
    int timedRuns = 5;
    bool verify = true;
    std::uint64_t seed = 42;
    // Stop repeating once this much device time was spent on one size (keeps huge sizes affordable).
    double maxTimedMsPerSize = 2000;
};

// The order a batch's programs are compiled in: each candidate's own program (the first of its list) before the
// helpers (copy kernels other plans share), each group most expensive first (GeneratedSource::compileCost; equal
// costs keep the candidates' order), then the repeats of a program already listed (they wait for its build). `key`
// tells identical programs apart (ProgramCache::key).
std::vector<const GeneratedSource*> compileOrder(const std::vector<std::vector<GeneratedSource>>& batch,
                                                 const std::function<std::string(const GeneratedSource&)>& key);

class CandidateMeasurer {
public:
    // Programs come from `programs` when given (shared with routines and other measurers of the device), else from
    // a cache of the measurer's own.
    CandidateMeasurer(Device& device, std::shared_ptr<const Family> family, ProgramCache* programs = nullptr);

    ~CandidateMeasurer();

    // Compiles the points not compiled yet, `threads` at a time (Device::build is thread-safe by contract).
    // Failures are remembered and reported by measure().
    void compile(const std::vector<Point>& points, int threads);
    // As compile(), but returns at once: measure() then waits only for its own candidate's programs, so measuring
    // the first candidates overlaps compiling the others. For compilers that cannot crash this process (compile
    // workers, ProgramCache::compilesInOtherProcesses()): a crash while a candidate is measured would be blamed on it.
    void compileAhead(const std::vector<Point>& points, int threads);
    // Measures one point at each size, in order; `onSizeStart` is called before each size (the worker reports it so
    // that a watchdog can blame a hang on the right size).
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes, const MeasureOptions& options,
                                     const std::function<void(const ProblemSize&)>& onSizeStart = {});

    std::size_t cacheSize() const { return m_programs->size(); }
    std::size_t cacheHits() const { return m_programs->hits(); }
    ProgramCache& programs() { return *m_programs; }

private:
    // The candidate's own program (a failed build keeps its log), and the plan's other programs built beside it.
    std::shared_ptr<const ProgramCache::Entry> compiled(const Point& point);
    std::shared_ptr<const ProgramCache::Entry> buildAll(const Point& point);
    // The candidate's programs, its own first; throws when the family cannot generate them.
    std::vector<GeneratedSource> sourcesFor(const Point& point) const;
    static std::shared_ptr<const ProgramCache::Entry> failedEntry(const std::string& error);

    Device& m_device;
    std::shared_ptr<const Family> m_family;
    std::unique_ptr<ProgramCache> m_ownPrograms;
    ProgramCache* m_programs;
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<const ProgramCache::Entry>> m_byPoint; // point key → its own program
    std::map<std::string, std::vector<GeneratedSource>> m_aheadSources; // compiled ahead, not yet asked for
    std::thread m_ahead;                                                   // the compileAhead() batch in progress

    void finishAhead();
};

// Median, min and interquartile range of timed runs, and the metric value from the median.
void summariseTimes(Measurement& m, double work);

} // namespace kt
