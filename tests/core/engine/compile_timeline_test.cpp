// The compile timeline (compile-bench --timeline): the summary's accounting of worker time on hand-made timelines, and
// the program cache recording every program it builds exactly once, with ordered stamps, from several threads.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

#include "core/engine/compile_timeline.hpp"
#include "core/engine/image_compiler.hpp"
#include "core/engine/program_cache.hpp"
#include "tests/core/engine/compile_only_device.hpp"

namespace kt {
namespace {

const CompileClock::time_point kOrigin{};

CompileClock::time_point at(double ms) {
    return kOrigin + std::chrono::duration_cast<CompileClock::duration>(std::chrono::duration<double, std::milli>(ms));
}

// A program on `worker`: handed out at `out`, compiled from out+1 for `ms`, received 1 ms later, done 1 ms after.
CompileEvent program(const std::string& key, int worker, double out, double ms, double cost, bool fresh = false) {
    CompileEvent e;
    e.key = key;
    e.worker = worker;
    e.cost = cost;
    e.newWorker = fresh;
    e.picked = at(out - 1);
    e.sent = at(out);
    e.compileStart = at(out + 1);
    e.compileEnd = at(out + 1 + ms);
    e.received = at(out + 2 + ms);
    e.done = at(out + 3 + ms);
    return e;
}

double sumOfShares(const CompileTimelineSummary& s) {
    return s.leadIn + s.startup + s.compile + s.transit + s.gaps + s.tail + s.unused;
}

TEST(CompileTimelineSummary, SplitsEveryWorkersTimeIntoCategoriesThatAddUp) {
    // Worker 0: three short programs with 10 ms gaps; worker 1: one long program that ends the batch.
    const std::vector<CompileEvent> events = {program("a", 0, 5, 20, 1, true), program("b", 0, 37, 20, 1),
                                              program("c", 0, 69, 20, 1), program("long", 1, 5, 300, 2, true)};
    const auto s = summarise(events, kOrigin, 2);
    EXPECT_EQ(s.programs, 4u);
    EXPECT_EQ(s.workers, 2);
    EXPECT_DOUBLE_EQ(s.endMs, 308);
    EXPECT_DOUBLE_EQ(s.firstHandOutMs, 5);
    EXPECT_DOUBLE_EQ(s.lastHandOutMs, 69);
    EXPECT_DOUBLE_EQ(s.compileMs, 360);
    EXPECT_DOUBLE_EQ(s.meanBusyWorkers, 360.0 / 308);
    EXPECT_NEAR(sumOfShares(s), 1, 1e-12);
    const double total = 2 * 308.0;
    EXPECT_NEAR(s.leadIn, 10 / total, 1e-12);
    EXPECT_NEAR(s.startup, 2 / total, 1e-12) << "the first request of a new process: 1 ms each";
    EXPECT_NEAR(s.transit, 6 / total, 1e-12) << "1 ms in for each reused request, 1 ms out for every request";
    EXPECT_NEAR(s.gaps, 20 / total, 1e-12) << "received at 27 and 59, next hand-outs at 37 and 69";
    EXPECT_NEAR(s.tail, (308 - 91 + 308 - 307) / total, 1e-12);
    EXPECT_DOUBLE_EQ(s.unused, 0);
    EXPECT_NEAR(s.compile, 360 / total, 1e-12);
    EXPECT_DOUBLE_EQ(s.meanGapMs, 10);
    EXPECT_DOUBLE_EQ(s.maxGapMs, 10);
    EXPECT_DOUBLE_EQ(s.longestMs, 300);
    EXPECT_EQ(s.longestKey, "long");
    EXPECT_EQ(s.longestCostRank, 1);
    EXPECT_GT(s.costTimeCorrelation, 0.5) << "the costliest program is the slowest";
    EXPECT_DOUBLE_EQ(s.floorMs, 300) << "the longest program is more than the work per worker (180 ms)";
    EXPECT_DOUBLE_EQ(s.longestFirstMs, 300) << "300 on one worker, 3 x 20 on the other";
    ASSERT_EQ(s.perWorker.size(), 2u);
    EXPECT_EQ(s.perWorker[0].programs, 3u);
    EXPECT_DOUBLE_EQ(s.perWorker[0].gapMs, 20);
    EXPECT_NEAR(s.perWorker[1].busyFraction, 300 / 308.0, 1e-12);
    EXPECT_NE(s.verdict.find("stragglers"), std::string::npos) << s.verdict;
    EXPECT_NE(s.verdict.find("longer than the work per worker"), std::string::npos) << s.verdict;
    const auto j = toJson(s);
    EXPECT_EQ(j["per_worker"].size(), 2u);
    EXPECT_DOUBLE_EQ(j["tail_after_last_hand_out_ms"].get<double>(), 308 - 69);
    EXPECT_NE(describe(s).find("verdict: "), std::string::npos);
    // Asked for more workers than were used: the idle ones count as unused.
    const auto wider = summarise(events, kOrigin, 4);
    EXPECT_EQ(wider.workers, 4);
    EXPECT_NEAR(wider.unused, 0.5, 1e-12);
    EXPECT_NEAR(sumOfShares(wider), 1, 1e-12);
}

TEST(CompileTimelineSummary, NamesFeedingWhenWorkersWaitBetweenPrograms) {
    // Two workers, each 10 programs of 10 ms with 40 ms between them: gaps dominate.
    std::vector<CompileEvent> events;
    for (int w = 0; w < 2; ++w)
        for (int i = 0; i < 10; ++i)
            events.push_back(program(std::to_string(w) + "/" + std::to_string(i), w, 1 + 52.0 * i, 10, 1));
    const auto s = summarise(events, kOrigin, 2);
    EXPECT_NEAR(sumOfShares(s), 1, 1e-12);
    EXPECT_GT(s.gaps, 0.6);
    EXPECT_NE(s.verdict.find("feeding between a worker's programs"), std::string::npos) << s.verdict;
    EXPECT_EQ(s.verdict.find("longer than the work per worker"), std::string::npos) << s.verdict;
    EXPECT_DOUBLE_EQ(s.longestFirstMs, 100) << "10 programs of 10 ms on each of 2 workers";
    EXPECT_DOUBLE_EQ(s.floorMs, 100);
}

TEST(CompileTimelineSummary, NoProgramsIsSaid) {
    const auto s = summarise({}, kOrigin, 4);
    EXPECT_EQ(s.programs, 0u);
    EXPECT_EQ(s.verdict, "no programs compiled");
}

TEST(CompileEvent, UnsetStampsTakeTheirNeighboursAndAllComeInOrder) {
    CompileEvent e; // a build that failed before the hand-out: only picked and done are known
    e.picked = at(10);
    e.done = at(30);
    e.normalise();
    EXPECT_EQ(e.sent, at(10));
    EXPECT_EQ(e.compileStart, at(10));
    EXPECT_EQ(e.compileEnd, at(30));
    EXPECT_EQ(e.received, at(30));
    CompileEvent late = program("x", 0, 10, 5, 1);
    late.compileEnd = at(100); // a worker clock beyond the receipt is pulled back
    late.normalise();
    EXPECT_EQ(late.compileEnd, late.received);
}

// A separable device (image target "fake/1") or not (empty target), whose images are the sources' text.
class TextDevice final : public test::CompileOnlyDevice {
public:
    using CompileOnlyDevice::CompileOnlyDevice;
    std::unique_ptr<Program> build(const std::string& source, const std::vector<std::string>& options) override {
        return loadImage(compileImage(source, options));
    }
    ProgramImage compileImage(const std::string& source, const std::vector<std::string>&) override {
        if (source.find("bad") != std::string::npos) throw BuildError("build failed", "bad");
        return {source, ""};
    }
    std::unique_ptr<Program> loadImage(const ProgramImage& image) override {
        return std::make_unique<TextProgram>(image.bytes);
    }

private:
    struct TextProgram final : Program {
        explicit TextProgram(std::string text) : text(std::move(text)) {}
        std::unique_ptr<Kernel> kernel(const std::string&) override { throw BackendError("no kernels"); }
        const std::string& buildLog() const override { return text; }
        std::string text;
    };
};

// Stands in for the compile-worker pool: each calling thread is served by "its" worker, numbered on first call.
class PoolCompiler final : public ImageCompiler {
public:
    using ImageCompiler::compile;
    ProgramImage compile(const std::string&, const std::string& source, const std::vector<std::string>&,
                         CompileReport* report) override {
        thread_local int mine = -1;
        if (mine < 0) mine = next++;
        if (report) {
            report->worker = mine;
            report->sent = CompileClock::now();
            report->compileStart = CompileClock::now();
        }
        if (source.find("bad") != std::string::npos) throw BuildError("build failed", "bad");
        if (report) report->compileEnd = report->received = CompileClock::now();
        return {source, ""};
    }
    std::atomic<int> next{0};
};

void buildFromThreads(ProgramCache& cache, int threads, const std::vector<GeneratedSource>& sources) {
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (std::size_t i = next++; i < sources.size(); i = next++) cache.entry(sources[i]);
        });
    for (auto& t : pool) t.join();
}

// 12 sources, 8 of them distinct; cost i % 8 for the i-th; the one of cost 3 fails to build.
std::vector<GeneratedSource> batch() {
    std::vector<GeneratedSource> out;
    for (int i = 0; i < 12; ++i) {
        GeneratedSource s;
        s.source = (i % 8 == 3 ? "bad " : "kernel ") + std::string(static_cast<std::size_t>(i % 8) + 1, 'x');
        s.compileCost = i % 8;
        out.push_back(s);
    }
    return out;
}

void expectWellFormed(const CompileTimeline& timeline, int workers, int threads) {
    const auto events = timeline.events();
    ASSERT_EQ(events.size(), 8u) << "every distinct program once, repeats not at all";
    std::set<std::string> keys;
    for (const auto& e : events) {
        EXPECT_TRUE(keys.insert(e.key).second) << "twice: " << e.key;
        EXPECT_LE(e.picked, e.sent);
        EXPECT_LE(e.sent, e.compileStart);
        EXPECT_LE(e.compileStart, e.compileEnd);
        EXPECT_LE(e.compileEnd, e.received);
        EXPECT_LE(e.received, e.done);
        EXPECT_GE(e.worker, 0);
        EXPECT_LT(e.worker, workers);
        EXPECT_GE(e.thread, 0);
        EXPECT_LT(e.thread, threads);
        EXPECT_EQ(e.failed, e.cost == 3) << "the one 'bad' program fails and is recorded";
        EXPECT_DOUBLE_EQ(e.cost, static_cast<double>(e.sourceBytes) - (e.failed ? 5 : 8));
    }
    const auto j = timeline.toJson();
    EXPECT_EQ(j["programs"].size(), 8u);
    EXPECT_EQ(j["marks"].size(), 0u);
}

TEST(CompileTimelineRecording, TheCacheRecordsEachProgramItBuildsOnceFromSeveralThreads) {
    for (const char* target : {"fake/1", ""}) {
        SCOPED_TRACE(std::string("image target '") + target + "'");
        TextDevice device(target);
        ProgramCache cache(device);
        auto compiler = std::make_shared<PoolCompiler>();
        cache.useImages(*target ? compiler : nullptr, nullptr);
        auto timeline = std::make_shared<CompileTimeline>();
        cache.recordTimeline(timeline);
        buildFromThreads(cache, 3, batch());
        expectWellFormed(*timeline, 3, 3);
        if (*target) {
            EXPECT_LE(compiler->next.load(), 3) << "one worker per thread";
        }
        const auto s = summarise(timeline->events(), timeline->origin(), 3);
        EXPECT_EQ(s.programs, 8u);
        EXPECT_NEAR(sumOfShares(s), 1, 1e-9);
    }
}

} // namespace
} // namespace kt
