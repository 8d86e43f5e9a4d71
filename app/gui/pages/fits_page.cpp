// Fits & Rules page: the store is read on a worker thread; fitting (O(grid) per candidate) and the rule run on the
// GUI thread, so α and tolerance changes refit live.
#include "app/gui/pages/fits_page.hpp"
#include "app/gui/plots/point_labels.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include <QCheckBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "app/gui/models/results_model.hpp"
#include "app/gui/pages/pipeline_panel.hpp"
#include "app/gui/plots/fit_plot.hpp"
#include "core/engine/family.hpp"
#include "core/fit/d_spline.hpp"
#include "core/rules/size_rule.hpp"

namespace kt::gui {

namespace {

QColor curveColor(std::size_t i) {
    static const QColor palette[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
                                     QColor(214, 39, 40),  QColor(148, 103, 189), QColor(140, 86, 75),
                                     QColor(227, 119, 194), QColor(127, 127, 127)};
    return palette[i % (sizeof(palette) / sizeof(palette[0]))];
}

// The grid step: every sample must lie on the grid, so the step divides the gcd of the offsets from the smallest
// size; within that, the largest divisor giving at least (max − min)/200 keeps the grid near 200 points.
long long gridStep(const std::set<long long>& sizes) {
    const long long lo = *sizes.begin(), hi = *sizes.rbegin();
    long long g = 0;
    for (long long s : sizes) g = std::gcd(g, s - lo);
    if (g <= 0) return 1;
    const double wanted = static_cast<double>(hi - lo) / 200.0;
    long long best = g;
    for (long long d = 1; d * d <= g; ++d) {
        if (g % d) continue;
        for (long long c : {d, g / d})
            if (static_cast<double>(c) >= wanted && c < best) best = c;
    }
    return best;
}

} // namespace

double FitsPage::alphaAtSlider(int position) {
    return kMinAlpha * std::pow(10.0, static_cast<double>(position) / kAlphaStepsPerDecade);
}

int FitsPage::sliderPosition(double alpha) {
    const double clamped = std::clamp(alpha, kMinAlpha, kMaxAlpha);
    return static_cast<int>(std::lround(std::log10(clamped / kMinAlpha) * kAlphaStepsPerDecade));
}

long long FitsPage::scalarSize(const ProblemSize& size) {
    if (size.dims.size() == 1) return size.dims[0];
    if (size.dims.size() == 2 && size.dims[0] == size.dims[1]) return size.dims[0];
    if (size.dims.size() == 3 && size.dims[0] == size.dims[1] && size.dims[1] == size.dims[2]) return size.dims[0];
    return -1;
}

FitsResult FitsPage::compute(const std::map<std::string, std::vector<std::pair<long long, double>>>& samples,
                             int topK, bool autoAlpha, double alpha, double tolerance) {
    FitsResult out;
    // Rank by the number of sizes measured, then by mean value; only candidates with 2+ distinct sizes can be
    // fitted. Coverage first: means over different sizes do not compare (a two-stage tune measures most points at
    // its two stage sizes only, the top ones over the whole sweep, and the sweep is what a rule needs).
    struct Ranked {
        std::size_t sizes;
        double mean;
        std::string name;
    };
    std::vector<Ranked> ranked;
    for (const auto& [name, points] : samples) {
        std::set<long long> distinct;
        double sum = 0;
        for (const auto& [s, v] : points) distinct.insert(s), sum += v;
        if (distinct.size() >= 2) ranked.push_back({distinct.size(), sum / static_cast<double>(points.size()), name});
    }
    std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
        return a.sizes != b.sizes ? a.sizes > b.sizes : a.mean > b.mean;
    });
    if (ranked.empty()) {
        out.message = QCoreApplication::translate("kt::gui::FitsPage",
                                                  "No candidate has measurements at two or more one-dimensional sizes.");
        return out;
    }
    if (topK > 0 && ranked.size() > static_cast<std::size_t>(topK)) ranked.resize(static_cast<std::size_t>(topK));
    std::set<long long> allSizes;
    for (const auto& r : ranked)
        for (const auto& p : samples.at(r.name)) allSizes.insert(p.first);
    out.gridFrom = *allSizes.begin();
    out.gridTo = *allSizes.rbegin();
    out.gridStep = gridStep(allSizes);
    const fit::SizeGrid grid(out.gridFrom, out.gridTo, out.gridStep);
    rules::CurveTable table;
    for (const auto& r : ranked) {
        std::vector<fit::Sample> fs;
        for (const auto& [s, v] : samples.at(r.name)) fs.push_back({s, v, 1.0});
        const fit::DSpline spline(grid, fs);
        const fit::DSplineFit f = autoAlpha ? spline.fitAuto() : spline.fit(alpha);
        out.candidates.push_back(r.name);
        out.fitted.push_back(f.values);
        out.alphas.push_back(f.alpha);
        for (std::size_t i = 0; i < grid.count(); ++i) table.add(grid.sizeAt(i), r.name, f.values[i]);
    }
    rules::RuleOptions options;
    options.tolerance = tolerance;
    options.minWidth = out.gridStep;
    const rules::SizeRule rule = rules::deriveRule(table, options);
    for (const auto& iv : rule.intervals) out.rule.push_back({iv.lo, iv.hi, iv.candidate});
    out.composite.resize(grid.count());
    for (std::size_t i = 0; i < grid.count(); ++i) {
        const auto& name = rule.select(grid.sizeAt(i));
        const auto at = std::find(out.candidates.begin(), out.candidates.end(), name) - out.candidates.begin();
        out.composite[i] = out.fitted[static_cast<std::size_t>(at)][i];
    }
    return out;
}

FitsPage::FitsPage(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    m_deviceLabel = new QLabel(this);
    m_device = new QComboBox(this);
    m_device->setObjectName(QStringLiteral("fitsDevice"));
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_familyLabel = new QLabel(this);
    m_family = new QComboBox(this);
    m_family->setObjectName(QStringLiteral("fitsFamily"));
    m_topKLabel = new QLabel(this);
    m_topK = new QSpinBox(this);
    m_topK->setRange(1, 16);
    m_topK->setValue(4);
    m_alphaLabel = new QLabel(this);
    m_alpha = new QDoubleSpinBox(this);
    m_alpha->setObjectName(QStringLiteral("fitsAlpha"));
    m_alpha->setDecimals(3);
    m_alpha->setRange(kMinAlpha, kMaxAlpha);
    m_alpha->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_alpha->setValue(1.0);
    m_alpha->setEnabled(false);
    // α spans nine decades: a linear control would be useless at one end or the other.
    m_alphaSlider = new QSlider(Qt::Horizontal, this);
    m_alphaSlider->setObjectName(QStringLiteral("fitsAlphaSlider"));
    m_alphaSlider->setRange(0, sliderPosition(kMaxAlpha));
    m_alphaSlider->setSingleStep(kAlphaStepsPerDecade / 10);
    m_alphaSlider->setPageStep(kAlphaStepsPerDecade);
    m_alphaSlider->setTickPosition(QSlider::TicksBelow);
    m_alphaSlider->setTickInterval(kAlphaStepsPerDecade);
    m_alphaSlider->setMinimumWidth(160);
    m_alphaSlider->setValue(sliderPosition(1.0));
    m_alphaSlider->setEnabled(false);
    m_refitTimer.setSingleShot(true);
    connect(&m_refitTimer, &QTimer::timeout, this, [this] { refit(); });
    m_autoAlpha = new QCheckBox(this);
    m_autoAlpha->setChecked(true);
    m_toleranceLabel = new QLabel(this);
    m_tolerance = new QDoubleSpinBox(this);
    m_tolerance->setRange(0, 50);
    m_tolerance->setDecimals(1);
    m_tolerance->setSuffix(QStringLiteral(" %"));
    for (QWidget* w : std::initializer_list<QWidget*>{m_deviceLabel, m_device, m_familyLabel, m_family, m_topKLabel,
                                                      m_topK, m_alphaLabel, m_alphaSlider, m_alpha, m_autoAlpha,
                                                      m_toleranceLabel, m_tolerance})
        controls->addWidget(w);
    controls->addStretch(1);
    m_pipelineButton = new QPushButton(this);
    m_pipelineButton->setObjectName(QStringLiteral("fitsPipelineButton"));
    m_pipelineButton->setCheckable(true);
    controls->addWidget(m_pipelineButton);
    layout->addLayout(controls);
    m_pipeline = new PipelinePanel(this);
    m_pipeline->setVisible(false);
    layout->addWidget(m_pipeline);
    connect(m_pipelineButton, &QPushButton::toggled, m_pipeline, &QWidget::setVisible);
    connect(m_pipeline, &PipelinePanel::pipelineFinished, this,
            [this](RunStatus status, const QString& deviceId, const QString& family) {
                // A cancelled run stored measurements too: show them either way; a completed one has its rule.
                if (status != RunStatus::Failed) showWhenLoaded(deviceId, family);
            });
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_plot = new FitPlot(splitter);
    m_rules = new QTableWidget(0, 3, splitter);
    m_rules->setObjectName(QStringLiteral("fitsRuleTable"));
    m_rules->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_rules->verticalHeader()->hide();
    m_rules->horizontalHeader()->setStretchLastSection(true);
    splitter->addWidget(m_plot);
    splitter->addWidget(m_rules);
    splitter->setSizes({420, 160});
    layout->addWidget(splitter, 1);

    connect(m_device, &QComboBox::currentIndexChanged, this, [this] { fillFamilies(); });
    connect(m_family, &QComboBox::currentIndexChanged, this, [this] { refit(); });
    connect(m_topK, &QSpinBox::valueChanged, this, [this] { refit(); });
    connect(m_alpha, &QDoubleSpinBox::valueChanged, this, [this](double alpha) {
        const QSignalBlocker block(m_alphaSlider);
        m_alphaSlider->setValue(sliderPosition(alpha));
        refit();
    });
    // The slider drives the spin box (whose rounded value is the α fitted), refitting live but throttled.
    connect(m_alphaSlider, &QSlider::valueChanged, this, [this](int position) {
        {
            const QSignalBlocker block(m_alpha);
            m_alpha->setValue(alphaAtSlider(position));
        }
        requestRefit();
    });
    connect(m_tolerance, &QDoubleSpinBox::valueChanged, this, [this] { refit(); });
    connect(m_autoAlpha, &QCheckBox::toggled, this, [this](bool on) {
        m_alpha->setEnabled(!on);
        m_alphaSlider->setEnabled(!on);
        refit();
    });
    retranslateUi();
}

void FitsPage::showWhenLoaded(const QString& deviceId, const QString& family) {
    m_selectDevice = deviceId;
    m_selectFamily = family;
    reload();
}

void FitsPage::setDatabase(const QString& path) {
    m_database = path;
    m_pipeline->setDatabase(path);
    reload();
}

void FitsPage::reload() {
    const quint64 generation = ++m_generation;
    m_loading = true;
    ResultsModel::loadAsync(this, m_database, [this, generation](LoadedResults results, const QString& error) {
        if (generation != m_generation) return; // a newer load replaced this one
        m_loading = false;
        m_measurements.clear();
        m_deviceNames.clear();
        if (!error.isEmpty()) {
            Q_EMIT loadFailed(error);
            return;
        }
        for (auto& row : results.rows)
            if (row.measurement.status == MeasurementStatus::Ok)
                m_measurements.push_back(std::move(row.measurement));
        for (const auto& [id, info] : results.devices)
            m_deviceNames[id] = QString::fromStdString(info.vendor + " " + info.name);
        std::set<std::string> devices;
        for (const auto& m : m_measurements) devices.insert(m.deviceId);
        const QString previous = m_device->currentData().toString();
        {
            const QSignalBlocker block(m_device);
            m_device->clear();
            for (const auto& id : devices) {
                const auto it = m_deviceNames.find(id);
                const QString text = it != m_deviceNames.end() ? it->second : QString::fromStdString(id);
                m_device->addItem(text, QString::fromStdString(id));
            }
            const int keep = m_device->findData(m_selectDevice.isEmpty() ? previous : m_selectDevice);
            if (keep >= 0) m_device->setCurrentIndex(keep);
        }
        if (!m_selectFamily.isEmpty()) {
            const QSignalBlocker block(m_family);
            m_family->clear();
            m_family->addItem(m_selectFamily); // fillFamilies keeps it when the device has it
        }
        m_selectDevice.clear();
        m_selectFamily.clear();
        fillFamilies();
        Q_EMIT measurementsLoaded(static_cast<int>(m_measurements.size()));
    });
}

void FitsPage::fillFamilies() {
    const std::string device = m_device->currentData().toString().toStdString();
    std::set<std::string> families;
    for (const auto& m : m_measurements)
        if (m.deviceId == device) families.insert(m.family);
    const QString previous = m_family->currentText();
    {
        const QSignalBlocker block(m_family);
        m_family->clear();
        for (const auto& f : families) m_family->addItem(QString::fromStdString(f));
        const int keep = m_family->findText(previous);
        if (keep >= 0) m_family->setCurrentIndex(keep);
    }
    refit();
}

void FitsPage::requestRefit() {
    if (m_refitTimer.isActive()) return; // the pending refit will read the latest value
    const qint64 wait = m_lastRefit.isValid() ? kRefitIntervalMs - m_lastRefit.elapsed() : 0;
    if (wait <= 0)
        refit();
    else
        m_refitTimer.start(static_cast<int>(wait));
}

void FitsPage::showAlpha(double alpha) {
    const QSignalBlocker blockSpin(m_alpha);
    const QSignalBlocker blockSlider(m_alphaSlider);
    m_alpha->setValue(alpha);
    m_alphaSlider->setValue(sliderPosition(alpha));
}

void FitsPage::refit() {
    m_refitTimer.stop();
    m_lastRefit.start();
    const std::string device = m_device->currentData().toString().toStdString();
    const std::string family = m_family->currentText().toStdString();
    std::map<std::string, std::vector<std::pair<long long, double>>> samples;
    bool cubes = false, squares = false;
    for (const auto& m : m_measurements) {
        if (m.deviceId != device || m.family != family) continue;
        const long long s = scalarSize(m.size);
        if (s < 0) continue;
        cubes = cubes || m.size.dims.size() == 3;
        squares = squares || m.size.dims.size() == 2;
        samples[m.pointKey].emplace_back(s, m.value);
    }
    try {
        m_result = samples.empty() ? FitsResult{} : compute(samples, m_topK->value(), m_autoAlpha->isChecked(),
                                                            m_alpha->value(), m_tolerance->value() / 100.0);
        if (samples.empty()) m_result.message = tr("No one-dimensional measurements for this device and family.");
    } catch (const std::exception& e) {
        m_result = FitsResult{};
        m_result.message = tr("Fitting failed: %1").arg(QString::fromStdString(e.what()));
    }
    QString note = m_result.message;
    if (cubes) note += (note.isEmpty() ? QString() : QStringLiteral(" ")) +
                       tr("Sizes are m×n×k; only the cubes (m = n = k) are shown, by m.");
    if (squares) {
        QStringList dims; // n, k for SYRK and SYR2K; m, n for SYMM and TRMM
        if (auto f = FamilyRegistry::instance().find(family))
            for (const auto& d : f->sizeDimensions()) dims << QString::fromStdString(d);
        if (dims.size() == 2)
            note += (note.isEmpty() ? QString() : QStringLiteral(" ")) +
                    tr("Sizes are %1; only the squares (%2) are shown, by %3.")
                        .arg(dims.join(QStringLiteral("×")), dims.join(QStringLiteral(" = ")), dims.front());
    }
    if (m_result.message.isEmpty() && m_autoAlpha->isChecked() && !m_result.alphas.empty()) {
        QStringList alphas;
        for (double a : m_result.alphas) alphas << QString::number(a, 'g', 3);
        note += (note.isEmpty() ? QString() : QStringLiteral(" ")) + tr("α chosen by GCV: %1.").arg(alphas.join(", "));
        // The controls show the best candidate's α, so switching GCV off starts from it.
        showAlpha(m_result.alphas.front());
    }
    m_note->setText(note);

    FitPlotData data;
    QVector<double> grid;
    if (!m_result.candidates.empty())
        for (long long s = m_result.gridFrom; s <= m_result.gridTo; s += m_result.gridStep)
            grid.push_back(static_cast<double>(s));
    const auto labels = withoutSharedPrefix(distinguishingLabels(m_result.candidates)); // the legend: what differs
    for (std::size_t c = 0; c < m_result.candidates.size(); ++c) {
        FitCurveView view;
        view.name = QString::fromStdString(labels[c]);
        view.color = curveColor(c);
        for (const auto& [s, v] : samples[m_result.candidates[c]]) {
            view.sampleSizes.push_back(static_cast<double>(s));
            view.sampleValues.push_back(v);
        }
        view.gridSizes = grid;
        view.fitValues = QVector<double>(m_result.fitted[c].begin(), m_result.fitted[c].end());
        data.curves.push_back(view);
    }
    m_rules->setRowCount(static_cast<int>(m_result.rule.size()));
    for (std::size_t r = 0; r < m_result.rule.size(); ++r) {
        const auto& iv = m_result.rule[r];
        const auto at = std::find(m_result.candidates.begin(), m_result.candidates.end(), iv.candidate) -
                        m_result.candidates.begin();
        const QColor color = curveColor(static_cast<std::size_t>(at));
        data.bands.push_back({static_cast<double>(iv.lo), static_cast<double>(iv.hi), color});
        const int row = static_cast<int>(r);
        m_rules->setItem(row, 0, new QTableWidgetItem(QString::number(iv.lo)));
        m_rules->setItem(row, 1, new QTableWidgetItem(QString::number(iv.hi)));
        auto* name = new QTableWidgetItem(QString::fromStdString(iv.candidate));
        name->setForeground(color);
        m_rules->setItem(row, 2, name);
    }
    // The size columns fit their headers (long in Japanese); the candidate column takes the rest.
    m_rules->resizeColumnToContents(0);
    m_rules->resizeColumnToContents(1);
    data.compositeSizes = grid;
    data.compositeValues = QVector<double>(m_result.composite.begin(), m_result.composite.end());
    m_plot->setData(data);
    updateAxisLabels();
    Q_EMIT refitted();
}

void FitsPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void FitsPage::retranslateUi() {
    m_deviceLabel->setText(tr("Device:"));
    m_familyLabel->setText(tr("Family:"));
    m_topKLabel->setText(tr("Top K:"));
    m_topK->setToolTip(tr("How many candidates to fit, ranked by their mean measured value"));
    m_alphaLabel->setText(tr("α:"));
    m_alpha->setToolTip(tr("Smoothing weight of the d-spline (larger is smoother)"));
    m_alphaSlider->setToolTip(tr("Smoothing weight α on a logarithmic scale, %1 to %2; the fit follows as you drag")
                                  .arg(QString::number(kMinAlpha), QString::number(kMaxAlpha, 'g', 1)));
    m_autoAlpha->setText(tr("auto (GCV)"));
    m_toleranceLabel->setText(tr("Tolerance:"));
    m_pipelineButton->setText(tr("Size pipeline…"));
    m_pipelineButton->setToolTip(tr("Measure a family over sizes on a device and derive its dispatch rule"));
    m_tolerance->setToolTip(tr("A candidate within this percentage of the best keeps its interval"));
    m_rules->setHorizontalHeaderLabels({tr("From size"), tr("To size (excl.)"), tr("Candidate")});
    updateAxisLabels();
}

void FitsPage::updateAxisLabels() {
    // The family's own unit when it is known (a store may hold families this build does not register).
    const auto family = FamilyRegistry::instance().find(m_family->currentText().toStdString());
    m_plot->setAxisLabels(tr("Problem size"),
                          family ? tr("Value (%1)").arg(QString::fromStdString(toString(family->metric())))
                                 : tr("Value (GFlop/s or GB/s)"));
}

} // namespace kt::gui
