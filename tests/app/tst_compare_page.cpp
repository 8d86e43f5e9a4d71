// Compare page: a store with two devices built here (several runs, a failed measurement, a candidate measured at one
// size only); the plot must show each device's best per size and best single candidate as computed here from what was
// stored, peers dashed once stored, the papers' best-parameter table, and PNG/PDF/SVG/CSV exports that open.
#include <map>
#include <set>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QListWidget>
#include <QSettings>
#include <QTabWidget>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QAbstractItemModelTester>
#include <QXmlStreamReader>
#include <QtTest>

#include "app/gui/demo/tuning_run_demo.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/models/best_parameters_model.hpp"
#include "app/gui/models/comparison_data.hpp"
#include "app/gui/pages/compare_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/plots/comparison_plot.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"
#include "app/gui/plots/qcustomplot_include.hpp"
#include "app/gui/services/tuning_run_service.hpp"
#include "core/store/store.hpp"
#include "fake_backend.hpp"
#include "kernels/builtin_families.hpp"
#include "test_environment.hpp"

using namespace kt;
using namespace kt::gui;

namespace {

DeviceInfo makeDevice(const std::string& name, BackendKind backend) {
    DeviceInfo d = kt::test::fakeDevice(name, 0, "Test Platform", 0);
    d.backend = backend;
    return d;
}

struct Stored {
    std::string device, key;
    std::int64_t n;
    double value;
    bool ok;
};

// Everything the test wrote, to compute the expectations from.
struct TestStore {
    QString path;
    DeviceInfo a, b;
    std::vector<Stored> rows;
};

// A made-up but irregular value for (device, candidate, size): no two candidates tie.
double madeUp(int device, int candidate, std::int64_t n) {
    return 50.0 + 37.0 * ((candidate * 7 + device * 3) % 11) + 0.013 * double(n) * (1 + (candidate + device) % 3) +
           0.1 * candidate;
}

TestStore makeStore(const QString& dir) {
    TestStore t;
    QDir().mkpath(dir);
    t.path = dir + QStringLiteral("/compare.sqlite");
    t.a = makeDevice("Compare GPU A", BackendKind::OpenCL);
    t.b = makeDevice("Compare GPU B", BackendKind::Cuda);
    auto family = FamilyRegistry::instance().find("transpose");
    auto db = store::Database::open(t.path.toStdString());
    store::DeviceRepository(db).upsert(t.a);
    store::DeviceRepository(db).upsert(t.b);
    const ParameterSpace space = family->space(t.a);
    std::vector<std::string> keys;
    space.forEachValid([&](const Point& p) {
        keys.push_back(p.key());
        return keys.size() < 8;
    });
    store::RunRepository runs(db);
    store::MeasurementRepository measurements(db);
    auto newRun = [&](const DeviceInfo& d) {
        store::NewRun run;
        run.deviceId = d.stableId();
        run.family = "transpose";
        run.strategy = "exhaustive";
        return runs.create(run);
    };
    auto add = [&](std::int64_t runId, const DeviceInfo& d, const std::string& key, std::int64_t n, double value,
                   bool ok = true) {
        Measurement m;
        m.pointKey = key;
        m.size = ProblemSize{{n}};
        m.status = ok ? MeasurementStatus::Ok : MeasurementStatus::CompileError;
        m.value = value;
        m.medianMs = 1;
        m.timesMs = {1};
        measurements.insert(runId, m);
        t.rows.push_back({d.stableId(), key, n, value, ok});
    };
    const auto runA = newRun(t.a);
    for (std::size_t c = 0; c < keys.size(); ++c)
        for (std::int64_t n : {256, 512, 1024, 2048}) add(runA, t.a, keys[c], n, madeUp(0, int(c), n));
    // A second run on A measures candidate 1 again at 512, faster this time: the best of both counts.
    add(newRun(t.a), t.a, keys[1], 512, 5000);
    const auto runB = newRun(t.b);
    for (std::size_t c = 0; c < 6; ++c)
        for (std::int64_t n : {256, 512, 1024}) add(runB, t.b, keys[c], n, madeUp(1, int(c), n));
    // A failed candidate with a huge value must be ignored; one measured at a single size wins that size only.
    add(runB, t.b, keys[6], 1024, 1e6, false);
    add(runB, t.b, keys[7], 512, 9000);
    // A run of another kernel version of the family is not comparable: left out (and not recorded in t.rows).
    store::NewRun old;
    old.deviceId = t.a.stableId();
    old.family = "transpose";
    old.familyVersion = family->version() + 1;
    old.strategy = "exhaustive";
    Measurement stale;
    stale.pointKey = keys[2];
    stale.size = ProblemSize{{256}};
    stale.value = 1e5;
    stale.medianMs = 1;
    stale.timesMs = {1};
    measurements.insert(runs.create(old), stale);
    // Another family, measured on A only (and sorted first): the page opens on the family measured on both.
    store::NewRun other;
    other.deviceId = t.a.stableId();
    other.family = "dtranspose";
    other.strategy = "exhaustive";
    Measurement d = stale;
    d.value = 7;
    measurements.insert(runs.create(other), d);
    return t;
}

// Expectations from the stored rows: best per size (value, key) and the best single candidate (most sizes, then highest
// mean) with its values per size.
struct Expected {
    std::map<std::int64_t, std::pair<double, std::string>> bestPerSize;
    std::string single;
    std::map<std::int64_t, double> singleCurve;
};

Expected expected(const TestStore& t, const std::string& device) {
    Expected e;
    std::map<std::string, std::map<std::int64_t, double>> byKey;
    for (const auto& r : t.rows) {
        if (r.device != device || !r.ok) continue;
        auto& best = e.bestPerSize[r.n];
        if (r.value > best.first) best = {r.value, r.key};
        auto& v = byKey[r.key][r.n];
        v = std::max(v, r.value);
    }
    std::size_t most = 0;
    double bestMean = -1;
    for (const auto& [key, curve] : byKey) {
        double sum = 0;
        for (const auto& [n, v] : curve) sum += v;
        const double mean = sum / double(curve.size());
        if (curve.size() > most || (curve.size() == most && mean > bestMean)) {
            most = curve.size();
            bestMean = mean;
            e.single = key;
        }
    }
    e.singleCurve = byKey[e.single];
    return e;
}

std::map<double, double> graphData(QCPGraph* g) {
    std::map<double, double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) out[it->key] = it->value;
    return out;
}

int columnOf(const BestParametersModel* model, const DeviceInfo& d) {
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->headerData(c, Qt::Horizontal).toString() == QString::fromStdString(d.label())) return c;
    return -1;
}

int rowOf(const BestParametersModel* model, const QString& name) {
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->headerData(r, Qt::Vertical).toString() == name) return r;
    return -1;
}

} // namespace

class TstComparePage : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // A page over a fresh store, loaded.
    std::unique_ptr<ComparePage> loadedPage(const QString& path) {
        auto page = std::make_unique<ComparePage>();
        page->resize(1100, 720);
        page->show();
        // Every reset and change of the best-parameter table while the store loads is checked by Qt's tester.
        new QAbstractItemModelTester(const_cast<BestParametersModel*>(page->model()),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest, page.get());
        QSignalSpy loaded(page.get(), &ComparePage::storeLoaded);
        page->setDatabase(path);
        if (!loaded.wait(30000) && loaded.isEmpty()) return nullptr;
        return page;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        kt::test::isolateGuiTest(m_dir, "tst_compare_page");
    }

    // In the main window: a "Compare" tab that follows the chosen database and lists this machine's devices.
    void mainWindowHasTheComparePage() {
        const TestStore t = makeStore(m_dir.filePath(QStringLiteral("window")));
        BackendFactory fake = test::oneFakeGpuFactory();
        MainWindow window(fake, {}, nullptr);
        ComparePage* page = window.comparePage();
        QVERIFY(page);
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(page)), QStringLiteral("Compare"));
        QSignalSpy loaded(page, &ComparePage::storeLoaded);
        window.setDatabase(t.path);
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty() && !page->isLoading(), 30000);
        QCOMPARE(loaded.last().first().toInt(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(!window.enumeration()->isRunning(), 10000);
        QTRY_COMPARE(page->deviceList()->count(), 3); // two measured, the fake live one without results
        QVERIFY(page->deviceList()->item(2)->text().contains(QStringLiteral("Fake GPU")));
        QCOMPARE(page->plot()->graphCount(), 2);
    }

    void plotShowsEachDevicesBestCurve() {
        const TestStore t = makeStore(m_dir.filePath(QStringLiteral("curves")));
        auto page = loadedPage(t.path);
        QVERIFY(page);
        QCOMPARE(page->familyCombo()->count(), 2);
        QCOMPARE(page->familyCombo()->currentData().toString(), QStringLiteral("transpose"));
        QCOMPARE(page->plot()->plot()->yAxis->label(), QStringLiteral("GB/s"));
        // A live device without measurements is listed, but cannot be checked.
        page->setLiveDevices({makeDevice("Live GPU", BackendKind::OpenCL)});
        QCOMPARE(page->deviceList()->count(), 3);
        QVERIFY(!(page->deviceList()->item(2)->flags() & Qt::ItemIsUserCheckable));
        QVERIFY(page->deviceList()->item(2)->text().contains(QStringLiteral("Live GPU")));

        // One graph per checked device, no peers yet.
        QCOMPARE(page->plot()->graphCount(), 2);
        QCOMPARE(page->curveSources().size(), std::size_t(2));
        QVERIFY(!page->peerCombo()->isEnabled());
        for (int g = 0; g < 2; ++g) {
            const std::string id = page->curveSources()[std::size_t(g)].deviceId;
            QVERIFY(page->curveSources()[std::size_t(g)].peer.empty());
            const Expected e = expected(t, id);
            std::map<double, double> want;
            for (const auto& [n, best] : e.bestPerSize) want[double(n)] = best.first;
            QCOMPARE(graphData(page->plot()->plot()->graph(g)), want);
        }
        const Expected eb = expected(t, t.b.stableId());
        QCOMPARE(eb.bestPerSize.at(512).first,
                 9000.0); // the single-size candidate wins its size…
        QCOMPARE(eb.bestPerSize.at(1024).second.empty(), false);
        QVERIFY(eb.bestPerSize.at(1024).first < 1e6); // …and the failed one never counts
        QCOMPARE(expected(t, t.a.stableId()).bestPerSize.at(512).first,
                 5000.0); // best of two runs

        // The best single candidate: one kernel over all sizes.
        page->modeCombo()->setCurrentIndex(page->modeCombo()->findData(int(CurveMode::BestSingleCandidate)));
        QCOMPARE(page->curveMode(), CurveMode::BestSingleCandidate);
        for (int g = 0; g < 2; ++g) {
            const Expected e = expected(t, page->curveSources()[std::size_t(g)].deviceId);
            std::map<double, double> want;
            for (const auto& [n, v] : e.singleCurve) want[double(n)] = v;
            QCOMPARE(graphData(page->plot()->plot()->graph(g)), want);
        }
        QVERIFY(expected(t, t.b.stableId()).single != expected(t, t.b.stableId()).bestPerSize.at(512).second);

        // Unchecking a device removes its curve and its table column.
        QVERIFY(page->setDeviceChecked(t.b.stableId(), false));
        QCOMPARE(page->plot()->graphCount(), 1);
        QCOMPARE(page->model()->columnCount(), 1);
        QCOMPARE(page->curveSources()[0].deviceId, t.a.stableId());
        QVERIFY(!page->setDeviceChecked("opencl:nobody:nothing", true));
        // Another family lists only the devices that measured it; checks survive the switch.
        QVERIFY(page->setDeviceChecked(t.b.stableId(), true));
        page->setFamily(QStringLiteral("dtranspose"));
        QCOMPARE(page->plot()->graphCount(), 1);
        QCOMPARE(graphData(page->plot()->plot()->graph(0)), (std::map<double, double>{{256.0, 7.0}}));
        page->setFamily(QStringLiteral("transpose"));
        QCOMPARE(page->plot()->graphCount(), 2);
    }

    void tableShowsBestParametersPerDevice() {
        const TestStore t = makeStore(m_dir.filePath(QStringLiteral("table")));
        auto page = loadedPage(t.path);
        QVERIFY(page);
        const BestParametersModel* model = page->model();
        QCOMPARE(model->columnCount(), 2);
        // Rows: the family's parameters in space order, then best value, size and peer.
        const auto space = FamilyRegistry::instance().find("transpose")->space(t.a);
        QCOMPARE(model->parameterRows(), int(space.parameters().size()));
        for (int r = 0; r < model->parameterRows(); ++r)
            QCOMPARE(model->headerData(r, Qt::Vertical).toString(),
                     QString::fromStdString(space.parameters()[std::size_t(r)].name));
        QCOMPARE(model->rowCount(), model->parameterRows() + 3);
        for (const DeviceInfo* d : {&t.a, &t.b}) {
            const int c = columnOf(model, *d);
            QVERIFY2(c >= 0, d->label().c_str());
            // Per-size mode: the fastest measured candidate of the device.
            const Expected e = expected(t, d->stableId());
            std::pair<double, std::string> peak{0, {}};
            std::int64_t peakSize = 0;
            for (const auto& [n, best] : e.bestPerSize)
                if (best.first > peak.first) peak = best, peakSize = n;
            const Point point = Point::fromKey(peak.second);
            for (int r = 0; r < model->parameterRows(); ++r) {
                const std::string name = space.parameters()[std::size_t(r)].name;
                QCOMPARE(model->index(r, c).data().toString(), QString::number(point[name]));
            }
            QCOMPARE(model->index(model->bestValueRow(), c).data().toString(), QString::number(peak.first, 'f', 1));
            QCOMPARE(model->index(model->sizeRow(), c).data().toString(), QString::number(peakSize));
            QVERIFY(model->index(model->peerRow(), c).data().toString().isEmpty());
        }
        // Single-candidate mode: that candidate's parameters.
        page->modeCombo()->setCurrentIndex(page->modeCombo()->findData(int(CurveMode::BestSingleCandidate)));
        const int cb = columnOf(model, t.b);
        const Point single = Point::fromKey(expected(t, t.b.stableId()).single);
        QCOMPARE(model->index(rowOf(model, QStringLiteral("TRA_TILE")), cb).data().toString(),
                 QString::number(single["TRA_TILE"]));
        QCOMPARE(model->index(rowOf(model, QStringLiteral("TRA_WPT")), cb).data().toString(),
                 QString::number(single["TRA_WPT"]));

        // Ctrl+C copies the whole table as TSV when nothing is selected, the selection otherwise.
        page->activateWindow();
        page->table()->setFocus();
        QApplication::clipboard()->clear();
        QTest::keyClick(page->table(), Qt::Key_C, Qt::ControlModifier);
        const QString all = QApplication::clipboard()->text();
        const QStringList lines = all.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), model->rowCount() + 1);
        QCOMPARE(lines[0].split(QLatin1Char('\t')).size(), 3);
        QCOMPARE(lines[0].split(QLatin1Char('\t'))[cb + 1], QString::fromStdString(t.b.label()));
        const QStringList tile = lines[1 + rowOf(model, QStringLiteral("TRA_TILE"))].split(QLatin1Char('\t'));
        QCOMPARE(tile[0], QStringLiteral("TRA_TILE"));
        QCOMPARE(tile[cb + 1], QString::number(single["TRA_TILE"]));
        page->table()->selectionModel()->select(model->index(model->bestValueRow(), cb), QItemSelectionModel::Select);
        page->copyTable();
        const QStringList one = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(one.size(), 2);
        QCOMPARE(one[1].split(QLatin1Char('\t')).size(), 2);
        QCOMPARE(one[1].split(QLatin1Char('\t'))[1], model->index(model->bestValueRow(), cb).data().toString());
    }

    void peersAppearDashedWhenStored() {
        const TestStore t = makeStore(m_dir.filePath(QStringLiteral("peers")));
        {
            auto db = store::Database::open(t.path.toStdString());
            store::PeerRepository peers(db);
            peers.add({0, t.b.stableId(), "cublas", "transpose", {{256}}, 120, 0.1, ""});
            peers.add({0, t.b.stableId(), "cublas", "transpose", {{512}}, 300, 0.1, ""});
            peers.add({0, t.b.stableId(), "cublas", "transpose", {{512}}, 280, 0.1, ""}); // a slower second bench
            peers.add({0, t.b.stableId(), "cublas", "sgemm_tn", {{512, 512, 512}}, 9999, 0.1, ""}); // other family
            peers.add({0, t.a.stableId(), "clblast", "transposer", {{512}}, 7777, 0.1, ""});        // not a variant
        }
        auto page = loadedPage(t.path);
        QVERIFY(page);
        QCOMPARE(page->plot()->graphCount(), 3);
        const auto& source = page->curveSources()[2];
        QCOMPARE(source.deviceId, t.b.stableId());
        QCOMPARE(source.peer, std::string("cublas"));
        QCOMPARE(source.routine, std::string("transpose"));
        QCPGraph* peer = page->plot()->plot()->graph(2);
        QCOMPARE(peer->pen().style(), Qt::DashLine);
        QCOMPARE(page->plot()->plot()->graph(0)->pen().style(), Qt::SolidLine);
        QCOMPARE(graphData(peer), (std::map<double, double>{{256.0, 120.0}, {512.0, 300.0}}));
        QVERIFY(peer->name().contains(QStringLiteral("cuBLAS")));
        QVERIFY(page->peerCombo()->isEnabled());
        QCOMPARE(page->peerCombo()->count(), 2); // all, transpose
        const BestParametersModel* model = page->model();
        QVERIFY(
            model->index(model->peerRow(), columnOf(model, t.b)).data().toString().startsWith(QStringLiteral("300.0")));
        QVERIFY(model->index(model->peerRow(), columnOf(model, t.a)).data().toString().isEmpty());
    }

    void exportsPlotAndTable() {
        const TestStore t = makeStore(m_dir.filePath(QStringLiteral("export")));
        auto page = loadedPage(t.path);
        QVERIFY(page);
        QTRY_VERIFY(page->plot()->plot()->width() > 300);
        const QString png = m_dir.filePath(QStringLiteral("export/plot.png"));
        const QString pdf = m_dir.filePath(QStringLiteral("export/plot.pdf"));
        const QString svg = m_dir.filePath(QStringLiteral("export/plot.svg"));
        const QString csv = m_dir.filePath(QStringLiteral("export/table.csv"));
        QString error;
        QVERIFY2(page->exportPlot(png, ExportFormat::Png, &error), qPrintable(error));
        QVERIFY2(page->exportPlot(pdf, ExportFormat::Pdf, &error), qPrintable(error));
        QVERIFY2(page->exportPlot(svg, ExportFormat::Svg, &error), qPrintable(error));
        QVERIFY2(page->exportTableCsv(csv, &error), qPrintable(error));

        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), page->plot()->plot()->size());
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        const QByteArray pdfBytes = pdfFile.readAll();
        QVERIFY(pdfBytes.startsWith("%PDF-"));
        QVERIFY(pdfBytes.size() > 1000);
        QVERIFY(pdfBytes.trimmed().endsWith("%%EOF"));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svgFile);
        int elements = 0;
        QString root;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement && elements++ == 0) root = xml.name().toString();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(root, QStringLiteral("svg"));
        QVERIFY(elements > 20);
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(csvFile.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), page->model()->rowCount() + 1);
        QVERIFY(rows[0].startsWith(QStringLiteral("Parameter,")));
        QVERIFY(rows[0].contains(QString::fromStdString(t.a.label())));

        if (const QByteArray keep = qgetenv("KT_COMPARE_KEEP"); !keep.isEmpty()) // for a look at the files
            for (const QString& file : {png, pdf, svg, csv})
                QFile::copy(file, QDir(QString::fromLocal8Bit(keep)).filePath(QFileInfo(file).fileName()));
        // An unwritable path fails with a message naming it, and leaves nothing behind.
        const QString bad = m_dir.filePath(QStringLiteral("export/no-such-folder/plot.png"));
        QVERIFY(!page->exportPlot(bad, ExportFormat::Png, &error));
        QVERIFY2(error.contains(bad), qPrintable(error));
        QVERIFY(!QFile::exists(bad));
        QVERIFY(!page->exportTableCsv(m_dir.filePath(QStringLiteral("export/no-such-folder/t.csv")), &error));
        QVERIFY2(error.contains(QStringLiteral("no-such-folder")), qPrintable(error));
        QCOMPARE(ComparisonPlot::formatForPath(QStringLiteral("a/b.SVG")), std::optional(ExportFormat::Svg));
        QVERIFY(!ComparisonPlot::formatForPath(QStringLiteral("b.jpg")));
    }

    void csvQuotesFieldsWithCommas() {
        BestParametersModel model;
        BestParametersColumn column{QStringLiteral("GPU \"X\", rev 2"), CurvePoint{{{64}}, 12.5, "P=1,Q=2"}, {}, {}};
        model.set({"P", "Q"}, {}, {column}, Metric::GBs);
        const QStringList lines = model.toDelimited(QLatin1Char(',')).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines[0], QStringLiteral("Parameter,\"GPU \"\"X\"\", rev 2\""));
        QCOMPARE(lines[1], QStringLiteral("P,1"));
        QCOMPARE(lines[2], QStringLiteral("Q,2"));
        QCOMPARE(lines[3], QStringLiteral("Best (GB/s),12.5"));
        QCOMPARE(lines[4], QStringLiteral("At size,64"));
    }

    void runPageDrawsPeersOfTheRunsDevice() {
        const QString path = m_dir.filePath(QStringLiteral("run.sqlite"));
        const DemoStore demo = buildDemoStore(path);
        addComparisonDemo(path); // made-up CLBlast results for the demo devices
        TuningRunService service;
        RunPage page(&service);
        page.resize(900, 600);
        page.show();
        page.setDatabase(path);
        page.setDevice(&demo.simulated); // replays the stored device: its peers are the reference
        page.setFamily(QStringLiteral("transpose"));
        RunRequest request = *page.currentRequest();
        request.sizes = {{{256}}, {{512}}, {{1024}}};
        TuningRun* run = page.startRun(request);
        QVERIFY(run);
        QTRY_COMPARE_WITH_TIMEOUT(page.curvePlot()->peerCurveCount(), 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 60000);
        QCPGraph* peer = nullptr;
        for (int g = 0; g < page.curvePlot()->plot()->graphCount(); ++g)
            if (page.curvePlot()->plot()->graph(g)->pen().style() != Qt::SolidLine)
                peer = page.curvePlot()->plot()->graph(g);
        QVERIFY(peer);
        QCOMPARE(peer->dataCount(), 3);
        QVERIFY(peer->name().contains(QStringLiteral("CLBlast")));
        // The ranked candidate curves are unaffected by the reference.
        QTRY_VERIFY(!page.curvePlot()->redrawPending());
        QVERIFY(!page.curvePlot()->shownCandidates().isEmpty());
        QVERIFY(page.curvePlot()->pointsPlotted() > 0);
    }
};

QTEST_MAIN(TstComparePage)
#include "tst_compare_page.moc"
