// ResultsModel and the Results page over a demo store: model consistency (QAbstractItemModelTester), loading on a
// worker thread, sorting and filtering, and the details of one candidate (generated source, log, measurements).
#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QtTest>

#include "app/gui/demo/tuning_run_demo.hpp"
#include "app/gui/models/results_model.hpp"
#include "app/gui/pages/results_page.hpp"
#include "kernels/builtin_families.hpp"

using namespace kt;
using namespace kt::gui;

class TstResultsModel : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    DemoStore m_demo;

    static int countMatching(const QAbstractItemModel& model, int column, const QString& text) {
        int n = 0;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, column).data().toString().contains(text)) ++n;
        return n;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        kernels::registerBuiltinFamilies();
        m_path = m_dir.filePath(QStringLiteral("demo.sqlite"));
        m_demo = buildDemoStore(m_path);
    }

    void modelPassesTheTesterThroughLoadsAndAppends() {
        ResultsModel model;
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ResultsModel::SortRole);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResults(ResultsModel::load(m_path));
        QCOMPARE(model.rowCount(), m_demo.candidates * 3);
        QCOMPARE(model.columnCount(), int(ResultsModel::ColumnCount));
        proxy.sort(ResultsModel::Value, Qt::DescendingOrder);
        Measurement m;
        m.deviceId = m_demo.stored.stableId();
        m.family = "transpose";
        m.pointKey = "TRA_TILE=8,TRA_WPT=1,TRA_LOCAL=0";
        m.size = {{4096}};
        m.value = 1e6; // beats every stored value
        m.medianMs = 0.1;
        model.appendMeasurements(99, {m});
        QCOMPARE(model.rowCount(), m_demo.candidates * 3 + 1);
        QCOMPARE(proxy.index(0, ResultsModel::Run).data().toLongLong(), 99);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    // A load that completes after a run's device was added (the page loads its store asynchronously while a run
    // starts) keeps that device: the run's live rows show its label, not its id.
    void aLateLoadKeepsTheDevicesAddedMeanwhile() {
        ResultsModel model;
        DeviceInfo live = m_demo.stored;
        live.name = "Live GPU", live.vendor = "Live vendor";
        model.addDevice(live);
        model.setResults(LoadedResults{}); // the empty store the page read before the run stored anything
        Measurement m;
        m.deviceId = live.stableId();
        m.family = "transpose";
        m.pointKey = "TRA_TILE=8,TRA_WPT=1,TRA_LOCAL=0";
        m.size = {{256}};
        model.appendMeasurements(1, {m});
        QCOMPARE(model.index(0, ResultsModel::Device).data().toString(), QString::fromStdString(live.label()));
        model.setResults(ResultsModel::load(m_path)); // the store's devices are added too
        QVERIFY(model.device(m_demo.stored.stableId()));
        QVERIFY(model.device(live.stableId()));
        model.clear(); // a new store: nothing kept
        QVERIFY(!model.device(live.stableId()));
    }

    void aLateLoadKeepsTheRowsAppendedMeanwhile() {
        // A run's live rows arrive while the page reads the store: the load's snapshot holds some of them (stored
        // before it read the run), not the others; after it, every appended row is there exactly once.
        ResultsModel model;
        auto measured = [](const char* key, std::int64_t n) {
            Measurement m;
            m.deviceId = "dev", m.family = "transpose", m.pointKey = key, m.size = {{n}};
            return m;
        };
        const Measurement a = measured("A=1", 256), b = measured("A=2", 256), c = measured("A=1", 512);
        model.beginLoad();
        model.appendMeasurements(7, {a, b});
        model.appendMeasurements(7, {c, a}); // a second measurement of a (a re-measured point)
        QCOMPARE(model.rowCount(), 4);
        LoadedResults snapshot;
        snapshot.rows = {{3, measured("B=1", 64)}, {7, a}}; // an older run's row and the first a, stored in time
        model.setResults(snapshot);
        QCOMPARE(model.rowCount(), 5);
        QStringList rows;
        for (int r = 0; r < model.rowCount(); ++r)
            rows << QStringLiteral("%1 %2 %3").arg(model.row(r).runId).arg(
                        QString::fromStdString(model.row(r).measurement.pointKey),
                        QString::fromStdString(model.row(r).measurement.size.label()));
        QCOMPARE(rows, (QStringList{"3 B=1 64", "7 A=1 256", "7 A=2 256", "7 A=1 512", "7 A=1 256"}));
        // Only the next load after beginLoad keeps them: a later one without it shows the snapshot alone.
        model.setResults(snapshot);
        QCOMPARE(model.rowCount(), 2);
        // A failed load clears, and stops keeping rows.
        model.beginLoad();
        model.appendMeasurements(7, {b});
        model.clear();
        model.setResults(snapshot);
        QCOMPARE(model.rowCount(), 2);
        // Two loads in flight: the rows appended since the first survive the second's results.
        model.beginLoad();
        model.appendMeasurements(7, {b});
        model.beginLoad();
        model.appendMeasurements(7, {c});
        model.setResults(snapshot);
        QCOMPARE(model.rowCount(), 4);
    }

    void columnsShowTheStoredMeasurement() {
        ResultsModel model;
        model.setResults(ResultsModel::load(m_path));
        QCOMPARE(countMatching(model, ResultsModel::Status, statusText(MeasurementStatus::CompileError)),
                 m_demo.failing * 3);
        QCOMPARE(model.index(0, ResultsModel::Device).data().toString(), QString::fromStdString(m_demo.stored.label()));
        QCOMPARE(model.index(0, ResultsModel::Family).data().toString(), QStringLiteral("transpose"));
        QCOMPARE(model.index(0, ResultsModel::Size).data().toString(), QStringLiteral("256"));
        QVERIFY(model.device(m_demo.stored.stableId()));
        // Failing rows have no value; their error column holds the first line only, the tooltip the whole log.
        for (int r = 0; r < model.rowCount(); ++r) {
            if (model.row(r).measurement.status == MeasurementStatus::Ok) continue;
            QVERIFY(!model.index(r, ResultsModel::Value).data().isValid());
            QVERIFY(!model.index(r, ResultsModel::Error).data().toString().contains(QLatin1Char('\n')));
            QVERIFY(model.index(r, ResultsModel::Error).data(Qt::ToolTipRole).toString().contains(QLatin1Char('\n')));
            break;
        }
        QCOMPARE(model.headerData(ResultsModel::MedianMs, Qt::Horizontal).toString(), QStringLiteral("Median (ms)"));
    }

    void sortingIsNumericAndSizesByDimension() {
        ResultsModel model;
        model.setResults(ResultsModel::load(m_path));
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ResultsModel::SortRole);
        proxy.sort(ResultsModel::Value, Qt::DescendingOrder);
        double previous = 1e300;
        for (int r = 0; r < proxy.rowCount(); ++r) {
            const double v = proxy.index(r, ResultsModel::Value).data(ResultsModel::SortRole).toDouble();
            QVERIFY(v <= previous);
            previous = v;
        }
        proxy.sort(ResultsModel::Size, Qt::AscendingOrder); // 1024 after 512 (text order would put it first)
        QCOMPARE(proxy.index(0, ResultsModel::Size).data().toString(), QStringLiteral("256"));
        QCOMPARE(proxy.index(proxy.rowCount() - 1, ResultsModel::Size).data().toString(), QStringLiteral("1024"));
    }

    void missingAndForeignFiles() {
        QCOMPARE(ResultsModel::load(m_dir.filePath(QStringLiteral("missing.sqlite"))).rows.size(), std::size_t(0));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("missing.sqlite")))); // loading never creates it
        const QString foreign = m_dir.filePath(QStringLiteral("notes.txt"));
        QFile f(foreign);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a database\n");
        f.close();
        ResultsPage page;
        QSignalSpy failed(&page, &ResultsPage::loadFailed);
        page.setDatabase(foreign);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
        QVERIFY2(failed.front().at(0).toString().contains(QStringLiteral("notes.txt")),
                 qPrintable(failed.front().at(0).toString()));
        QFile check(foreign);
        QVERIFY(check.open(QIODevice::ReadOnly));
        QCOMPARE(check.readAll(), QByteArray("not a database\n")); // left as it was
    }

    void pageLoadsFiltersAndShowsCandidateDetails() {
        ResultsPage page;
        page.resize(1000, 700);
        page.show();
        QSignalSpy loaded(&page, &ResultsPage::resultsLoaded);
        page.setDatabase(m_path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        QCOMPARE(loaded.front().at(0).toInt(), m_demo.candidates * 3);
        page.filterEdit()->setText(QStringLiteral("compile error"));
        QCOMPARE(page.proxy()->rowCount(), m_demo.failing * 3);
        page.selectRow(0);
        const QString log = page.logView()->toPlainText();
        QVERIFY2(log.contains(QStringLiteral("exceeds the per-kernel limit")), qPrintable(log));
        QCOMPARE(page.detailTabs()->currentIndex(), 1);        // a failure opens on its log
        QCOMPARE(page.candidateMeasurements()->rowCount(), 3); // one per size
        page.filterEdit()->setText(QStringLiteral("TRA_TILE=32,TRA_WPT=4,TRA_LOCAL=1,TRA_PAD=1"));
        QCOMPARE(page.proxy()->rowCount(), 3);
        page.selectRow(0);
        const QString source = page.sourceView()->toPlainText();
        // Generated for this point: the family's defines carry the point's values.
        QVERIFY2(source.contains(QStringLiteral("TRA_TILE=32")), qPrintable(source.left(400)));
        QVERIFY(source.contains(QStringLiteral("__kernel")) || source.contains(QStringLiteral("kernel")));
        QCOMPARE(page.detailTabs()->currentIndex(), 0);
        page.filterEdit()->clear();
        QCOMPARE(page.proxy()->rowCount(), m_demo.candidates * 3);
    }
};

QTEST_MAIN(TstResultsModel)
#include "tst_results_model.moc"
