// Tree model of devices: backend (or store) → platform → device, with a line per unavailable backend.
#pragma once
#include <optional>
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
    };

    explicit DeviceTreeModel(QObject* parent = nullptr);

    // Replaces every source of `origin` (live enumeration and stored devices are refreshed independently).
    void setSources(DeviceOrigin origin, std::vector<DeviceSource> sources);
    const std::vector<DeviceSource>& sources() const { return m_sources; }

    // The device at a device row, or null for other rows.
    const DeviceInfo* device(const QModelIndex& index) const;
    // The backend able to open the device at `index` (null for stored devices and non-device rows).
    const Backend* backend(const QModelIndex& index) const;
    QModelIndex indexOfDevice(const std::string& stableId) const;
    int deviceCount() const;
    // Records a measured profile for every row showing that device; returns false when no row does.
    bool setProfile(const std::string& stableId, const DeviceProfile& profile);
    // Display texts are translated in data(); call after a language change so views repaint them.
    void retranslate();

    static QString backendTitle(BackendKind kind);
    static QString deviceTypeText(DeviceType type);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

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

    std::vector<DeviceSource> m_sources;
    std::vector<Node> m_nodes;
    std::vector<int> m_topLevel;
};

} // namespace kt::gui
