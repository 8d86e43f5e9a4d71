// Compare page: the store is read once per database on a worker thread; choosing family, devices, curve mode and peer
// routine only reduces what was read, on the GUI thread (a few thousand measurements at most per family).
#include "app/gui/pages/compare_page.hpp"

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/gui/models/best_parameters_model.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"
#include "core/engine/family.hpp"

namespace kt::gui {

namespace {
constexpr int kIdRole = Qt::UserRole;
} // namespace

ComparePage::ComparePage(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    m_familyLabel = new QLabel(this);
    m_family = new QComboBox(this);
    m_family->setObjectName(QStringLiteral("compareFamily"));
    m_family->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_modeLabel = new QLabel(this);
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("compareMode"));
    m_mode->addItem(QString(), static_cast<int>(CurveMode::BestPerSize));
    m_mode->addItem(QString(), static_cast<int>(CurveMode::BestSingleCandidate));
    m_peerLabel = new QLabel(this);
    m_peer = new QComboBox(this);
    m_peer->setObjectName(QStringLiteral("comparePeerRoutine"));
    m_peer->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_export = new QToolButton(this);
    m_export->setObjectName(QStringLiteral("compareExport"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(m_export);
    m_exportPng = menu->addAction(QString(), this, [this] { saveWithDialog(ExportFormat::Png); });
    m_exportPdf = menu->addAction(QString(), this, [this] { saveWithDialog(ExportFormat::Pdf); });
    m_exportSvg = menu->addAction(QString(), this, [this] { saveWithDialog(ExportFormat::Svg); });
    menu->addSeparator();
    m_exportCsv = menu->addAction(QString(), this, [this] { saveTableWithDialog(); });
    m_copy = new QAction(this);
    m_copy->setShortcut(QKeySequence::Copy);
    m_copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_copy, &QAction::triggered, this, &ComparePage::copyTable);
    menu->addAction(m_copy);
    m_export->setMenu(menu);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_familyLabel, m_family, m_modeLabel, m_mode, m_peerLabel, m_peer})
        controls->addWidget(w);
    controls->addStretch(1);
    controls->addWidget(m_export);
    layout->addLayout(controls);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);

    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(split);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_devicesLabel = new QLabel(left);
    m_devices = new QListWidget(left);
    m_devices->setObjectName(QStringLiteral("compareDevices"));
    // Long device names (PoCL's CPU names) keep their end, "(no results)", in view.
    m_devices->setTextElideMode(Qt::ElideMiddle);
    m_devices->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    leftLayout->addWidget(m_devicesLabel);
    leftLayout->addWidget(m_devices, 1);
    auto* right = new QSplitter(Qt::Vertical, split);
    m_plot = new ComparisonPlot(right);
    auto* tablePane = new QWidget(right);
    auto* tableLayout = new QVBoxLayout(tablePane);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_tableLabel = new QLabel(tablePane);
    m_table = new QTableView(tablePane);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_model = new BestParametersModel(this);
    m_table->setModel(m_model);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->addAction(m_copy);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tableLayout->addWidget(m_tableLabel);
    tableLayout->addWidget(m_table, 1);
    right->addWidget(m_plot);
    right->addWidget(tablePane);
    right->setSizes({400, 220});
    split->addWidget(left);
    split->addWidget(right);
    split->setSizes({230, 850});
    layout->addWidget(split, 1);

    connect(m_family, &QComboBox::currentIndexChanged, this, [this] { fillDevices(); });
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(m_peer, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(m_devices, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        const std::string id = item->data(kIdRole).toString().toStdString();
        if (item->checkState() == Qt::Checked)
            m_checked.insert(id);
        else
            m_checked.erase(id);
        fillPeerRoutines();
    });
    retranslateUi();
}

CurveMode ComparePage::curveMode() const { return static_cast<CurveMode>(m_mode->currentData().toInt()); }

void ComparePage::setDatabase(const QString& path) {
    m_database = path;
    reload();
}

void ComparePage::reload() {
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_note->setText(tr("Reading the results database…"));
    loadComparisonStoreAsync(this, m_database, [this, generation](ComparisonStore store, const QString& error) {
        if (generation != m_generation) return; // a newer load replaced this one
        m_loading = false;
        m_store = std::move(store);
        if (!error.isEmpty()) {
            m_store = {};
            fillFamilies();
            m_note->setText(tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(m_database), error));
            Q_EMIT loadFailed(error);
            return;
        }
        fillFamilies();
        std::set<std::string> measured;
        for (const auto& m : m_store.measurements) measured.insert(m.deviceId);
        Q_EMIT storeLoaded(static_cast<int>(measured.size()));
    });
}

void ComparePage::setLiveDevices(const std::vector<DeviceInfo>& devices) {
    m_live.clear();
    for (const auto& d : devices) m_live.emplace(d.stableId(), d);
    fillDevices();
}

void ComparePage::setFamily(const QString& family) {
    const int i = m_family->findData(family);
    if (i >= 0) m_family->setCurrentIndex(i);
}

QString ComparePage::deviceLabel(const std::string& id) const {
    if (auto it = m_store.devices.find(id); it != m_store.devices.end())
        return QString::fromStdString(it->second.label());
    if (auto it = m_live.find(id); it != m_live.end()) return QString::fromStdString(it->second.label());
    return QString::fromStdString(id);
}

void ComparePage::fillFamilies() {
    std::set<std::string> families;
    for (const auto& m : m_store.measurements) families.insert(m.family);
    const QString previous = m_family->currentData().toString();
    {
        const QSignalBlocker block(m_family);
        m_family->clear();
        for (const auto& name : families) {
            const auto family = FamilyRegistry::instance().find(name);
            if (family && family->internal()) continue;
            const QString id = QString::fromStdString(name);
            m_family->addItem(family ? QStringLiteral("%1 (%2)").arg(QString::fromStdString(family->title()), id) : id,
                              id);
        }
        int keep = m_family->findData(previous);
        if (keep < 0) {
            // First choice: the family measured on the most devices, as that is what there is to compare.
            std::map<std::string, std::set<std::string>> devices;
            for (const auto& m : m_store.measurements) devices[m.family].insert(m.deviceId);
            std::size_t most = 0;
            for (int i = 0; i < m_family->count(); ++i) {
                const std::size_t n = devices[m_family->itemData(i).toString().toStdString()].size();
                if (n > most) most = n, keep = i;
            }
        }
        if (keep >= 0) m_family->setCurrentIndex(keep);
    }
    fillDevices();
}

void ComparePage::fillDevices() {
    const std::string family = m_family->currentData().toString().toStdString();
    std::set<std::string> measured;
    for (const auto& m : m_store.measurements)
        if (m.family == family) measured.insert(m.deviceId);
    {
        const QSignalBlocker block(m_devices);
        m_devices->clear();
        auto add = [this](const std::string& id, bool hasResults) {
            const bool live = m_live.count(id) > 0;
            auto* item = new QListWidgetItem(hasResults ? deviceLabel(id) : tr("%1 (no results)").arg(deviceLabel(id)),
                                             m_devices);
            item->setData(kIdRole, QString::fromStdString(id));
            item->setToolTip(live ? tr("%1 — on this machine").arg(QString::fromStdString(id))
                                  : tr("%1 — from the results database").arg(QString::fromStdString(id)));
            if (!hasResults) {
                item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable));
                return;
            }
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            // First sight: checked, except replays of other devices (simulated), which would only repeat them.
            if (m_seen.insert(id).second) {
                const auto stored = m_store.devices.find(id);
                const bool simulated =
                    stored != m_store.devices.end() && stored->second.backend == BackendKind::Simulated;
                if (!simulated) m_checked.insert(id);
            }
            item->setCheckState(m_checked.count(id) ? Qt::Checked : Qt::Unchecked);
        };
        for (const auto& id : measured) add(id, true);
        for (const auto& [id, info] : m_live)
            if (!measured.count(id)) add(id, false);
    }
    fillPeerRoutines();
}

std::vector<std::string> ComparePage::checkedDevices() const {
    std::vector<std::string> out;
    for (int i = 0; i < m_devices->count(); ++i) {
        const auto* item = m_devices->item(i);
        if ((item->flags() & Qt::ItemIsUserCheckable) && item->checkState() == Qt::Checked)
            out.push_back(item->data(kIdRole).toString().toStdString());
    }
    return out;
}

bool ComparePage::setDeviceChecked(const std::string& stableId, bool checked) {
    for (int i = 0; i < m_devices->count(); ++i) {
        auto* item = m_devices->item(i);
        if (item->data(kIdRole).toString().toStdString() != stableId || !(item->flags() & Qt::ItemIsUserCheckable))
            continue;
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked); // itemChanged updates the plot
        return true;
    }
    return false;
}

void ComparePage::fillPeerRoutines() {
    // Variants (GEMM ops, …) come from what was benchmarked, not from family-specific knowledge.
    const std::string family = m_family->currentData().toString().toStdString();
    const std::vector<std::string> devices = checkedDevices();
    std::set<std::string> routines;
    for (const auto& p : m_store.peers)
        if (peerRoutineMatches(p.routine, family) && std::count(devices.begin(), devices.end(), p.deviceId))
            routines.insert(p.routine);
    const QString previous = m_peer->currentData().toString();
    {
        const QSignalBlocker block(m_peer);
        m_peer->clear();
        m_peer->addItem(routines.empty() ? tr("none measured") : tr("all"), QString());
        for (const auto& r : routines) m_peer->addItem(QString::fromStdString(r), QString::fromStdString(r));
        const int keep = m_peer->findData(previous);
        if (keep >= 0) m_peer->setCurrentIndex(keep);
    }
    m_peer->setEnabled(!routines.empty());
    recompute();
}

void ComparePage::recompute() {
    const std::string familyName = m_family->currentData().toString().toStdString();
    const auto family = FamilyRegistry::instance().find(familyName);
    const Metric metric = family ? family->metric() : Metric::GFlops;
    QStringList dims;
    if (family)
        for (const auto& d : family->sizeDimensions()) dims << QString::fromStdString(d);
    m_plot->setMetric(metric, dims);
    const CurveMode mode = curveMode();
    const std::string routine = m_peer->currentData().toString().toStdString();

    std::vector<ComparisonCurve> curves;
    std::vector<ComparisonCurve> peerLines; // after the devices' own curves, so graph i < devices is device i
    std::vector<CurveSource> peerSources;
    std::vector<BestParametersColumn> columns;
    m_sources.clear();
    const std::vector<std::string> devices = checkedDevices();
    std::optional<DeviceInfo> firstDevice;
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const std::string& id = devices[i];
        const QColor color = deviceColor(static_cast<int>(i));
        const QString label = deviceLabel(id);
        const DeviceComparison comparison = compareDevice(m_store.measurements, id, familyName);
        ComparisonCurve curve{label, color, false, {}, {}};
        for (const auto& p : comparison.curve(mode)) {
            curve.x << sizeCoordinate(p.size, dims);
            curve.y << p.value;
        }
        curves.push_back(curve);
        m_sources.push_back({id, {}, {}});
        BestParametersColumn column{label, comparison.peak(mode), std::nullopt, {}};
        for (const auto& peer : peerCurves(m_store.peers, id, familyName, routine)) {
            ComparisonCurve line{
                tr("%1 %2 · %3").arg(peerDisplayName(peer.peer), QString::fromStdString(peer.routine), label),
                color,
                true,
                {},
                {}};
            for (const auto& p : peer.points) {
                line.x << sizeCoordinate(p.size, dims);
                line.y << p.value;
                if (!column.peerValue || p.value > *column.peerValue) {
                    column.peerValue = p.value;
                    column.peerName =
                        QStringLiteral("%1 %2").arg(peerDisplayName(peer.peer), QString::fromStdString(peer.routine));
                }
            }
            peerLines.push_back(line);
            peerSources.push_back({id, peer.peer, peer.routine});
        }
        columns.push_back(column);
        if (!firstDevice) {
            if (auto it = m_store.devices.find(id); it != m_store.devices.end()) firstDevice = it->second;
        }
    }
    curves.insert(curves.end(), peerLines.begin(), peerLines.end());
    m_sources.insert(m_sources.end(), peerSources.begin(), peerSources.end());
    m_plot->setCurves(curves);

    std::vector<std::string> parameters;
    QStringList descriptions;
    if (family) {
        try {
            // The space is held here: parameters() refers into it (a range-for over a temporary's member dangles).
            const ParameterSpace space = family->space(firstDevice.value_or(DeviceInfo{}));
            for (const auto& p : space.parameters()) {
                parameters.push_back(p.name);
                descriptions << QString::fromStdString(p.description);
            }
        } catch (const std::exception&) {
            // The rows then come from the stored keys alone.
        }
    }
    m_model->set(std::move(parameters), descriptions, std::move(columns), metric);

    if (!m_loading) {
        QString note;
        if (m_store.measurements.empty())
            note = tr("No successful measurements in this database yet: tune a "
                      "family on one or more devices first.");
        else if (devices.empty())
            note = tr("Check one or more devices to compare.");
        else if (mode == CurveMode::BestPerSize)
            note = tr("Solid: the fastest candidate at each size. Dashed: vendor "
                      "libraries measured with `ktune "
                      "bench`. The table shows the parameters of each device's "
                      "fastest measured candidate.");
        else
            note = tr("Solid: one candidate per device over all sizes (measured at "
                      "the most sizes, highest mean). "
                      "Dashed: vendor libraries. The table shows that candidate's "
                      "parameters and its best value.");
        m_note->setText(note);
    }
    Q_EMIT updated();
}

bool ComparePage::exportPlot(const QString& path, ExportFormat format, QString* error) {
    return m_plot->exportTo(path, format, error);
}

bool ComparePage::exportTableCsv(const QString& path, QString* error) {
    const QByteArray bytes = m_model->toDelimited(QLatin1Char(',')).toUtf8();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void ComparePage::copyTable() {
    QList<int> rows, columns;
    if (auto* selection = m_table->selectionModel()) {
        for (const QModelIndex& index : selection->selectedIndexes()) {
            if (!rows.contains(index.row())) rows << index.row();
            if (!columns.contains(index.column())) columns << index.column();
        }
    }
    QApplication::clipboard()->setText(m_model->toDelimited(QLatin1Char('\t'), rows, columns));
    Q_EMIT statusMessage(tr("Table copied (tab-separated)."));
}

void ComparePage::reportError(const QString& message) {
    m_note->setText(message);
    Q_EMIT statusMessage(message);
    QMessageBox::warning(this, tr("Export failed"), message);
}

void ComparePage::saveWithDialog(ExportFormat format) {
    const char* suffix = format == ExportFormat::Png ? "png" : format == ExportFormat::Pdf ? "pdf" : "svg";
    const QString filter = format == ExportFormat::Png   ? tr("PNG images (*.png)")
                           : format == ExportFormat::Pdf ? tr("PDF documents (*.pdf)")
                                                         : tr("SVG images (*.svg)");
    const QString start =
        QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
            .filePath(
                QStringLiteral("comparison-%1.%2").arg(m_family->currentData().toString(), QLatin1String(suffix)));
    QString path = QFileDialog::getSaveFileName(this, tr("Save plot"), start, filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + QLatin1String(suffix);
    // A name typed with another known suffix ("plot.svg" in the PNG dialog) gets what its name says.
    format = ComparisonPlot::formatForPath(path).value_or(format);
    QString error;
    if (!exportPlot(path, format, &error))
        reportError(error);
    else
        Q_EMIT statusMessage(tr("Plot saved to %1").arg(QDir::toNativeSeparators(path)));
}

void ComparePage::saveTableWithDialog() {
    const QString start =
        QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
            .filePath(QStringLiteral("best-parameters-%1.csv").arg(m_family->currentData().toString()));
    QString path = QFileDialog::getSaveFileName(this, tr("Save table"), start, tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".csv");
    QString error;
    if (!exportTableCsv(path, &error))
        reportError(error);
    else
        Q_EMIT statusMessage(tr("Table saved to %1").arg(QDir::toNativeSeparators(path)));
}

void ComparePage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void ComparePage::retranslateUi() {
    m_familyLabel->setText(tr("Family:"));
    m_modeLabel->setText(tr("Curve:"));
    m_mode->setItemText(0, tr("Best candidate per size"));
    m_mode->setItemText(1, tr("Best single candidate"));
    m_mode->setToolTip(tr("Per size: what a dispatch rule over several kernels "
                          "reaches. Single: the one kernel that "
                          "does best over all measured sizes."));
    m_peerLabel->setText(tr("Peer routine:"));
    m_peer->setToolTip(tr("Vendor library results stored by `ktune bench` for "
                          "this family (and its variants)"));
    m_export->setText(tr("Export"));
    m_exportPng->setText(tr("Plot as &PNG…"));
    m_exportPdf->setText(tr("Plot as P&DF…"));
    m_exportSvg->setText(tr("Plot as &SVG…"));
    m_exportCsv->setText(tr("Table as &CSV…"));
    m_copy->setText(tr("&Copy table"));
    m_devicesLabel->setText(tr("Devices:"));
    m_tableLabel->setText(tr("Best parameters per device"));
    fillDevices(); // item texts ("(no results)", "all") depend on the language
}

} // namespace kt::gui
