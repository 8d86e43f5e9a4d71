// Fits & Rules plot: measured points per candidate (scatter), their d-spline fits (lines), the dispatch rule as
// coloured bands along the size axis and the composite auto-tuned curve (thick dashed).
#pragma once
#include <QColor>
#include <QString>
#include <QVector>

#include "app/gui/plots/qcustomplot_include.hpp"

namespace kt::gui {

struct FitCurveView {
    QString name;
    QColor color;
    QVector<double> sampleSizes, sampleValues; // measured points
    QVector<double> gridSizes, fitValues;      // the fitted curve
};

struct FitBandView {
    double lo = 0, hi = 0; // [lo, hi) in size units
    QColor color;
};

struct FitPlotData {
    QVector<FitCurveView> curves;
    QVector<FitBandView> bands;
    QVector<double> compositeSizes, compositeValues;
};

class FitPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit FitPlot(QWidget* parent = nullptr);

    // Replaces everything drawn; the replot is queued, so several updates in one event-loop turn draw once.
    void setData(const FitPlotData& data);
    void setAxisLabels(const QString& x, const QString& y);
    int bandCount() const { return m_bands; }

private:
    int m_bands = 0;
};

} // namespace kt::gui
