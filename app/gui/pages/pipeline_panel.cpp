// Size pipeline panel: the controls → PipelineRequest; progress and the outcome → the status line.
#include "app/gui/pages/pipeline_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>

#include "core/engine/family.hpp"

namespace kt::gui {

PipelinePanel::PipelinePanel(QWidget* parent) : QGroupBox(parent) {
    setObjectName(QStringLiteral("pipelinePanel"));
    auto* grid = new QGridLayout(this);
    m_deviceLabel = new QLabel(this);
    m_device = new QComboBox(this);
    m_device->setObjectName(QStringLiteral("pipelineDevice"));
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_familyLabel = new QLabel(this);
    m_family = new QComboBox(this);
    m_family->setObjectName(QStringLiteral("pipelineFamily"));
    m_budgetLabel = new QLabel(this);
    m_budget = new QSpinBox(this);
    m_budget->setRange(0, 10000000);
    m_budget->setValue(0);
    m_finalistsLabel = new QLabel(this);
    m_finalists = new QSpinBox(this);
    m_finalists->setRange(1, 100);
    m_finalists->setValue(10);
    m_ranksLabel = new QLabel(this);
    m_ranks = new QSpinBox(this);
    m_ranks->setRange(1, 1000);
    m_ranks->setValue(25);
    m_keepChampions = new QCheckBox(this);
    m_keepChampions->setObjectName(QStringLiteral("pipelineKeepChampions"));
    m_incrementalLabel = new QLabel(this);
    m_incremental = new QSpinBox(this);
    // 1 is not a choice: incremental sampling starts from at least two sizes; the special value 0 means "all".
    m_incremental->setRange(0, 10000);
    m_incremental->setValue(0);
    connect(m_incremental, &QSpinBox::valueChanged, this, [this](int v) {
        if (v == 1) m_incremental->setValue(2);
    });
    m_representativeLabel = new QLabel(this);
    m_representative = new QLineEdit(this);
    m_detailLabel = new QLabel(this);
    m_detail = new QLineEdit(this);
    m_start = new QPushButton(this);
    m_start->setObjectName(QStringLiteral("pipelineStart"));
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("pipelineCancel"));
    m_cancel->setEnabled(false);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1);
    m_bar->setValue(0);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("pipelineStatus"));
    m_status->setWordWrap(true);

    grid->addWidget(m_deviceLabel, 0, 0);
    grid->addWidget(m_device, 0, 1);
    grid->addWidget(m_familyLabel, 0, 2);
    grid->addWidget(m_family, 0, 3);
    grid->addWidget(m_budgetLabel, 0, 4);
    grid->addWidget(m_budget, 0, 5);
    grid->addWidget(m_finalistsLabel, 0, 6);
    grid->addWidget(m_finalists, 0, 7);
    grid->addWidget(m_representativeLabel, 1, 0);
    grid->addWidget(m_representative, 1, 1, 1, 3);
    grid->addWidget(m_detailLabel, 1, 4);
    grid->addWidget(m_detail, 1, 5, 1, 3);
    grid->addWidget(m_ranksLabel, 2, 0);
    grid->addWidget(m_ranks, 2, 1);
    grid->addWidget(m_incrementalLabel, 2, 2);
    grid->addWidget(m_incremental, 2, 3);
    grid->addWidget(m_keepChampions, 2, 4, 1, 4);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_bar, 1);
    grid->addLayout(buttons, 3, 0, 1, 8);
    grid->addWidget(m_status, 4, 0, 1, 8);

    connect(m_start, &QPushButton::clicked, this, [this] { start(); });
    connect(m_cancel, &QPushButton::clicked, this, [this] { cancel(); });
    fillFamilies();
    retranslateUi();
}

PipelinePanel::~PipelinePanel() = default;

void PipelinePanel::setDevices(const std::vector<DeviceInfo>& devices) {
    m_devices = devices;
    const QString previous = m_device->currentData().toString();
    m_device->clear();
    for (const auto& d : m_devices)
        m_device->addItem(QString::fromStdString(d.label()), QString::fromStdString(d.stableId()));
    const int keep = m_device->findData(previous);
    if (keep >= 0) m_device->setCurrentIndex(keep);
    fillFamilies(); // families registered since (tests) show up too
}

void PipelinePanel::fillFamilies() {
    const QString previous = m_family->currentText();
    m_family->clear();
    // The pipeline derives a rule over n: only families with one size dimension.
    for (const auto& family : FamilyRegistry::instance().all())
        if (family->sizeDimensions().size() == 1) m_family->addItem(QString::fromStdString(family->name()));
    const int keep = m_family->findText(previous);
    if (keep >= 0) m_family->setCurrentIndex(keep);
}

bool PipelinePanel::start() {
    if (m_run && m_run->isActive()) return false;
    const int index = m_device->currentIndex();
    if (index < 0 || index >= static_cast<int>(m_devices.size()) || m_family->currentIndex() < 0) {
        m_status->setText(tr("Choose a device and a family with one size dimension."));
        return false;
    }
    PipelineRequest request;
    request.device = m_devices[static_cast<std::size_t>(index)];
    request.family = m_family->currentText();
    request.database = m_database;
    request.maxEvaluations = static_cast<std::uint64_t>(m_budget->value());
    request.finalists = static_cast<std::size_t>(m_finalists->value());
    request.ranks = static_cast<std::size_t>(m_ranks->value());
    request.keepChampions = m_keepChampions->isChecked();
    request.incrementalInitial = static_cast<std::size_t>(m_incremental->value());
    try {
        request.representative = parsePipelineSizes(m_representative->text());
        request.detail = parsePipelineSizes(m_detail->text());
    } catch (const std::invalid_argument& e) {
        m_status->setText(tr("Sizes: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    if (!request.detail.empty()) {
        auto lo = request.detail.front().dims[0], hi = lo;
        for (const auto& s : request.detail) lo = std::min(lo, s.dims[0]), hi = std::max(hi, s.dims[0]);
        if (lo == hi) {
            m_status->setText(tr("The detail sizes need at least two distinct sizes: the rule covers their range."));
            return false;
        }
    }
    m_run = std::make_unique<PipelineRun>(std::move(request),
                                          m_factory ? m_factory : defaultPipelineExecutorFactory(m_database));
    connect(m_run.get(), &PipelineRun::progressChanged, this, &PipelinePanel::showProgress);
    connect(m_run.get(), &PipelineRun::finished, this, &PipelinePanel::finished);
    setRunning(true);
    m_bar->setRange(0, 0); // busy until the first progress estimate
    m_status->setText(tr("Starting…"));
    m_run->start();
    return true;
}

void PipelinePanel::cancel() {
    if (m_run && m_run->isActive()) {
        m_run->cancel();
        m_status->setText(tr("Cancelling after the current candidate…"));
    }
}

void PipelinePanel::showProgress(const PipelineProgressInfo& progress) {
    if (progress.total > 0) {
        m_bar->setRange(0, static_cast<int>(std::min<quint64>(progress.total, 1u << 30)));
        m_bar->setValue(static_cast<int>(std::min(progress.done, progress.total)));
    }
    m_status->setText(tr("Phase: %1 — %2 of %3 evaluations, %4 measurements")
                          .arg(progress.phase.isEmpty() ? tr("starting") : progress.phase)
                          .arg(progress.done)
                          .arg(progress.total)
                          .arg(progress.measured));
}

void PipelinePanel::finished(RunStatus status, const QString& message) {
    setRunning(false);
    const auto& outcome = m_run->outcome();
    m_bar->setRange(0, 1);
    m_bar->setValue(status == RunStatus::Completed ? 1 : 0);
    if (status == RunStatus::Completed)
        m_status->setText(tr("Run %1: rule %2 stored with %3 intervals (%4 measurements). %5")
                              .arg(outcome.runId)
                              .arg(outcome.ruleId)
                              .arg(outcome.rule.intervals.size())
                              .arg(outcome.measurements)
                              .arg(message));
    else if (status == RunStatus::Failed)
        m_status->setText(tr("Failed: %1").arg(message));
    else
        m_status->setText(tr("Run %1 %2; continue it with: ktune pipeline --resume %1")
                              .arg(outcome.runId)
                              .arg(QString::fromStdString(toString(status))));
    Q_EMIT pipelineFinished(status, QString::fromStdString(m_run->request().device.stableId()),
                            m_run->request().family);
}

void PipelinePanel::setRunning(bool running) {
    m_start->setEnabled(!running);
    m_cancel->setEnabled(running);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_device, m_family, m_budget, m_finalists, m_ranks, m_keepChampions,
                                        m_incremental, m_representative, m_detail})
        w->setEnabled(!running);
}

void PipelinePanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QGroupBox::changeEvent(event);
}

void PipelinePanel::retranslateUi() {
    setTitle(tr("Size pipeline: sieve, detailed sampling, d-spline fits and a dispatch rule"));
    m_deviceLabel->setText(tr("Device:"));
    m_familyLabel->setText(tr("Family:"));
    m_budgetLabel->setText(tr("Budget:"));
    m_budget->setSpecialValueText(tr("no limit"));
    m_budget->setToolTip(tr("Most evaluations (one kernel at one size) of the sieve; 0: every valid point"));
    m_finalistsLabel->setText(tr("Finalists:"));
    m_finalists->setToolTip(tr("Kernels sampled over the detail sizes and fitted"));
    m_ranksLabel->setText(tr("Ranks:"));
    m_ranks->setToolTip(tr("Kernels that score per sieve size: rank r of R scores (R − r)/R"));
    m_keepChampions->setText(tr("Keep each sieve size's winner"));
    m_keepChampions->setToolTip(tr("The fastest kernel at each sieve size is a finalist whatever its points, so a "
                                   "kernel best only at the largest size can still win there in the rule"));
    m_incrementalLabel->setText(tr("Incremental:"));
    m_incremental->setSpecialValueText(tr("every detail size"));
    m_incremental->setToolTip(tr("Sample the finalists at this many detail sizes first, then only where the fits "
                                 "leave the winner uncertain"));
    m_representativeLabel->setText(tr("Sieve sizes:"));
    m_representative->setPlaceholderText(tr("1000,2800,4600,6400,8200,10000 (default)"));
    m_detailLabel->setText(tr("Detail sizes:"));
    m_detail->setPlaceholderText(tr("100:10000:48 (from:to:count, default) or a list"));
    m_start->setText(tr("Run pipeline"));
    m_cancel->setText(tr("Cancel"));
}

} // namespace kt::gui
