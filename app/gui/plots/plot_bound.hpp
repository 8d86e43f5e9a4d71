// The device's bound for a family, from the family's metadata (core/engine/family_bound.hpp): the copy bandwidth for
// GB/s families, the peak of the family's precision or bandwidth x flops/bytes (whichever is lower) for GFlop/s
// families. Drawn on the run plots as a horizontal line when it is the same at every plotted size, as a curve over
// the plotted sizes when it is not (a memory-bound family: batched GEMM's bound grows with n).
#pragma once
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <QString>

#include "core/engine/family.hpp"
#include "core/engine/family_bound.hpp"
#include "core/model/device_info.hpp"

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;

namespace kt::gui {

struct PlotBound {
    double value = 0;
    QString label; // "copy bandwidth 400 GB/s", "FP32 peak 9000 GFlop/s"
};

// The label of a bound of `family` on a device with `profile`, in the GUI's language.
QString boundLabel(const Family& family, const DeviceProfile& profile, const Bound& bound);

// Absent when the device has no profile or the figure needed is zero (kt::boundFor).
std::optional<PlotBound> boundFor(const Family& family, const DeviceInfo& device, const ProblemSize& size);

// What a plot draws as its bound: one family on one device, evaluated at the sizes the plot shows, plus the sizes a
// run is about to measure (so the bound shows before the first result). Empty: no bound.
class BoundSource {
public:
    BoundSource() = default;
    BoundSource(std::shared_ptr<const Family> family, DeviceInfo device, std::vector<ProblemSize> plannedSizes = {});
    bool isSet() const { return m_family && m_device.profile; }
    std::optional<PlotBound> at(const ProblemSize& size) const;
    const std::vector<ProblemSize>& plannedSizes() const { return m_planned; }

private:
    std::shared_ptr<const Family> m_family;
    DeviceInfo m_device;
    std::vector<ProblemSize> m_planned;
};

// A dashed line with a label on a QCustomPlot: horizontal (set), or through points (setCurve); hidden when neither.
class BoundLine {
public:
    explicit BoundLine(QCustomPlot* plot);
    void set(const std::optional<PlotBound>& bound);
    // Points (x, bound) in increasing x; the label goes at the last one. Equal values draw the horizontal line.
    void setCurve(const std::vector<std::pair<double, PlotBound>>& points);
    // The horizontal bound, or the curve's last (largest-x) point.
    const std::optional<PlotBound>& bound() const { return m_bound; }
    // The points of the curve drawn; empty for a horizontal line.
    // (The curve is a graph of the plot without a legend entry; plots that count their graphs skip it: curveGraph().)
    const std::vector<std::pair<double, double>>& curve() const { return m_curve; }
    double maxValue() const { return m_max; }
    const QCPGraph* curveGraph() const { return m_graph; }

private:
    std::optional<PlotBound> m_bound;
    std::vector<std::pair<double, double>> m_curve;
    double m_max = 0;
    QCustomPlot* m_plot;
    QCPItemStraightLine* m_line;
    QCPItemText* m_text;
    QCPGraph* m_graph = nullptr; // the curve, made on first use
};

} // namespace kt::gui
