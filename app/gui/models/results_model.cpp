// Results table model.
#include "app/gui/models/results_model.hpp"

#include <QtConcurrent/QtConcurrentRun>

#include <QPointer>

#include <QCoreApplication>

#include <filesystem>
#include <tuple>
#include <utility>

#include <QBrush>
#include <QColor>

#include "core/store/store.hpp"

namespace kt::gui {

QString statusText(MeasurementStatus status) {
    switch (status) {
    case MeasurementStatus::Ok: return ResultsModel::tr("ok");
    case MeasurementStatus::CompileError: return ResultsModel::tr("compile error");
    case MeasurementStatus::LaunchError: return ResultsModel::tr("launch error");
    case MeasurementStatus::WrongResult: return ResultsModel::tr("wrong result");
    case MeasurementStatus::Timeout: return ResultsModel::tr("timeout");
    case MeasurementStatus::WorkerCrash: return ResultsModel::tr("worker crash");
    case MeasurementStatus::Skipped: return ResultsModel::tr("skipped");
    }
    return {};
}

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

LoadedResults ResultsModel::load(const QString& path) {
    LoadedResults out;
    if (!std::filesystem::exists(path.toStdString())) return out;
    auto db = store::Database::open(path.toStdString(), {store::OpenMode::ReadOnly});
    for (auto& d : store::DeviceRepository(db).list()) out.devices.emplace(d.info.stableId(), d.info);
    store::MeasurementRepository measurements(db);
    auto runs = store::RunRepository(db).list();
    // Oldest run first, so rows read in the order they were measured.
    for (auto it = runs.rbegin(); it != runs.rend(); ++it)
        for (auto& stored : measurements.byRun(it->id)) {
            ResultRow row;
            row.runId = it->id;
            row.measurement = std::move(stored.measurement);
            if (row.measurement.deviceId.empty()) row.measurement.deviceId = it->deviceId;
            if (row.measurement.family.empty()) row.measurement.family = it->family;
            out.rows.push_back(std::move(row));
        }
    return out;
}

namespace {

// What identifies a stored row, for telling a live row the load read from one it did not.
auto rowKey(const ResultRow& r) {
    const Measurement& m = r.measurement;
    return std::make_tuple(r.runId, m.deviceId, m.family, m.pointKey, m.size.dims, static_cast<int>(m.status));
}
using RowKey = decltype(rowKey(std::declval<const ResultRow&>()));

} // namespace

void ResultsModel::beginLoad() {
    // A load started while another was in flight (whose results the page then drops) keeps the rows appended since
    // the first: the newer snapshot may not hold them either.
    if (!m_loading) m_appendedInLoad.clear();
    m_loading = true;
}

void ResultsModel::setResults(LoadedResults results) {
    beginResetModel();
    m_rows = std::move(results.rows);
    if (m_loading && !m_appendedInLoad.empty()) {
        // An appended row the snapshot holds (counted by key: once per time it was appended) is the stored copy the
        // load read; one beyond that count was stored after the load read its run, or not yet, so it stays.
        std::map<RowKey, int> inSnapshot;
        for (const auto& r : m_rows) ++inSnapshot[rowKey(r)];
        for (auto& r : m_appendedInLoad) {
            auto it = inSnapshot.find(rowKey(r));
            if (it != inSnapshot.end() && it->second > 0)
                --it->second;
            else
                m_rows.push_back(std::move(r));
        }
    }
    m_loading = false;
    m_appendedInLoad.clear();
    // Added to the store's devices, not replacing them: a load that started before a run did (the page's reload when
    // its store is set) may complete after the run's device was added, and its live rows still need the label.
    for (auto& [id, device] : results.devices) m_devices[id] = std::move(device);
    endResetModel();
}

void ResultsModel::appendMeasurements(qint64 runId, const QVector<Measurement>& batch) {
    if (batch.isEmpty()) return;
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + static_cast<int>(batch.size()) - 1);
    for (const auto& m : batch) m_rows.push_back({runId, m});
    if (m_loading) m_appendedInLoad.insert(m_appendedInLoad.end(), m_rows.end() - batch.size(), m_rows.end());
    endInsertRows();
}

void ResultsModel::addDevice(const DeviceInfo& device) { m_devices[device.stableId()] = device; }

void ResultsModel::clear() {
    beginResetModel();
    m_rows.clear();
    m_devices.clear();
    m_loading = false;
    m_appendedInLoad.clear();
    endResetModel();
}

const DeviceInfo* ResultsModel::device(const std::string& stableId) const {
    auto it = m_devices.find(stableId);
    return it == m_devices.end() ? nullptr : &it->second;
}

std::vector<ResultRow> ResultsModel::rowsOfCandidate(const ResultRow& of) const {
    std::vector<ResultRow> out;
    for (const auto& r : m_rows)
        if (r.measurement.pointKey == of.measurement.pointKey && r.measurement.deviceId == of.measurement.deviceId &&
            r.measurement.family == of.measurement.family)
            out.push_back(r);
    return out;
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& r = m_rows[static_cast<std::size_t>(index.row())];
    const auto& m = r.measurement;
    const bool ok = m.status == MeasurementStatus::Ok;
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case Device: {
            if (role == SortRole) return QString::fromStdString(m.deviceId);
            const auto* d = device(m.deviceId);
            return QString::fromStdString(d ? d->label() : m.deviceId);
        }
        case Family: return QString::fromStdString(m.family);
        case Run: return r.runId;
        case Candidate: return QString::fromStdString(m.pointKey);
        case Size: {
            if (role == SortRole) {
                // Dims compared lexicographically: pad each to a fixed width.
                QString key;
                for (auto d : m.size.dims) key += QStringLiteral("%1.").arg(d, 12, 10, QLatin1Char('0'));
                return key;
            }
            return QString::fromStdString(m.size.label());
        }
        case Status: return statusText(m.status);
        case Value:
            if (role == SortRole) return ok ? m.value : -1.0;
            return ok ? QVariant(QString::number(m.value, 'f', 1)) : QVariant();
        case MedianMs:
            if (role == SortRole) return ok ? m.medianMs : -1.0;
            return ok ? QVariant(QString::number(m.medianMs, 'g', 4)) : QVariant();
        case Error: return QString::fromStdString(m.error.substr(0, m.error.find('\n')));
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole &&
        (index.column() == Run || index.column() == Value || index.column() == MedianMs))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == Status && !ok) return QBrush(QColor(190, 30, 30));
    if (role == Qt::ToolTipRole && index.column() == Error && !m.error.empty()) return QString::fromStdString(m.error);
    return {};
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Device: return tr("Device");
    case Family: return tr("Family");
    case Run: return tr("Run");
    case Candidate: return tr("Candidate");
    case Size: return tr("Size");
    case Status: return tr("Status");
    case Value: return tr("Value");
    case MedianMs: return tr("Median (ms)");
    case Error: return tr("Error");
    default: return {};
    }
}

} // namespace kt::gui

namespace kt::gui {

void ResultsModel::loadAsync(QObject* receiver, const QString& path,
                             std::function<void(LoadedResults results, const QString& error)> done) {
    QPointer<QObject> guard(receiver);
    (void)QtConcurrent::run([guard, path, done = std::move(done)]() mutable {
        LoadedResults results;
        QString error;
        try {
            results = load(path);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, error, results = std::move(results), done = std::move(done)]() mutable {
                if (guard) done(std::move(results), error);
            },
            Qt::QueuedConnection);
    });
}

} // namespace kt::gui
