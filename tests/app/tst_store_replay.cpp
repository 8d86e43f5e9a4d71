// --screenshot-store's Run page: the store's newest run of a family, replayed through the simulated twin of its
// device, shows that run's candidates (and only those: every one answered from the store, none skipped) under the
// device's bound taken from the stored profile.
#include <algorithm>
#include <set>

#include <QImage>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "app/gui/demo/demo_run.hpp"
#include "app/gui/demo/screenshot.hpp"
#include "app/gui/demo/store_replay.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/pages/fits_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"
#include "app/gui/plots/qcustomplot_include.hpp"
#include "core/store/store.hpp"
#include "fake_backend.hpp"
#include "test_environment.hpp"

using namespace kt;
using namespace kt::gui;

namespace {
// The first few valid points of the family's space, as a space of their own (the values they use, the family's
// constraints): a run over it is a few dozen candidates, not the family's millions.
ParameterSpace smallSpace(const ParameterSpace& full, std::size_t points) {
    std::vector<Point> first;
    full.forEachValid([&](const Point& p) {
        first.push_back(p);
        return first.size() < points;
    });
    ParameterSpace small;
    small.name = "replay test";
    for (std::size_t i = 0; i < full.parameters().size(); ++i) {
        Parameter parameter = full.parameters()[i];
        std::vector<ParamValue> used;
        for (const auto& p : first)
            if (std::find(used.begin(), used.end(), p.values()[i]) == used.end()) used.push_back(p.values()[i]);
        parameter.values = used;
        small.addParameter(parameter);
    }
    for (const auto& c : full.constraints()) small.addConstraint(c);
    for (const auto& [name, value] : full.variables()) small.setVariable(name, value);
    return small;
}
double percent0(double gflops) { return 100.0 * gflops / 1234.0; } // of the test device's FP32 peak
} // namespace

class TstStoreReplay : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        kt::test::isolateGuiTest(m_dir, "tst_store_replay");
    }

    void runPageReplaysTheStoredRunUnderTheDeviceBound() {
        auto family = FamilyRegistry::instance().find("ssyrk");
        QVERIFY(family);
        DeviceInfo device = demoGpu("Replay GPU");
        DeviceProfile profile;
        profile.copyBandwidthGBs = 100000; // so the FP32 peak, not the bandwidth, bounds ssyrk at these sizes
        profile.fp32PeakGFlops = 1234;
        profile.fp64PeakGFlops = 617;
        profile.measuredAt = "2026-11-27T00:00:00Z";
        device.profile = profile;

        const ParameterSpace space = smallSpace(family->space(device), 4);
        const std::vector<ProblemSize> sizes{{{64, 64}}, {{128, 128}}};
        const QString path = m_dir.filePath(QStringLiteral("replay.sqlite"));
        std::map<std::string, double> best; // point key -> value at the largest size
        {
            auto db = store::Database::open(path.toStdString());
            store::DeviceRepository(db).upsert(device);
            store::NewRun run;
            run.deviceId = device.stableId();
            run.family = family->name();
            run.familyVersion = family->version();
            run.strategy = "exhaustive";
            run.space = nlohmann::json::parse(space.toJson());
            for (const auto& s : sizes) run.sizes.push_back(s.dims);
            run.budget = {{"seed", 1}};
            const auto runId = store::RunRepository(db).create(run);
            store::MeasurementRepository measurements(db);
            int i = 0;
            space.forEachValid([&](const Point& p) {
                ++i;
                for (const auto& size : sizes) {
                    Measurement m;
                    m.pointKey = p.key();
                    m.size = size;
                    m.value = (10.0 + (i * 37) % 23) * static_cast<double>(size.dims[0]) / 64.0;
                    m.medianMs = family->work(size) / (m.value * 1e6);
                    measurements.insert(runId, m);
                    if (size == sizes.back()) best[p.key()] = m.value;
                }
                return true;
            });
            store::RunRepository(db).updateStatus(runId, RunStatus::Completed);
        }
        QVERIFY2(best.size() >= 4 && best.size() <= 200, qPrintable(QString::number(best.size())));

        // The request the replay makes: the stored run's strategy and space on the device's simulated twin.
        const auto replay = storeReplay(path, QStringLiteral("ssyrk"));
        QVERIFY(replay);
        QCOMPARE(replay->measurements, best.size() * sizes.size());
        QCOMPARE(replay->request.strategy, QStringLiteral("exhaustive"));
        QVERIFY(replay->request.space);
        QCOMPARE(replay->request.sizes, sizes);
        QVERIFY(!storeReplay(path, QStringLiteral("dgemm"))); // no run of that family

        MainWindow window(test::oneFakeGpuFactory(), {}, nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(!window.enumeration()->isRunning(), 30000);
        QTemporaryDir out;
        QCOMPARE(takeStoreScreenshots(window, out.path(), path, QStringLiteral("ssyrk")), 0);
        QVERIFY(!QImage(out.filePath(QStringLiteral("run-store.png"))).isNull());

        // The Fits & Rules page fits SYRK's square sizes (n = k) by n.
        QCOMPARE(FitsPage::scalarSize({{128, 128}}), 128LL);
        QCOMPARE(FitsPage::scalarSize({{128, 64}}), -1LL);
        QVERIFY2(window.fitsPage()->result().message.isEmpty(), qPrintable(window.fitsPage()->result().message));
        QCOMPARE(window.fitsPage()->result().candidates.size(), std::min<std::size_t>(4, best.size()));

        RunPage* page = window.runPage();
        TuningRun* run = page->currentRun();
        QVERIFY(run);
        QVERIFY(run->status() == RunStatus::Completed);
        QVERIFY(run->request().device.backend == BackendKind::Simulated);
        QCOMPARE(run->request().device.replayOf, device.stableId());
        QCOMPARE(window.tabs()->currentWidget(), static_cast<QWidget*>(page));
        // Every stored candidate came back from the store at both sizes: nothing skipped or failed.
        QCOMPARE(page->failureTable()->rowCount(), 0);
        QCOMPARE(run->progress().done, static_cast<quint64>(best.size() * sizes.size()));
        // The curves are the stored candidates, the best one first.
        const QStringList shown = page->curvePlot()->shownCandidates();
        QCOMPARE(shown.size(), std::min<int>(5, static_cast<int>(best.size())));
        for (const auto& key : shown) QVERIFY2(best.count(key.toStdString()), qPrintable(key));
        const auto top = std::max_element(best.begin(), best.end(),
                                          [](const auto& a, const auto& b) { return a.second < b.second; });
        QCOMPARE(best.at(shown.front().toStdString()), top->second);
        QCOMPARE(page->curvePlot()->pointsPlotted(), static_cast<int>(shown.size() * sizes.size()));
        // The bound: the stored device's FP32 peak, a horizontal line (the same at both sizes), labelled.
        const auto bound = page->curvePlot()->bound();
        QVERIFY(bound);
        QCOMPARE(bound->value, 1234.0);
        QVERIFY2(bound->label.contains(QStringLiteral("FP32")) && bound->label.contains(QStringLiteral("1234")),
                 qPrintable(bound->label));
        QVERIFY(page->curvePlot()->boundCurve().empty());
        // The legend: each candidate's best fraction of the bound, then the parameters that differ, without the
        // family's prefix.
        QString first;
        for (int g = 0; g < page->curvePlot()->plot()->graphCount(); ++g)
            if (page->curvePlot()->plot()->graph(g)->name().startsWith(QStringLiteral("1. ")))
                first = page->curvePlot()->plot()->graph(g)->name();
        QVERIFY2(first.startsWith(QStringLiteral("1. %1 % of bound · ").arg(percent0(top->second), 0, 'f', 0)),
                 qPrintable(first));
        QVERIFY2(!first.contains(QStringLiteral("GEMM_")) && first.contains(QStringLiteral("=")), qPrintable(first));
        // GFlop/s on the left axis, the fraction of that bound on the right; the best candidate's fraction above.
        const double percent = percent0(top->second);
        QCOMPARE(page->curvePlot()->fractionAxisBound(), 1234.0);
        QVERIFY2(page->bestLabel()->text().contains(QStringLiteral("(%1 % of the bound)").arg(percent, 0, 'f', 0)),
                 qPrintable(page->bestLabel()->text()));
    }
};

QTEST_MAIN(TstStoreReplay)
#include "tst_store_replay.moc"
