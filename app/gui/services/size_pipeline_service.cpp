// PipelineRun: kt::SizePipeline on a std::thread, progress → one queued, coalesced signal per batch on the GUI thread.
#include "app/gui/services/size_pipeline_service.hpp"

#include <mutex>
#include <optional>
#include <stdexcept>

#include <QCoreApplication>
#include <QPointer>
#include <QStringList>

#include "app/gui/services/tuning_run_service.hpp"

namespace kt::gui {

PipelineExecutorFactory defaultPipelineExecutorFactory(const QString& database) {
    RunRequest request;
    request.database = database;
    return [request, factory = defaultExecutorFactory()](const DeviceInfo& device, const std::string& family) {
        return factory(request, device, family);
    };
}

std::vector<ProblemSize> parsePipelineSizes(const QString& text) {
    const auto number = [](const QString& part) {
        bool ok = false;
        const qlonglong v = part.trimmed().toLongLong(&ok);
        if (!ok || v < 1) throw std::invalid_argument("'" + part.trimmed().toStdString() + "' is not a size >= 1");
        return static_cast<std::int64_t>(v);
    };
    std::vector<ProblemSize> out;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) return out;
    if (trimmed.contains(QLatin1Char(':'))) {
        const QStringList parts = trimmed.split(QLatin1Char(':'));
        if (parts.size() != 3) throw std::invalid_argument("a range is from:to:count, e.g. 100:10000:16");
        const auto from = number(parts[0]), to = number(parts[1]), count = number(parts[2]);
        if (to <= from || count < 2) throw std::invalid_argument("a range needs from < to and a count >= 2");
        for (std::int64_t i = 0; i < count; ++i) out.push_back({{from + (to - from) * i / (count - 1)}});
        return out;
    }
    for (const QString& part : trimmed.split(QLatin1Char(','), Qt::SkipEmptyParts)) out.push_back({{number(part)}});
    return out;
}

// Called on the worker thread; hands the latest progress over through one posted event at a time.
class PipelineRun::Adapter final : public Observer {
public:
    explicit Adapter(PipelineRun* run) : m_run(run) {}

    void onRunStarted(std::int64_t runId, const std::string&) override {
        post([runId](PipelineRun* run) { Q_EMIT run->started(runId); });
    }
    void onMeasurement(const Measurement&, bool) override {
        std::lock_guard lock(m_mutex);
        ++m_measured;
        request();
    }
    void onProgress(const RunProgress& progress) override {
        std::lock_guard lock(m_mutex);
        m_latest.phase = QString::fromStdString(progress.phase);
        // The fit and rule phases report no evaluations: the search's last count stays.
        if (progress.done > 0 || progress.total > 0) {
            m_latest.done = progress.done;
            m_latest.total = progress.total;
        }
        request();
    }
    void finish(PipelineOutcome outcome) {
        post([outcome = std::move(outcome)](PipelineRun* run) mutable {
            run->deliver();
            run->m_active = false;
            run->m_outcome = std::move(outcome);
            Q_EMIT run->finished(run->m_outcome.status, QString::fromStdString(run->m_outcome.message));
        });
    }
    // GUI thread.
    std::optional<PipelineProgressInfo> take() {
        std::lock_guard lock(m_mutex);
        m_posted = false;
        if (!m_changed) return std::nullopt;
        m_changed = false;
        PipelineProgressInfo info = m_latest;
        info.measured = m_measured;
        return info;
    }

private:
    template <class F> void post(F body) {
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard = m_run, body = std::move(body)]() mutable {
                if (guard) body(guard.data());
            },
            Qt::QueuedConnection);
    }
    void request() {
        m_changed = true;
        if (m_posted) return;
        m_posted = true;
        post([](PipelineRun* run) { run->deliver(); });
    }

    QPointer<PipelineRun> m_run;
    std::mutex m_mutex;
    PipelineProgressInfo m_latest;
    quint64 m_measured = 0;
    bool m_changed = false;
    bool m_posted = false;
};

PipelineRun::PipelineRun(PipelineRequest request, PipelineExecutorFactory factory, QObject* parent)
    : QObject(parent), m_request(std::move(request)), m_factory(std::move(factory)),
      m_adapter(std::make_unique<Adapter>(this)) {
    static const bool once = [] {
        qRegisterMetaType<kt::gui::PipelineProgressInfo>();
        qRegisterMetaType<kt::RunStatus>();
        return true;
    }();
    (void)once;
}

PipelineRun::~PipelineRun() {
    m_control.cancel();
    if (m_thread.joinable()) m_thread.join();
}

void PipelineRun::start() {
    if (m_active || m_thread.joinable()) return;
    m_active = true;
    PipelineConfig config;
    config.tuning.device = m_request.device;
    config.tuning.family = m_request.family.toStdString();
    config.tuning.database = m_request.database.toStdString();
    config.tuning.sizes = m_request.representative;
    config.tuning.sweep = m_request.detail;
    config.tuning.budget.maxEvaluations = m_request.maxEvaluations;
    config.tuning.makeExecutor = m_factory;
    config.ranks = m_request.ranks;
    config.finalists = m_request.finalists;
    config.keepChampions = m_request.keepChampions;
    config.incrementalInitial = m_request.incrementalInitial;
    m_thread = std::thread([this, config = std::move(config)]() mutable {
        // SizePipeline::run never throws: failures come back as status Failed with a message.
        m_adapter->finish(SizePipeline(std::move(config), m_adapter.get(), &m_control).run());
    });
}

void PipelineRun::cancel() { m_control.cancel(); }

void PipelineRun::deliver() {
    if (auto info = m_adapter->take()) {
        m_progress = *info;
        Q_EMIT progressChanged(m_progress);
    }
}

} // namespace kt::gui
