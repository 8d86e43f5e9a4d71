// TuningRunService and the Run page against the simulated backend: a replayed run delivers its measurements to the
// plots, the failure log and the results model; pause stops the flow, resume continues it, cancel ends as cancelled.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/demo/tuning_run_demo.hpp"
#include "app/gui/models/results_model.hpp"
#include "app/gui/pages/results_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/plots/candidate_scatter_plot.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"
#include "app/gui/services/tuning_run_service.hpp"
#include "core/engine/family.hpp"
#include "core/store/store.hpp"
#include "devices/registry.hpp"
#include "kernels/builtin_families.hpp"

#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTabWidget>

using namespace kt;
using namespace kt::gui;

namespace {
// Readable QCOMPARE failures for run states.
QString st(RunStatus s) { return QString::fromStdString(kt::toString(s)); }
} // namespace

class TstRunService : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_stores = 0;

    // A fresh demo store per test: a second run on the same device would answer from the first one's results.
    std::pair<QString, DemoStore> freshStore() {
        const QString path = m_dir.filePath(QStringLiteral("demo%1.sqlite").arg(++m_stores));
        return {path, buildDemoStore(path)};
    }
    static RunRequest request(const QString& path, const DemoStore& demo, int delayMs) {
        RunRequest r;
        r.device = demo.simulated;
        r.family = QStringLiteral("transpose");
        r.strategy = QStringLiteral("exhaustive");
        r.sizes = {{{256}}, {{512}}, {{1024}}};
        r.database = path;
        r.replayDelayMs = delayMs;
        return r;
    }
    static RunStatus storedStatus(const QString& path, qint64 runId) {
        auto db = store::Database::open(path.toStdString(), {store::OpenMode::ReadOnly});
        return store::RunRepository(db).get(runId).value().status;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        kernels::registerBuiltinFamilies();
    }

    void replayedRunFeedsPlotsFailureLogAndResults() {
        auto [path, demo] = freshStore();
        QVERIFY(demo.candidates > 10);
        QVERIFY(demo.failing > 0);
        TuningRunService service;
        RunPage page(&service);
        ResultsPage results;
        connect(&page, &RunPage::measurementsArrived, &results, &ResultsPage::appendMeasurements);
        page.show();
        QSignalSpy batches(&service, &TuningRunService::runAdded);
        TuningRun* run = page.startRun(request(path, demo, 0));
        QVERIFY(run);
        QCOMPARE(batches.count(), 1);
        QSignalSpy arrived(run, &TuningRun::measurementsArrived);
        QSignalSpy finished(run, &TuningRun::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(st(run->status()), st(RunStatus::Completed));
        QVERIFY(run->runId() > 0);
        QCOMPARE(st(storedStatus(path, run->runId())), st(RunStatus::Completed));

        const int expected = demo.candidates * 3;
        QCOMPARE(static_cast<int>(run->measurementCount()), expected);
        int delivered = 0;
        for (const auto& args : arrived) delivered += args.at(0).value<QVector<Measurement>>().size();
        QCOMPARE(delivered, expected);
        QCOMPARE(results.model()->rowCount(), expected);
        QCOMPARE(page.failureTable()->rowCount(), demo.failing * 3);
        // The full message of a failure on click; the table holds only its first line.
        page.failureTable()->setCurrentCell(0, 0);
        QVERIFY(page.failureText()->toPlainText().contains(QStringLiteral("1 error generated")));
        QVERIFY(!page.failureTable()->item(0, 3)->text().contains(QLatin1Char('\n')));

        // Top-K curves: the best candidate by mean over sizes, computed here from the store independently.
        auto db = store::Database::open(path.toStdString(), {store::OpenMode::ReadOnly});
        std::map<std::string, double> sum;
        for (const auto& s : store::MeasurementRepository(db).byRun(run->runId()))
            if (s.measurement.status == MeasurementStatus::Ok) sum[s.measurement.pointKey] += s.measurement.value;
        const auto best =
            std::max_element(sum.begin(), sum.end(), [](auto& a, auto& b) { return a.second < b.second; });
        QTRY_VERIFY(!page.curvePlot()->redrawPending()); // live plots redraw at most every 100 ms
        QCOMPARE(page.curvePlot()->shownCandidates().size(), 5);
        QCOMPARE(page.curvePlot()->shownCandidates().front(), QString::fromStdString(best->first));
        QCOMPARE(page.curvePlot()->pointsPlotted(), 5 * 3);
        QVERIFY(page.curvePlot()->bound().has_value());
        QCOMPARE(page.curvePlot()->bound()->value, 400.0); // the demo device's copy bandwidth (a GB/s family)
        QCOMPARE(page.scatterPlot()->candidateCount(), demo.candidates - demo.failing);
        QCOMPARE(page.scatterPlot()->pointsPlotted(), 0); // hidden tab: not drawn while the run streams
        page.viewTabs()->setCurrentIndex(1);
        QCOMPARE(page.scatterPlot()->pointsPlotted(), demo.candidates - demo.failing);
        QCOMPARE(page.progressBar()->value(), page.progressBar()->maximum());
        QVERIFY(page.bestLabel()->text().contains(QString::fromStdString(best->first)));
        QVERIFY(!page.pauseButton()->isEnabled());
        QVERIFY(!page.cancelButton()->isEnabled());
    }

    void pauseStopsTheFlowAndResumeContinues() {
        auto [path, demo] = freshStore();
        TuningRunService service;
        RunPage page(&service);
        TuningRun* run = page.startRun(request(path, demo, 25));
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(run->measurementCount() >= 3, 30000);
        QVERIFY(page.pauseButton()->isEnabled());
        QVERIFY(!page.resumeButton()->isEnabled());
        page.pauseButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(st(run->status()), st(RunStatus::Paused), 30000);
        QCOMPARE(st(storedStatus(path, run->runId())), st(RunStatus::Paused));
        QVERIFY(page.resumeButton()->isEnabled());
        const auto atPause = run->measurementCount();
        QTest::qWait(400); // 16 replay delays: a run that kept going would have delivered more
        QCOMPARE(run->measurementCount(), atPause);
        page.resumeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(run->measurementCount() > atPause, 30000);
        QCOMPARE(st(run->status()), st(RunStatus::Running));
        page.cancelButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 30000);
        QCOMPARE(st(run->status()), st(RunStatus::Cancelled));
        QCOMPARE(st(storedStatus(path, run->runId())), st(RunStatus::Cancelled));
        QVERIFY(run->measurementCount() < static_cast<quint64>(demo.candidates * 3));
    }

    void aCancelledRunResumesWhereItStopped() {
        auto [path, demo] = freshStore();
        TuningRunService service;
        RunPage page(&service);
        TuningRun* first = page.startRun(request(path, demo, 15));
        QTRY_VERIFY_WITH_TIMEOUT(first->measurementCount() >= 4, 30000);
        page.cancelButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!first->isActive(), 30000);
        const auto before = first->measurementCount();
        QVERIFY(before < static_cast<quint64>(demo.candidates * 3));
        QVERIFY(page.resumeButton()->isEnabled()); // cancelled runs are resumable
        page.resumeButton()->click();
        TuningRun* second = page.currentRun();
        QVERIFY(second && second != first);
        QCOMPARE(second->request().resumeRunId, first->runId());
        QTRY_COMPARE_WITH_TIMEOUT(st(second->status()), st(RunStatus::Completed), 60000);
        QCOMPARE(second->runId(), first->runId()); // the same stored run, now completed
        QCOMPARE(st(storedStatus(path, first->runId())), st(RunStatus::Completed));
        // Nothing measured twice: the store holds each (point, size) once, all of them.
        auto db = store::Database::open(path.toStdString(), {store::OpenMode::ReadOnly});
        QCOMPARE(static_cast<int>(store::MeasurementRepository(db).byRun(first->runId()).size()), demo.candidates * 3);
        QVERIFY(!page.resumeButton()->isEnabled());
    }

    void cancelWhilePausedEndsCancelled() {
        auto [path, demo] = freshStore();
        TuningRunService service;
        TuningRun* run = service.start(request(path, demo, 25));
        QVERIFY(run);
        QSignalSpy finished(run, &TuningRun::finished);
        run->pause();
        QTRY_COMPARE_WITH_TIMEOUT(st(run->status()), st(RunStatus::Paused), 30000);
        run->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(st(finished.front().at(0).value<RunStatus>()), st(RunStatus::Cancelled));
        QCOMPARE(st(storedStatus(path, run->runId())), st(RunStatus::Cancelled));
    }

    void oneActiveRunPerDevice() {
        auto [path, demo] = freshStore();
        TuningRunService service;
        TuningRun* first = service.start(request(path, demo, 25));
        QVERIFY(first);
        QString error;
        QCOMPARE(service.start(request(path, demo, 0), &error), nullptr);
        QVERIFY2(error.contains(QString::fromStdString(demo.simulated.label())), qPrintable(error));
        QCOMPARE(service.activeRun(QString::fromStdString(demo.simulated.stableId())), first);
        first->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!first->isActive(), 30000);
        // A finished run frees the device; the new run reuses the stored answers.
        TuningRun* second = service.start(request(path, demo, 0));
        QVERIFY(second);
        QTRY_COMPARE_WITH_TIMEOUT(st(second->status()), st(RunStatus::Completed), 60000);
        QCOMPARE(second->progress().reused, first->measurementCount());
        QCOMPARE(service.runs().size(), std::size_t(2));
    }

    void runsOnTwoDevicesAtOnce() {
        const QString pathA = m_dir.filePath(QStringLiteral("twoA.sqlite"));
        const QString pathB = m_dir.filePath(QStringLiteral("twoB.sqlite"));
        const DemoStore a = buildDemoStore(pathA, "Demo GPU A");
        const DemoStore b = buildDemoStore(pathB, "Demo GPU B");
        QVERIFY(a.simulated.stableId() != b.simulated.stableId());
        TuningRunService service;
        TuningRun* runA = service.start(request(pathA, a, 10));
        TuningRun* runB = service.start(request(pathB, b, 10));
        QVERIFY(runA && runB);
        // Both deliver while both are active: they really run side by side.
        QTRY_VERIFY_WITH_TIMEOUT(runA->measurementCount() >= 2 && runB->measurementCount() >= 2, 30000);
        QVERIFY(runA->isActive() && runB->isActive());
        runA->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!runA->isActive(), 30000);
        QVERIFY(runB->isActive()); // cancelling one leaves the other running
        QTRY_COMPARE_WITH_TIMEOUT(st(runB->status()), st(RunStatus::Completed), 60000);
        QCOMPARE(st(runA->status()), st(RunStatus::Cancelled));
        QCOMPARE(static_cast<int>(runB->measurementCount()), b.candidates * 3);
    }

    void executorFailureEndsFailedWithTheMessage() {
        auto [path, demo] = freshStore();
        TuningRunService service;
        service.setExecutorFactory(
            [](const RunRequest&, const DeviceInfo&, const std::string&) -> std::unique_ptr<Executor> {
                throw std::runtime_error("no worker for this device");
            });
        TuningRun* run = service.start(request(path, demo, 0));
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 30000);
        QCOMPARE(st(run->status()), st(RunStatus::Failed));
        QVERIFY2(run->message().contains(QStringLiteral("no worker for this device")), qPrintable(run->message()));
    }

    void deletingARunningRunStopsIt() {
        auto [path, demo] = freshStore();
        auto* service = new TuningRunService;
        TuningRun* run = service->start(request(path, demo, 25));
        QTRY_VERIFY_WITH_TIMEOUT(run->measurementCount() >= 1, 30000);
        const qint64 id = run->runId();
        delete service; // joins the worker; events still queued for the run are dropped (QPointer)
        QCoreApplication::processEvents();
        QCOMPARE(st(storedStatus(path, id)), st(RunStatus::Cancelled));
    }

    // The real path: an OpenCL device (PoCL here) measured through the isolated `ktune worker` the GUI finds.
    void realOpenCLRunThroughTheIsolatedWorker() {
        const auto backends = devices::allBackends();
        std::optional<DeviceInfo> device;
        for (const auto& found : devices::enumerateAll(backends))
            if (found.info.backend == BackendKind::OpenCL) {
                device = found.info;
                break;
            }
        if (!device) QSKIP("no OpenCL device");
        qputenv("KT_KTUNE", KT_KTUNE_PATH);
        TuningRunService service;
        RunRequest r;
        r.device = *device;
        r.family = QStringLiteral("transpose");
        r.strategy = QStringLiteral("exhaustive");
        r.sizes = {{{64}}};
        r.maxEvaluations = 3;
        r.database = m_dir.filePath(QStringLiteral("real.sqlite"));
        TuningRun* run = service.start(r);
        QVERIFY(run);
        QSignalSpy arrived(run, &TuningRun::measurementsArrived);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 240000);
        qunsetenv("KT_KTUNE");
        QVERIFY2(run->status() == RunStatus::Completed,
                 qPrintable(st(run->status()) + QStringLiteral(": ") + run->message()));
        QCOMPARE(run->measurementCount(), quint64(3));
        int ok = 0;
        for (const auto& args : arrived)
            for (const auto& m : args.at(0).value<QVector<Measurement>>())
                if (m.status == MeasurementStatus::Ok && m.value > 0 && m.deviceId == device->stableId()) ++ok;
        QVERIFY2(ok > 0, "no candidate measured ok on the OpenCL device");
    }

    // A warm-started run of a BLAS3 routine takes the device's stored GEMM winner as a seed; the engine's notes about
    // it (one per seed, then the count) reach the GUI through TuningRun::note and the Run page's status message.
    void warmStartNotesReachTheRunAndThePage() {
        auto [path, demo] = freshStore();
        const auto dgemm = FamilyRegistry::instance().find("dgemm");
        QVERIFY(dgemm);
        const auto seeds = dgemm->seedPoints(demo.simulated);
        QVERIFY(!seeds.empty());
        const std::string winner = seeds.front().key();
        {
            auto db = store::Database::open(path.toStdString());
            store::DeviceRepository(db).upsert(demo.simulated);
            store::NewRun stored;
            stored.deviceId = demo.simulated.stableId();
            stored.family = "dgemm";
            stored.strategy = "exhaustive";
            const auto id = store::RunRepository(db).create(stored);
            Measurement m;
            m.pointKey = winner;
            m.size = {{256, 256, 256}};
            m.value = 1000;
            m.medianMs = m.minMs = 1;
            m.timesMs = {1};
            store::MeasurementRepository(db).insert(id, m);
            store::RunRepository(db).updateStatus(id, RunStatus::Completed);
        }
        TuningRunService service;
        RunPage page(&service);
        QSignalSpy pageMessages(&page, &RunPage::statusMessage);
        RunRequest r = request(path, demo, 0);
        r.family = QStringLiteral("dsyrk");
        r.strategy = QStringLiteral("random");
        r.sizes = {{{256, 256}}};
        r.maxEvaluations = 2;
        r.warmStart = true;
        TuningRun* run = page.startRun(r);
        QVERIFY(run);
        QSignalSpy notes(run, &TuningRun::note);
        QSignalSpy finished(run, &TuningRun::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QStringList texts;
        for (const auto& args : notes) texts << args.at(0).toString();
        QVERIFY2(!texts.isEmpty(), "no note arrived");
        QVERIFY2(texts.join(QLatin1Char('\n')).contains(QString::fromStdString(winner)), qPrintable(texts.join(" | ")));
        QStringList shown;
        for (const auto& args : pageMessages) shown << args.at(0).toString();
        QVERIFY2(shown.contains(texts.last()), qPrintable(shown.join(" | ")));
    }

    void sizeListParsing() {
        const auto sizes = parseSizeList(QStringLiteral("256, 512x128 ,1024"));
        QCOMPARE(sizes.size(), std::size_t(3));
        QCOMPARE(sizes[1].dims, (std::vector<std::int64_t>{512, 128}));
        QVERIFY(parseSizeList(QString()).empty());
        try {
            parseSizeList(QStringLiteral("256,big"));
            QFAIL("accepted 'big'");
        } catch (const std::invalid_argument& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("'big'")));
        }
    }

    void ktuneLookupFindsTheBuiltWorker() {
        // KT_KTUNE wins; the build tree puts ktune at ../cli/ktune from the workbench.
        qputenv("KT_KTUNE", KT_KTUNE_PATH);
        QCOMPARE(findKtuneExecutable(), QStringLiteral(KT_KTUNE_PATH));
        qputenv("KT_KTUNE", "/nonexistent/ktune");
        QVERIFY(findKtuneExecutable() != QStringLiteral("/nonexistent/ktune"));
        qunsetenv("KT_KTUNE");
    }
};

QTEST_MAIN(TstRunService)
#include "tst_run_service.moc"
