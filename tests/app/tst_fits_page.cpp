// Fits & Rules page: a temporary store with two crossing synthetic candidates; the page must find the crossing
// as a two-interval rule and refit when α changes.
#include <cmath>
#include <filesystem>
#include <map>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QSlider>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/pages/fits_page.hpp"
#include "app/gui/plots/fit_plot.hpp"
#include "app/gui/plots/point_labels.hpp"
#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"

using namespace kt;

namespace {

// Saturating curve (wins at large sizes) and a straight line (wins at small ones).
double curveA(double s) { return 400.0 * (1.0 - std::exp(-s / 600.0)); }
double curveB(double s) { return 200.0 + 0.05 * s; }

double trueCrossing() {
    double lo = 256, hi = 2048; // B wins at lo, A at hi
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        (curveA(mid) > curveB(mid) ? hi : lo) = mid;
    }
    return lo;
}

DeviceInfo testDevice() {
    DeviceInfo d;
    d.backend = BackendKind::OpenCL;
    d.type = DeviceType::Gpu;
    d.platform = "Test Platform";
    d.vendor = "Test Vendor";
    d.name = "Fit GPU";
    d.driverVersion = "1.0";
    d.runtimeVersion = "OpenCL 3.0";
    return d;
}

QString makeStore(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("fits.sqlite"));
    auto db = store::Database::open(path.toStdString());
    const DeviceInfo device = testDevice();
    store::DeviceRepository(db).upsert(device);
    store::NewRun run;
    run.deviceId = device.stableId();
    run.family = "transpose";
    run.strategy = "exhaustive";
    const auto runId = store::RunRepository(db).create(run);
    store::MeasurementRepository measurements(db);
    for (long long s = 256; s <= 2048; s += 256)
        for (const auto& [point, value] : {std::pair{std::string("TILE=32"), curveA(double(s))},
                                           std::pair{std::string("TILE=8"), curveB(double(s))}}) {
            Measurement m;
            m.pointKey = point;
            m.size = ProblemSize{{s}};
            m.value = value;
            m.timesMs = {1.0};
            m.medianMs = 1.0;
            measurements.insert(runId, m);
        }
    return path;
}

} // namespace

class TestFitsPage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ruleFromCrossingCandidates() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = makeStore(dir);
        gui::FitsPage page;
        QSignalSpy loaded(&page, &gui::FitsPage::measurementsLoaded);
        page.setDatabase(path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        QCOMPARE(loaded.first().first().toInt(), 16);
        QCOMPARE(page.familyCombo()->currentText(), QStringLiteral("transpose"));
        QCOMPARE(page.topKSpin()->value(), 4);

        QTableWidget* table = page.ruleTable();
        QTRY_COMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("TILE=8"));
        QCOMPARE(table->item(1, 2)->text(), QStringLiteral("TILE=32"));
        QCOMPARE(table->item(0, 0)->text().toLongLong(), 256);
        QCOMPARE(table->item(1, 1)->text().toLongLong(), 2049); // last hi = max size + 1
        const long long boundary = table->item(0, 1)->text().toLongLong();
        QCOMPARE(table->item(1, 0)->text().toLongLong(), boundary);
        const double crossing = trueCrossing();
        const long long step = page.result().gridStep;
        const auto& r = page.result();
        qInfo("crossing %.1f, rule boundary %lld, grid step %lld, alpha %g %g", crossing, boundary, step,
              r.alphas.at(0), r.alphas.at(1));
        QVERIFY(step > 0 && step <= 256);
        // The rule switches exactly where the fitted curves cross (first grid size where TILE=32's fit wins)…
        QCOMPARE(r.candidates.at(0), std::string("TILE=32"));
        std::size_t first = 0;
        while (first < r.fitted[0].size() && r.fitted[0][first] <= r.fitted[1][first]) ++first;
        QCOMPARE(boundary, r.gridFrom + static_cast<long long>(first) * step);
        // …and that is within one measurement step (256) of where the true curves cross.
        QVERIFY2(std::abs(double(boundary) - crossing) <= 256.0,
                 qPrintable(QStringLiteral("boundary %1 vs crossing %2").arg(boundary).arg(crossing)));
        // The composite curve follows the rule: at every grid size it is the chosen candidate's fit.
        QCOMPARE(r.composite.size(), r.fitted[0].size());
        for (std::size_t i = 0; i < r.composite.size(); ++i)
            QCOMPARE(r.composite[i], std::max(r.fitted[0][i], r.fitted[1][i]));
        // Drawn: one band per interval; points and fit per candidate, plus the composite curve.
        QCOMPARE(page.plot()->bandCount(), 2);
        QCOMPARE(page.plot()->graphCount(), 5);
        if (const QByteArray grab = qgetenv("KT_FITS_GRAB"); !grab.isEmpty()) {
            page.resize(1000, 700);
            page.plot()->replot();
            page.grab().save(QString::fromLocal8Bit(grab));
        }
    }

    void alphaRefits() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        gui::FitsPage page;
        QSignalSpy loaded(&page, &gui::FitsPage::measurementsLoaded);
        page.setDatabase(makeStore(dir));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        QTRY_COMPARE(page.ruleTable()->rowCount(), 2);
        page.autoAlphaCheck()->setChecked(false);
        QVERIFY(page.alphaSpin()->isEnabled());
        page.alphaSpin()->setValue(0.01);
        const std::vector<double> rough = page.result().fitted.at(0);
        QCOMPARE(page.result().alphas.at(0), 0.01);
        page.alphaSpin()->setValue(10000.0);
        QTRY_COMPARE(page.result().alphas.at(0), 10000.0);
        const std::vector<double> smooth = page.result().fitted.at(0);
        QCOMPARE(smooth.size(), rough.size());
        double change = 0;
        for (std::size_t i = 0; i < rough.size(); ++i) change = std::max(change, std::abs(rough[i] - smooth[i]));
        QVERIFY2(change > 1.0, qPrintable(QStringLiteral("largest change %1").arg(change)));
    }

    void candidatesMeasuredAtMoreSizesRankFirst() {
        // As a two-stage tune leaves them: two candidates over the whole sweep, a third only at two stage sizes
        // where its values are higher than any mean of the others. Top 2 must be the swept ones, best mean first.
        std::map<std::string, std::vector<std::pair<long long, double>>> samples;
        for (long long s = 256; s <= 2048; s += 256) {
            samples["TILE=32"].push_back({s, curveA(double(s))});
            samples["TILE=8"].push_back({s, curveB(double(s))});
        }
        samples["TILE=64"] = {{1024, 900.0}, {2048, 950.0}};
        const auto r = gui::FitsPage::compute(samples, 2, true, 1.0, 0.0);
        QCOMPARE(r.candidates.size(), std::size_t(2));
        QCOMPARE(r.candidates.at(0), std::string("TILE=32"));
        QCOMPARE(r.candidates.at(1), std::string("TILE=8"));
        // With room for all three, the stage-only candidate comes last and is still fitted.
        const auto all = gui::FitsPage::compute(samples, 4, true, 1.0, 0.0);
        QCOMPARE(all.candidates.size(), std::size_t(3));
        QCOMPARE(all.candidates.at(2), std::string("TILE=64"));
        // Legend labels name only what differs; a lone key, identical keys and foreign text stay whole.
        using gui::distinguishingLabels;
        QCOMPARE(distinguishingLabels({"A=1,B=2,C=3", "A=1,B=4,C=3", "A=2,B=4,C=3"}),
                 (std::vector<std::string>{"A=1 B=2", "A=1 B=4", "A=2 B=4"}));
        QCOMPARE(distinguishingLabels({"A=1,B=2"}), (std::vector<std::string>{"A=1,B=2"}));
        QCOMPARE(distinguishingLabels({"A=1", "A=1"}), (std::vector<std::string>{"A=1", "A=1"}));
        QCOMPARE(distinguishingLabels({"rule", "A=1"}), (std::vector<std::string>{"rule", "A=1"}));
        // The family prefix every name shares goes; mixed prefixes, whole keys and foreign text stay.
        using gui::withoutSharedPrefix;
        QCOMPARE(withoutSharedPrefix({"GEMM_ML=16 GEMM_LOCAL_A=1", "GEMM_ML=32"}),
                 (std::vector<std::string>{"ML=16 LOCAL_A=1", "ML=32"}));
        QCOMPARE(withoutSharedPrefix({"GEMM_ML=16", "TRA_TILE=8"}),
                 (std::vector<std::string>{"GEMM_ML=16", "TRA_TILE=8"}));
        QCOMPARE(withoutSharedPrefix({"GEMM_ML=16,GEMM_NL=8"}), (std::vector<std::string>{"GEMM_ML=16,GEMM_NL=8"}));
        QCOMPARE(withoutSharedPrefix({"rule", "GEMM_ML=16"}), (std::vector<std::string>{"rule", "GEMM_ML=16"}));
    }

    void logSliderDrivesAlpha() {
        using gui::FitsPage;
        // The mapping: nine decades, exact at the ends and at every decade.
        QCOMPARE(FitsPage::alphaAtSlider(0), 1e-3);
        QCOMPARE(FitsPage::sliderPosition(1e6), 9 * FitsPage::kAlphaStepsPerDecade);
        QCOMPARE(FitsPage::sliderPosition(1.0), 3 * FitsPage::kAlphaStepsPerDecade);
        QCOMPARE(FitsPage::sliderPosition(1e9), FitsPage::sliderPosition(1e6)); // clamped
        QVERIFY(std::abs(FitsPage::alphaAtSlider(FitsPage::sliderPosition(250.0)) / 250.0 - 1.0) < 0.012);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        FitsPage page;
        QSignalSpy loaded(&page, &FitsPage::measurementsLoaded);
        page.setDatabase(makeStore(dir));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        QTRY_COMPARE(page.ruleTable()->rowCount(), 2);
        QSlider* slider = page.alphaSlider();
        // With GCV on, the slider is disabled and shows GCV's α for the best candidate.
        QVERIFY(!slider->isEnabled());
        const double gcv = page.result().alphas.at(0);
        QCOMPARE(slider->value(), FitsPage::sliderPosition(gcv));

        page.autoAlphaCheck()->setChecked(false);
        QVERIFY(slider->isEnabled());
        slider->setValue(FitsPage::sliderPosition(0.01)); // two decades above the minimum
        QCOMPARE(page.alphaSpin()->value(), 0.01);
        QTRY_COMPARE(page.result().alphas.at(0), 0.01); // refit (possibly after the throttle interval)
        const std::vector<double> rough = page.result().fitted.at(0);
        slider->setValue(FitsPage::sliderPosition(1e5));
        QCOMPARE(page.alphaSpin()->value(), 1e5);
        QTRY_COMPARE(page.result().alphas.at(0), 1e5);
        const std::vector<double> smooth = page.result().fitted.at(0);
        double change = 0;
        for (std::size_t i = 0; i < rough.size(); ++i) change = std::max(change, std::abs(rough[i] - smooth[i]));
        QVERIFY2(change > 1.0, qPrintable(QStringLiteral("largest change %1").arg(change)));

        // Dragging fast: many positions in one burst give at most a refit per interval, and the last one wins.
        QSignalSpy refits(&page, &FitsPage::refitted);
        for (int p = FitsPage::sliderPosition(1.0); p <= FitsPage::sliderPosition(1000.0); ++p) slider->setValue(p);
        QVERIFY2(refits.count() <= 2, qPrintable(QString::number(refits.count())));
        QTRY_COMPARE(page.result().alphas.at(0), 1000.0);

        // The spin box moves the slider.
        page.alphaSpin()->setValue(3.0);
        QCOMPARE(slider->value(), FitsPage::sliderPosition(3.0));
        QCOMPARE(page.result().alphas.at(0), 3.0);
    }
};

QTEST_MAIN(TestFitsPage)
#include "tst_fits_page.moc"
