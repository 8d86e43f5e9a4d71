// Devices page: the device tree (live enumeration, stored devices and their simulated twins, with check boxes on
// the devices a run can start on) and the selected device's details.
#pragma once
#include <memory>
#include <vector>

#include <QWidget>

#include "app/gui/services/device_enumeration_service.hpp"

class QLabel;
class QPushButton;
class QSplitter;
class QTreeView;

namespace kt::gui {

class DeviceDetailsWidget;
class DeviceTreeModel;
class ProfileService;
class StoreService;

class DevicesPage : public QWidget {
    Q_OBJECT

public:
    DevicesPage(DeviceEnumerationService* enumeration, ProfileService* profiler, StoreService* store,
                QWidget* parent = nullptr);

    DeviceTreeModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }
    DeviceDetailsWidget* details() const { return m_details; }
    QSplitter* splitter() const { return m_splitter; }
    // The selected device, or null.
    const DeviceInfo* currentDevice() const;
    // Selects the device with this stable id; false when it is not listed.
    bool selectDevice(const std::string& stableId);
    // The devices checked for the next run (tree order); empty: the run uses the selected device.
    std::vector<DeviceInfo> checkedDevices() const;
    QLabel* checkedNote() const { return m_checkedNote; }

    // The results database whose devices and profiles are shown next to the live ones; measured profiles go there.
    void setDatabase(const QString& path);
    const std::vector<DeviceInfo>& storedDevices() const { return m_stored; }

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    void currentDeviceChanged(const kt::DeviceInfo* device);
    // The checked devices (see checkedDevices()) or the description of one of them (e.g. its profile) changed.
    void checkedDevicesChanged();
    void statusMessage(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void onEnumerated(const EnumerationResult& result);
    void onProfiled(const QString& stableId, const DeviceProfile& profile);
    // Rebuilds the model from the live sources and the stored devices, keeping the selection.
    void applySources();
    void onCurrentChanged();
    void startProfile();
    void updateSummary();
    void updateCheckedNote();

    DeviceEnumerationService* m_enumeration;
    ProfileService* m_profiler;
    StoreService* m_store;
    DeviceTreeModel* m_model;
    QTreeView* m_tree;
    DeviceDetailsWidget* m_details;
    QSplitter* m_splitter;
    QLabel* m_summary;
    QLabel* m_checkedNote;
    QPushButton* m_refresh;
    std::shared_ptr<const BackendList> m_backends;
    EnumerationResult m_lastResult;
    std::vector<DeviceInfo> m_stored;
    QString m_database;
    bool m_enumerated = false;
};

} // namespace kt::gui
