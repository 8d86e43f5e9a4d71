// The size pipeline (kt::SizePipeline) for the GUI: one PipelineRun drives it on its own std::thread; an Observer
// adapter hands the phase and the measurements done to the GUI thread as queued signals; cancel stops it between
// candidates (the run stays stored and resumable, as `ktune pipeline --resume`).
#pragma once
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include <QObject>
#include <QString>

#include "core/engine/executor.hpp"
#include "core/engine/run_control.hpp"
#include "core/engine/size_pipeline.hpp"

namespace kt::gui {

// What the Fits & Rules page's pipeline panel asks for.
struct PipelineRequest {
    DeviceInfo device;
    QString family;                          // a family with one size dimension
    QString database;                        // the store: the run, its fits and the rule go there
    std::vector<ProblemSize> representative; // sieve sizes; empty: the pipeline's defaults
    std::vector<ProblemSize> detail;         // detail sizes; empty: the pipeline's defaults
    std::uint64_t maxEvaluations = 0;        // 0: no limit
    std::size_t ranks = 25;
    std::size_t finalists = 10;
    bool keepChampions = false;              // each sieve size's winner is a finalist (`--keep-champions`)
    std::size_t incrementalInitial = 0;      // >= 2: incremental detailed sampling from this many sizes; 0: all
};

// Snapshot of the pipeline's progress for the GUI thread.
struct PipelineProgressInfo {
    QString phase;        // the sieve's phase, then "fit" and "rule"
    quint64 done = 0;     // evaluations finished
    quint64 total = 0;    // the estimate (budget-capped)
    quint64 measured = 0; // measurements delivered so far
};

using PipelineExecutorFactory = std::function<std::unique_ptr<Executor>(const DeviceInfo&, const std::string&)>;
// The tuning runs' default (replay for simulated devices, the isolated ktune worker for real ones).
PipelineExecutorFactory defaultPipelineExecutorFactory(const QString& database);

// Parses "1000,4000,8000" or "100:10000:16" (from:to:count, evenly spaced) into one-dimensional sizes. Empty text:
// no sizes. Throws std::invalid_argument with a message for the user.
std::vector<ProblemSize> parsePipelineSizes(const QString& text);

class PipelineRun : public QObject {
    Q_OBJECT

public:
    PipelineRun(PipelineRequest request, PipelineExecutorFactory factory, QObject* parent = nullptr);
    // Cancels and waits for the worker thread.
    ~PipelineRun() override;

    void start();
    void cancel();

    const PipelineRequest& request() const { return m_request; }
    bool isActive() const { return m_active; }
    const PipelineProgressInfo& progress() const { return m_progress; }
    // Valid after finished(): the stored run, the rule and its id (status Completed), or why not.
    const PipelineOutcome& outcome() const { return m_outcome; }

Q_SIGNALS:
    void started(qint64 runId);
    void progressChanged(const kt::gui::PipelineProgressInfo& progress);
    void finished(kt::RunStatus status, const QString& message);

private:
    class Adapter;
    void deliver(); // GUI thread: emits the latest progress

    PipelineRequest m_request;
    PipelineExecutorFactory m_factory;
    RunControl m_control;
    std::unique_ptr<Adapter> m_adapter;
    std::thread m_thread;
    bool m_active = false;
    PipelineProgressInfo m_progress;
    PipelineOutcome m_outcome;
};

} // namespace kt::gui

Q_DECLARE_METATYPE(kt::gui::PipelineProgressInfo)
