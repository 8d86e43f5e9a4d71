// Results page: store loads on a worker thread, details generated on demand through the Family interface.
#include "app/gui/pages/results_page.hpp"

#include <QCoreApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTextCursor>
#include <QTextDocument>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "core/engine/family.hpp"
#include "core/space/parameter_space.hpp"

namespace kt::gui {

KernelSourceHighlighter::KernelSourceHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {}

void KernelSourceHighlighter::highlightBlock(const QString& text) {
    static const QRegularExpression keywords(QStringLiteral(
        "\\b(if|else|for|while|do|return|break|continue|switch|case|default|const|static|inline|struct|typedef|"
        "void|real|int|uint|long|ulong|short|char|float|double|half|bool|unsigned|signed|size_t|float2|float4|double2|"
        "__kernel|kernel|__global|global|__local|local|__constant|constant|__private|restrict|volatile)\\b"));
    static const QRegularExpression macros(QStringLiteral("\\b(KT_[A-Z0-9_]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)\\b"));
    static const QRegularExpression numbers(QStringLiteral("\\b[0-9]+(\\.[0-9]*)?[fuUlL]?\\b"));
    QTextCharFormat keyword, macro, number, preprocessor, comment;
    keyword.setForeground(QColor(0, 0, 160));
    keyword.setFontWeight(QFont::Bold);
    macro.setForeground(QColor(130, 0, 130));
    number.setForeground(QColor(0, 110, 110));
    preprocessor.setForeground(QColor(150, 90, 0));
    comment.setForeground(QColor(110, 110, 110));
    comment.setFontItalic(true);
    if (text.trimmed().startsWith(QLatin1Char('#'))) {
        setFormat(0, static_cast<int>(text.size()), preprocessor);
    } else {
        for (const auto* re : {&numbers, &keywords, &macros}) {
            const auto& format = re == &keywords ? keyword : re == &macros ? macro : number;
            for (auto it = re->globalMatch(text); it.hasNext();) {
                const auto m = it.next();
                setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), format);
            }
        }
    }
    // Comments last, so they win; block comments carry their state to the next line.
    setCurrentBlockState(0);
    qsizetype start = previousBlockState() == 1 ? 0 : text.indexOf(QStringLiteral("/*"));
    while (start >= 0) {
        const qsizetype end =
            text.indexOf(QStringLiteral("*/"), start + (previousBlockState() == 1 && start == 0 ? 0 : 2));
        if (end < 0) {
            setCurrentBlockState(1);
            setFormat(static_cast<int>(start), static_cast<int>(text.size() - start), comment);
            break;
        }
        setFormat(static_cast<int>(start), static_cast<int>(end + 2 - start), comment);
        start = text.indexOf(QStringLiteral("/*"), end + 2);
    }
    if (const qsizetype line = text.indexOf(QStringLiteral("//")); line >= 0 && currentBlockState() == 0)
        setFormat(static_cast<int>(line), static_cast<int>(text.size() - line), comment);
}

ResultsPage::ResultsPage(QWidget* parent)
    : QWidget(parent), m_model(new ResultsModel(this)), m_proxy(new QSortFilterProxyModel(this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultsModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("resultsFilter"));
    m_filter->setClearButtonEnabled(true);
    m_summary = new QLabel(this);
    top->addWidget(m_filter, 1);
    top->addWidget(m_summary);
    layout->addLayout(top);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_table = new QTableView(m_splitter);
    m_table->setObjectName(QStringLiteral("resultsTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->sortByColumn(ResultsModel::Run, Qt::AscendingOrder);

    auto* details = new QWidget(m_splitter);
    auto* detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    m_parameters = new QLabel(details);
    m_parameters->setWordWrap(true);
    m_parameters->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detailTabs = new QTabWidget(details);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_source = new QPlainTextEdit(m_detailTabs);
    m_source->setObjectName(QStringLiteral("generatedSource"));
    m_source->setReadOnly(true);
    m_source->setFont(mono);
    m_source->setLineWrapMode(QPlainTextEdit::NoWrap);
    new KernelSourceHighlighter(m_source->document());
    m_log = new QPlainTextEdit(m_detailTabs);
    m_log->setReadOnly(true);
    m_log->setFont(mono);
    m_measurements = new QTableWidget(0, 6, m_detailTabs);
    m_measurements->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_measurements->verticalHeader()->hide();
    m_measurements->horizontalHeader()->setStretchLastSection(true);
    m_detailTabs->addTab(m_source, QString());
    m_detailTabs->addTab(m_log, QString());
    m_detailTabs->addTab(m_measurements, QString());
    detailsLayout->addWidget(m_parameters);
    detailsLayout->addWidget(m_detailTabs);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(details);
    m_splitter->setSizes({380, 320});
    layout->addWidget(m_splitter);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showDetails(current); });
    auto updateSummary = [this] { retranslateUi(); };
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, updateSummary);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, updateSummary);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, updateSummary);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, updateSummary);
    retranslateUi();
    showDetails({});
}

void ResultsPage::setDatabase(const QString& path) {
    m_database = path;
    reload();
}

void ResultsPage::reload() {
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_model->beginLoad(); // live rows appended while the store is read survive the load
    ResultsModel::loadAsync(this, m_database, [this, generation](LoadedResults results, const QString& error) {
        if (generation != m_generation) return; // a newer load replaced this one
        m_loading = false;
        if (!error.isEmpty()) {
            m_model->clear();
            Q_EMIT loadFailed(error);
            return;
        }
        m_model->setResults(std::move(results));
        m_table->resizeColumnsToContents();
        Q_EMIT resultsLoaded(m_model->rowCount());
    });
}

void ResultsPage::appendMeasurements(qint64 runId, const QVector<Measurement>& batch) {
    m_model->appendMeasurements(runId, batch);
}

void ResultsPage::addDevice(const DeviceInfo& device) { m_model->addDevice(device); }

void ResultsPage::selectRow(int proxyRow) {
    m_table->selectRow(proxyRow);
    m_table->setCurrentIndex(m_proxy->index(proxyRow, 0));
    m_table->scrollTo(m_proxy->index(proxyRow, 0));
}

void ResultsPage::showDetails(const QModelIndex& proxyIndex) {
    const QModelIndex index = m_proxy->mapToSource(proxyIndex);
    m_measurements->setRowCount(0);
    if (!index.isValid()) {
        m_parameters->setText(tr("Select a measurement to see its candidate's parameters, generated source and log."));
        m_source->clear();
        m_log->clear();
        return;
    }
    const ResultRow& row = m_model->row(index.row());
    const Measurement& m = row.measurement;
    QStringList params;
    Point point;
    try {
        point = Point::fromKey(m.pointKey);
        for (std::size_t i = 0; i < point.size(); ++i)
            params << QStringLiteral("<b>%1</b> = %2")
                          .arg(QString::fromStdString(point.names()[i]))
                          .arg(point.values()[i]);
    } catch (const std::exception& e) {
        params << tr("unreadable candidate key '%1': %2")
                      .arg(QString::fromStdString(m.pointKey), QString::fromStdString(e.what()));
    }
    m_parameters->setText(tr("%1 on %2 — %3")
                              .arg(QString::fromStdString(m.family),
                                   m_model->data(m_model->index(index.row(), ResultsModel::Device)).toString(),
                                   params.join(QStringLiteral(", "))));
    // The source as the family generates it for this point and device: deterministic, so it is what was compiled.
    auto family = FamilyRegistry::instance().find(m.family);
    const DeviceInfo* device = m_model->device(m.deviceId);
    if (!family) {
        m_source->setPlainText(
            tr("// The family '%1' is not part of this build.").arg(QString::fromStdString(m.family)));
    } else if (!device) {
        m_source->setPlainText(
            tr("// The device %1 is not recorded in the store.").arg(QString::fromStdString(m.deviceId)));
    } else {
        try {
            const auto generated = family->generate(point, *device);
            QString header = QStringLiteral("// ") + tr("kernels: %1").arg(QString::fromStdString([&] {
                std::string k;
                for (const auto& name : generated.kernels) k += (k.empty() ? "" : ", ") + name;
                return k;
            }()));
            header += QStringLiteral("\n// ") + tr("options: %1").arg(QString::fromStdString([&] {
                std::string o;
                for (const auto& opt : generated.options) o += (o.empty() ? "" : " ") + opt;
                return o;
            }()));
            m_source->setPlainText(header + QStringLiteral("\n\n") + QString::fromStdString(generated.source));
            // Open at the family's kernel, past the shared dialect preamble.
            if (!generated.kernels.empty()) {
                const QRegularExpression entry(
                    QStringLiteral("KT_KERNEL\\s+void\\s+%1\\b")
                        .arg(QRegularExpression::escape(QString::fromStdString(generated.kernels.front()))));
                QTextCursor at = m_source->document()->find(entry);
                if (!at.isNull()) {
                    m_source->moveCursor(QTextCursor::End);
                    at.movePosition(QTextCursor::StartOfBlock);
                    at.movePosition(QTextCursor::PreviousBlock, QTextCursor::MoveAnchor, 6); // the file's head comment
                    m_source->setTextCursor(at);
                    m_source->ensureCursorVisible();
                }
            }
        } catch (const std::exception& e) {
            m_source->setPlainText(
                tr("// The source could not be generated: %1").arg(QString::fromStdString(e.what())));
        }
    }
    m_log->setPlainText(m.error.empty() ? tr("(no messages: status %1)").arg(statusText(m.status))
                                        : QString::fromStdString(m.error));
    const auto all = m_model->rowsOfCandidate(row);
    m_measurements->setRowCount(static_cast<int>(all.size()));
    int r = 0;
    for (const auto& other : all) {
        const auto& o = other.measurement;
        const bool ok = o.status == MeasurementStatus::Ok;
        const QStringList cells{QString::number(other.runId),
                                QString::fromStdString(o.size.label()),
                                statusText(o.status),
                                ok ? QString::number(o.value, 'f', 1) : QString(),
                                ok ? QString::number(o.medianMs, 'g', 4) : QString(),
                                QString::fromStdString(o.error.substr(0, o.error.find('\n')))};
        for (int c = 0; c < cells.size(); ++c) m_measurements->setItem(r, c, new QTableWidgetItem(cells[c]));
        ++r;
    }
    m_measurements->resizeColumnsToContents();
    m_detailTabs->setCurrentIndex(m.status == MeasurementStatus::Ok ? 0 : 1);
}

void ResultsPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void ResultsPage::retranslateUi() {
    m_filter->setPlaceholderText(tr("Filter (device, family, candidate, status, error…)"));
    m_summary->setText(tr("%1 of %2 measurements").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
    m_detailTabs->setTabText(0, tr("Generated source"));
    m_detailTabs->setTabText(1, tr("Error / build log"));
    m_detailTabs->setTabText(2, tr("All measurements of this candidate"));
    m_measurements->setHorizontalHeaderLabels(
        {tr("Run"), tr("Size"), tr("Status"), tr("Value"), tr("Median (ms)"), tr("Error")});
}

} // namespace kt::gui
