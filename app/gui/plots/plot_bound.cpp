// Roof line (or curve) of the run plots.
#include "app/gui/plots/plot_bound.hpp"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include "app/gui/plots/qcustomplot_include.hpp"

namespace kt::gui {

QString boundLabel(const Family& family, const DeviceProfile& profile, const Bound& bound) {
    switch (bound.kind) {
    case BoundKind::ComputeF32:
        return QCoreApplication::translate("kt::gui::BoundLine", "FP32 peak %1 GFlop/s").arg(bound.value, 0, 'f', 0);
    case BoundKind::ComputeF64:
        return QCoreApplication::translate("kt::gui::BoundLine", "FP64 peak %1 GFlop/s").arg(bound.value, 0, 'f', 0);
    case BoundKind::Bandwidth: break;
    }
    if (family.metric() == Metric::GBs)
        return QCoreApplication::translate("kt::gui::BoundLine", "copy bandwidth %1 GB/s")
            .arg(profile.copyBandwidthGBs, 0, 'f', 0);
    return QCoreApplication::translate("kt::gui::BoundLine", "copy bandwidth %1 GB/s × flops per byte")
        .arg(profile.copyBandwidthGBs, 0, 'f', 0);
}

std::optional<PlotBound> boundFor(const Family& family, const DeviceInfo& device, const ProblemSize& size) {
    if (!device.profile) return std::nullopt;
    const auto bound = kt::boundFor(family, *device.profile, size);
    if (!bound || bound->value <= 0) return std::nullopt;
    return PlotBound{bound->value, boundLabel(family, *device.profile, *bound)};
}

BoundSource::BoundSource(std::shared_ptr<const Family> family, DeviceInfo device, std::vector<ProblemSize> plannedSizes)
    : m_family(std::move(family)), m_device(std::move(device)), m_planned(std::move(plannedSizes)) {
    try {
        if (m_family) m_planned = normaliseSizes(*m_family, m_planned);
    } catch (const std::exception&) { // sizes that do not fit the family: the bound follows the measured ones only
        m_planned.clear();
    }
}

std::optional<PlotBound> BoundSource::at(const ProblemSize& size) const {
    if (!isSet()) return std::nullopt;
    try {
        return boundFor(*m_family, m_device, size);
    } catch (const std::exception&) { // a size the family cannot count (wrong number of dimensions)
        return std::nullopt;
    }
}

BoundLine::BoundLine(QCustomPlot* plot)
    : m_plot(plot), m_line(new QCPItemStraightLine(plot)), m_text(new QCPItemText(plot)) {
    m_line->setPen(QPen(QColor(200, 40, 40), 1.5, Qt::DashLine));
    m_line->point1->setType(QCPItemPosition::ptPlotCoords);
    m_line->point2->setType(QCPItemPosition::ptPlotCoords);
    m_text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_text->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_text->setColor(QColor(200, 40, 40));
    set(std::nullopt);
}

void BoundLine::set(const std::optional<PlotBound>& bound) {
    m_bound = bound;
    m_curve.clear();
    m_max = bound ? bound->value : 0;
    if (m_graph) {
        m_graph->data()->clear();
        m_graph->setVisible(false);
    }
    m_line->setVisible(bound.has_value());
    m_text->setVisible(bound.has_value());
    if (!bound) return;
    m_line->point1->setCoords(0, bound->value);
    m_line->point2->setCoords(1, bound->value);
    m_text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_text->position->setCoords(0.98, bound->value);
    m_text->setText(bound->label);
}

void BoundLine::setCurve(const std::vector<std::pair<double, PlotBound>>& points) {
    if (points.empty()) return set(std::nullopt);
    double lo = points.front().second.value, hi = lo;
    for (const auto& [x, b] : points) lo = std::min(lo, b.value), hi = std::max(hi, b.value);
    if (hi - lo <= 1e-9 * hi) return set(points.back().second); // the same everywhere: the familiar roof line
    m_bound = points.back().second;
    m_max = hi;
    m_curve.clear();
    QVector<double> xs, ys;
    for (const auto& [x, b] : points) {
        xs << x;
        ys << b.value;
        m_curve.emplace_back(x, b.value);
    }
    if (!m_graph) { // made on first use, so plots whose bound never varies keep only their own graphs
        m_graph = m_plot->addGraph();
        m_graph->setPen(QPen(QColor(200, 40, 40), 1.5, Qt::DashLine));
        m_graph->removeFromLegend();
    }
    m_graph->setData(xs, ys, true);
    m_graph->setVisible(true);
    m_line->setVisible(false);
    // The label sits above the curve's last point, the kind of bound that applies there.
    m_text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_text->position->setCoords(xs.back(), ys.back());
    m_text->setText(m_bound->label);
    m_text->setVisible(true);
}

} // namespace kt::gui
