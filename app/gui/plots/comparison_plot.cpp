// Device comparison plot and its export; every format is rendered into memory first and then written through QSaveFile,
// so an unwritable path gives one clear error and never leaves half a file behind.
#include "app/gui/plots/comparison_plot.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"

#include <algorithm>
#include <set>

#include <QBuffer>
#include <QEvent>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QVBoxLayout>

#include "app/gui/plots/qcustomplot_include.hpp"

namespace kt::gui {

QColor deviceColor(int index) {
    static const QColor colors[] = {QColor(31, 119, 180),  QColor(214, 39, 40),   QColor(44, 160, 44),
                                    QColor(255, 127, 14),  QColor(148, 103, 189), QColor(140, 86, 75),
                                    QColor(227, 119, 194), QColor(23, 190, 207)};
    return colors[index % 8];
}

ComparisonPlot::ComparisonPlot(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setObjectName(QStringLiteral("comparisonPlot"));
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    // Ticks at the measured sizes (a log ticker labels only powers of ten, rarely a tuned size).
    m_ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    m_plot->xAxis->setTicker(m_ticker);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    retranslateUi();
}

ComparisonPlot::~ComparisonPlot() = default;

void ComparisonPlot::setMetric(Metric metric, const QStringList& sizeDimensions) {
    m_metric = metric;
    m_dimensions = sizeDimensions;
    retranslateUi();
}

int ComparisonPlot::graphCount() const { return m_plot->graphCount(); }

void ComparisonPlot::setCurves(const std::vector<ComparisonCurve>& curves) {
    m_plot->clearGraphs();
    std::set<double> ticks;
    double xMin = 1e300, xMax = 0, yMax = 0;
    for (const auto& c : curves) {
        auto* g = m_plot->addGraph();
        QPen pen(c.color, c.dashed ? 1.5 : 2.0);
        if (c.dashed) pen.setStyle(Qt::DashLine);
        g->setPen(pen);
        g->setScatterStyle(QCPScatterStyle(c.dashed ? QCPScatterStyle::ssCross : QCPScatterStyle::ssCircle, 6));
        g->setName(c.name);
        g->setData(c.x, c.y, true);
        for (int i = 0; i < c.x.size(); ++i) {
            ticks.insert(c.x[i]);
            xMin = std::min(xMin, c.x[i]);
            xMax = std::max(xMax, c.x[i]);
            yMax = std::max(yMax, c.y[i]);
        }
    }
    // Label at most about a dozen sizes, evenly spread, so long size sweeps stay readable.
    m_ticker->clear();
    const std::size_t every = std::max<std::size_t>(1, (ticks.size() + 11) / 12);
    std::size_t i = 0;
    for (double x : ticks)
        if (i++ % every == 0) m_ticker->addTick(x, QString::number(x, 'g', 6));
    if (xMax > 0) {
        if (xMin == xMax) xMin /= 1.5, xMax *= 1.5;
        m_plot->xAxis->setRange(xMin / 1.15, xMax * 1.15);
    }
    m_plot->yAxis->setRange(0, yMax > 0 ? yMax * 1.1 : 1);
    requestReplot();
}

QSize ComparisonPlot::exportSize() const {
    const QSize s = m_plot->size();
    // A page never shown (tests, --screenshot of another page) has no real size yet.
    return s.width() >= 200 && s.height() >= 150 ? s : QSize(900, 560);
}

QByteArray ComparisonPlot::render(ExportFormat format, QSize size, QString* error) {
    if (size.isEmpty()) size = exportSize();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = false;
    switch (format) {
    case ExportFormat::Png: {
        const QImage image = m_plot->toPixmap(size.width(), size.height(), 1.0).toImage();
        ok = image.save(&buffer, "PNG");
        break;
    }
    case ExportFormat::Pdf: {
        // 96 dpi: one plot pixel is one device unit, and text keeps the proportions it has on screen.
        QPdfWriter writer(&buffer);
        writer.setResolution(96);
        writer.setCreator(QStringLiteral("KernelTune"));
        writer.setPageLayout(QPageLayout(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point), QPageLayout::Portrait,
                                         QMarginsF(0, 0, 0, 0)));
        QCPPainter painter;
        if (painter.begin(&writer)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            m_plot->toPainter(&painter, size.width(), size.height());
            ok = painter.end();
        }
        break;
    }
    case ExportFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setResolution(96);
        generator.setTitle(QStringLiteral("KernelTune device comparison"));
        QCPPainter painter;
        if (painter.begin(&generator)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            m_plot->toPainter(&painter, size.width(), size.height());
            ok = painter.end();
        }
        break;
    }
    }
    requestReplot(); // the export changed the viewport for a moment
    if (!ok || bytes.isEmpty()) {
        if (error) *error = tr("The plot could not be rendered.");
        return {};
    }
    return bytes;
}

bool ComparisonPlot::exportTo(const QString& path, ExportFormat format, QString* error, QSize size) {
    QString renderError;
    const QByteArray bytes = render(format, size, &renderError);
    if (bytes.isEmpty()) {
        if (error) *error = tr("Cannot save %1: %2").arg(QFileInfo(path).fileName(), renderError);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

std::optional<ExportFormat> ComparisonPlot::formatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) return ExportFormat::Png;
    if (suffix == QLatin1String("pdf")) return ExportFormat::Pdf;
    if (suffix == QLatin1String("svg")) return ExportFormat::Svg;
    return std::nullopt;
}

void ComparisonPlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void ComparisonPlot::retranslateUi() {
    const QStringList dims = coordinateDimensions(m_dimensions); // as sizeCoordinate: no batch count
    m_plot->xAxis->setLabel(dims.size() <= 1
                                ? tr("Problem size (%1)").arg(dims.value(0, QStringLiteral("n")))
                                : tr("Problem size (geometric mean of %1)").arg(dims.join(QStringLiteral(", "))));
    m_plot->yAxis->setLabel(QString::fromStdString(toString(m_metric)));
    requestReplot();
}

void ComparisonPlot::requestReplot() {
    // A hidden plot has no paint buffer to draw into; showEvent draws it.
    if (m_plot->isVisible()) m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ComparisonPlot::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace kt::gui
