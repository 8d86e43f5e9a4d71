// Device details: labels are translated by their untranslated key so a language change just re-runs tr().
#include "app/gui/pages/device_details_widget.hpp"

#include <QDateTime>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/gui/format.hpp"
#include "app/gui/models/device_tree_model.hpp"

namespace kt::gui {

namespace {
// Spelled out (no helper macro) because lupdate does not expand macros.
constexpr const char* kDeviceFields[] = {
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Name"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Vendor"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Type"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Backend"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Platform"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Device index"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Stable id"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Replays"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Driver version"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Runtime version"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Compute units"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Clock"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Global memory"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Local memory"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Max. allocation"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Max. work-group size"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Max. work-item sizes"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Double precision (fp64)"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "64-bit atomics"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Image reads"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Compute capability"),
};
constexpr const char* kProfileFields[] = {
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Copy bandwidth"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "fp32 peak"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "fp64 peak"),
    QT_TRANSLATE_NOOP("kt::gui::DeviceDetailsWidget", "Measured at"),
};
} // namespace

DeviceDetailsWidget::DeviceDetailsWidget(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    m_originNote = new QLabel(this);
    m_originNote->setObjectName(QStringLiteral("originNote"));
    m_originNote->setWordWrap(true);
    layout->addWidget(m_originNote);

    m_placeholder = new QLabel(this);
    m_placeholder->setWordWrap(true);
    layout->addWidget(m_placeholder);

    m_deviceBox = new QGroupBox(this);
    // Grids, not QFormLayouts: Qt 6.4's QFormLayout writes past a heap block in heightForWidth when rows of
    // word-wrapped labels are hidden (seen with valgrind; a random crash of --screenshot), and rows are hidden here.
    auto* deviceForm = new QGridLayout(m_deviceBox);
    deviceForm->setColumnStretch(1, 1);
    for (const char* key : kDeviceFields) addRow(deviceForm, m_rows, key);
    layout->addWidget(m_deviceBox);

    m_profileBox = new QGroupBox(this);
    auto* profileLayout = new QVBoxLayout(m_profileBox);
    m_profileState = new QLabel(m_profileBox);
    m_profileState->setWordWrap(true);
    profileLayout->addWidget(m_profileState);
    auto* profileForm = new QGridLayout;
    profileForm->setColumnStretch(1, 1);
    for (const char* key : kProfileFields) addRow(profileForm, m_rows, key);
    profileLayout->addLayout(profileForm);
    m_profileButton = new QPushButton(m_profileBox);
    m_profileButton->setObjectName(QStringLiteral("profileButton"));
    connect(m_profileButton, &QPushButton::clicked, this, &DeviceDetailsWidget::profileRequested);
    auto* buttonRow = new QHBoxLayout;
    buttonRow->addWidget(m_profileButton);
    buttonRow->addStretch();
    profileLayout->addLayout(buttonRow);
    layout->addWidget(m_profileBox);
    layout->addStretch();

    retranslateUi();
}

QLabel* DeviceDetailsWidget::addRow(QGridLayout* form, std::vector<Row>& rows, const char* key) {
    auto* label = new QLabel(this);
    auto* value = new QLabel(this);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    // An empty QGridLayout reports one row: the first field goes to row 0, every later one below the last.
    const int row = form->rowCount() == 1 && !form->itemAtPosition(0, 0) ? 0 : form->rowCount();
    form->addWidget(label, row, 0, Qt::AlignLeft | Qt::AlignTop);
    form->addWidget(value, row, 1);
    rows.push_back({key, label, value});
    return value;
}

void DeviceDetailsWidget::set(const char* key, const QString& text) {
    for (auto& row : m_rows)
        if (qstrcmp(row.key, key) == 0) {
            row.value->setText(text);
            // Rows without a value (e.g. compute capability on OpenCL) are hidden rather than shown empty.
            row.label->setVisible(!text.isEmpty());
            row.value->setVisible(!text.isEmpty());
        }
}

QString DeviceDetailsWidget::fieldText(const char* key) const {
    for (const auto& row : m_rows)
        if (qstrcmp(row.key, key) == 0) return row.value->text();
    return {};
}

QString DeviceDetailsWidget::originText() const { return m_originNote->isHidden() ? QString() : m_originNote->text(); }
QString DeviceDetailsWidget::profileStateText() const { return m_profileState->text(); }
QString DeviceDetailsWidget::profileButtonText() const { return m_profileButton->text(); }

void DeviceDetailsWidget::setDevice(const DeviceInfo* info, const DeviceSource* source) {
    if (info)
        m_device = *info;
    else
        m_device.reset();
    m_origin = source ? source->origin : DeviceOrigin::Live;
    m_storeName = source ? QString::fromStdString(source->storeName) : QString();
    refresh();
}

namespace {
// "2026-11-22T03:00:00Z" in the user's locale; the raw text when it is not ISO-8601.
QString measuredDate(const std::string& iso) {
    const QString text = QString::fromStdString(iso);
    const QDateTime when = QDateTime::fromString(text, Qt::ISODate);
    return when.isValid() ? QLocale().toString(when.toUTC(), QLocale::ShortFormat) + QStringLiteral(" UTC") : text;
}
} // namespace

void DeviceDetailsWidget::setProfilerAvailable(bool available) {
    m_profilerAvailable = available;
    refresh();
}

void DeviceDetailsWidget::setProfiling(bool running) {
    m_profiling = running;
    refresh();
}

void DeviceDetailsWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void DeviceDetailsWidget::retranslateUi() {
    m_deviceBox->setTitle(tr("Device"));
    m_profileBox->setTitle(tr("Measured profile"));
    for (auto& row : m_rows) row.label->setText(tr("%1:").arg(tr(row.key)));
    refresh();
}

void DeviceDetailsWidget::refresh() {
    const bool has = m_device.has_value();
    m_deviceBox->setVisible(has);
    m_profileBox->setVisible(has);
    m_placeholder->setVisible(!has);
    m_originNote->setVisible(has && m_origin != DeviceOrigin::Live);
    if (!has) {
        m_title->setText(tr("No device selected"));
        m_placeholder->setText(tr("Select a device in the tree to see its properties."));
        return;
    }
    const DeviceInfo& d = *m_device;
    const auto qs = [](const std::string& s) { return s.empty() ? tr("unknown") : QString::fromStdString(s); };
    m_title->setText(m_origin == DeviceOrigin::Simulated ? tr("%1 (simulated)").arg(QString::fromStdString(d.name))
                                                         : QString::fromStdString(d.name));
    if (m_origin == DeviceOrigin::Simulated)
        m_originNote->setText(tr("Simulated device: runs replay the measurements of %1 stored in %2; no kernel runs "
                                 "and nothing is measured.")
                                  .arg(QString::fromStdString(d.replayOf), m_storeName));
    else if (m_origin == DeviceOrigin::Stored)
        m_originNote->setText(tr("Stored in %1 (measured on another machine); not present here. Check its simulated "
                                 "twin to replay its results.")
                                  .arg(m_storeName));
    set("Name", qs(d.name));
    set("Vendor", qs(d.vendor));
    set("Type", DeviceTreeModel::deviceTypeText(d.type));
    set("Backend", DeviceTreeModel::backendTitle(d.backend));
    set("Platform", tr("%1 (index %2)").arg(qs(d.platform)).arg(d.platformIndex));
    set("Device index", QString::number(d.deviceIndex));
    set("Stable id", QString::fromStdString(d.stableId()));
    set("Replays", d.replayOf.empty()
                       ? QString()
                       : tr("%1 (stored in %2)").arg(QString::fromStdString(d.replayOf), m_storeName));
    set("Driver version", qs(d.driverVersion));
    set("Runtime version", qs(d.runtimeVersion));
    set("Compute units", d.computeUnits > 0 ? QString::number(d.computeUnits) : tr("unknown"));
    set("Clock", Format::megahertz(d.clockMHz));
    set("Global memory", Format::bytes(d.globalMemBytes));
    set("Local memory", Format::bytes(d.localMemBytes));
    set("Max. allocation", Format::bytes(d.maxAllocBytes));
    set("Max. work-group size", d.maxWorkGroupSize > 0 ? QString::number(d.maxWorkGroupSize) : tr("unknown"));
    set("Max. work-item sizes", QStringLiteral("%1 × %2 × %3")
                                    .arg(d.maxWorkItemSizes[0])
                                    .arg(d.maxWorkItemSizes[1])
                                    .arg(d.maxWorkItemSizes[2]));
    set("Double precision (fp64)", Format::yesNo(d.fp64));
    set("64-bit atomics", Format::yesNo(d.atomics64));
    // GEMM_IMAGE_A/B: 1-D image views of buffers (OpenCL) or the read-only cache (CUDA), up to this many texels.
    set("Image reads", d.images ? tr("yes, up to %1 texels").arg(QLocale().toString(qulonglong(d.maxImageBufferTexels)))
                                : Format::yesNo(false));
    set("Compute capability", d.backend == BackendKind::Cuda ? QStringLiteral("%1.%2")
                                                                   .arg(d.computeCapabilityMajor)
                                                                   .arg(d.computeCapabilityMinor)
                                                             : QString());

    if (d.profile) {
        m_profileState->setText(
            tr("Measured on %1 by the profile microbenchmarks.").arg(measuredDate(d.profile->measuredAt)));
        set("Copy bandwidth", Format::gigabytesPerSecond(d.profile->copyBandwidthGBs));
        set("fp32 peak", Format::gigaflops(d.profile->fp32PeakGFlops));
        set("fp64 peak", Format::gigaflops(d.profile->fp64PeakGFlops));
        set("Measured at", qs(d.profile->measuredAt));
    } else {
        m_profileState->setText(tr("Not measured yet."));
        for (const char* key : kProfileFields) set(key, QString());
    }
    m_profileButton->setText(m_profiling ? tr("Profiling…") : d.profile ? tr("Re-profile") : tr("Profile"));
    m_profileButton->setEnabled(m_profilerAvailable && !m_profiling);
    QString why;
    if (m_profilerAvailable)
        why = d.profile ? tr("Measure copy bandwidth and fp32/fp64 peak rates again; the new profile is stored next to "
                             "the earlier ones.")
                        : tr("Measure copy bandwidth and fp32/fp64 peak rates on a worker thread.");
    else if (m_origin == DeviceOrigin::Simulated)
        why = tr("A simulated device runs no kernels; profile the real device on its machine.");
    else if (m_origin == DeviceOrigin::Stored)
        why = tr("This device is not present here; profile it on its machine.");
    else
        why = tr("This build has no device profiler yet (kernels/profile).");
    m_profileButton->setToolTip(why);
}

} // namespace kt::gui
