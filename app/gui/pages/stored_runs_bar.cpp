#include "app/gui/pages/stored_runs_bar.hpp"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>

#include "app/gui/pages/run_page.hpp"

namespace kt::gui {

StoredRunsBar::StoredRunsBar(QWidget* parent) : QWidget(parent), m_store(new StoreService(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_list = new QComboBox(this);
    m_list->setObjectName(QStringLiteral("storedRuns"));
    m_list->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_list->setMinimumContentsLength(36);
    m_continue = new QPushButton(this);
    m_continue->setObjectName(QStringLiteral("continueStoredRun"));
    layout->addWidget(m_label);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_continue);
    connect(m_store, &StoreService::resumableRunsLoaded, this,
            [this](const QString& path, const std::vector<ResumableRun>& runs) {
                if (path == m_database) showRuns(runs);
            });
    connect(m_store, &StoreService::failed, this, [this](const QString& path, const QString& message) {
        if (path == m_database) Q_EMIT statusMessage(tr("Stored runs: %1").arg(message));
    });
    connect(m_list, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_continue->setEnabled(index >= 0 && continueRequest(m_list->itemData(index).toLongLong()).has_value());
    });
    connect(m_continue, &QPushButton::clicked, this, [this] {
        if (m_list->currentIndex() < 0) return;
        QString error;
        if (auto request = continueRequest(m_list->currentData().toLongLong(), &error))
            Q_EMIT continueRequested(*request);
        else
            Q_EMIT statusMessage(error);
    });
    retranslateUi();
    showRuns({});
}

void StoredRunsBar::setDatabase(const QString& path) {
    m_database = path;
    showRuns({});
    refresh();
}

void StoredRunsBar::setDevices(const std::vector<DeviceInfo>& devices) {
    m_devices = devices;
    showRuns(std::vector<ResumableRun>(m_runs)); // which runs can continue may have changed
}

void StoredRunsBar::refresh() {
    if (!m_database.isEmpty()) m_store->loadResumableRuns(m_database);
}

const DeviceInfo* StoredRunsBar::deviceOf(const ResumableRun& run) const {
    for (const auto& device : m_devices)
        if (QString::fromStdString(device.stableId()) == run.deviceId) return &device;
    return nullptr;
}

std::optional<RunRequest> StoredRunsBar::continueRequest(qint64 id, QString* error) const {
    for (const auto& run : m_runs) {
        if (run.id != id) continue;
        const DeviceInfo* device = deviceOf(run);
        if (!device) {
            if (error)
                *error = tr("Run %1 was tuned on %2, which this machine does not list; continue it there.")
                             .arg(id)
                             .arg(run.deviceLabel);
            return std::nullopt;
        }
        RunRequest request;
        request.device = *device;
        request.family = run.family;
        request.database = m_database;
        request.resumeRunId = id; // strategy, space, sizes and budget: the stored run's (TuningSession)
        return request;
    }
    if (error) *error = tr("Run %1 is not a stored run that can continue.").arg(id);
    return std::nullopt;
}

void StoredRunsBar::showRuns(const std::vector<ResumableRun>& runs) {
    const qint64 selected = m_list->currentIndex() >= 0 ? m_list->currentData().toLongLong() : 0;
    m_runs = runs;
    QSignalBlocker block(m_list);
    m_list->clear();
    for (const auto& run : m_runs) {
        QString text = tr("Run %1 · %2 · %3 · %4, %n measured", nullptr, static_cast<int>(run.measured))
                           .arg(run.id)
                           .arg(run.family, run.deviceLabel, runStatusText(run.status));
        if (!deviceOf(run)) text += tr(" (device not on this machine)");
        m_list->addItem(text, run.id);
        if (run.id == selected) m_list->setCurrentIndex(m_list->count() - 1);
    }
    if (m_list->currentIndex() < 0 && m_list->count() > 0) m_list->setCurrentIndex(0);
    m_list->setEnabled(m_list->count() > 0);
    m_continue->setEnabled(m_list->currentIndex() >= 0 &&
                           continueRequest(m_list->currentData().toLongLong()).has_value());
    if (m_list->count() == 0) m_list->setPlaceholderText(tr("(none: every stored run completed)"));
    Q_EMIT storedRunsChanged();
}

void StoredRunsBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        showRuns(std::vector<ResumableRun>(m_runs));
    }
    QWidget::changeEvent(event);
}

void StoredRunsBar::retranslateUi() {
    m_label->setText(tr("Stored runs to continue:"));
    m_continue->setText(tr("C&ontinue"));
    m_continue->setToolTip(tr("Continues the chosen run where it stopped (cancelled, or its process died): what "
                              "it measured is kept and not measured again."));
}

} // namespace kt::gui
