// The Run page's plots on their own: the device bound per metric and precision, top-K selection over sizes, the
// scatter's grouping by the colour parameter, and drawing deferred while hidden.
#include <QComboBox>
#include <QtTest>

#include "app/gui/plots/candidate_scatter_plot.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"
#include "app/gui/plots/qcustomplot_include.hpp"
#include "kernels/builtin_families.hpp"

using namespace kt;
using namespace kt::gui;

namespace {
Measurement ok(const std::string& key, std::int64_t n, double value) {
    Measurement m;
    m.pointKey = key;
    m.size = {{n}};
    m.value = value;
    return m;
}
} // namespace

class TstRunPlots : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { kernels::registerBuiltinFamilies(); }

    void boundFollowsMetricAndPrecision() {
        DeviceInfo device;
        QVERIFY(!boundFor(*FamilyRegistry::instance().find("transpose"), device)); // no profile measured
        DeviceProfile profile;
        profile.copyBandwidthGBs = 300;
        profile.fp32PeakGFlops = 9000;
        profile.fp64PeakGFlops = 0; // no fp64
        device.profile = profile;
        QCOMPARE(boundFor(*FamilyRegistry::instance().find("transpose"), device)->value, 300.0);
        QCOMPARE(boundFor(*FamilyRegistry::instance().find("sgemm"), device)->value, 9000.0);
        QVERIFY(boundFor(*FamilyRegistry::instance().find("sgemm"), device)->label.contains(QStringLiteral("FP32")));
        QVERIFY(!boundFor(*FamilyRegistry::instance().find("dgemm"), device)); // a zero peak draws no line
        device.profile->fp64PeakGFlops = 4500;
        QCOMPARE(boundFor(*FamilyRegistry::instance().find("dgemm"), device)->value, 4500.0);
    }

    void curvesShowTheTopKByMeanOverSizes() {
        MetricCurvePlot plot;
        plot.resize(600, 400);
        plot.show();
        plot.setTopK(2);
        // b is best at one size but worst on average; c has been measured at one size only.
        plot.addMeasurements(
            {ok("P=a", 256, 10), ok("P=a", 512, 30), ok("P=b", 256, 50), ok("P=b", 512, 1), ok("P=c", 256, 22)});
        QTRY_VERIFY(!plot.redrawPending());
        QCOMPARE(plot.shownCandidates(), (QStringList{QStringLiteral("P=b"), QStringLiteral("P=c")}));
        plot.addMeasurements({ok("P=c", 512, 2)}); // c's mean drops to 12: a (20) overtakes it
        QTRY_VERIFY(!plot.redrawPending());
        QCOMPARE(plot.shownCandidates(), (QStringList{QStringLiteral("P=b"), QStringLiteral("P=a")}));
        QCOMPARE(plot.pointsPlotted(), 4);
        Measurement failed = ok("P=z", 256, 999);
        failed.status = MeasurementStatus::WrongResult; // wrong answers never make the plot
        plot.addMeasurements({failed});
        QTRY_VERIFY(!plot.redrawPending());
        QVERIFY(!plot.shownCandidates().contains(QStringLiteral("P=z")));
        plot.clear();
        QTRY_VERIFY(!plot.redrawPending());
        QCOMPARE(plot.pointsPlotted(), 0);
    }

    void scatterGroupsByTheColourParameter() {
        CandidateScatterPlot plot;
        plot.resize(600, 400);
        plot.addMeasurements(
            {ok("X=1,Y=1", 256, 5), ok("X=2,Y=1", 256, 6), ok("X=2,Y=2", 256, 7), ok("X=2,Y=2", 512, 9)});
        QCOMPARE(plot.candidateCount(), 3);
        QCOMPARE(plot.pointsPlotted(), 0); // hidden: nothing drawn yet
        plot.show();
        QTRY_VERIFY(!plot.redrawPending());
        QCOMPARE(plot.xParameterBox()->currentText(), QStringLiteral("X"));
        QCOMPARE(plot.colorParameterBox()->currentText(), QStringLiteral("Y"));
        QCOMPARE(plot.plot()->graphCount(), 2); // Y = 1, Y = 2
        QCOMPARE(plot.pointsPlotted(), 3);      // one point per candidate: its best value
        double best = 0;
        for (int g = 0; g < plot.plot()->graphCount(); ++g)
            for (auto it = plot.plot()->graph(g)->data()->begin(); it != plot.plot()->graph(g)->data()->end(); ++it)
                best = std::max(best, it->value);
        QCOMPARE(best, 9.0);
        plot.colorParameterBox()->setCurrentIndex(0); // (none): one group
        QTRY_VERIFY(!plot.redrawPending());
        QCOMPARE(plot.plot()->graphCount(), 1);
        plot.xParameterBox()->setCurrentText(QStringLiteral("Y"));
        QTRY_VERIFY(!plot.redrawPending());
        QCOMPARE(plot.plot()->xAxis->label(), QStringLiteral("Y"));
    }
};

QTEST_MAIN(TstRunPlots)
#include "tst_run_plots.moc"
