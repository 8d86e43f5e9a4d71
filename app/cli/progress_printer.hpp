// Observer that reports a tuning run on the terminal: a progress bar with ETA on a TTY, plain lines when piped,
// JSON lines with --json.
#pragma once
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

#include "core/engine/family.hpp"
#include "core/engine/observer.hpp"

namespace kt::cli {

class ProgressPrinter final : public Observer {
public:
    enum class Mode { Terminal, Lines, Json };
    ProgressPrinter(Mode mode, Metric metric, std::FILE* out = stdout);
    static Mode detect(bool json); // Terminal when stdout is a TTY

    void onRunStarted(std::int64_t runId, const std::string& strategy) override;
    void onMeasurement(const Measurement& m, bool reused) override;
    void onProgress(const RunProgress& p) override;
    void onNote(const std::string& text) override;
    void onRunFinished(RunStatus status, const std::string& message) override;

private:
    void line(const std::string& text);

    Mode m_mode;
    Metric m_metric;
    std::FILE* m_out;
    std::mutex m_mutex;
    std::chrono::steady_clock::time_point m_lastPrint{};
    bool m_barShown = false;
};

std::string formatDuration(double seconds); // "1h02m", "3m05s", "12s"

} // namespace kt::cli
