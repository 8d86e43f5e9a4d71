// Export dialog: the store's inventory is read on a worker thread; the export runs in an ExportJob.
#include "app/gui/dialogs/export_dialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace kt::gui {

ExportDialog::ExportDialog(const QString& database, QWidget* parent) : QDialog(parent), m_database(database) {
    setObjectName(QStringLiteral("exportDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* grid = new QGridLayout;
    m_deviceLabel = new QLabel(this);
    m_device = new QComboBox(this);
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_familiesLabel = new QLabel(this);
    m_families = new QListWidget(this);
    m_families->setMaximumHeight(140);
    m_depthLabel = new QLabel(this);
    m_depth = new QSpinBox(this);
    m_depth->setRange(0, 8);
    m_depth->setValue(3);
    m_folderLabel = new QLabel(this);
    m_folder = new QLineEdit(this);
    m_browse = new QPushButton(this);
    m_replace = new QCheckBox(this);
    m_configure = new QCheckBox(this);
    m_configure->setChecked(true);
    grid->addWidget(m_deviceLabel, 0, 0);
    grid->addWidget(m_device, 0, 1, 1, 2);
    grid->addWidget(m_familiesLabel, 1, 0, Qt::AlignTop);
    grid->addWidget(m_families, 1, 1, 1, 2);
    grid->addWidget(m_depthLabel, 2, 0);
    grid->addWidget(m_depth, 2, 1);
    grid->addWidget(m_folderLabel, 3, 0);
    grid->addWidget(m_folder, 3, 1);
    grid->addWidget(m_browse, 3, 2);
    grid->addWidget(m_replace, 4, 1, 1, 2);
    grid->addWidget(m_configure, 5, 1, 1, 2);
    layout->addLayout(grid);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1);
    m_bar->setValue(0);
    layout->addWidget(m_bar);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    layout->addWidget(m_log, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    m_export = new QPushButton(this);
    m_export->setDefault(true);
    m_close = new QPushButton(this);
    buttons->addWidget(m_export);
    buttons->addWidget(m_close);
    layout->addLayout(buttons);
    resize(640, 520);

    connect(m_device, &QComboBox::currentIndexChanged, this, [this] { fillFamilies(); });
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Package folder"), m_folder->text());
        if (!dir.isEmpty()) m_folder->setText(QDir::toNativeSeparators(dir));
    });
    connect(m_export, &QPushButton::clicked, this, [this] { startExport(); });
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    retranslateUi();

    m_loading = true;
    setRunning(true);
    auto* watcher = new QFutureWatcher<ExportInventory>(this);
    connect(watcher, &QFutureWatcher<ExportInventory>::finished, this, [this, watcher] {
        m_inventory = watcher->result();
        watcher->deleteLater();
        m_loading = false;
        setRunning(false);
        for (const auto& d : m_inventory.devices)
            m_device->addItem(QString::fromStdString(d.info.label()), QString::fromStdString(d.info.stableId()));
        if (!m_inventory.error.isEmpty())
            m_status->setText(m_inventory.error);
        else if (m_inventory.devices.empty())
            m_status->setText(tr("Nothing is tuned in this store yet."));
        fillFamilies();
        Q_EMIT inventoryLoaded(static_cast<int>(m_inventory.devices.size()));
    });
    watcher->setFuture(QtConcurrent::run(readExportInventory, m_database));
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::fillFamilies() {
    m_families->clear();
    const int index = m_device->currentIndex();
    if (index < 0 || index >= static_cast<int>(m_inventory.devices.size())) return;
    for (const QString& family : m_inventory.devices[static_cast<std::size_t>(index)].families) {
        auto* item = new QListWidgetItem(family, m_families);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
}

bool ExportDialog::startExport() {
    if (m_loading || (m_job && m_job->isActive())) return false;
    ExportJobRequest request;
    request.database = m_database;
    request.deviceId = m_device->currentData().toString();
    for (int i = 0; i < m_families->count(); ++i)
        if (m_families->item(i)->checkState() == Qt::Checked) request.families << m_families->item(i)->text();
    request.out = QDir::fromNativeSeparators(m_folder->text().trimmed());
    request.depth = m_depth->value();
    request.replace = m_replace->isChecked();
    request.configure = m_configure->isChecked();
    request.cmake = m_cmake;
    if (request.deviceId.isEmpty()) {
        m_status->setText(tr("Choose a device."));
        return false;
    }
    if (request.families.isEmpty()) {
        m_status->setText(tr("Check at least one family."));
        return false;
    }
    if (request.out.isEmpty()) {
        m_status->setText(tr("Choose the package folder (new or empty)."));
        return false;
    }
    m_log->clear();
    m_job = std::make_unique<ExportJob>(std::move(request));
    connect(m_job.get(), &ExportJob::progressLine, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_job.get(), &ExportJob::written, this, [this](const QStringList& routines) {
        m_status->setText(tr("Written: %1.").arg(routines.join(QStringLiteral(", "))));
    });
    connect(m_job.get(), &ExportJob::configureStarted, this,
            [this] { m_status->setText(tr("Checking that the package configures…")); });
    connect(m_job.get(), &ExportJob::finished, this, [this](bool ok, const QString& message) {
        setRunning(false);
        m_bar->setRange(0, 1);
        m_bar->setValue(ok ? 1 : 0);
        QString text = message;
        if (!m_job->skipped().isEmpty())
            text += QLatin1Char('\n') + tr("Skipped: %1").arg(m_job->skipped().join(QStringLiteral("; ")));
        m_status->setText(text);
        Q_EMIT exportFinished(ok, message);
    });
    setRunning(true);
    m_bar->setRange(0, 0);
    m_status->setText(tr("Exporting…"));
    m_job->start();
    return true;
}

void ExportDialog::setRunning(bool running) {
    for (QWidget* w : std::initializer_list<QWidget*>{m_device, m_families, m_depth, m_folder, m_browse, m_replace,
                                                      m_configure, m_export, m_close})
        w->setEnabled(!running);
}

void ExportDialog::reject() {
    if (m_job && m_job->isActive()) return; // the writer cannot be interrupted half-way; it is short
    QDialog::reject();
}

void ExportDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QDialog::changeEvent(event);
}

void ExportDialog::retranslateUi() {
    setWindowTitle(tr("Export tuned kernel package"));
    m_deviceLabel->setText(tr("Device:"));
    m_familiesLabel->setText(tr("Families:"));
    m_depthLabel->setText(tr("Dispatch depth:"));
    m_depth->setToolTip(tr("Depth of each family's dispatch tree over its sizes: at most 2^depth variants"));
    m_folderLabel->setText(tr("Package folder:"));
    m_browse->setText(tr("Browse…"));
    m_replace->setText(tr("Replace an earlier package in this folder"));
    m_configure->setText(tr("Check that the package configures (cmake -S folder -B folder/build)"));
    m_export->setText(tr("Export"));
    m_close->setText(tr("Close"));
}

} // namespace kt::gui
