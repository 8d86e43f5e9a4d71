// Best-parameters table model.
#include "app/gui/models/best_parameters_model.hpp"

#include <algorithm>

#include <QFont>

namespace kt::gui {

BestParametersModel::BestParametersModel(QObject* parent) : QAbstractTableModel(parent) {}

void BestParametersModel::set(std::vector<std::string> parameters, QStringList descriptions,
                              std::vector<BestParametersColumn> columns, Metric metric) {
    beginResetModel();
    m_parameters = std::move(parameters);
    m_descriptions = std::move(descriptions);
    m_columns = std::move(columns);
    m_metric = metric;
    // Keys recorded with parameters the family no longer declares still show them, after the declared ones.
    for (const auto& c : m_columns) {
        if (!c.best) continue;
        const QString key = QString::fromStdString(c.best->pointKey);
        for (const QString& pair : key.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const std::string name = pair.section(QLatin1Char('='), 0, 0).trimmed().toStdString();
            if (!name.empty() && std::find(m_parameters.begin(), m_parameters.end(), name) == m_parameters.end())
                m_parameters.push_back(name);
        }
    }
    endResetModel();
}

void BestParametersModel::clear() { set({}, {}, {}, m_metric); }

QString BestParametersModel::keyValue(const std::string& pointKey, const std::string& name) {
    const QString wanted = QString::fromStdString(name);
    for (const QString& pair : QString::fromStdString(pointKey).split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (pair.section(QLatin1Char('='), 0, 0).trimmed() == wanted)
            return pair.section(QLatin1Char('='), 1).trimmed();
    return {};
}

int BestParametersModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || m_columns.empty() ? 0 : parameterRows() + 3;
}

int BestParametersModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

QString BestParametersModel::rowName(int row) const {
    if (row < parameterRows()) return QString::fromStdString(m_parameters[static_cast<std::size_t>(row)]);
    const QString metric = QString::fromStdString(toString(m_metric));
    if (row == bestValueRow()) return tr("Best (%1)").arg(metric);
    if (row == sizeRow()) return tr("At size");
    return tr("Best peer (%1)").arg(metric);
}

QString BestParametersModel::cellText(int row, int column) const {
    const auto& c = m_columns[static_cast<std::size_t>(column)];
    if (row == peerRow())
        return c.peerValue ? QStringLiteral("%1 (%2)").arg(QString::number(*c.peerValue, 'f', 1), c.peerName)
                           : QString();
    if (!c.best) return row == bestValueRow() ? tr("no results") : QString();
    if (row < parameterRows()) return keyValue(c.best->pointKey, m_parameters[static_cast<std::size_t>(row)]);
    if (row == bestValueRow()) return QString::number(c.best->value, 'f', 1);
    return QString::fromStdString(c.best->size.label());
}

QVariant BestParametersModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    if (role == Qt::DisplayRole) return cellText(index.row(), index.column());
    if (role == Qt::TextAlignmentRole) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.row() == bestValueRow()) {
        const auto& c = m_columns[static_cast<std::size_t>(index.column())];
        if (c.best) return QString::fromStdString(c.best->pointKey);
    }
    if (role == Qt::FontRole && index.row() == bestValueRow()) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    return {};
}

QVariant BestParametersModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= columnCount()) return {};
        if (role == Qt::DisplayRole) return m_columns[static_cast<std::size_t>(section)].device;
        return {};
    }
    if (section < 0 || section >= rowCount()) return {};
    if (role == Qt::DisplayRole) return rowName(section);
    if (role == Qt::ToolTipRole && section < m_descriptions.size() && section < parameterRows())
        return m_descriptions[section];
    return {};
}

QString BestParametersModel::toDelimited(QChar separator, const QList<int>& rows, const QList<int>& columns) const {
    QList<int> rs = rows, cs = columns;
    if (rs.isEmpty())
        for (int r = 0; r < rowCount(); ++r) rs << r;
    if (cs.isEmpty())
        for (int c = 0; c < columnCount(); ++c) cs << c;
    std::sort(rs.begin(), rs.end());
    std::sort(cs.begin(), cs.end());
    auto field = [separator](QString text) {
        if (separator == QLatin1Char('\t')) {
            text.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
            return text;
        }
        if (text.contains(separator) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n')))
            return QLatin1Char('"') + text.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
        return text;
    };
    QStringList lines;
    QStringList header{field(tr("Parameter"))};
    for (int c : cs) header << field(headerData(c, Qt::Horizontal).toString());
    lines << header.join(separator);
    for (int r : rs) {
        QStringList line{field(rowName(r))};
        for (int c : cs) line << field(cellText(r, c));
        lines << line.join(separator);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace kt::gui
