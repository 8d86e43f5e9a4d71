// TuningRun: engine on a std::thread, events → queued, coalesced signals on the GUI thread.
#include "app/gui/services/tuning_run_service.hpp"

#include <mutex>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QStandardPaths>
#include <QTimer>

#include "app/gui/services/family_spaces.hpp"
#include "devices/simulated/simulated_backend.hpp"

namespace kt::gui {

namespace {
void registerMetaTypes() {
    static const bool once = [] {
        qRegisterMetaType<kt::Measurement>();
        qRegisterMetaType<QVector<kt::Measurement>>();
        qRegisterMetaType<kt::gui::RunProgressInfo>();
        qRegisterMetaType<kt::RunStatus>();
        return true;
    }();
    (void)once;
}

RunProgressInfo toInfo(const RunProgress& p) {
    RunProgressInfo info;
    info.done = p.done;
    info.total = p.total;
    info.reused = p.reused;
    info.elapsedSeconds = p.elapsedSeconds;
    info.etaSeconds = p.etaSeconds;
    info.phase = QString::fromStdString(p.phase);
    info.best = p.best;
    return info;
}
} // namespace

QString findKtuneExecutable() {
    const QString fromEnv = qEnvironmentVariable("KT_KTUNE");
    if (!fromEnv.isEmpty() && QFileInfo(fromEnv).isExecutable()) return fromEnv;
    // Installed side by side, or both in the build tree: build/app/gui/ktune-workbench and build/app/cli/ktune.
    const QDir appDir(QCoreApplication::applicationDirPath());
    for (const QString& candidate :
         {appDir.filePath(QStringLiteral("ktune")), appDir.filePath(QStringLiteral("../cli/ktune"))}) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable()) return info.canonicalFilePath();
    }
    return QStandardPaths::findExecutable(QStringLiteral("ktune"));
}

ExecutorFactory defaultExecutorFactory() {
    return [](const RunRequest& request, const DeviceInfo& device,
              const std::string& family) -> std::unique_ptr<Executor> {
        if (device.backend == BackendKind::Simulated) {
            devices::ReplayOptions options;
            options.database = request.database.toStdString();
            options.deviceId = device.stableId();
            options.family = family;
            options.delayPerMeasurement = std::chrono::milliseconds(request.replayDelayMs);
            return devices::makeReplayExecutor(options);
        }
        const QString ktune = findKtuneExecutable();
        if (ktune.isEmpty())
            throw std::runtime_error("the ktune executable (the isolated measuring worker) was not found next to "
                                     "ktune-workbench, in ../cli or on PATH; set KT_KTUNE to its path");
        ExecutorConfig config;
        config.deviceId = device.stableId();
        config.family = family;
        config.workerPath = ktune.toStdString();
        return makeIsolatedExecutor(config);
    };
}

// Lives as long as its TuningRun; called on the worker thread. Everything it hands over goes through one queue so
// that progress and measurements arrive in order, and the GUI thread gets one posted event per batch.
class TuningRun::Adapter final : public Observer {
public:
    explicit Adapter(TuningRun* run) : m_run(run) {}

    void onRunStarted(std::int64_t runId, const std::string&) override {
        post([runId](TuningRun* run) {
            run->m_runId = runId;
            Q_EMIT run->started(runId);
        });
    }
    void onMeasurement(const Measurement& measurement, bool) override {
        std::lock_guard lock(m_mutex);
        m_measurements.push_back(measurement);
        requestDeliveryLocked();
    }
    void onProgress(const RunProgress& progress) override {
        std::lock_guard lock(m_mutex);
        m_progress = toInfo(progress);
        requestDeliveryLocked();
    }
    void onStatus(RunStatus status) override {
        post([status](TuningRun* run) {
            run->deliver(); // measurements before the pause are shown before "paused"
            run->m_status = status;
            run->m_paused = status == RunStatus::Paused;
            Q_EMIT run->statusChanged(status);
        });
    }
    void onNote(const std::string& note) override {
        post([text = QString::fromStdString(note)](TuningRun* run) { Q_EMIT run->note(text); });
    }
    void onRunFinished(RunStatus status, const std::string& message) override {
        const QString text = QString::fromStdString(message);
        // The engine reports a store problem that does not end the run with status Running.
        if (status == RunStatus::Running) {
            post([text](TuningRun* run) { Q_EMIT run->warning(text); });
            return;
        }
        post([status, text](TuningRun* run) {
            run->deliver();
            run->m_active = false;
            run->m_paused = false;
            run->m_status = status;
            run->m_message = text;
            Q_EMIT run->statusChanged(status);
            Q_EMIT run->finished(status, text);
        });
    }

    // GUI thread: takes what has accumulated.
    bool take(QVector<Measurement>& measurements, std::optional<RunProgressInfo>& progress) {
        std::lock_guard lock(m_mutex);
        m_posted = false;
        measurements.swap(m_measurements);
        progress.swap(m_progress);
        m_progress.reset();
        return !measurements.isEmpty() || progress;
    }

private:
    template <class F> void post(F body) {
        // QPointer: the run may be deleted before the event is processed (it joins the thread, but posted events
        // outlive it).
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard = m_run, body = std::move(body)] {
                if (guard) body(guard.data());
            },
            Qt::QueuedConnection);
    }
    void requestDeliveryLocked() {
        if (m_posted) return; // one posted event per batch, however fast results come
        m_posted = true;
        post([](TuningRun* run) { run->scheduleDelivery(); });
    }

    QPointer<TuningRun> m_run; // made on the GUI thread, only dereferenced there
    std::mutex m_mutex;
    QVector<Measurement> m_measurements;
    std::optional<RunProgressInfo> m_progress;
    bool m_posted = false;
};

TuningRun::TuningRun(RunRequest request, ExecutorFactory factory, QObject* parent)
    : QObject(parent), m_request(std::move(request)), m_factory(std::move(factory)),
      m_adapter(std::make_unique<Adapter>(this)) {
    registerMetaTypes();
}

TuningRun::~TuningRun() {
    m_control.cancel();
    if (m_thread.joinable()) m_thread.join();
}

void TuningRun::start() {
    if (m_active || m_thread.joinable()) return;
    m_active = true;
    m_status = RunStatus::Running;
    TuningConfig config;
    config.device = m_request.device;
    config.family = m_request.family.toStdString();
    config.strategy = m_request.strategy.toStdString();
    config.space = m_request.space;
    config.sizes = m_request.sizes;
    config.sweep = m_request.sweep;
    config.strategyOptions.values = m_request.strategyOptions;
    config.budget.maxEvaluations = m_request.maxEvaluations;
    config.budget.maxWallSeconds = m_request.maxSeconds;
    config.seed = m_request.seed;
    config.warmStart = m_request.warmStart;
    config.database = m_request.database.toStdString();
    if (m_request.resumeRunId > 0) config.resumeRunId = m_request.resumeRunId;
    config.makeExecutor = [request = m_request, factory = m_factory](const DeviceInfo& device,
                                                                     const std::string& family) {
        return factory(request, device, family);
    };
    m_thread = std::thread([this, config = std::move(config)]() mutable {
        try {
            // A simulated device answers only at the sizes its stored runs used, not at the family's defaults.
            if (config.sizes.empty() && config.device.backend == BackendKind::Simulated)
                config.sizes = devices::replayedSizes(config.database, config.device.stableId(), config.family);
            // An edited space carries no device limits (one request serves every checked device): bind it to this
            // run's device as the family binds its own space.
            if (config.space)
                if (auto family = FamilyRegistry::instance().find(config.family))
                    config.space =
                        FamilySpaces::forDevice(*config.space, *family, family->space(config.device), config.device);
            TuningSession session(std::move(config), m_adapter.get(), &m_control);
            session.run();
        } catch (const std::exception& e) {
            // The session reports its own failures; this is an executor factory that threw.
            m_adapter->onRunFinished(RunStatus::Failed, e.what());
        }
    });
}

void TuningRun::pause() {
    if (!m_active) return;
    m_control.pause();
}

void TuningRun::resume() {
    if (!m_active) return;
    m_control.resume();
}

void TuningRun::cancel() { m_control.cancel(); }

void TuningRun::scheduleDelivery() {
    // At most one batch per kBatchIntervalMs: a flood of results costs one repaint per frame, not one per result.
    // The worker posts nothing more until the batch is taken, so waiting here only grows the batch.
    const qint64 wait = kBatchIntervalMs - (QDateTime::currentMSecsSinceEpoch() - m_lastDelivery);
    if (wait <= 0) {
        deliver();
    } else if (!m_deliveryScheduled) {
        m_deliveryScheduled = true;
        QTimer::singleShot(static_cast<int>(wait), this, [this] {
            m_deliveryScheduled = false;
            deliver();
        });
    }
}

void TuningRun::deliver() {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QVector<Measurement> batch;
    std::optional<RunProgressInfo> progress;
    if (!m_adapter->take(batch, progress)) return;
    m_lastDelivery = now;
    if (!batch.isEmpty()) {
        m_count += static_cast<quint64>(batch.size());
        Q_EMIT measurementsArrived(batch);
    }
    if (progress) {
        m_progress = *progress;
        Q_EMIT progressChanged(m_progress);
    }
}

TuningRunService::TuningRunService(QObject* parent) : QObject(parent), m_factory(defaultExecutorFactory()) {}

TuningRun* TuningRunService::activeRun(const QString& deviceId) const {
    for (auto* run : m_runs)
        if (run->isActive() && QString::fromStdString(run->request().device.stableId()) == deviceId) return run;
    return nullptr;
}

TuningRun* TuningRunService::start(const RunRequest& request, QString* error) {
    const QString id = QString::fromStdString(request.device.stableId());
    if (activeRun(id)) {
        if (error) *error = tr("A run is already active on %1.").arg(QString::fromStdString(request.device.label()));
        return nullptr;
    }
    auto* run = new TuningRun(request, m_factory, this);
    m_runs.push_back(run);
    Q_EMIT runAdded(run);
    run->start();
    return run;
}

void TuningRunService::cancelAll() {
    for (auto* run : m_runs) run->cancel();
}

} // namespace kt::gui
