// Measures candidates of one family on one opened device: generate → compile (cached, optionally in parallel) →
// prepare → warm-up → N timed runs (device events) → verify. Every failure becomes a Measurement status, never an
// exception. Used in-process and inside the isolated worker (`ktune worker`).
#pragma once
#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/engine/family.hpp"

namespace kt {

struct MeasureOptions {
    int warmupRuns = 1;
    int timedRuns = 5;
    bool verify = true;
    std::uint64_t seed = 42;
    // Stop repeating once this much device time was spent on one size (keeps huge sizes affordable).
    double maxTimedMsPerSize = 2000;
};

class CandidateMeasurer {
public:
    CandidateMeasurer(Device& device, std::shared_ptr<const Family> family);

    // Compiles the points not compiled yet, `threads` at a time (Device::build is thread-safe by contract).
    // Failures are remembered and reported by measure().
    void compile(const std::vector<Point>& points, int threads);
    // Measures one point at each size, in order; `onSizeStart` is called before each size (the worker reports it so
    // that a watchdog can blame a hang on the right size).
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes, const MeasureOptions& options,
                                     const std::function<void(const ProblemSize&)>& onSizeStart = {});

    std::size_t cacheSize() const;
    std::size_t cacheHits() const { return m_hits; }

private:
    struct Compiled {
        std::shared_ptr<Program> program; // null when the build failed
        std::string error;                // build log on failure
        double compileMs = 0;
        GeneratedSource source;
    };
    std::shared_ptr<const Compiled> compiled(const Point& point);
    std::shared_ptr<const Compiled> buildOne(const Point& point) const;
    std::string cacheKey(const GeneratedSource& source) const;

    Device& m_device;
    std::shared_ptr<const Family> m_family;
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<const Compiled>> m_byPoint; // point key → compiled
    std::map<std::string, std::shared_future<std::shared_ptr<const Compiled>>> m_bySource; // hash(source, options, device)
    std::size_t m_hits = 0;
};

// Median, min and interquartile range of timed runs, and the metric value from the median.
void summariseTimes(Measurement& m, double work);

} // namespace kt
