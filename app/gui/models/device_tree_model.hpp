// Tree model of devices: backend (or store) → platform → device, with a line per unavailable backend. Devices that
// can run here (live ones with a backend, simulated twins) carry a check box: a run starts on every checked device.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <QAbstractItemModel>

#include "app/gui/models/device_source.hpp"

namespace kt::gui {

class DeviceTreeModel : public QAbstractItemModel {
    Q_OBJECT

public:
    enum class NodeKind { Source, Platform, Device };
    enum Role {
        NodeKindRole = Qt::UserRole + 1, // int(NodeKind)
        StableIdRole,                    // device rows: DeviceInfo::stableId()
        AvailableRole,                   // source rows: false when the backend is unavailable
        RunnableRole,                    // device rows: true when a run can start on the device here
    };

    explicit DeviceTreeModel(QObject* parent = nullptr);

    // Replaces every source of `origin` (live enumeration and stored devices are refreshed independently).
    void setSources(DeviceOrigin origin, std::vector<DeviceSource> sources);
    const std::vector<DeviceSource>& sources() const { return m_sources; }

    // The device at a device row, or null for other rows.
    const DeviceInfo* device(const QModelIndex& index) const;
    // The backend able to open the device at `index` (null for stored and simulated devices and non-device rows).
    const Backend* backend(const QModelIndex& index) const;
    // The group (live backend, store, simulated twins) of the row at `index`; null for an invalid index.
    const DeviceSource* source(const QModelIndex& index) const;
    QModelIndex indexOfDevice(const std::string& stableId) const;
    int deviceCount() const;
    // Records a measured profile for every row showing that device; returns false when no row does.
    bool setProfile(const std::string& stableId, const DeviceProfile& profile);
    // Display texts are translated in data(); call after a language change so views repaint them.
    void retranslate();

    // Whether a run can start on the device at `index` here: a live device with a backend, or a simulated twin.
    bool isRunnable(const QModelIndex& index) const;
    // Checks or unchecks a runnable device; false when no runnable row shows it.
    bool setChecked(const std::string& stableId, bool checked);
    bool isChecked(const std::string& stableId) const { return m_checked.count(stableId) > 0; }
    // The checked devices in tree order (each once, even when two rows show it).
    std::vector<DeviceInfo> checkedDevices() const;
    void clearChecked();

    static QString backendTitle(BackendKind kind);
    static QString deviceTypeText(DeviceType type);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

Q_SIGNALS:
    // The set of checked devices changed (by the user, setChecked, or devices that disappeared on a refresh).
    void checkedDevicesChanged();

private:
    struct Node {
        NodeKind kind = NodeKind::Source;
        int parent = -1; // node index, -1 for top level
        int row = 0;     // row under its parent
        std::vector<int> children;
        int source = 0;
        int device = -1;  // index into the source's devices (device nodes)
        int platformIndex = 0; // platform nodes
        QString platform;
    };

    void rebuild();
    const Node* node(const QModelIndex& index) const;
    QString sourceTitle(const DeviceSource& source) const;
    QString displayText(const Node& node) const;
    QString toolTip(const Node& node) const;
    void emitChanged(const std::vector<int>& nodes);
    const DeviceInfo& deviceOf(const Node& node) const;
    bool runnable(const Node& node) const;

    std::vector<DeviceSource> m_sources;
    std::vector<Node> m_nodes;
    std::vector<int> m_topLevel;
    std::set<std::string> m_checked; // stable ids; kept across refreshes while the device is still listed
};

} // namespace kt::gui
