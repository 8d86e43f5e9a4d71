// Candidates against a parameter, one colour per value of another parameter.
#include "app/gui/plots/candidate_scatter_plot.hpp"

#include <algorithm>
#include <set>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include "app/gui/plots/qcustomplot_include.hpp"

#include "core/space/parameter_space.hpp"

namespace kt::gui {

CandidateScatterPlot::CandidateScatterPlot(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_xBox(new QComboBox(this)), m_colorBox(new QComboBox(this)),
      m_xLabel(new QLabel(this)), m_colorLabel(new QLabel(this)) {
    m_xBox->setObjectName(QStringLiteral("scatterX"));
    m_colorBox->setObjectName(QStringLiteral("scatterColor"));
    m_plot->setObjectName(QStringLiteral("candidateScatterPlot"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->addWidget(m_xLabel);
    row->addWidget(m_xBox);
    row->addSpacing(16);
    row->addWidget(m_colorLabel);
    row->addWidget(m_colorBox);
    row->addStretch();
    layout->addLayout(row);
    layout->addWidget(m_plot);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Antialiased text in axes and legend costs most of a replot (30 ms → 4 ms measured, docs/perf/gui.md).
    m_plot->setPlottingHints(QCP::phCacheLabels);
    m_plot->setNotAntialiasedElements(QCP::aeGrid | QCP::aeAxes | QCP::aeLegend | QCP::aeLegendItems);
    m_bound = std::make_unique<BoundLine>(m_plot);
    m_throttle = std::make_unique<RedrawThrottle>(this, [this] { rebuildNow(); });
    connect(m_xBox, &QComboBox::currentIndexChanged, this, &CandidateScatterPlot::rebuild);
    connect(m_colorBox, &QComboBox::currentIndexChanged, this, &CandidateScatterPlot::rebuild);
    retranslateUi();
}

CandidateScatterPlot::~CandidateScatterPlot() = default;

void CandidateScatterPlot::setMetric(Metric metric) {
    m_metric = metric;
    retranslateUi();
}

void CandidateScatterPlot::setBound(const BoundSource& bound) {
    m_boundSource = bound;
    rebuild();
}

void CandidateScatterPlot::clear() {
    m_best.clear();
    m_sizes.clear();
    m_xBox->clear();
    m_colorBox->clear();
    rebuild();
}

void CandidateScatterPlot::addMeasurements(const QVector<Measurement>& batch) {
    bool changed = false;
    for (const auto& m : batch) {
        if (m.status != MeasurementStatus::Ok) continue;
        m_sizes.insert(m.size);
        auto [it, inserted] = m_best.try_emplace(m.pointKey);
        if (inserted) {
            try {
                const Point p = Point::fromKey(m.pointKey);
                for (std::size_t i = 0; i < p.size(); ++i)
                    it->second.parameters[p.names()[i]] = static_cast<double>(p.values()[i]);
                if (m_xBox->count() == 0) updateParameterBoxes(p.names());
            } catch (const std::exception&) {
                // A key that does not parse still counts as a candidate; it has no parameters to plot against.
            }
        }
        if (m.value > it->second.best) {
            it->second.best = m.value;
            changed = true;
        }
    }
    if (changed) rebuild();
}

void CandidateScatterPlot::updateParameterBoxes(const std::vector<std::string>& names) {
    const QSignalBlocker bx(m_xBox), bc(m_colorBox);
    m_xBox->clear();
    m_colorBox->clear();
    m_colorBox->addItem(tr("(none)"), QString());
    for (const auto& n : names) {
        m_xBox->addItem(QString::fromStdString(n), QString::fromStdString(n));
        m_colorBox->addItem(QString::fromStdString(n), QString::fromStdString(n));
    }
    if (names.size() > 1) m_colorBox->setCurrentIndex(2); // the second parameter: a useful default
}

int CandidateScatterPlot::pointsPlotted() const {
    int n = 0;
    for (int i = 0; i < m_plot->graphCount(); ++i) n += m_plot->graph(i)->dataCount();
    return n;
}

void CandidateScatterPlot::rebuild() { m_throttle->request(); }

void CandidateScatterPlot::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    m_throttle->shown();
}

void CandidateScatterPlot::rebuildNow() {
    static const QColor colors[] = {QColor(31, 119, 180),  QColor(255, 127, 14),  QColor(44, 160, 44),
                                    QColor(214, 39, 40),   QColor(148, 103, 189), QColor(140, 86, 75),
                                    QColor(227, 119, 194), QColor(23, 190, 207)};
    const std::string xName = m_xBox->currentData().toString().toStdString();
    const std::string colorName = m_colorBox->currentData().toString().toStdString();
    std::map<double, std::pair<QVector<double>, QVector<double>>> groups; // colour value → points
    std::set<ProblemSize> sizes = m_sizes;
    sizes.insert(m_boundSource.plannedSizes().begin(), m_boundSource.plannedSizes().end());
    std::optional<PlotBound> highest;
    for (const auto& size : sizes)
        if (auto bound = m_boundSource.at(size); bound && (!highest || bound->value > highest->value)) highest = bound;
    m_bound->set(highest);
    double xMin = 1e300, xMax = -1e300, yMax = highest ? highest->value : 0;
    for (const auto& [key, c] : m_best) {
        const auto x = c.parameters.find(xName);
        if (x == c.parameters.end()) continue;
        const auto color = c.parameters.find(colorName);
        auto& g = groups[color == c.parameters.end() ? 0.0 : color->second];
        g.first << x->second;
        g.second << c.best;
        xMin = std::min(xMin, x->second);
        xMax = std::max(xMax, x->second);
        yMax = std::max(yMax, c.best);
    }
    m_plot->clearGraphs();
    // Parameters take few values, so groups would hide each other: dodge each colour group sideways a little.
    const double dodge = groups.size() > 1 ? std::max(1e-9, xMax - xMin) * 0.01 : 0.0;
    int i = 0;
    for (auto& [value, points] : groups) {
        const double offset = (i - (static_cast<double>(groups.size()) - 1) / 2.0) * dodge;
        for (auto& x : points.first) x += offset;
        auto* g = m_plot->addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colors[i % 8], 7));
        g->setData(points.first, points.second);
        g->setName(colorName.empty() ? tr("candidates")
                                     : QStringLiteral("%1 = %2").arg(QString::fromStdString(colorName)).arg(value));
        ++i;
    }
    if (!groups.empty()) {
        const double pad = std::max(1.0, (xMax - xMin) * 0.08);
        m_plot->xAxis->setRange(xMin - pad, xMax + pad);
    }
    m_plot->yAxis->setRange(0, yMax > 0 ? yMax * 1.1 : 1);
    m_plot->xAxis->setLabel(QString::fromStdString(xName));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CandidateScatterPlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void CandidateScatterPlot::retranslateUi() {
    m_xLabel->setText(tr("Against:"));
    m_colorLabel->setText(tr("Colour by:"));
    if (m_colorBox->count() > 0) m_colorBox->setItemText(0, tr("(none)"));
    m_plot->yAxis->setLabel(tr("Best %1 of each candidate").arg(QString::fromStdString(toString(m_metric))));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace kt::gui
