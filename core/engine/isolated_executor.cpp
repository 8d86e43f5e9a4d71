// Executor that measures in `ktune worker` child processes. A candidate that hangs past the timeout is killed and
// recorded as Timeout; one that crashes the worker is recorded as WorkerCrash; the next request restarts the worker.
#include <thread>

#include "core/engine/executor.hpp"
#include "core/engine/worker_process.hpp"
#include "core/engine/worker_protocol.hpp"
#include "core/model/measurement_json.hpp"

namespace kt {

namespace {
using Clock = std::chrono::steady_clock;

Clock::time_point after(double seconds) {
    return Clock::now() + std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
}

class IsolatedExecutor final : public Executor {
public:
    explicit IsolatedExecutor(ExecutorConfig config) : m_config(std::move(config)), m_worker({m_config.workerPath, "worker"}) {}

    ~IsolatedExecutor() override {
        if (m_worker.running()) m_worker.send(R"({"op":"quit"})");
    }

    void compile(const std::vector<Point>& points) override {
        if (points.empty()) return;
        std::string failure;
        if (!ensureWorker(failure)) return; // measure() reports the failure per candidate
        nlohmann::json keys = nlohmann::json::array();
        for (const auto& p : points) keys.push_back(p.key());
        const int threads = m_config.compileThreads > 0 ? m_config.compileThreads
                                                        : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        m_worker.send(nlohmann::json{{"op", "compile"}, {"points", keys}, {"threads", threads}}.dump());
        // A compiler that crashes or hangs during a batch cannot be pinned on one candidate here; the worker is
        // restarted and measure() compiles each candidate alone, which attributes the failure correctly.
        while (auto line = m_worker.readLine(after(m_config.compileTimeoutSeconds))) {
            auto reply = nlohmann::json::parse(*line, nullptr, false);
            if (reply.is_object() && reply.value("type", "") != "size_start") return;
        }
        m_worker.kill();
    }

    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        if (sizes.empty()) return {};
        std::string failure;
        if (!ensureWorker(failure)) return failAll(point, sizes, {}, 0, MeasurementStatus::WorkerCrash, failure);
        nlohmann::json sizeList = nlohmann::json::array();
        for (const auto& s : sizes) sizeList.push_back(s);
        const std::string request = nlohmann::json{{"op", "measure"}, {"point", point.key()}, {"sizes", sizeList}}.dump();
        if (!m_worker.send(request)) {
            // The worker died while it waited for this request (killed from outside, or a driver thread crashed after
            // its last reply). This candidate never reached it, so it is not to blame: reap the dead worker (else every
            // later request would fail the same way) and hand the request to a new one, once.
            m_worker.kill();
            if (!ensureWorker(failure)) return failAll(point, sizes, {}, 0, MeasurementStatus::WorkerCrash, failure);
            if (!m_worker.send(request)) {
                m_worker.kill();
                return failAll(point, sizes, {}, 0, MeasurementStatus::WorkerCrash, "worker pipe closed");
            }
        }

        std::vector<Measurement> received; // streamed one per size, so results before a crash are kept
        std::size_t current = 0;           // index of the size the worker is on
        // The first deadline also covers compiling this candidate.
        auto deadline = after(m_config.kernelTimeoutSeconds + m_config.compileTimeoutSeconds);
        for (;;) {
            auto line = m_worker.readLine(deadline);
            if (!line) break;
            auto reply = nlohmann::json::parse(*line, nullptr, false);
            if (!reply.is_object()) continue; // stray output from a driver; ignore
            const std::string type = reply.value("type", "");
            if (type == "size_start") {
                const auto size = reply.at("size").get<ProblemSize>();
                for (std::size_t i = 0; i < sizes.size(); ++i)
                    if (sizes[i] == size) current = i;
                deadline = after(m_config.kernelTimeoutSeconds);
            } else if (type == "measurement") {
                received.push_back(reply.at("item").get<Measurement>());
            } else if (type == "measured") {
                if (received.size() == sizes.size()) return received;
                return failAll(point, sizes, received, received.size(), MeasurementStatus::LaunchError,
                               "worker returned " + std::to_string(received.size()) + " results for " +
                                   std::to_string(sizes.size()) + " sizes");
            } else if (type == "error") {
                return failAll(point, sizes, received, received.size(), MeasurementStatus::LaunchError,
                               reply.value("error", "worker error"));
            }
        }
        // No reply: either the watchdog fired or the worker died.
        const bool timedOut = m_worker.timedOut();
        m_worker.kill();
        std::string why = timedOut ? "no answer within " + std::to_string(m_config.kernelTimeoutSeconds) +
                                         " s at size " + sizes[current].label() + "; worker killed"
                                   : "worker " + m_worker.exitDescription() + " at size " + sizes[current].label();
        if (!m_worker.stderrTail().empty()) why += "\nworker stderr:\n" + m_worker.stderrTail();
        return failAll(point, sizes, received, std::max(current, received.size()), timedOut ? MeasurementStatus::Timeout : MeasurementStatus::WorkerCrash, why);
    }

private:
    bool ensureWorker(std::string& failure) {
        // A worker that died while idle is replaced here, before a request is written to it. A write does not always
        // fail on a dying worker (its pipes stay open until its last thread has gone), so measure() also retries once.
        m_worker.reapIfExited();
        if (m_worker.running()) return true;
        try {
            m_worker.start();
        } catch (const std::exception& e) {
            failure = e.what();
            return false;
        }
        nlohmann::json open = {{"op", "open"},
                               {"device", m_config.deviceId},
                               {"family", m_config.family},
                               {"options", worker_protocol::toJson(m_config.measure)},
                               {"compile_in_processes", m_config.compileInProcesses}};
        m_worker.send(open.dump());
        while (auto line = m_worker.readLine(after(120))) {
            auto reply = nlohmann::json::parse(*line, nullptr, false);
            if (!reply.is_object()) continue;
            if (reply.value("type", "") == "ready") return true;
            failure = "worker cannot open the device: " + reply.value("error", *line);
            m_worker.kill();
            return false;
        }
        failure = "worker did not start: " + m_worker.exitDescription() + " " + m_worker.stderrTail();
        m_worker.kill();
        return false;
    }

    // Completes `received` (the sizes that finished) with a failure at `failedAt` and skips for the rest.
    std::vector<Measurement> failAll(const Point& point, const std::vector<ProblemSize>& sizes,
                                     std::vector<Measurement> received, std::size_t failedAt, MeasurementStatus status,
                                     const std::string& why) const {
        std::vector<Measurement> out = std::move(received);
        failedAt = std::min(failedAt, sizes.size() - 1);
        for (std::size_t i = out.size(); i < sizes.size(); ++i) {
            Measurement m;
            m.deviceId = m_config.deviceId;
            m.family = m_config.family;
            m.pointKey = point.key();
            m.size = sizes[i];
            if (i <= failedAt) {
                m.status = status;
                m.error = why;
            } else {
                m.status = MeasurementStatus::Skipped;
                m.error = "not run: the candidate failed at size " + sizes[failedAt].label();
            }
            out.push_back(std::move(m));
        }
        return out;
    }

    ExecutorConfig m_config;
    WorkerProcess m_worker;
};
} // namespace

std::unique_ptr<Executor> makeIsolatedExecutor(ExecutorConfig config) {
    return std::make_unique<IsolatedExecutor>(std::move(config));
}

} // namespace kt
