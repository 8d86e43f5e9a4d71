// Top-K curves over problem size.
#include "app/gui/plots/metric_curve_plot.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "app/gui/plots/point_labels.hpp"
#include "app/gui/plots/qcustomplot_include.hpp"
#include <QEvent>
#include <QVBoxLayout>

namespace kt::gui {

QStringList coordinateDimensions(const QStringList& dimensions) {
    QStringList out = dimensions;
    if (out.size() > 1 && out.back() == QStringLiteral("batch")) out.removeLast();
    return out;
}

double sizeCoordinate(const ProblemSize& size, const QStringList& dimensions) {
    std::size_t count = size.dims.size();
    if (count > 1 && dimensions.size() == static_cast<qsizetype>(count) && dimensions.back() == QStringLiteral("batch"))
        --count;
    if (count == 0) return 0;
    double product = 1;
    for (std::size_t i = 0; i < count; ++i) product *= static_cast<double>(size.dims[i]);
    return std::pow(product, 1.0 / static_cast<double>(count));
}

namespace {
QColor curveColor(int i) {
    static const QColor colors[] = {QColor(31, 119, 180),  QColor(255, 127, 14), QColor(44, 160, 44),
                                    QColor(148, 103, 189), QColor(140, 86, 75),  QColor(227, 119, 194),
                                    QColor(127, 127, 127), QColor(23, 190, 207)};
    return colors[i % 8];
}

} // namespace

MetricCurvePlot::MetricCurvePlot(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setObjectName(QStringLiteral("metricCurvePlot"));
    m_plot->legend->setVisible(true);
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    m_plot->legend->setFont(legendFont);
    // Below the axes rather than inside them: labels of GEMM candidates are a few hundred pixels wide, and inside
    // the axes they hid the curves at the larger sizes.
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, legendRow);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    legendRow->addElement(0, 0, m_plot->legend);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    // Ticks at the measured sizes (a log ticker labels only powers of ten, rarely a tuned size).
    m_ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    m_plot->xAxis->setTicker(m_ticker);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Antialiased text in axes and legend costs most of a replot (30 ms → 4 ms measured, docs/perf/gui.md).
    m_plot->setPlottingHints(QCP::phFastPolylines | QCP::phCacheLabels);
    m_plot->setNotAntialiasedElements(QCP::aeGrid | QCP::aeAxes | QCP::aeLegend | QCP::aeLegendItems);
    m_bound = std::make_unique<BoundLine>(m_plot);
    // The fraction of the bound on the right axis follows the left axis through zooms and drags.
    connect(m_plot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this](const QCPRange& r) {
        if (m_fractionOf > 0) m_plot->yAxis2->setRange(r.lower / m_fractionOf * 100, r.upper / m_fractionOf * 100);
    });
    m_throttle = std::make_unique<RedrawThrottle>(this, [this] { rebuildNow(); });
    retranslateUi();
}

MetricCurvePlot::~MetricCurvePlot() = default;

void MetricCurvePlot::setMetric(Metric metric, const QStringList& sizeDimensions) {
    m_metric = metric;
    m_dimensions = sizeDimensions;
    retranslateUi();
}

void MetricCurvePlot::setBound(const BoundSource& bound) {
    m_boundSource = bound;
    rebuild();
}

void MetricCurvePlot::setTopK(int k) {
    m_topK = std::max(1, k);
    rebuild();
}

void MetricCurvePlot::clear() {
    m_values.clear();
    m_sizes.clear();
    rebuild();
}

void MetricCurvePlot::addMeasurements(const QVector<Measurement>& batch) {
    bool changed = false;
    for (const auto& m : batch) {
        if (m.status != MeasurementStatus::Ok || m.value <= 0) continue;
        const double x = sizeCoordinate(m.size, m_dimensions);
        m_values[m.pointKey][x] = m.value;
        m_sizes.try_emplace(x, m.size);
        changed = true;
    }
    if (changed) rebuild();
}

int MetricCurvePlot::pointsPlotted() const {
    int n = 0;
    for (const auto* g : m_candidateGraphs) n += g->dataCount();
    return n;
}

void MetricCurvePlot::setPeerCurves(const std::vector<PeerCurve>& peers) {
    for (auto* g : m_peerGraphs) m_plot->removeGraph(g);
    m_peerGraphs.clear();
    m_peerMax = 0;
    for (std::size_t i = 0; i < peers.size(); ++i) {
        auto* g = m_plot->addGraph();
        g->setPen(QPen(QColor(60, 60, 60), 1.5, i % 2 ? Qt::DashDotLine : Qt::DashLine));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, 6));
        g->setName(
            QStringLiteral("%1 %2").arg(peerDisplayName(peers[i].peer), QString::fromStdString(peers[i].routine)));
        for (const auto& p : peers[i].points) {
            g->addData(sizeCoordinate(p.size, m_dimensions), p.value);
            m_sizes.try_emplace(sizeCoordinate(p.size, m_dimensions), p.size);
            m_peerMax = std::max(m_peerMax, p.value);
        }
        m_peerGraphs.push_back(g);
    }
    rebuild();
}

void MetricCurvePlot::rebuild() { m_throttle->request(); }

void MetricCurvePlot::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    m_throttle->shown();
}

void MetricCurvePlot::rebuildNow() {
    // Rank by the mean over the sizes measured so far; a handful of candidates keeps the plot readable.
    std::vector<std::pair<double, const std::string*>> ranked;
    ranked.reserve(m_values.size());
    for (const auto& [key, curve] : m_values) {
        double sum = 0;
        for (const auto& [x, y] : curve) sum += y;
        ranked.emplace_back(sum / static_cast<double>(curve.size()), &key);
    }
    const auto k = std::min<std::size_t>(static_cast<std::size_t>(m_topK), ranked.size());
    std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(k), ranked.end(),
                      [](const auto& a, const auto& b) { return a.first > b.first; });
    m_shown.clear();
    while (m_candidateGraphs.size() > k) {
        m_plot->removeGraph(m_candidateGraphs.back());
        m_candidateGraphs.pop_back();
    }
    // The bound at every size plotted or about to be measured: a line when it is the same at all of them.
    std::map<double, ProblemSize> boundSizes = m_sizes;
    for (const auto& s : m_boundSource.plannedSizes()) boundSizes.try_emplace(sizeCoordinate(s, m_dimensions), s);
    std::vector<std::pair<double, PlotBound>> boundPoints;
    for (const auto& [x, size] : boundSizes)
        if (auto b = m_boundSource.at(size)) boundPoints.emplace_back(x, *b);
    m_bound->setCurve(boundPoints);
    double xMin = 1e300, xMax = 0, yMax = std::max(m_bound->maxValue(), m_peerMax);
    std::set<double> ticks;
    // The legend names the parameters in which the shown candidates differ: a GEMM key runs to 400 characters, and a
    // legend of whole keys would be wider than the window.
    std::vector<std::string> keys;
    for (std::size_t i = 0; i < k; ++i) keys.push_back(*ranked[i].second);
    const auto labels = withoutSharedPrefix(distinguishingLabels(keys));
    for (std::size_t i = 0; i < k; ++i) {
        if (m_candidateGraphs.size() <= i) {
            auto* g = m_plot->addGraph();
            g->setPen(QPen(curveColor(static_cast<int>(i)), 2));
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
            m_candidateGraphs.push_back(g);
        }
        auto* g = m_candidateGraphs[i];
        const auto& curve = m_values.at(*ranked[i].second);
        QVector<double> xs, ys;
        for (const auto& [x, y] : curve) {
            xs << x;
            ys << y;
            ticks.insert(x);
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMax = std::max(yMax, y);
        }
        g->setData(xs, ys, true);
        // Its best fraction of the bound at the sizes measured, first: how close the candidate comes to the roof.
        double fraction = 0;
        for (const auto& [x, y] : curve)
            if (auto at = m_sizes.find(x); at != m_sizes.end())
                if (auto b = m_boundSource.at(at->second); b && b->value > 0)
                    fraction = std::max(fraction, y / b->value);
        const QString label = QString::fromStdString(labels[i]);
        g->setName(fraction > 0 ? QStringLiteral("%1. %2 · %3")
                                      .arg(i + 1)
                                      .arg(tr("%1 % of bound").arg(100 * fraction, 0, 'f', 0), label)
                                : QStringLiteral("%1. %2").arg(i + 1).arg(label));
        m_shown << QString::fromStdString(*ranked[i].second);
    }
    m_ticker->clear();
    for (double x : ticks) m_ticker->addTick(x, QString::number(x, 'g', 6));
    if (k > 0) {
        if (xMin == xMax) {
            xMin /= 1.5;
            xMax *= 1.5;
        }
        m_plot->xAxis->setRange(xMin / 1.15, xMax * 1.15);
    }
    const auto& line = m_bound->bound();
    m_fractionOf = line && m_bound->curve().empty() && line->value > 0 ? line->value : 0;
    m_plot->yAxis2->setVisible(m_fractionOf > 0);
    m_plot->yAxis->setRange(0, yMax > 0 ? yMax * 1.1 : 1);
    // Columns of at most top-K entries: the candidates, then the vendor peers beside them (an H100 store has eight).
    m_plot->legend->setWrap(std::max(1, m_topK));
    m_plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    if (m_fractionOf > 0) // the range may be unchanged (no signal) while the bound changed
        m_plot->yAxis2->setRange(0, m_plot->yAxis->range().upper / m_fractionOf * 100);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MetricCurvePlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void MetricCurvePlot::retranslateUi() {
    const QStringList dims = coordinateDimensions(m_dimensions);
    m_plot->xAxis->setLabel(dims.size() <= 1
                                ? tr("Problem size (%1)").arg(dims.value(0, QStringLiteral("n")))
                                : tr("Problem size (geometric mean of %1)").arg(dims.join(QStringLiteral(", "))));
    m_plot->yAxis->setLabel(QString::fromStdString(toString(m_metric)));
    m_plot->yAxis2->setLabel(tr("% of the bound"));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace kt::gui
