// Tuning runs for the GUI: each TuningRun drives one kt::TuningSession on its own std::thread; an Observer adapter
// hands the engine's events to the GUI thread as queued signals, coalescing measurements so that hundreds of results
// per second arrive as a few batches per frame. TuningRunService holds several runs (one per device) at once.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include <QObject>
#include <QString>
#include <QVector>

#include "app/gui/models/measurement_feed.hpp"
#include "core/engine/executor.hpp"
#include "core/engine/observer.hpp"
#include "core/engine/run_control.hpp"
#include "core/engine/tuning_session.hpp"

namespace kt::gui {

// What the user asked for on the Tune and Run pages.
struct RunRequest {
    DeviceInfo device;
    QString family;
    QString strategy = QStringLiteral("two-stage");
    // Edited on the Tune page, without device variables (each run binds them for its device); empty: the family's
    // default space.
    std::optional<ParameterSpace> space;
    std::vector<ProblemSize> sizes;   // empty: the family's defaults for the device
    std::vector<ProblemSize> sweep;   // second-stage sizes (two-stage, sieve); empty: the strategy's own
    std::map<std::string, double> strategyOptions; // --option k=v of `ktune tune` (e.g. a replayed run's)
    std::uint64_t maxEvaluations = 0; // 0: no limit
    double maxSeconds = 0;            // 0: no limit
    QString database;
    std::uint64_t seed = 1;
    bool warmStart = false; // measure the family's known-good kernels first (TuningConfig::warmStart)
    int replayDelayMs = 0;  // simulated devices only: pretend each measurement takes this long (tests, demos)
    qint64 resumeRunId = 0; // continue this stored run (cancelled or interrupted); its stored settings win
};

// Snapshot of RunProgress for the GUI thread.
struct RunProgressInfo {
    quint64 done = 0;
    quint64 total = 0;
    quint64 reused = 0;
    double elapsedSeconds = 0;
    double etaSeconds = -1;
    QString phase;
    std::optional<Measurement> best;
};

// Finds the `ktune` executable the isolated executor spawns as its worker: $KT_KTUNE, next to the workbench, the
// build tree's ../cli/ktune, then PATH. Empty when none is found.
QString findKtuneExecutable();

using ExecutorFactory =
    std::function<std::unique_ptr<Executor>(const RunRequest&, const DeviceInfo&, const std::string&)>;
// Replay for simulated devices, the isolated worker (findKtuneExecutable) for real ones.
ExecutorFactory defaultExecutorFactory();

class TuningRun : public QObject {
    Q_OBJECT

public:
    TuningRun(RunRequest request, ExecutorFactory factory, QObject* parent = nullptr);
    // Cancels and waits for the worker thread (the engine stops between candidates).
    ~TuningRun() override;

    void start();
    void pause();
    void resume();
    void cancel();

    const RunRequest& request() const { return m_request; }
    bool isActive() const { return m_active; } // started and not yet finished
    bool isPaused() const { return m_paused; }
    qint64 runId() const { return m_runId; }
    RunStatus status() const { return m_status; }
    const RunProgressInfo& progress() const { return m_progress; }
    QString message() const { return m_message; }
    quint64 measurementCount() const { return m_count; }
    // Longest time between the GUI's deliveries of batches (kept short so plots animate; see docs/perf/gui.md).
    static constexpr int kBatchIntervalMs = 16;

Q_SIGNALS:
    void started(qint64 runId);
    void measurementsArrived(const QVector<kt::Measurement>& batch);
    void progressChanged(const kt::gui::RunProgressInfo& progress);
    void statusChanged(kt::RunStatus status);
    void warning(const QString& message);
    void note(const QString& text); // Observer::onNote: e.g. the warm start's seeds, one line each
    void finished(kt::RunStatus status, const QString& message);

private:
    class Adapter;
    void scheduleDelivery(); // GUI thread: deliver now or after the batch interval
    void deliver();          // GUI thread: emits what the worker queued

    RunRequest m_request;
    ExecutorFactory m_factory;
    RunControl m_control;
    std::unique_ptr<Adapter> m_adapter;
    std::thread m_thread;
    bool m_active = false;
    bool m_paused = false;
    qint64 m_runId = 0;
    RunStatus m_status = RunStatus::Running;
    RunProgressInfo m_progress;
    QString m_message;
    quint64 m_count = 0;
    qint64 m_lastDelivery = 0;
    bool m_deliveryScheduled = false;
};

class TuningRunService : public QObject {
    Q_OBJECT

public:
    explicit TuningRunService(QObject* parent = nullptr);
    void setExecutorFactory(ExecutorFactory factory) { m_factory = std::move(factory); }

    // Starts a run; refuses (returns nullptr, `error` says why) a second active run on the same device.
    TuningRun* start(const RunRequest& request, QString* error = nullptr);
    const std::vector<TuningRun*>& runs() const { return m_runs; }
    TuningRun* activeRun(const QString& deviceId) const;
    void cancelAll();

Q_SIGNALS:
    void runAdded(kt::gui::TuningRun* run);

private:
    ExecutorFactory m_factory;
    std::vector<TuningRun*> m_runs;
};

} // namespace kt::gui

Q_DECLARE_METATYPE(kt::gui::RunProgressInfo)
