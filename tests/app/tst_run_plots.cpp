// The Run page's plots on their own: the device bound per metric and precision (a curve where it depends on the
// size), top-K selection over sizes, the scatter's grouping by the colour parameter, and drawing deferred while hidden.
#include <cmath>

#include <QComboBox>
#include <QtTest>

#include "app/gui/plots/candidate_scatter_plot.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"
#include "app/gui/plots/qcustomplot_include.hpp"
#include "kernels/builtin_families.hpp"

using namespace kt;
using namespace kt::gui;

namespace {
// Metadata only: a batch of 1000 n x n x n double products (A, B read, C read and written).
class BatchedFamily final : public Family {
public:
    std::string name() const override { return "batched-test"; }
    std::string title() const override { return "Batched test"; }
    std::string description() const override { return {}; }
    Metric metric() const override { return Metric::GFlops; }
    std::vector<std::string> sizeDimensions() const override { return {"n"}; }
    ParameterSpace space(const DeviceInfo&) const override { return {}; }
    std::vector<ProblemSize> defaultSizes(const DeviceInfo&) const override { return {{{8}}}; }
    Precision precision() const override { return Precision::F64; }
    double flops(const ProblemSize& s) const override { return 1000 * 2 * std::pow(double(s.dims.at(0)), 3); }
    double bytes(const ProblemSize& s) const override { return 1000 * 4 * std::pow(double(s.dims.at(0)), 2) * 8; }
    GeneratedSource generate(const Point&, const DeviceInfo&) const override { return {}; }
    std::unique_ptr<CandidateRun> instantiate(Device&, const Point&, ProgramCache&) const override { return nullptr; }
};

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
        const ProblemSize big{{4096}}, cube{{4096, 4096, 4096}};
        auto find = [](const char* name) { return FamilyRegistry::instance().find(name); };
        QVERIFY(!boundFor(*find("transpose"), device, big)); // no profile measured
        DeviceProfile profile;
        profile.copyBandwidthGBs = 300;
        profile.fp32PeakGFlops = 9000;
        profile.fp64PeakGFlops = 0; // no fp64
        device.profile = profile;
        QCOMPARE(boundFor(*find("transpose"), device, big)->value, 300.0);
        QVERIFY(boundFor(*find("transpose"), device, big)->label.contains(QStringLiteral("300 GB/s")));
        QCOMPARE(boundFor(*find("sgemm"), device, cube)->value, 9000.0);
        QVERIFY(boundFor(*find("sgemm"), device, cube)->label.contains(QStringLiteral("FP32")));
        QVERIFY(!boundFor(*find("dgemm"), device, cube)); // a zero peak draws no line
        device.profile->fp64PeakGFlops = 4500;
        QCOMPARE(boundFor(*find("dgemm"), device, cube)->value, 4500.0);
        QVERIFY(boundFor(*find("dgemm"), device, cube)->label.contains(QStringLiteral("FP64")));
        // A skinny product is bound by moving its operands, not by the peak: 300 GB/s x flops per byte.
        const ProblemSize skinny{{4096, 4096, 1}};
        const auto memory = boundFor(*find("sgemm"), device, skinny);
        QVERIFY(memory);
        const auto sgemm = find("sgemm");
        QCOMPARE(memory->value, 300.0 * sgemm->flops(skinny) / sgemm->bytes(skinny));
        QVERIFY(memory->label.contains(QStringLiteral("300 GB/s")));
    }

    void batchCountIsNoSize() {
        // Batched families' sizes are m x n x k x batch: the x coordinate is the size of one problem.
        const QStringList batched{QStringLiteral("m"), QStringLiteral("n"), QStringLiteral("k"),
                                  QStringLiteral("batch")};
        QCOMPARE(sizeCoordinate({{16, 16, 16, 651}}, batched), 16.0);
        QCOMPARE(coordinateDimensions(batched),
                 (QStringList{QStringLiteral("m"), QStringLiteral("n"), QStringLiteral("k")}));
        QVERIFY(std::abs(sizeCoordinate({{8, 8, 8, 8}}) - 8.0) < 1e-12); // no names: every dimension
        QVERIFY(std::abs(sizeCoordinate({{2, 8, 32}}, {QStringLiteral("m"), QStringLiteral("n"), QStringLiteral("k")}) -
                         8.0) < 1e-12);
    }

    void sizeDependentBoundIsACurveOverThePlottedSizes() {
        // Batched small double GEMMs: flops / bytes = n / 16, so the bound is n x B / 16 (below the FP64 peak).
        auto family = std::make_shared<BatchedFamily>();
        DeviceInfo device;
        DeviceProfile profile;
        profile.copyBandwidthGBs = 1600;
        profile.fp32PeakGFlops = 60000;
        profile.fp64PeakGFlops = 30000;
        device.profile = profile;
        MetricCurvePlot plot;
        plot.resize(600, 400);
        plot.show();
        plot.setBound(BoundSource(family, device, {{{8}}}));
        QTRY_VERIFY(!plot.redrawPending());
        QVERIFY(plot.boundCurve().empty()); // one planned size: a line at its value
        QCOMPARE(plot.bound()->value, 8 * 1600.0 / 16);
        plot.addMeasurements({ok("P=a", 16, 50), ok("P=a", 32, 60), ok("P=a", 64, 70)});
        QTRY_VERIFY(!plot.redrawPending());
        const auto& curve = plot.boundCurve();
        QCOMPARE(curve.size(), std::size_t(4)); // 8 (planned), 16, 32, 64
        for (const auto& [x, value] : curve) QCOMPARE(value, x * 1600.0 / 16);
        QCOMPARE(plot.bound()->value, 64 * 1600.0 / 16); // at the largest size
        QVERIFY(plot.bound()->label.contains(QStringLiteral("1600 GB/s")));
        QVERIFY(plot.plot()->yAxis->range().upper >= 64 * 1600.0 / 16);

        // A size-independent bound stays a line; no bound source, nothing.
        MetricCurvePlot flat;
        flat.show();
        flat.setBound(BoundSource(FamilyRegistry::instance().find("transpose"), device));
        flat.addMeasurements({ok("P=a", 256, 10), ok("P=a", 512, 30)});
        QTRY_VERIFY(!flat.redrawPending());
        QVERIFY(flat.boundCurve().empty());
        QCOMPARE(flat.bound()->value, 1600.0);
        flat.setBound({});
        QTRY_VERIFY(!flat.redrawPending());
        QVERIFY(!flat.bound());

        // The scatter (best value per candidate over sizes) draws the highest bound of the sizes it has seen.
        CandidateScatterPlot scatter;
        scatter.show();
        scatter.setBound(BoundSource(family, device));
        scatter.addMeasurements({ok("X=1", 16, 5), ok("X=2", 32, 6)});
        QTRY_VERIFY(!scatter.redrawPending());
        QVERIFY(scatter.bound());
        QCOMPARE(scatter.bound()->value, 32 * 1600.0 / 16);
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
