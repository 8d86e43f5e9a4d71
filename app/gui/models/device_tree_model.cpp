// Device tree model: a flat node table rebuilt on every setSources(); internalId is the node's index.
#include "app/gui/models/device_tree_model.hpp"

#include <algorithm>
#include <map>

#include <QApplication>
#include <QPalette>

namespace kt::gui {

DeviceTreeModel::DeviceTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

void DeviceTreeModel::setSources(DeviceOrigin origin, std::vector<DeviceSource> sources) {
    beginResetModel();
    std::erase_if(m_sources, [&](const DeviceSource& s) { return s.origin == origin; });
    for (auto& s : sources) {
        s.origin = origin;
        m_sources.push_back(std::move(s));
    }
    // Live devices first, then the simulated twins (they can run too), then stored ones, so the machine's own
    // devices stay on top.
    const auto rank = [](DeviceOrigin o) { return o == DeviceOrigin::Live ? 0 : o == DeviceOrigin::Simulated ? 1 : 2; };
    std::stable_sort(m_sources.begin(), m_sources.end(),
                     [&](const DeviceSource& a, const DeviceSource& b) { return rank(a.origin) < rank(b.origin); });
    rebuild();
    // Checks survive a refresh, but not the device's disappearance (or its becoming unable to run).
    std::set<std::string> runnableIds;
    for (const Node& n : m_nodes)
        if (n.kind == NodeKind::Device && runnable(n)) runnableIds.insert(deviceOf(n).stableId());
    const auto dropped = std::erase_if(m_checked, [&](const std::string& id) { return !runnableIds.count(id); });
    endResetModel();
    if (dropped > 0) Q_EMIT checkedDevicesChanged();
}

namespace {
template <typename Node, typename Kind>
Node makeNode(Kind kind, int parent, int row, int source, int device = -1) {
    Node n;
    n.kind = kind;
    n.parent = parent;
    n.row = row;
    n.source = source;
    n.device = device;
    return n;
}
} // namespace

void DeviceTreeModel::rebuild() {
    m_nodes.clear();
    m_topLevel.clear();
    for (int s = 0; s < static_cast<int>(m_sources.size()); ++s) {
        const auto& source = m_sources[static_cast<std::size_t>(s)];
        const int sourceNode = static_cast<int>(m_nodes.size());
        m_nodes.push_back(makeNode<Node>(NodeKind::Source, -1, static_cast<int>(m_topLevel.size()), s));
        m_topLevel.push_back(sourceNode);
        // Group by (platform index, platform name): two platforms may share a name (two ICDs of one vendor).
        std::map<std::pair<int, std::string>, int> platforms;
        for (int d = 0; d < static_cast<int>(source.devices.size()); ++d) {
            const auto& info = source.devices[static_cast<std::size_t>(d)];
            auto key = std::make_pair(info.platformIndex, info.platform);
            auto it = platforms.find(key);
            if (it == platforms.end()) {
                const int platformNode = static_cast<int>(m_nodes.size());
                auto& parent = m_nodes[static_cast<std::size_t>(sourceNode)];
                Node n = makeNode<Node>(NodeKind::Platform, sourceNode, static_cast<int>(parent.children.size()), s);
                n.platformIndex = info.platformIndex;
                n.platform = QString::fromStdString(info.platform);
                parent.children.push_back(platformNode);
                m_nodes.push_back(std::move(n));
                it = platforms.emplace(key, platformNode).first;
            }
            const int deviceNode = static_cast<int>(m_nodes.size());
            auto& platform = m_nodes[static_cast<std::size_t>(it->second)];
            Node n = makeNode<Node>(NodeKind::Device, it->second, static_cast<int>(platform.children.size()), s, d);
            platform.children.push_back(deviceNode);
            m_nodes.push_back(std::move(n));
        }
    }
}

const DeviceTreeModel::Node* DeviceTreeModel::node(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this) return nullptr;
    const auto id = static_cast<std::size_t>(index.internalId());
    return id < m_nodes.size() ? &m_nodes[id] : nullptr;
}

const DeviceInfo* DeviceTreeModel::device(const QModelIndex& index) const {
    const Node* n = node(index);
    if (!n || n->kind != NodeKind::Device) return nullptr;
    return &m_sources[static_cast<std::size_t>(n->source)].devices[static_cast<std::size_t>(n->device)];
}

const Backend* DeviceTreeModel::backend(const QModelIndex& index) const {
    const Node* n = node(index);
    if (!n || n->kind != NodeKind::Device) return nullptr;
    return m_sources[static_cast<std::size_t>(n->source)].backend;
}

const DeviceSource* DeviceTreeModel::source(const QModelIndex& index) const {
    const Node* n = node(index);
    return n ? &m_sources[static_cast<std::size_t>(n->source)] : nullptr;
}

QModelIndex DeviceTreeModel::indexOfDevice(const std::string& stableId) const {
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const Node& n = m_nodes[i];
        if (n.kind != NodeKind::Device) continue;
        const auto& source = m_sources[static_cast<std::size_t>(n.source)];
        if (source.devices[static_cast<std::size_t>(n.device)].stableId() == stableId)
            return createIndex(n.row, 0, static_cast<quintptr>(i));
    }
    return {};
}

const DeviceInfo& DeviceTreeModel::deviceOf(const Node& n) const {
    return m_sources[static_cast<std::size_t>(n.source)].devices[static_cast<std::size_t>(n.device)];
}

bool DeviceTreeModel::runnable(const Node& n) const {
    if (n.kind != NodeKind::Device) return false;
    const auto& source = m_sources[static_cast<std::size_t>(n.source)];
    return source.origin == DeviceOrigin::Simulated || (source.origin == DeviceOrigin::Live && source.backend);
}

bool DeviceTreeModel::isRunnable(const QModelIndex& index) const {
    const Node* n = node(index);
    return n && runnable(*n);
}

bool DeviceTreeModel::setChecked(const std::string& stableId, bool checked) {
    std::vector<int> rows;
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        if (runnable(m_nodes[i]) && deviceOf(m_nodes[i]).stableId() == stableId) rows.push_back(static_cast<int>(i));
    if (rows.empty()) return false;
    const bool changed = checked ? m_checked.insert(stableId).second : m_checked.erase(stableId) > 0;
    if (changed) {
        for (int i : rows) {
            const auto idx = createIndex(m_nodes[static_cast<std::size_t>(i)].row, 0, static_cast<quintptr>(i));
            Q_EMIT dataChanged(idx, idx, {Qt::CheckStateRole});
        }
        Q_EMIT checkedDevicesChanged();
    }
    return true;
}

std::vector<DeviceInfo> DeviceTreeModel::checkedDevices() const {
    std::vector<DeviceInfo> out;
    std::set<std::string> seen;
    for (const Node& n : m_nodes) {
        if (!runnable(n)) continue;
        const DeviceInfo& info = deviceOf(n);
        const std::string id = info.stableId();
        if (m_checked.count(id) && seen.insert(id).second) out.push_back(info);
    }
    return out;
}

void DeviceTreeModel::clearChecked() {
    const auto ids = m_checked;
    for (const auto& id : ids) setChecked(id, false);
}

int DeviceTreeModel::deviceCount() const {
    return static_cast<int>(std::count_if(m_nodes.begin(), m_nodes.end(),
                                          [](const Node& n) { return n.kind == NodeKind::Device; }));
}

bool DeviceTreeModel::setProfile(const std::string& stableId, const DeviceProfile& profile) {
    std::vector<int> changed;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const Node& n = m_nodes[i];
        if (n.kind != NodeKind::Device) continue;
        auto& info = m_sources[static_cast<std::size_t>(n.source)].devices[static_cast<std::size_t>(n.device)];
        if (info.stableId() != stableId) continue;
        info.profile = profile;
        changed.push_back(static_cast<int>(i));
    }
    emitChanged(changed);
    return !changed.empty();
}

void DeviceTreeModel::retranslate() {
    std::vector<int> all(m_nodes.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    emitChanged(all);
}

void DeviceTreeModel::emitChanged(const std::vector<int>& nodes) {
    for (int i : nodes) {
        const auto& n = m_nodes[static_cast<std::size_t>(i)];
        const auto idx = createIndex(n.row, 0, static_cast<quintptr>(i));
        Q_EMIT dataChanged(idx, idx);
    }
}

QModelIndex DeviceTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (column != 0 || row < 0) return {};
    const std::vector<int>* children = &m_topLevel;
    if (parent.isValid()) {
        const Node* p = node(parent);
        if (!p) return {};
        children = &p->children;
    }
    if (row >= static_cast<int>(children->size())) return {};
    return createIndex(row, 0, static_cast<quintptr>((*children)[static_cast<std::size_t>(row)]));
}

QModelIndex DeviceTreeModel::parent(const QModelIndex& child) const {
    const Node* n = node(child);
    if (!n || n->parent < 0) return {};
    const Node& p = m_nodes[static_cast<std::size_t>(n->parent)];
    return createIndex(p.row, 0, static_cast<quintptr>(n->parent));
}

int DeviceTreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_topLevel.size());
    if (parent.column() != 0) return 0;
    const Node* n = node(parent);
    return n ? static_cast<int>(n->children.size()) : 0;
}

int DeviceTreeModel::columnCount(const QModelIndex&) const { return 1; }

QString DeviceTreeModel::backendTitle(BackendKind kind) {
    switch (kind) {
    case BackendKind::OpenCL: return tr("OpenCL");
    case BackendKind::Cuda: return tr("CUDA");
    case BackendKind::Simulated: return tr("Simulated");
    }
    return {};
}

QString DeviceTreeModel::deviceTypeText(DeviceType type) {
    switch (type) {
    case DeviceType::Gpu: return tr("GPU");
    case DeviceType::Cpu: return tr("CPU");
    case DeviceType::Accelerator: return tr("Accelerator");
    case DeviceType::Other: return tr("Other");
    }
    return {};
}

QString DeviceTreeModel::sourceTitle(const DeviceSource& source) const {
    if (source.origin == DeviceOrigin::Simulated)
        return tr("Simulated — replays of %1").arg(QString::fromStdString(source.storeName));
    if (source.origin == DeviceOrigin::Stored)
        return tr("%1 (stored in %2)").arg(backendTitle(source.kind), QString::fromStdString(source.storeName));
    return backendTitle(source.kind);
}

QString DeviceTreeModel::displayText(const Node& n) const {
    const auto& source = m_sources[static_cast<std::size_t>(n.source)];
    switch (n.kind) {
    case NodeKind::Source:
        if (!source.unavailableReason.empty())
            return tr("%1 — unavailable: %2").arg(sourceTitle(source), QString::fromStdString(source.unavailableReason));
        if (!source.diagnostics.empty()) return tr("%1 — some devices were left out").arg(sourceTitle(source));
        if (source.devices.empty()) return tr("%1 — no devices").arg(sourceTitle(source));
        return sourceTitle(source);
    case NodeKind::Platform:
        return n.platform.isEmpty() ? tr("Platform %1").arg(n.platformIndex) : n.platform;
    case NodeKind::Device: {
        const auto& info = source.devices[static_cast<std::size_t>(n.device)];
        if (info.backend == BackendKind::Simulated)
            return tr("%1 (%2, simulated)").arg(QString::fromStdString(info.name), deviceTypeText(info.type));
        return tr("%1 (%2)").arg(QString::fromStdString(info.name), deviceTypeText(info.type));
    }
    }
    return {};
}

QString DeviceTreeModel::toolTip(const Node& n) const {
    const auto& source = m_sources[static_cast<std::size_t>(n.source)];
    switch (n.kind) {
    case NodeKind::Source: {
        if (!source.unavailableReason.empty()) return QString::fromStdString(source.unavailableReason);
        QString tip = tr("%n device(s)", nullptr, static_cast<int>(source.devices.size()));
        if (source.origin == DeviceOrigin::Simulated)
            tip += QLatin1Char('\n') + tr("Runs on these devices replay the measurements stored in %1; no kernel runs.")
                                          .arg(QString::fromStdString(source.storeName));
        if (!source.diagnostics.empty()) tip += QLatin1Char('\n') + QString::fromStdString(source.diagnostics);
        return tip;
    }
    case NodeKind::Platform: return tr("Platform index %1").arg(n.platformIndex);
    case NodeKind::Device: {
        const QString id = QString::fromStdString(source.devices[static_cast<std::size_t>(n.device)].stableId());
        return runnable(n) ? id + QLatin1Char('\n') + tr("Check to include this device when a run starts.") : id;
    }
    }
    return {};
}

QVariant DeviceTreeModel::data(const QModelIndex& index, int role) const {
    const Node* n = node(index);
    if (!n || !checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const auto& source = m_sources[static_cast<std::size_t>(n->source)];
    switch (role) {
    case Qt::DisplayRole: return displayText(*n);
    case Qt::ToolTipRole: return toolTip(*n);
    case Qt::ForegroundRole:
        if (n->kind == NodeKind::Source && !source.unavailableReason.empty())
            return QApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case NodeKindRole: return static_cast<int>(n->kind);
    case StableIdRole:
        if (n->kind != NodeKind::Device) return {};
        return QString::fromStdString(source.devices[static_cast<std::size_t>(n->device)].stableId());
    case AvailableRole: return source.unavailableReason.empty();
    case RunnableRole: return runnable(*n);
    case Qt::CheckStateRole:
        if (!runnable(*n)) return {};
        return m_checked.count(deviceOf(*n).stableId()) ? Qt::Checked : Qt::Unchecked;
    default: return {};
    }
}

bool DeviceTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    const Node* n = node(index);
    if (role != Qt::CheckStateRole || !n || !runnable(*n)) return false;
    return setChecked(deviceOf(*n).stableId(), static_cast<Qt::CheckState>(value.toInt()) == Qt::Checked);
}

QVariant DeviceTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section == 0) return tr("Device");
    return {};
}

Qt::ItemFlags DeviceTreeModel::flags(const QModelIndex& index) const {
    const Node* n = node(index);
    if (!n) return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (n->kind != NodeKind::Platform && n->children.empty()) f |= Qt::ItemNeverHasChildren;
    if (runnable(*n)) f |= Qt::ItemIsUserCheckable;
    return f;
}

} // namespace kt::gui
