// Per-program record of a batch compile (`ktune compile-bench`): which worker compiled each program and when, so that
// one run tells apart what keeps compile workers idle: feeding (the parent's serial work before and between a
// worker's programs), stragglers (a few long programs after the last hand-out) and per-program slowdown.
#pragma once
#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace kt {

using CompileClock = std::chrono::steady_clock;

// What an image compiler saw of one request; ImageCompiler::compile fills it when asked. All stamps are the parent's
// steady clock: compile-worker processes report theirs from the same CLOCK_MONOTONIC (Linux), checked to lie between
// `sent` and `received`; otherwise the compile is placed from the worker's duration (workerClock false).
struct CompileReport {
    int worker = -1;        // the compile-worker process, numbered in start order; -1 when compiled in this process
    long pid = 0;           // its process id
    bool newWorker = false; // the process was started for this request (its start-up is in sent → compileStart)
    bool workerClock = false;
    CompileClock::time_point sent, compileStart, compileEnd, received;
};

// One program built by the program cache: what its image compiler reported (the base; `worker` is the thread when
// it compiled in this process) and the cache's own stamps. Order of the stamps: picked ≤ sent ≤ compileStart ≤
// compileEnd ≤ received ≤ done.
struct CompileEvent : CompileReport {
    std::string key; // ProgramCache::key
    std::size_t sourceBytes = 0;
    std::size_t imageBytes = 0; // the compiled image (what came back through the pipe); 0 for in-process builds
    double cost = 0;            // GeneratedSource::compileCost
    int thread = -1;            // the parent's thread that built it, numbered in order of first appearance
    bool failed = false, fromDisk = false;
    // picked: the thread took the program up (ProgramCache::entry); sent (CompileReport): handed to the worker, or
    // the compiler called in-process; done: loaded on the device, entry complete.
    CompileClock::time_point picked, done;

    double compileMs() const { return std::chrono::duration<double, std::milli>(compileEnd - compileStart).count(); }
    // Puts unset stamps (a failure stops before some) next to their neighbours and the rest in order.
    void normalise();
};

// Where the workers' time went over one batch: every worker's span from the origin to the last program's end,
// split in categories that add up to workers × span.
struct CompileTimelineSummary {
    std::size_t programs = 0;
    int workers = 0;
    double endMs = 0, firstHandOutMs = 0, lastHandOutMs = 0;
    double compileMs = 0;       // the programs' compile times added up
    double meanBusyWorkers = 0; // compileMs / endMs
    double longestMs = 0, longestCost = 0;
    std::string longestKey;
    int longestCostRank = 0;        // 1: the highest compileCost of the batch
    double costTimeCorrelation = 0; // Spearman's rank correlation of compileCost and compile time
    // What these compile times allow on `workers` workers with no feeding cost: the programs longest first (known
    // times, the best a cost estimate could do), and the floor max(longest, work per worker). Against endMs they
    // say whether the order, the feeding or the batch itself (one program longer than the rest) holds the wall.
    double longestFirstMs = 0, floorMs = 0;
    double meanGapMs = 0, maxGapMs = 0; // between one worker's programs (received → next hand-out)
    double meanBeforeMs = 0;            // per program, the parent's work from picking it up to the hand-out
    double meanAfterMs = 0;             // per program, from receiving the image to done (loading it)
    // Shares of workers × endMs (they add up to 1): before the worker's first hand-out, a new process starting,
    // compiling, in the pipes (request, reply, decoding), between its programs, after its last program, and workers
    // that never got one.
    double leadIn = 0, startup = 0, compile = 0, transit = 0, gaps = 0, tail = 0, unused = 0;
    struct Worker {
        int id = 0;
        std::size_t programs = 0;
        double compileMs = 0, busyFraction = 0, gapMs = 0, maxGapMs = 0, lastReceivedMs = 0;
    };
    std::vector<Worker> perWorker;
    std::string verdict; // the largest idle share, in words
};

class CompileTimeline {
public:
    explicit CompileTimeline(CompileClock::time_point origin = CompileClock::now()) : m_origin(origin) {}
    CompileClock::time_point origin() const { return m_origin; }

    // A named moment of the batch (e.g. "sources generated").
    void mark(const std::string& what);
    // What a program is for (the candidate whose program it is), by ProgramCache::key; the first name given stays.
    void name(const std::string& key, const std::string& what);
    // Records a program built on the calling thread (sets thread, and worker when compiled in-process). Thread-safe.
    void add(CompileEvent event);
    // In hand-out order.
    std::vector<CompileEvent> events() const;
    std::vector<std::pair<std::string, CompileClock::time_point>> marks() const;

    double ms(CompileClock::time_point t) const {
        return std::chrono::duration<double, std::milli>(t - m_origin).count();
    }
    // {"marks":[{"name","ms"}], "programs":[{…, "*_ms" relative to the origin}]}
    nlohmann::json toJson() const;

private:
    CompileClock::time_point m_origin;
    mutable std::mutex m_mutex;
    std::vector<CompileEvent> m_events;
    std::vector<std::pair<std::string, CompileClock::time_point>> m_marks;
    std::map<std::thread::id, int> m_threads;
    std::map<std::string, std::string> m_names;
};

// `workers`: the workers asked for (at least the distinct ones seen are counted).
CompileTimelineSummary summarise(const std::vector<CompileEvent>& events, CompileClock::time_point origin, int workers);
nlohmann::json toJson(const CompileTimelineSummary& s);
// A few lines for the terminal, each starting with `indent`.
std::string describe(const CompileTimelineSummary& s, const std::string& indent = "  ");

} // namespace kt
