// Roof line of the run plots.
#include "app/gui/plots/plot_bound.hpp"

#include <QCoreApplication>
#include "app/gui/plots/qcustomplot_include.hpp"

namespace kt::gui {

std::optional<PlotBound> boundFor(const Family& family, const DeviceInfo& device) {
    if (!device.profile) return std::nullopt;
    const auto& p = *device.profile;
    PlotBound bound;
    if (family.metric() == Metric::GBs) {
        bound.value = p.copyBandwidthGBs;
        bound.label = QCoreApplication::translate("kt::gui::BoundLine", "copy bandwidth %1 GB/s")
                          .arg(p.copyBandwidthGBs, 0, 'f', 0);
    } else if (!family.name().empty() && family.name().front() == 'd') {
        bound.value = p.fp64PeakGFlops;
        bound.label =
            QCoreApplication::translate("kt::gui::BoundLine", "FP64 peak %1 GFlop/s").arg(p.fp64PeakGFlops, 0, 'f', 0);
    } else {
        bound.value = p.fp32PeakGFlops;
        bound.label =
            QCoreApplication::translate("kt::gui::BoundLine", "FP32 peak %1 GFlop/s").arg(p.fp32PeakGFlops, 0, 'f', 0);
    }
    if (bound.value <= 0) return std::nullopt;
    return bound;
}

BoundLine::BoundLine(QCustomPlot* plot) : m_line(new QCPItemStraightLine(plot)), m_text(new QCPItemText(plot)) {
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
    m_line->setVisible(bound.has_value());
    m_text->setVisible(bound.has_value());
    if (!bound) return;
    m_line->point1->setCoords(0, bound->value);
    m_line->point2->setCoords(1, bound->value);
    m_text->position->setCoords(0.98, bound->value);
    m_text->setText(bound->label);
}

} // namespace kt::gui
