// Device comparison plot: one curve per device (the metric over problem size) and the vendor peers dashed, with a
// legend; exports as PNG, PDF or SVG for papers and reports.
#pragma once
#include <optional>
#include <vector>

#include <QColor>
#include <QSharedPointer>
#include <QSize>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include "core/engine/family.hpp"

class QCustomPlot;
class QCPAxisTickerText;

namespace kt::gui {

struct ComparisonCurve {
    QString name; // legend text
    QColor color;
    bool dashed = false; // peers
    QVector<double> x;   // sizeCoordinate() of each size, ascending
    QVector<double> y;
};

enum class ExportFormat { Png, Pdf, Svg };

class ComparisonPlot : public QWidget {
    Q_OBJECT

public:
    explicit ComparisonPlot(QWidget* parent = nullptr);
    ~ComparisonPlot() override;

    void setMetric(Metric metric, const QStringList& sizeDimensions);
    // Replaces every curve; graphs are created in this order (graph(i) is curves[i]).
    void setCurves(const std::vector<ComparisonCurve>& curves);
    QCustomPlot* plot() const { return m_plot; }
    int graphCount() const;

    // The plot drawn at `size` (the widget's size when empty) in `format`; empty with `error` set on failure.
    QByteArray render(ExportFormat format, QSize size = {}, QString* error = nullptr);
    // render() written to `path` (replaced atomically); false with a message naming the file on failure.
    bool exportTo(const QString& path, ExportFormat format, QString* error = nullptr, QSize size = {});
    // The size render() uses for an empty size.
    QSize exportSize() const;
    // ".png" → Png etc. (case-insensitive); nullopt for other suffixes.
    static std::optional<ExportFormat> formatForPath(const QString& path);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslateUi();
    void requestReplot();

    QCustomPlot* m_plot;
    QSharedPointer<QCPAxisTickerText> m_ticker;
    Metric m_metric = Metric::GFlops;
    QStringList m_dimensions;
};

// A palette of distinct colours for devices (peers of a device share its colour, dashed).
QColor deviceColor(int index);

} // namespace kt::gui
