// Terminal rendering of tuning progress.
#include "app/cli/progress_printer.hpp"

#include <cmath>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/model/measurement_json.hpp"

namespace kt::cli {

std::string formatDuration(double s) {
    if (s < 0 || !std::isfinite(s)) return "?";
    const long t = std::lround(s);
    char buf[32];
    if (t >= 3600) std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, (t % 3600) / 60);
    else if (t >= 60) std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    else std::snprintf(buf, sizeof buf, "%lds", t);
    return buf;
}

ProgressPrinter::ProgressPrinter(Mode mode, Metric metric, std::FILE* out) : m_mode(mode), m_metric(metric), m_out(out) {}

ProgressPrinter::Mode ProgressPrinter::detect(bool json) {
    if (json) return Mode::Json;
    return ::isatty(::fileno(stdout)) ? Mode::Terminal : Mode::Lines;
}

void ProgressPrinter::line(const std::string& text) {
    if (m_barShown) std::fputs("\r\033[K", m_out);
    m_barShown = false;
    std::fputs(text.c_str(), m_out);
    std::fputc('\n', m_out);
    std::fflush(m_out);
}

void ProgressPrinter::onRunStarted(std::int64_t runId, const std::string& strategy) {
    std::lock_guard lock(m_mutex);
    if (m_mode == Mode::Json)
        line(nlohmann::json{{"event", "started"}, {"run", runId}, {"strategy", strategy}}.dump());
    else
        line("run " + std::to_string(runId) + " (" + strategy + ")");
}

void ProgressPrinter::onMeasurement(const Measurement& m, bool reused) {
    std::lock_guard lock(m_mutex);
    if (m_mode == Mode::Json) {
        nlohmann::json j = m;
        j["event"] = "measurement";
        j["reused"] = reused;
        line(j.dump());
    } else if (m.status != MeasurementStatus::Ok && !reused) {
        // Failures are worth a line of their own: the first line of the error says what happened.
        std::string first = m.error.substr(0, m.error.find('\n'));
        if (first.size() > 160) first = first.substr(0, 160) + "…";
        line("  " + toString(m.status) + "  " + m.pointKey + " @ " + m.size.label() + ": " + first);
    }
}

void ProgressPrinter::onNote(const std::string& text) {
    std::lock_guard lock(m_mutex);
    if (m_mode == Mode::Json)
        line(nlohmann::json{{"event", "note"}, {"text", text}}.dump());
    else
        line(text);
}

void ProgressPrinter::onProgress(const RunProgress& p) {
    std::lock_guard lock(m_mutex);
    if (m_mode == Mode::Json) return;
    const auto now = std::chrono::steady_clock::now();
    const bool final = p.total > 0 && p.done >= p.total;
    if (!final && now - m_lastPrint < std::chrono::milliseconds(m_mode == Mode::Terminal ? 100 : 2000)) return;
    m_lastPrint = now;
    char best[256] = "";
    if (p.best)
        std::snprintf(best, sizeof best, "  best %.1f %s at %s (%s)", p.best->value, toString(m_metric).c_str(),
                      p.best->size.label().c_str(), p.best->pointKey.c_str());
    char head[128];
    std::snprintf(head, sizeof head, "%llu/%llu", static_cast<unsigned long long>(p.done),
                  static_cast<unsigned long long>(p.total));
    std::string eta = "  ETA " + formatDuration(p.etaSeconds);
    if (m_mode == Mode::Terminal) {
        const int width = 24;
        const int filled = p.total ? static_cast<int>(width * std::min(1.0, double(p.done) / double(p.total))) : 0;
        std::string bar = "[" + std::string(filled, '#') + std::string(width - filled, '.') + "] ";
        std::fprintf(m_out, "\r\033[K%s%s%s%s", bar.c_str(), head, eta.c_str(), best);
        std::fflush(m_out);
        m_barShown = true;
    } else {
        line(std::string("progress ") + head + eta + best);
    }
}

void ProgressPrinter::onRunFinished(RunStatus status, const std::string& message) {
    std::lock_guard lock(m_mutex);
    if (m_mode == Mode::Json)
        line(nlohmann::json{{"event", "finished"}, {"status", toString(status)}, {"message", message}}.dump());
    else
        line("run " + toString(status) + (message.empty() ? "" : ": " + message));
}

} // namespace kt::cli
