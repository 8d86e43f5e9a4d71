// The device's measured roof for a family's metric (copy bandwidth for GB/s families, FP32/FP64 peak for GFlop/s
// families), drawn as a horizontal line on the run plots.
#pragma once
#include <optional>

#include <QString>

#include "core/engine/device_info.hpp"
#include "core/engine/family.hpp"

class QCustomPlot;
class QCPItemStraightLine;
class QCPItemText;

namespace kt::gui {

struct PlotBound {
    double value = 0;
    QString label; // "copy 400 GB/s"
};

// Absent when the device has no profile (or the needed peak is zero). The precision comes from the family name:
// double-precision families are named d… (dgemm, dtranspose).
std::optional<PlotBound> boundFor(const Family& family, const DeviceInfo& device);

// A dashed horizontal line with a label on a QCustomPlot; hidden when no bound is set.
class BoundLine {
public:
    explicit BoundLine(QCustomPlot* plot);
    void set(const std::optional<PlotBound>& bound);
    const std::optional<PlotBound>& bound() const { return m_bound; }

private:
    std::optional<PlotBound> m_bound;
    QCPItemStraightLine* m_line;
    QCPItemText* m_text;
};

} // namespace kt::gui
