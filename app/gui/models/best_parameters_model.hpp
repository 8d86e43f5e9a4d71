// The papers' "best parameters per processor" table (Table 2 of the Japanese GEMM paper, Table II of the English one):
// one row per parameter of the family, one column per device, then the best value, the size it was reached at, and the
// best vendor peer; exports as TSV (clipboard) or CSV (file).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>

#include "app/gui/models/comparison_data.hpp"
#include "core/engine/family.hpp"

namespace kt::gui {

struct BestParametersColumn {
    QString device;                  // header: the device's label
    std::optional<CurvePoint> best;  // the candidate shown, its value and size (absent: nothing measured)
    std::optional<double> peerValue; // the best peer value at any size, and its name
    QString peerName;
};

class BestParametersModel : public QAbstractTableModel {
    Q_OBJECT

public:
    explicit BestParametersModel(QObject* parent = nullptr);

    // `parameters`: the family's parameter names in space order (names found only in keys are appended);
    // `descriptions`: tool tips, by the same index (may be shorter).
    void set(std::vector<std::string> parameters, QStringList descriptions, std::vector<BestParametersColumn> columns,
             Metric metric);
    void clear();

    int parameterRows() const { return static_cast<int>(m_parameters.size()); }
    // Row of the best value, of its size and of the peer value (after the parameter rows).
    int bestValueRow() const { return parameterRows(); }
    int sizeRow() const { return parameterRows() + 1; }
    int peerRow() const { return parameterRows() + 2; }

    // The table with its headers, fields separated by `separator` ('\t': tabs and line breaks inside fields become
    // spaces; ',': RFC 4180 quoting). With `rows`/`columns` non-empty, only those (the selection).
    QString toDelimited(QChar separator, const QList<int>& rows = {}, const QList<int>& columns = {}) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "NAME=value,NAME=value" → value of `name` (text as stored), empty when absent.
    static QString keyValue(const std::string& pointKey, const std::string& name);

private:
    QString cellText(int row, int column) const;
    QString rowName(int row) const;

    std::vector<std::string> m_parameters;
    QStringList m_descriptions;
    std::vector<BestParametersColumn> m_columns;
    Metric m_metric = Metric::GFlops;
};

} // namespace kt::gui
