// Run page: controls and live views of the runs held by TuningRunService.
#include "app/gui/pages/run_page.hpp"

#include <cmath>
#include <stdexcept>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTabWidget>
#include <QVBoxLayout>

#include "app/gui/models/results_model.hpp"
#include "app/gui/pages/stored_runs_bar.hpp"
#include "app/gui/plots/candidate_scatter_plot.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"
#include "core/strategies/strategy.hpp"

namespace kt::gui {

std::vector<ProblemSize> parseSizeList(const QString& text) {
    std::vector<ProblemSize> sizes;
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        ProblemSize size;
        for (const QString& dim : item.trimmed().split(QLatin1Char('x'))) {
            bool ok = false;
            const qlonglong v = dim.trimmed().toLongLong(&ok);
            if (!ok || v < 1)
                throw std::invalid_argument(RunPage::tr("sizes: '%1' is not a size (expected e.g. 1024 or 256x256x128)")
                                                .arg(item.trimmed())
                                                .toStdString());
            size.dims.push_back(v);
        }
        sizes.push_back(size);
    }
    return sizes;
}

QString runStatusText(RunStatus status) {
    switch (status) {
    case RunStatus::Running: return RunPage::tr("running");
    case RunStatus::Paused: return RunPage::tr("paused");
    case RunStatus::Cancelled: return RunPage::tr("cancelled");
    case RunStatus::Completed: return RunPage::tr("completed");
    case RunStatus::Failed: return RunPage::tr("failed");
    case RunStatus::Interrupted: return RunPage::tr("interrupted");
    }
    return {};
}

namespace {
QString duration(double seconds) {
    if (seconds < 0) return QStringLiteral("–");
    const auto s = static_cast<qint64>(std::llround(seconds));
    if (s < 60) return QStringLiteral("%1 s").arg(s);
    if (s < 3600) return QStringLiteral("%1:%2 min").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2 h").arg(s / 3600).arg((s / 60) % 60, 2, 10, QLatin1Char('0'));
}
} // namespace

RunPage::RunPage(TuningRunService* service, QWidget* parent) : QWidget(parent), m_service(service) {
    auto* layout = new QVBoxLayout(this);
    m_target = new QLabel(this);
    m_target->setObjectName(QStringLiteral("runTarget"));
    m_target->setWordWrap(true);
    layout->addWidget(m_target);

    auto* settings = new QHBoxLayout;
    m_strategyLabel = new QLabel(this);
    m_strategy = new QComboBox(this);
    m_strategy->setObjectName(QStringLiteral("strategy"));
    for (const auto& name : StrategyRegistry::instance().names()) m_strategy->addItem(QString::fromStdString(name));
    m_strategy->setCurrentText(QStringLiteral("two-stage"));
    m_warmStart = new QCheckBox(this);
    m_warmStart->setObjectName(QStringLiteral("warmStart"));
    m_evalsLabel = new QLabel(this);
    m_maxEvaluations = new QSpinBox(this);
    m_maxEvaluations->setObjectName(QStringLiteral("maxEvaluations"));
    m_maxEvaluations->setRange(0, 10000000);
    m_maxEvaluations->setValue(500);
    m_timeLabel = new QLabel(this);
    m_maxMinutes = new QDoubleSpinBox(this);
    m_maxMinutes->setRange(0, 100000);
    m_maxMinutes->setDecimals(1);
    m_sizesLabel = new QLabel(this);
    m_sizes = new QLineEdit(this);
    m_sizes->setObjectName(QStringLiteral("sizes"));
    m_start = new QPushButton(this);
    m_start->setObjectName(QStringLiteral("startRun"));
    for (QWidget* w :
         {static_cast<QWidget*>(m_strategyLabel), static_cast<QWidget*>(m_strategy), static_cast<QWidget*>(m_warmStart),
          static_cast<QWidget*>(m_evalsLabel), static_cast<QWidget*>(m_maxEvaluations),
          static_cast<QWidget*>(m_timeLabel), static_cast<QWidget*>(m_maxMinutes), static_cast<QWidget*>(m_sizesLabel)})
        settings->addWidget(w);
    settings->addWidget(m_sizes, 1);
    settings->addWidget(m_start);
    layout->addLayout(settings);

    auto* control = new QHBoxLayout;
    m_runLabel = new QLabel(this);
    m_runs = new QComboBox(this);
    m_runs->setObjectName(QStringLiteral("runs"));
    m_runs->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_runs->setMinimumContentsLength(36);
    m_pause = new QPushButton(this);
    m_resume = new QPushButton(this);
    m_cancel = new QPushButton(this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("runStatus"));
    control->addWidget(m_runLabel);
    control->addWidget(m_runs, 1);
    control->addWidget(m_pause);
    control->addWidget(m_resume);
    control->addWidget(m_cancel);
    control->addWidget(m_status);
    layout->addLayout(control);
    m_storedRuns = new StoredRunsBar(this);
    layout->addWidget(m_storedRuns);

    auto* progressRow = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_eta = new QLabel(this);
    m_best = new QLabel(this);
    m_best->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A GEMM candidate's key runs to 400 characters: clipped at the window's edge (in full in the tooltip) rather
    // than widening the window.
    m_best->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    progressRow->addWidget(m_progress, 2);
    progressRow->addWidget(m_eta);
    layout->addLayout(progressRow);
    layout->addWidget(m_best);

    m_views = new QTabWidget(this);
    m_curve = new MetricCurvePlot(m_views);
    m_scatter = new CandidateScatterPlot(m_views);
    m_failurePane = new QSplitter(Qt::Vertical, m_views);
    m_failures = new QTableWidget(0, 4, m_failurePane);
    m_failures->setObjectName(QStringLiteral("failureLog"));
    m_failures->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_failures->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_failures->verticalHeader()->hide();
    m_failures->verticalHeader()->setDefaultSectionSize(m_failures->fontMetrics().height() + 6);
    m_failures->setWordWrap(false); // one line per failure; the full text is below
    m_failures->horizontalHeader()->setStretchLastSection(true);
    m_failureText = new QPlainTextEdit(m_failurePane);
    m_failureText->setReadOnly(true);
    m_failureText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_views->addTab(m_curve, QString());
    m_views->addTab(m_scatter, QString());
    m_views->addTab(m_failurePane, QString());
    layout->addWidget(m_views, 1);

    connect(m_start, &QPushButton::clicked, this, &RunPage::start);
    connect(m_pause, &QPushButton::clicked, this, [this] {
        if (m_current) m_current->pause();
        m_status->setText(tr("pausing after the current candidate…"));
        m_pause->setEnabled(false);
    });
    connect(m_resume, &QPushButton::clicked, this, [this] {
        if (!m_current) return;
        if (m_current->isActive()) {
            m_current->resume();
            return;
        }
        // A cancelled or interrupted run continues where it stopped: the store answers what it already measured.
        RunRequest request = m_current->request();
        request.resumeRunId = m_current->runId();
        startRun(request);
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_current) m_current->cancel();
        m_status->setText(tr("cancelling after the current candidate…"));
        m_cancel->setEnabled(false);
    });
    connect(m_runs, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index < 0) return;
        auto* run = m_runs->itemData(index).value<QObject*>();
        if (run != m_current) showRun(qobject_cast<TuningRun*>(run));
    });
    // Full text of a failure on click: the table shows only the first line.
    connect(m_failures, &QTableWidget::currentCellChanged, this, [this](int row) {
        auto* item = row >= 0 ? m_failures->item(row, 0) : nullptr;
        m_failureText->setPlainText(item ? item->data(Qt::UserRole).toString() : QString());
    });
    connect(m_service, &TuningRunService::runAdded, this, &RunPage::attach);
    connect(m_storedRuns, &StoredRunsBar::continueRequested, this, [this](const RunRequest& request) {
        if (auto* run = startRun(request)) showRun(run);
    });
    connect(m_storedRuns, &StoredRunsBar::statusMessage, this, [this](const QString& text) {
        m_status->setText(text);
        Q_EMIT statusMessage(text);
    });
    retranslateUi();
    updateControls();
}

void RunPage::setDevice(const DeviceInfo* device) {
    if (device)
        m_device = *device;
    else
        m_device.reset();
    updateTarget();
}

void RunPage::setDatabase(const QString& path) {
    m_database = path;
    m_storedRuns->setDatabase(path);
}

void RunPage::setAvailableDevices(const std::vector<DeviceInfo>& devices) { m_storedRuns->setDevices(devices); }

void RunPage::setCheckedDevices(const std::vector<DeviceInfo>& devices) {
    m_checked = devices;
    updateTarget();
}

void RunPage::setFamily(const QString& family) {
    m_family = family;
    updateTarget();
}

void RunPage::setSpace(const QString& family, std::optional<ParameterSpace> space) {
    m_spaceFamily = family;
    m_space = std::move(space);
    updateTarget();
}

void RunPage::setSizes(const std::vector<ProblemSize>& sizes) {
    QStringList labels;
    for (const auto& size : sizes) labels << QString::fromStdString(size.label());
    m_sizes->setText(labels.join(QStringLiteral(", ")));
}

void RunPage::updateTarget() {
    const QString device =
        m_device ? QString::fromStdString(m_device->label()) : tr("(choose one on the Devices page)");
    const QString family = m_family.isEmpty() ? tr("(choose one on the Tune page)") : m_family;
    if (m_checked.empty()) {
        m_target->setText(
            tr("Device: <b>%1</b> · Family: <b>%2</b>").arg(device.toHtmlEscaped(), family.toHtmlEscaped()));
    } else {
        QStringList names;
        for (const auto& d : m_checked) names << QString::fromStdString(d.label()).toHtmlEscaped();
        m_target->setText(tr("Devices (checked, one run each): <b>%1</b> · Family: <b>%2</b>")
                              .arg(names.join(QStringLiteral(", ")), family.toHtmlEscaped()));
    }
    if (m_space && m_spaceFamily == m_family)
        m_target->setText(m_target->text() + tr(" · Space: edited on the Tune page (%1 combinations)")
                                                 .arg(QLocale().toString(m_space->cartesianSize())));
    m_start->setEnabled((m_device || !m_checked.empty()) && !m_family.isEmpty());
}

std::optional<RunRequest> RunPage::currentRequest(QString* error) const {
    auto fail = [error](const QString& text) -> std::optional<RunRequest> {
        if (error) *error = text;
        return std::nullopt;
    };
    if (!m_device && m_checked.empty()) return fail(tr("Choose a device on the Devices page first."));
    if (m_family.isEmpty()) return fail(tr("Choose a kernel family on the Tune page first."));
    RunRequest request;
    request.device = m_checked.empty() ? *m_device : m_checked.front();
    request.family = m_family;
    request.strategy = m_strategy->currentText();
    request.warmStart = m_warmStart->isChecked();
    request.maxEvaluations = static_cast<std::uint64_t>(m_maxEvaluations->value());
    request.maxSeconds = m_maxMinutes->value() * 60.0;
    request.database = m_database;
    if (m_spaceFamily == m_family) request.space = m_space;
    try {
        request.sizes = parseSizeList(m_sizes->text());
    } catch (const std::exception& e) {
        return fail(QString::fromStdString(e.what()));
    }
    return request;
}

void RunPage::start() {
    QString error;
    auto request = currentRequest(&error);
    if (!request) {
        m_status->setText(error);
        Q_EMIT statusMessage(error);
        return;
    }
    if (m_checked.empty()) {
        startRun(*request);
        return;
    }
    // One run per checked device, all at once (the service holds one active run per device); the first is shown.
    TuningRun* first = nullptr;
    for (const auto& device : m_checked) {
        RunRequest each = *request;
        each.device = device;
        if (auto* run = startRun(each); run && !first) first = run;
    }
    if (first) showRun(first);
}

TuningRun* RunPage::startRun(const RunRequest& request) {
    QString error;
    auto* run = m_service->start(request, &error);
    if (!run) {
        m_status->setText(error);
        Q_EMIT statusMessage(error);
        return nullptr;
    }
    showRun(run);
    return run;
}

QString RunPage::runTitle(const TuningRun* run) const {
    const QString id = run->runId() > 0 ? QStringLiteral("#%1 ").arg(run->runId()) : QString();
    return QStringLiteral("%1%2 · %3 · %4")
        .arg(id, run->request().family, QString::fromStdString(run->request().device.label()),
             runStatusText(run->status()));
}

void RunPage::attach(TuningRun* run) {
    m_runData[run];
    m_runs->addItem(runTitle(run), QVariant::fromValue(static_cast<QObject*>(run)));
    auto refreshTitle = [this, run] {
        const int i = m_runs->findData(QVariant::fromValue(static_cast<QObject*>(run)));
        if (i >= 0) m_runs->setItemText(i, runTitle(run));
        if (run == m_current) updateControls();
    };
    connect(run, &TuningRun::started, this, refreshTitle);
    // A continued run leaves the list of stored runs while it runs; a cancelled or failed one may join it.
    connect(run, &TuningRun::started, m_storedRuns, &StoredRunsBar::refresh);
    connect(run, &TuningRun::finished, m_storedRuns, &StoredRunsBar::refresh);
    connect(run, &TuningRun::statusChanged, this, refreshTitle);
    connect(run, &TuningRun::measurementsArrived, this, [this, run](const QVector<Measurement>& batch) {
        auto& data = m_runData[run];
        data.measurements += batch;
        if (run == m_current) addToViews(batch);
        Q_EMIT measurementsArrived(run->runId(), batch);
    });
    connect(run, &TuningRun::progressChanged, this, [this, run] {
        if (run == m_current) updateProgress();
    });
    connect(run, &TuningRun::warning, this, [this](const QString& text) { Q_EMIT statusMessage(text); });
    // The engine's notes (the warm start's seeds taken or skipped, then their count) in the status bar.
    connect(run, &TuningRun::note, this, [this](const QString& text) { Q_EMIT statusMessage(text); });
    connect(run, &TuningRun::finished, this, [this, run](RunStatus status, const QString& message) {
        if (run == m_current) {
            updateProgress(); // no ETA once finished
            for (int c = 0; c < 3; ++c) m_failures->resizeColumnToContents(c);
        }
        Q_EMIT statusMessage(message.isEmpty()
                                 ? tr("Run %1: %2").arg(run->runId()).arg(runStatusText(status))
                                 : tr("Run %1: %2 (%3)").arg(run->runId()).arg(runStatusText(status), message));
    });
}

void RunPage::showRun(TuningRun* run) {
    m_current = run;
    m_curve->clear();
    m_curve->setPeerCurves({});
    m_scatter->clear();
    m_failures->setRowCount(0);
    m_failuresSized = false;
    m_failureText->clear();
    if (run) {
        const int i = m_runs->findData(QVariant::fromValue(static_cast<QObject*>(run)));
        if (i >= 0 && m_runs->currentIndex() != i) {
            const QSignalBlocker block(m_runs);
            m_runs->setCurrentIndex(i);
        }
        auto family = FamilyRegistry::instance().find(run->request().family.toStdString());
        if (family) {
            QStringList dims;
            for (const auto& d : family->sizeDimensions()) dims << QString::fromStdString(d);
            m_curve->setMetric(family->metric(), dims);
            m_scatter->setMetric(family->metric());
            auto planned = run->request().sizes;
            if (planned.empty()) planned = family->defaultSizes(run->request().device);
            const BoundSource bound(family, run->request().device, planned);
            m_curve->setBound(bound);
            m_scatter->setBound(bound);
            // Vendor peers of this device (a simulated device: of the device it replays) as dashed references.
            const DeviceInfo& device = run->request().device;
            const QPointer<TuningRun> shown(run);
            loadPeerCurvesAsync(this, m_database, device.replayOf.empty() ? device.stableId() : device.replayOf,
                                family->name(), [this, shown](std::vector<PeerCurve> curves) {
                                    if (shown && m_current == shown) m_curve->setPeerCurves(curves);
                                });
        }
        addToViews(m_runData[run].measurements);
    }
    updateControls();
    updateProgress();
}

void RunPage::addToViews(const QVector<Measurement>& batch) {
    m_curve->addMeasurements(batch);
    m_scatter->addMeasurements(batch);
    for (const auto& m : batch) {
        if (m.status == MeasurementStatus::Ok) continue;
        const int row = m_failures->rowCount();
        m_failures->insertRow(row);
        auto* candidate = new QTableWidgetItem(QString::fromStdString(m.pointKey));
        candidate->setData(Qt::UserRole, QString::fromStdString(m.error));
        m_failures->setItem(row, 0, candidate);
        m_failures->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(m.size.label())));
        m_failures->setItem(row, 2, new QTableWidgetItem(statusText(m.status)));
        m_failures->setItem(row, 3,
                            new QTableWidgetItem(QString::fromStdString(m.error.substr(0, m.error.find('\n')))));
    }
    // Once, on the first failures: resizing on every batch would cost O(rows) per batch during a fast run.
    if (!m_failuresSized && m_failures->rowCount() > 0) {
        m_failures->resizeColumnsToContents();
        m_failuresSized = true;
    }
}

void RunPage::updateControls() {
    const bool active = m_current && m_current->isActive();
    const bool paused = active && m_current->status() == RunStatus::Paused;
    m_pause->setEnabled(active && !paused);
    const bool resumable =
        m_current && !active && m_current->runId() > 0 &&
        (m_current->status() == RunStatus::Cancelled || m_current->status() == RunStatus::Interrupted);
    m_resume->setEnabled(paused || resumable);
    m_cancel->setEnabled(active);
    // The engine's closing message can be long: the status bar and the tooltip show it in full.
    m_status->setText(m_current ? runStatusText(m_current->status()) : tr("No run yet."));
    m_status->setToolTip(m_current ? m_current->message() : QString());
}

void RunPage::updateProgress() {
    if (!m_current) {
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_eta->clear();
        m_best->clear();
        return;
    }
    const auto& p = m_current->progress();
    m_progress->setRange(0, static_cast<int>(std::max<quint64>(1, p.total)));
    m_progress->setValue(static_cast<int>(std::min(p.done, std::max<quint64>(1, p.total))));
    m_progress->setFormat(p.phase.isEmpty() ? QStringLiteral("%v / %m") : p.phase + QStringLiteral(" · %v / %m"));
    m_eta->setText(
        tr("Elapsed %1 · ETA %2 · reused %3")
            .arg(duration(p.elapsedSeconds), m_current->isActive() ? duration(p.etaSeconds) : QStringLiteral("–"))
            .arg(p.reused));
    if (p.best) {
        auto family = FamilyRegistry::instance().find(p.best->family);
        const QString unit = family ? QString::fromStdString(toString(family->metric())) : QString();
        m_best->setToolTip(QString::fromStdString(p.best->pointKey));
        std::optional<PlotBound> bound;
        try {
            if (family) bound = boundFor(*family, m_current->request().device, p.best->size);
        } catch (const std::exception&) { // a size the family cannot count: no fraction
        }
        const QString size = QString::fromStdString(p.best->size.label());
        const QString key = QString::fromStdString(p.best->pointKey).toHtmlEscaped();
        if (bound)
            m_best->setText(tr("Best so far: <b>%1 %2</b> (%3 % of the bound) at size %4 — %5")
                                .arg(p.best->value, 0, 'f', 1)
                                .arg(unit)
                                .arg(100.0 * p.best->value / bound->value, 0, 'f', 0)
                                .arg(size, key));
        else
            m_best->setText(
                tr("Best so far: <b>%1 %2</b> at size %3 — %4").arg(p.best->value, 0, 'f', 1).arg(unit, size, key));
    } else {
        m_best->setText(tr("Best so far: –"));
    }
}

void RunPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void RunPage::retranslateUi() {
    m_strategyLabel->setText(tr("Strategy:"));
    m_warmStart->setText(tr("Warm start"));
    m_warmStart->setToolTip(tr("Measure known-good kernels first: for a BLAS3 routine the best GEMM kernels stored "
                               "for this device, then the family's own (for GEMM: the papers' fastest); the random, "
                               "annealing and surrogate strategies start from them."));
    m_evalsLabel->setText(tr("Max. evaluations:"));
    m_maxEvaluations->setSpecialValueText(tr("no limit"));
    m_timeLabel->setText(tr("Time limit:"));
    m_maxMinutes->setSpecialValueText(tr("no limit"));
    m_maxMinutes->setSuffix(tr(" min"));
    m_sizesLabel->setText(tr("Sizes:"));
    m_sizes->setPlaceholderText(tr("family defaults (e.g. 1024,2048 or 256x256x128)"));
    m_start->setText(tr("&Start run"));
    m_runLabel->setText(tr("Run:"));
    m_pause->setText(tr("&Pause"));
    m_resume->setText(tr("&Resume"));
    m_cancel->setText(tr("&Cancel"));
    m_views->setTabText(0, tr("Top candidates over size"));
    m_views->setTabText(1, tr("All candidates"));
    m_views->setTabText(2, tr("Failures"));
    m_failures->setHorizontalHeaderLabels({tr("Candidate"), tr("Size"), tr("Status"), tr("Message")});
    for (int i = 0; i < m_runs->count(); ++i)
        if (auto* run = qobject_cast<TuningRun*>(m_runs->itemData(i).value<QObject*>()))
            m_runs->setItemText(i, runTitle(run));
    updateTarget();
    updateControls();
    updateProgress();
}

} // namespace kt::gui
