// Table model over stored measurements (device, family, run, candidate, size, status, value, median, error), the
// Results page's data; loading from the store is a synchronous function the page runs on a worker thread.
#pragma once
#include <functional>
#include <map>
#include <vector>

#include <QAbstractTableModel>
#include <QVector>

#include "app/gui/models/measurement_feed.hpp"
#include "core/model/device_info.hpp"
#include "core/model/measurement.hpp"

namespace kt::gui {

struct ResultRow {
    qint64 runId = 0;
    Measurement measurement;
};

// What a load from the store yields: every measurement of every run, and the devices they belong to.
struct LoadedResults {
    std::vector<ResultRow> rows;
    std::map<std::string, DeviceInfo> devices; // by stable id
};

class ResultsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Device, Family, Run, Candidate, Size, Status, Value, MedianMs, Error, ColumnCount };
    // Raw values for sorting (numbers as numbers, sizes by dimensions).
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit ResultsModel(QObject* parent = nullptr);

    // Reads `path` read-only; a missing file yields nothing. Throws store::StoreError on unreadable files.
    static LoadedResults load(const QString& path);
    // load() on a worker thread; `done` runs on the GUI thread with the results or the error text (empty on success),
    // and not at all when `receiver` was destroyed meanwhile.
    static void loadAsync(QObject* receiver, const QString& path,
                          std::function<void(LoadedResults results, const QString& error)> done);

    // Call when a load starts (before loadAsync): rows appended from then on are kept by the next setResults (a run's
    // live rows arrive while the store is read, and the snapshot may or may not hold them).
    void beginLoad();
    // The loaded rows, then the rows appended since beginLoad that the load did not read (each such row once per
    // time it was appended and not in the snapshot: same run, device, family, candidate, size, status).
    void setResults(LoadedResults results);
    // Live rows from a running run (the engine stores them too; a reload shows the same rows).
    void appendMeasurements(qint64 runId, const QVector<Measurement>& batch);
    void addDevice(const DeviceInfo& device);
    void clear();

    const ResultRow& row(int r) const { return m_rows.at(static_cast<std::size_t>(r)); }
    const DeviceInfo* device(const std::string& stableId) const;
    // Every row of the same device, family and candidate (all runs, all sizes), in store order.
    std::vector<ResultRow> rowsOfCandidate(const ResultRow& of) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ResultRow> m_rows;
    std::map<std::string, DeviceInfo> m_devices;
    bool m_loading = false;                    // between beginLoad and setResults (or clear)
    std::vector<ResultRow> m_appendedInLoad;   // rows appended meanwhile
};

QString statusText(MeasurementStatus status);

} // namespace kt::gui
