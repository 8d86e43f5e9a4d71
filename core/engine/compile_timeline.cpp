// Compile timeline and its summary (see compile_timeline.hpp).
#include "core/engine/compile_timeline.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace kt {

namespace {

double msBetween(CompileClock::time_point a, CompileClock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

// Ranks from 1, ties sharing their mean rank (Spearman's convention).
std::vector<double> ranks(const std::vector<double>& v) {
    std::vector<std::size_t> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> out(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
        for (std::size_t k = i; k <= j; ++k) out[order[k]] = (static_cast<double>(i + j) / 2) + 1;
        i = j + 1;
    }
    return out;
}

double spearman(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() < 2) return 0;
    const auto rx = ranks(x), ry = ranks(y);
    const double n = static_cast<double>(x.size()), mean = (n + 1) / 2;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < rx.size(); ++i) {
        sxy += (rx[i] - mean) * (ry[i] - mean);
        sxx += (rx[i] - mean) * (rx[i] - mean);
        syy += (ry[i] - mean) * (ry[i] - mean);
    }
    return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0;
}

std::string percent(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f%%", share * 100);
    return buf;
}

} // namespace

void CompileEvent::normalise() {
    const CompileClock::time_point unset{};
    if (done == unset) done = std::max({picked, sent, compileStart, compileEnd, received});
    if (sent == unset) sent = picked;
    if (received == unset) received = done;
    if (compileStart == unset) compileStart = sent;
    if (compileEnd == unset) compileEnd = received;
    sent = std::clamp(sent, picked, done);
    received = std::clamp(received, sent, done);
    compileStart = std::clamp(compileStart, sent, received);
    compileEnd = std::clamp(compileEnd, compileStart, received);
}

void CompileTimeline::mark(const std::string& what) {
    const auto now = CompileClock::now();
    std::lock_guard lock(m_mutex);
    m_marks.emplace_back(what, now);
}

void CompileTimeline::name(const std::string& key, const std::string& what) {
    std::lock_guard lock(m_mutex);
    m_names.emplace(key, what);
}

void CompileTimeline::add(CompileEvent event) {
    event.normalise();
    std::lock_guard lock(m_mutex);
    const auto [it, fresh] = m_threads.emplace(std::this_thread::get_id(), static_cast<int>(m_threads.size()));
    event.thread = it->second;
    if (event.worker < 0) event.worker = event.thread;
    m_events.push_back(std::move(event));
}

std::vector<CompileEvent> CompileTimeline::events() const {
    std::vector<CompileEvent> out;
    {
        std::lock_guard lock(m_mutex);
        out = m_events;
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const CompileEvent& a, const CompileEvent& b) { return a.sent < b.sent; });
    return out;
}

std::vector<std::pair<std::string, CompileClock::time_point>> CompileTimeline::marks() const {
    std::lock_guard lock(m_mutex);
    return m_marks;
}

nlohmann::json CompileTimeline::toJson() const {
    nlohmann::json marksJson = nlohmann::json::array(), programs = nlohmann::json::array();
    for (const auto& [name, at] : marks()) marksJson.push_back({{"name", name}, {"ms", ms(at)}});
    std::map<std::string, std::string> names;
    {
        std::lock_guard lock(m_mutex);
        names = m_names;
    }
    for (const auto& e : events())
        programs.push_back({{"key", e.key},
                            {"for", names.count(e.key) ? names.at(e.key) : std::string()},
                            {"source_bytes", e.sourceBytes},
                            {"image_bytes", e.imageBytes},
                            {"cost", e.cost},
                            {"thread", e.thread},
                            {"worker", e.worker},
                            {"pid", e.pid},
                            {"new_worker", e.newWorker},
                            {"worker_clock", e.workerClock},
                            {"failed", e.failed},
                            {"from_disk", e.fromDisk},
                            {"picked_ms", ms(e.picked)},
                            {"handed_out_ms", ms(e.sent)},
                            {"compile_start_ms", ms(e.compileStart)},
                            {"compile_end_ms", ms(e.compileEnd)},
                            {"received_ms", ms(e.received)},
                            {"done_ms", ms(e.done)},
                            {"compile_ms", e.compileMs()},
                            {"after_ms", msBetween(e.received, e.done)}});
    return {{"marks", marksJson}, {"programs", programs}};
}

CompileTimelineSummary summarise(const std::vector<CompileEvent>& events, CompileClock::time_point origin,
                                 int workers) {
    CompileTimelineSummary s;
    s.programs = events.size();
    std::map<int, std::vector<const CompileEvent*>> byWorker;
    for (const auto& e : events) byWorker[e.worker].push_back(&e);
    s.workers = std::max(workers, static_cast<int>(byWorker.size()));
    if (events.empty()) {
        s.verdict = "no programs compiled";
        return s;
    }
    auto at = [&](CompileClock::time_point t) { return msBetween(origin, t); };
    s.firstHandOutMs = s.lastHandOutMs = at(events.front().sent);
    std::vector<double> costs, times;
    std::size_t gapCount = 0;
    for (const auto& e : events) {
        s.endMs = std::max(s.endMs, at(e.done));
        s.firstHandOutMs = std::min(s.firstHandOutMs, at(e.sent));
        s.lastHandOutMs = std::max(s.lastHandOutMs, at(e.sent));
        s.compileMs += e.compileMs();
        s.meanBeforeMs += msBetween(e.picked, e.sent);
        s.meanAfterMs += msBetween(e.received, e.done);
        costs.push_back(e.cost);
        times.push_back(e.compileMs());
        if (e.compileMs() > s.longestMs || s.longestKey.empty()) {
            s.longestMs = e.compileMs();
            s.longestKey = e.key;
            s.longestCost = e.cost;
        }
    }
    const double n = static_cast<double>(events.size());
    s.meanBeforeMs /= n;
    s.meanAfterMs /= n;
    s.meanBusyWorkers = s.endMs > 0 ? s.compileMs / s.endMs : 0;
    s.longestCostRank =
        1 + static_cast<int>(std::count_if(costs.begin(), costs.end(), [&](double c) { return c > s.longestCost; }));
    s.costTimeCorrelation = spearman(costs, times);
    {
        // Longest first, each to the worker free first.
        std::vector<double> sorted = times, freeAt(static_cast<std::size_t>(std::max(s.workers, 1)), 0.0);
        std::sort(sorted.rbegin(), sorted.rend());
        for (double t : sorted) *std::min_element(freeAt.begin(), freeAt.end()) += t;
        s.longestFirstMs = *std::max_element(freeAt.begin(), freeAt.end());
        s.floorMs = std::max(s.longestMs, s.compileMs / std::max(s.workers, 1));
    }

    double leadIn = 0, startup = 0, compile = 0, transit = 0, gaps = 0, tail = 0;
    for (auto& [id, list] : byWorker) {
        std::sort(list.begin(), list.end(),
                  [](const CompileEvent* a, const CompileEvent* b) { return a->sent < b->sent; });
        CompileTimelineSummary::Worker w;
        w.id = id;
        w.programs = list.size();
        leadIn += at(list.front()->sent);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const CompileEvent& e = *list[i];
            w.compileMs += e.compileMs();
            const double in = msBetween(e.sent, e.compileStart), out = msBetween(e.compileEnd, e.received);
            (e.newWorker ? startup : transit) += in;
            transit += out;
            if (i > 0) {
                // Negative only if two requests overlapped on one worker, which the pool never does.
                const double gap = std::max(0.0, msBetween(list[i - 1]->received, e.sent));
                w.gapMs += gap;
                w.maxGapMs = std::max(w.maxGapMs, gap);
                s.maxGapMs = std::max(s.maxGapMs, gap);
                ++gapCount;
            }
        }
        w.lastReceivedMs = at(list.back()->received);
        w.busyFraction = s.endMs > 0 ? w.compileMs / s.endMs : 0;
        compile += w.compileMs;
        gaps += w.gapMs;
        tail += s.endMs - w.lastReceivedMs;
        s.perWorker.push_back(w);
    }
    s.meanGapMs = gapCount ? gaps / static_cast<double>(gapCount) : 0;
    const double total = s.workers * s.endMs;
    if (total <= 0) {
        s.verdict = "the batch took no measurable time";
        return s;
    }
    s.leadIn = leadIn / total;
    s.startup = startup / total;
    s.compile = compile / total;
    s.transit = transit / total;
    s.gaps = gaps / total;
    s.tail = tail / total;
    s.unused = static_cast<double>(s.workers - static_cast<int>(byWorker.size())) * s.endMs / total;

    const std::vector<std::pair<double, std::string>> idle = {
        {s.leadIn, "feeding before the first hand-out (generating and ordering the batch's sources)"},
        {s.startup, "compile-worker processes starting"},
        {s.transit, "requests and images in the pipes (encoding, transfer, decoding)"},
        {s.gaps, "feeding between a worker's programs (the parent loading images, hashing, cache look-ups, requests)"},
        {s.tail, "stragglers: workers idle after their last program while the last programs finish"},
        {s.unused, "workers that never got a program (fewer programs than workers)"}};
    const auto largest = std::max_element(idle.begin(), idle.end());
    s.verdict = "workers compiling " + percent(s.compile) + " of their time";
    if (s.compile < 0.9) s.verdict += "; the largest idle share: " + largest->second + ", " + percent(largest->first);
    const double fairShare = s.compileMs / s.workers;
    if (s.longestMs > fairShare)
        s.verdict += "; the longest program alone is longer than the work per worker, so no order of this batch "
                     "keeps every worker busy to the end";
    return s;
}

nlohmann::json toJson(const CompileTimelineSummary& s) {
    nlohmann::json workers = nlohmann::json::array();
    for (const auto& w : s.perWorker)
        workers.push_back({{"worker", w.id},
                           {"programs", w.programs},
                           {"compile_ms", w.compileMs},
                           {"busy_fraction", w.busyFraction},
                           {"gap_ms", w.gapMs},
                           {"max_gap_ms", w.maxGapMs},
                           {"last_received_ms", w.lastReceivedMs}});
    return {{"programs", s.programs},
            {"workers", s.workers},
            {"end_ms", s.endMs},
            {"first_hand_out_ms", s.firstHandOutMs},
            {"last_hand_out_ms", s.lastHandOutMs},
            {"tail_after_last_hand_out_ms", s.endMs - s.lastHandOutMs},
            {"compile_ms", s.compileMs},
            {"mean_busy_workers", s.meanBusyWorkers},
            {"longest_ms", s.longestMs},
            {"longest_key", s.longestKey},
            {"longest_cost", s.longestCost},
            {"longest_cost_rank", s.longestCostRank},
            {"fair_share_ms", s.workers ? s.compileMs / s.workers : 0},
            {"longest_first_ms", s.longestFirstMs},
            {"floor_ms", s.floorMs},
            {"cost_time_rank_correlation", s.costTimeCorrelation},
            {"mean_gap_ms", s.meanGapMs},
            {"max_gap_ms", s.maxGapMs},
            {"mean_before_hand_out_ms", s.meanBeforeMs},
            {"mean_after_receipt_ms", s.meanAfterMs},
            {"shares",
             {{"lead_in", s.leadIn},
              {"startup", s.startup},
              {"compile", s.compile},
              {"transit", s.transit},
              {"gaps", s.gaps},
              {"tail", s.tail},
              {"unused", s.unused}}},
            {"per_worker", workers},
            {"verdict", s.verdict}};
}

std::string describe(const CompileTimelineSummary& s, const std::string& indent) {
    if (s.programs == 0) return indent + s.verdict + "\n";
    double lo = 1, hi = 0;
    for (const auto& w : s.perWorker) {
        lo = std::min(lo, w.busyFraction);
        hi = std::max(hi, w.busyFraction);
    }
    if (s.unused > 0) lo = 0;
    char buf[1024];
    std::string out;
    std::snprintf(buf, sizeof buf,
                  "%stimeline: %zu programs on %d workers over %.0f ms; hand-outs from %.0f to %.0f ms (then %.0f ms "
                  "of tail); %.1f workers busy on average, each %.0f-%.0f%%\n",
                  indent.c_str(), s.programs, s.workers, s.endMs, s.firstHandOutMs, s.lastHandOutMs,
                  s.endMs - s.lastHandOutMs, s.meanBusyWorkers, lo * 100, hi * 100);
    out += buf;
    std::snprintf(buf, sizeof buf,
                  "%sworker time: compiling %s, lead-in %s, start-up %s, pipes %s, gaps %s (mean %.1f ms, max %.0f "
                  "ms), tail %s, unused %s; the parent per program: %.1f ms before the hand-out, %.1f ms after the "
                  "image came back\n",
                  indent.c_str(), percent(s.compile).c_str(), percent(s.leadIn).c_str(), percent(s.startup).c_str(),
                  percent(s.transit).c_str(), percent(s.gaps).c_str(), s.meanGapMs, s.maxGapMs, percent(s.tail).c_str(),
                  percent(s.unused).c_str(), s.meanBeforeMs, s.meanAfterMs);
    out += buf;
    std::snprintf(buf, sizeof buf,
                  "%slongest program %.0f ms (cost rank %d of %zu; the work per worker %.0f ms); compile cost vs time "
                  "rank correlation %.2f; these compile times longest first would end at %.0f ms (floor %.0f ms)\n",
                  indent.c_str(), s.longestMs, s.longestCostRank, s.programs, s.compileMs / std::max(s.workers, 1),
                  s.costTimeCorrelation, s.longestFirstMs, s.floorMs);
    out += buf;
    out += indent + "verdict: " + s.verdict + "\n";
    return out;
}

} // namespace kt
