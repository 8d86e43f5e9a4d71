// Results page: every stored measurement in a sortable, filterable table, and for the selected candidate its
// parameters, generated source (highlighted), error/build log and all of its measurements.
#pragma once
#include <QSyntaxHighlighter>
#include <QVector>
#include <QWidget>

#include "app/gui/models/results_model.hpp"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QTableWidget;
class QTabWidget;

namespace kt::gui {

// C keywords, preprocessor lines, OpenCL qualifiers and the tuning macros (KT_…, and upper-case family macros such
// as TRA_TILE) in generated kernel source.
class KernelSourceHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    explicit KernelSourceHighlighter(QTextDocument* document);

protected:
    void highlightBlock(const QString& text) override;
};

class ResultsPage : public QWidget {
    Q_OBJECT

public:
    explicit ResultsPage(QWidget* parent = nullptr);

    // Loads every measurement in `path` on a worker thread (resultsLoaded or loadFailed when done).
    void setDatabase(const QString& path);
    void reload();
    bool isLoading() const { return m_loading; }

    ResultsModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QLineEdit* filterEdit() const { return m_filter; }
    QPlainTextEdit* sourceView() const { return m_source; }
    QPlainTextEdit* logView() const { return m_log; }
    QTableWidget* candidateMeasurements() const { return m_measurements; }
    QTabWidget* detailTabs() const { return m_detailTabs; }
    // Shows the details of a proxy row (the table's current row).
    void selectRow(int proxyRow);

public Q_SLOTS:
    void appendMeasurements(qint64 runId, const QVector<kt::Measurement>& batch);
    void addDevice(const kt::DeviceInfo& device);

Q_SIGNALS:
    void resultsLoaded(int rows);
    void loadFailed(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void showDetails(const QModelIndex& proxyIndex);
    void retranslateUi();

    QString m_database;
    quint64 m_generation = 0;
    bool m_loading = false;
    ResultsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QLabel* m_summary;
    QTableView* m_table;
    QSplitter* m_splitter;
    QLabel* m_parameters;
    QTabWidget* m_detailTabs;
    QPlainTextEdit* m_source;
    QPlainTextEdit* m_log;
    QTableWidget* m_measurements;
};

} // namespace kt::gui
