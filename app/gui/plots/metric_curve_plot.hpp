// Live plot: the metric (GFlop/s or GB/s) over problem size for the current top-K candidates, updated as batches of
// measurements arrive; redraws with queued replots so a flood of results never blocks the event loop.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QSharedPointer>
#include <QVector>
#include <QWidget>

#include "app/gui/models/comparison_data.hpp"
#include "app/gui/plots/plot_bound.hpp"
#include "app/gui/plots/redraw_throttle.hpp"
#include "core/model/measurement.hpp"

class QCustomPlot;
class QCPAxisTickerText;
class QCPGraph;

namespace kt::gui {

class MetricCurvePlot : public QWidget {
    Q_OBJECT

public:
    explicit MetricCurvePlot(QWidget* parent = nullptr);
    ~MetricCurvePlot() override;

    void setMetric(Metric metric, const QStringList& sizeDimensions);
    // The bound drawn: a line, or a curve over the plotted sizes where it depends on the size.
    void setBound(const BoundSource& bound);
    void setTopK(int k);
    void clear();
    void addMeasurements(const QVector<Measurement>& batch);
    // Vendor library results (`ktune bench`) of the same device and family, drawn dashed as a reference; kept by
    // clear(), replaced by the next call.
    void setPeerCurves(const std::vector<PeerCurve>& peers);
    int peerCurveCount() const { return static_cast<int>(m_peerGraphs.size()); }

    QCustomPlot* plot() const { return m_plot; }
    // Whether data arrived that is not drawn yet (hidden, or within the redraw interval).
    bool redrawPending() const { return m_throttle->pending(); }
    // Point keys of the curves shown, best first.
    QStringList shownCandidates() const { return m_shown; }
    int pointsPlotted() const; // data points over all candidate curves
    // The bound at the largest plotted size (the line's value when it does not depend on the size).
    std::optional<PlotBound> bound() const { return m_bound->bound(); }
    // The bound's points (x, value) when it is drawn as a curve; empty for a line.
    const std::vector<std::pair<double, double>>& boundCurve() const { return m_bound->curve(); }
    // The right axis reads the left one as a percentage of the bound, shown while the bound is one horizontal line
    // (a bound that varies with the size has no single fraction per height); 0 when hidden.
    double fractionAxisBound() const { return m_fractionOf; }

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    void rebuildNow();
    void retranslateUi();

    QCustomPlot* m_plot;
    std::unique_ptr<RedrawThrottle> m_throttle;
    QSharedPointer<QCPAxisTickerText> m_ticker;
    std::unique_ptr<BoundLine> m_bound;
    BoundSource m_boundSource;
    std::map<double, ProblemSize> m_sizes; // x → the size measured there (candidates and peers)
    Metric m_metric = Metric::GFlops;
    QStringList m_dimensions;
    int m_topK = 5;
    // point key → x (problem size) → metric value
    std::map<std::string, std::map<double, double>> m_values;
    QStringList m_shown;
    std::vector<QCPGraph*> m_candidateGraphs; // best first
    std::vector<QCPGraph*> m_peerGraphs;
    double m_peerMax = 0;
    double m_fractionOf = 0; // the bound the right axis divides by
};

// The x coordinate of a problem size: n for one dimension, the geometric mean of the dimensions otherwise. With
// `dimensions` ending in "batch" (the batched families: m, n, k, batch), the batch count is left out: it says how many
// problems, not how large each is.
double sizeCoordinate(const ProblemSize& size, const QStringList& dimensions = {});
// `dimensions` without a trailing "batch": what sizeCoordinate averages, for the axis label.
QStringList coordinateDimensions(const QStringList& dimensions);

} // namespace kt::gui
