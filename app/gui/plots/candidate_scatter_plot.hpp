// Scatter of every candidate's best value against one of its parameters (chosen in a combo box), coloured by another
// parameter: shows which parameters matter while a run is going.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <QVector>
#include <QWidget>

#include "app/gui/plots/plot_bound.hpp"
#include "app/gui/plots/redraw_throttle.hpp"
#include "core/model/measurement.hpp"

class QComboBox;
class QCustomPlot;
class QLabel;

namespace kt::gui {

class CandidateScatterPlot : public QWidget {
    Q_OBJECT

public:
    explicit CandidateScatterPlot(QWidget* parent = nullptr);
    ~CandidateScatterPlot() override;

    void setMetric(Metric metric);
    // The line drawn: the highest bound over the sizes measured or planned (each point is a candidate's best value
    // over sizes, so no point can pass that).
    void setBound(const BoundSource& bound);
    std::optional<PlotBound> bound() const { return m_bound->bound(); }
    void clear();
    void addMeasurements(const QVector<Measurement>& batch);

    QCustomPlot* plot() const { return m_plot; }
    // Whether data arrived that is not drawn yet (hidden, or within the redraw interval).
    bool redrawPending() const { return m_throttle->pending(); }
    QComboBox* xParameterBox() const { return m_xBox; }
    QComboBox* colorParameterBox() const { return m_colorBox; }
    int candidateCount() const { return static_cast<int>(m_best.size()); }
    int pointsPlotted() const;

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void updateParameterBoxes(const std::vector<std::string>& names);
    void rebuild();
    void rebuildNow();
    void retranslateUi();

    QCustomPlot* m_plot;
    std::unique_ptr<RedrawThrottle> m_throttle;
    QComboBox* m_xBox;
    QComboBox* m_colorBox;
    QLabel* m_xLabel;
    QLabel* m_colorLabel;
    std::unique_ptr<BoundLine> m_bound;
    BoundSource m_boundSource;
    std::set<ProblemSize> m_sizes;
    Metric m_metric = Metric::GFlops;
    // point key → (parameter values by name, best ok value)
    struct Candidate {
        std::map<std::string, double> parameters;
        double best = 0;
    };
    std::map<std::string, Candidate> m_best;
};

} // namespace kt::gui
