// Devices page wiring: enumeration results and the store's devices (with their simulated twins) fill the model,
// selection drives the details, check boxes choose the devices of the next run, Profile runs the profiler service
// and writes the measured profile back into the model and the store.
#include "app/gui/pages/devices_page.hpp"

#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/gui/models/device_merge.hpp"
#include "app/gui/models/device_tree_model.hpp"
#include "app/gui/pages/device_details_widget.hpp"
#include "app/gui/services/profile_service.hpp"
#include "app/gui/services/store_service.hpp"

namespace kt::gui {

DevicesPage::DevicesPage(DeviceEnumerationService* enumeration, ProfileService* profiler, StoreService* store,
                         QWidget* parent)
    : QWidget(parent),
      m_enumeration(enumeration),
      m_profiler(profiler),
      m_store(store),
      m_model(new DeviceTreeModel(this)) {
    auto* layout = new QVBoxLayout(this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("devicesSplitter"));

    auto* left = new QWidget(m_splitter);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* header = new QHBoxLayout;
    m_summary = new QLabel(left);
    m_summary->setWordWrap(true);
    m_refresh = new QPushButton(left);
    header->addWidget(m_summary, 1);
    header->addWidget(m_refresh);
    leftLayout->addLayout(header);
    m_tree = new QTreeView(left);
    m_tree->setObjectName(QStringLiteral("deviceTree"));
    m_tree->setModel(m_model);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    leftLayout->addWidget(m_tree);
    m_checkedNote = new QLabel(left);
    m_checkedNote->setObjectName(QStringLiteral("checkedNote"));
    m_checkedNote->setWordWrap(true);
    leftLayout->addWidget(m_checkedNote);

    auto* scroll = new QScrollArea(m_splitter);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_details = new DeviceDetailsWidget(scroll);
    scroll->setWidget(m_details);
    m_splitter->addWidget(left);
    m_splitter->addWidget(scroll);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    layout->addWidget(m_splitter);

    m_details->setProfilerAvailable(false);
    connect(m_refresh, &QPushButton::clicked, this, &DevicesPage::refresh);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &DevicesPage::onCurrentChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, &DevicesPage::onCurrentChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex& from) {
        if (from == m_tree->currentIndex()) m_details->setDevice(m_model->device(from), m_model->source(from));
    });
    connect(m_model, &DeviceTreeModel::checkedDevicesChanged, this, [this] {
        updateCheckedNote();
        Q_EMIT checkedDevicesChanged();
    });
    // A checked device's description can change too (a new profile, a store reload): the Run page keeps copies.
    const auto checkedMayHaveChanged = [this] {
        if (!m_model->checkedDevices().empty()) Q_EMIT checkedDevicesChanged();
    };
    connect(m_model, &QAbstractItemModel::dataChanged, this, checkedMayHaveChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, checkedMayHaveChanged);
    connect(m_enumeration, &DeviceEnumerationService::started, this, &DevicesPage::updateSummary);
    connect(m_enumeration, &DeviceEnumerationService::finished, this, &DevicesPage::onEnumerated);
    connect(m_details, &DeviceDetailsWidget::profileRequested, this, &DevicesPage::startProfile);
    connect(m_profiler, &ProfileService::started, this, [this](const QString& id) {
        m_details->setProfiling(true);
        Q_EMIT statusMessage(tr("Profiling %1…").arg(id));
    });
    connect(m_profiler, &ProfileService::finished, this, &DevicesPage::onProfiled);
    connect(m_profiler, &ProfileService::failed, this, [this](const QString& id, const QString& message) {
        m_details->setProfiling(false);
        Q_EMIT statusMessage(tr("Profiling %1 failed: %2").arg(id, message));
    });
    connect(m_store, &StoreService::devicesLoaded, this, [this](const QString& path, const std::vector<DeviceInfo>& devices) {
        if (path != m_database) return;
        m_stored = devices;
        applySources();
    });
    connect(m_store, &StoreService::profileSaved, this, [this](const QString& path, const QString& id) {
        Q_EMIT statusMessage(tr("Profile of %1 saved to %2.").arg(id, QFileInfo(path).fileName()));
        if (path == m_database) m_store->loadDevices(path);
    });
    connect(m_store, &StoreService::failed, this, [this](const QString& path, const QString& message) {
        Q_EMIT statusMessage(tr("Results database %1: %2").arg(QFileInfo(path).fileName(), message));
    });
    retranslateUi();
}

void DevicesPage::setDatabase(const QString& path) {
    m_database = path;
    m_stored.clear();
    applySources();
    m_store->loadDevices(path);
}

void DevicesPage::onProfiled(const QString& stableId, const DeviceProfile& profile) {
    m_details->setProfiling(false);
    const std::string id = stableId.toStdString();
    m_model->setProfile(id, profile);
    // Kept with the enumeration too: the model is rebuilt from it and the stored devices on every store reload,
    // and a reload begun before this profile was saved would otherwise show the previous one again.
    for (auto& source : m_lastResult.sources)
        for (auto& device : source.devices)
            if (device.stableId() == id) device.profile = profile;
    Q_EMIT statusMessage(tr("Profiled %1.").arg(stableId));
    // Profiles are history in the store: every measurement is kept, so later runs can compare against it.
    if (const DeviceInfo* device = m_model->device(m_model->indexOfDevice(id)); device && !m_database.isEmpty())
        m_store->saveProfile(m_database, *device);
}

void DevicesPage::refresh() { m_enumeration->start(); }

const DeviceInfo* DevicesPage::currentDevice() const { return m_model->device(m_tree->currentIndex()); }

std::vector<DeviceInfo> DevicesPage::checkedDevices() const { return m_model->checkedDevices(); }

bool DevicesPage::selectDevice(const std::string& stableId) {
    const QModelIndex index = m_model->indexOfDevice(stableId);
    if (!index.isValid()) return false;
    m_tree->setCurrentIndex(index);
    return true;
}

void DevicesPage::onEnumerated(const EnumerationResult& result) {
    m_lastResult = result;
    m_backends = result.backends;
    m_enumerated = true;
    applySources();
    updateSummary();
    Q_EMIT statusMessage(m_summary->text());
}

void DevicesPage::applySources() {
    const DeviceInfo* previous = currentDevice();
    const std::string previousId = previous ? previous->stableId() : std::string();
    const auto& live = m_lastResult.sources;
    const std::string storeName = QFileInfo(m_database).fileName().toStdString();
    const auto simulated = simulatedSources(m_stored, storeName);
    m_model->setSources(DeviceOrigin::Live, withStoredProfiles(live, m_stored));
    m_model->setSources(DeviceOrigin::Simulated, simulated);
    // Until enumeration has finished every stored device would look "not present here"; wait for it. Devices listed
    // live or as simulated twins (runs on a twin store the twin) are not listed again.
    std::vector<DeviceSource> listed = live;
    listed.insert(listed.end(), simulated.begin(), simulated.end());
    m_model->setSources(DeviceOrigin::Stored, m_enumerated ? storedOnlySources(m_stored, listed, storeName)
                                                           : std::vector<DeviceSource>{});
    m_tree->expandAll();
    // Keep the user's selection across refreshes; otherwise start on the first device.
    if (previousId.empty() || !selectDevice(previousId)) {
        for (int s = 0; s < m_model->rowCount(); ++s) {
            const QModelIndex platform = m_model->index(0, 0, m_model->index(s, 0));
            if (platform.isValid()) {
                m_tree->setCurrentIndex(m_model->index(0, 0, platform));
                break;
            }
        }
    }
}

void DevicesPage::onCurrentChanged() {
    const QModelIndex index = m_tree->currentIndex();
    const DeviceInfo* device = m_model->device(index);
    m_details->setDevice(device, m_model->source(index));
    // Stored and simulated devices have no backend here, so they cannot be profiled on this machine.
    m_details->setProfilerAvailable(m_profiler->isAvailable() && m_model->backend(index) != nullptr);
    Q_EMIT currentDeviceChanged(device);
}

void DevicesPage::startProfile() {
    const QModelIndex index = m_tree->currentIndex();
    const DeviceInfo* device = m_model->device(index);
    const Backend* backend = m_model->backend(index);
    if (device && backend) m_profiler->start(m_backends, backend, *device);
}

void DevicesPage::updateSummary() {
    if (m_enumeration->isRunning()) {
        m_summary->setText(tr("Enumerating devices…"));
    } else if (!m_enumerated) {
        m_summary->setText(QString());
    } else if (!m_lastResult.error.isEmpty()) {
        m_summary->setText(tr("Device enumeration failed: %1").arg(m_lastResult.error));
    } else {
        int live = 0;
        for (const auto& source : m_lastResult.sources) live += static_cast<int>(source.devices.size());
        m_summary->setText(tr("%n device(s) found in %1 ms.", nullptr, live).arg(m_lastResult.elapsedMs));
    }
    m_refresh->setEnabled(!m_enumeration->isRunning());
}

void DevicesPage::updateCheckedNote() {
    const auto checked = m_model->checkedDevices();
    if (checked.empty()) {
        m_checkedNote->setText(tr("Check devices to tune several at once; with none checked, a run uses the selected "
                                  "device."));
        return;
    }
    QStringList names;
    for (const auto& device : checked) names << QString::fromStdString(device.label());
    m_checkedNote->setText(tr("%n device(s) checked: Start run starts one run on each (%1).", nullptr,
                              static_cast<int>(checked.size()))
                               .arg(names.join(QStringLiteral(", "))));
}

void DevicesPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void DevicesPage::retranslateUi() {
    m_refresh->setText(tr("Refresh"));
    m_refresh->setToolTip(tr("Enumerate the devices again"));
    m_model->retranslate();
    updateSummary();
    updateCheckedNote();
}

} // namespace kt::gui
