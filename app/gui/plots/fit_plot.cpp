// Fits & Rules plot: QCustomPlot graphs for points, fits and the composite curve, QCPItemRect for rule bands.
#include "app/gui/plots/fit_plot.hpp"

#include <algorithm>
#include <limits>

namespace kt::gui {

FitPlot::FitPlot(QWidget* parent) : QCustomPlot(parent) {
    legend->setVisible(true);
    legend->setFont(font());
    // Below the axes, as on the Run page: GEMM candidates' labels are wide enough to hide the points.
    auto* legendRow = new QCPLayoutGrid;
    plotLayout()->addElement(1, 0, legendRow);
    plotLayout()->setRowStretchFactor(1, 0.001);
    axisRect()->insetLayout()->take(legend);
    legendRow->addElement(0, 0, legend);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setMinimumHeight(220);
}

void FitPlot::setAxisLabels(const QString& x, const QString& y) {
    xAxis->setLabel(x);
    yAxis->setLabel(y);
    replot(QCustomPlot::rpQueuedReplot);
}

void FitPlot::setData(const FitPlotData& data) {
    clearGraphs();
    clearItems();
    double yMin = std::numeric_limits<double>::infinity(), yMax = -yMin;
    double xMin = yMin, xMax = yMax;
    auto extend = [&](const QVector<double>& xs, const QVector<double>& ys) {
        for (double x : xs) xMin = std::min(xMin, x), xMax = std::max(xMax, x);
        for (double y : ys) yMin = std::min(yMin, y), yMax = std::max(yMax, y);
    };
    for (const auto& c : data.curves) {
        QCPGraph* points = addGraph();
        points->setName(c.name);
        points->setLineStyle(QCPGraph::lsNone);
        points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c.color, c.color.lighter(150), 6));
        points->setData(c.sampleSizes, c.sampleValues, true);
        QCPGraph* fit = addGraph();
        fit->setPen(QPen(c.color, 1.5));
        fit->setData(c.gridSizes, c.fitValues, true);
        fit->removeFromLegend();
        extend(c.sampleSizes, c.sampleValues);
        extend(c.gridSizes, c.fitValues);
    }
    if (!data.compositeSizes.isEmpty()) {
        QCPGraph* composite = addGraph();
        composite->setName(tr("auto-tuned (rule)"));
        composite->setPen(QPen(QColor(30, 30, 30), 3.5, Qt::DashLine));
        composite->setData(data.compositeSizes, data.compositeValues, true);
    }
    if (xMin > xMax) xMin = 0, xMax = 1;
    if (yMin > yMax) yMin = 0, yMax = 1;
    const double pad = yMax > yMin ? 0.08 * (yMax - yMin) : 1.0;
    xAxis->setRange(xMin, xMax > xMin ? xMax : xMin + 1);
    yAxis->setRange(yMin - pad, yMax + pad);
    // Bands: a strip at the bottom of the plot, one rectangle per rule interval, behind the curves.
    m_bands = 0;
    const double top = yMin - pad + 0.06 * (yMax - yMin + 2 * pad);
    for (const auto& b : data.bands) {
        auto* rect = new QCPItemRect(this);
        rect->setLayer(QStringLiteral("background"));
        rect->topLeft->setCoords(b.lo, top);
        rect->bottomRight->setCoords(b.hi, yMin - pad);
        QColor fill = b.color;
        fill.setAlpha(110);
        rect->setBrush(fill);
        rect->setPen(QPen(b.color));
        ++m_bands;
    }
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace kt::gui
