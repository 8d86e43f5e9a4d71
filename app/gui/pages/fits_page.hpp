// Fits & Rules page: for one device and family, the top-K candidates' measured points and d-spline fits over
// size, the dispatch rule derived from the fitted curves (bands + interval table) and the composite curve.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "core/model/measurement.hpp"

class QCheckBox;
class QPushButton;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QSpinBox;
class QTableWidget;

namespace kt::gui {

class FitPlot;
class PipelinePanel;

// What the page computed for the current selection (kept for tests and for the table/plot).
struct FitsResult {
    long long gridFrom = 0, gridTo = 0, gridStep = 1;
    std::vector<std::string> candidates;            // top-K by mean value, best first
    std::vector<std::vector<double>> fitted;        // per candidate, on the grid
    std::vector<double> alphas;                     // α used per candidate (GCV's choice when auto)
    struct Interval {
        long long lo = 0, hi = 0;
        std::string candidate;
    };
    std::vector<Interval> rule;
    std::vector<double> composite; // on the grid
    QString message;               // why nothing could be fitted, or empty
};

class FitsPage : public QWidget {
    Q_OBJECT

public:
    explicit FitsPage(QWidget* parent = nullptr);

    // Loads the store's measurements on a worker thread (measurementsLoaded or loadFailed when done).
    void setDatabase(const QString& path);
    void reload();
    bool isLoading() const { return m_loading; }

    QComboBox* deviceCombo() const { return m_device; }
    QComboBox* familyCombo() const { return m_family; }
    QSpinBox* topKSpin() const { return m_topK; }
    QDoubleSpinBox* alphaSpin() const { return m_alpha; }
    QSlider* alphaSlider() const { return m_alphaSlider; }
    QCheckBox* autoAlphaCheck() const { return m_autoAlpha; }
    QDoubleSpinBox* toleranceSpin() const { return m_tolerance; }
    QTableWidget* ruleTable() const { return m_rules; }
    FitPlot* plot() const { return m_plot; }
    // Runs the size pipeline; when a run completes, the page reloads and shows its device and family.
    PipelinePanel* pipelinePanel() const { return m_pipeline; }
    QPushButton* pipelineButton() const { return m_pipelineButton; }
    const FitsResult& result() const { return m_result; }

    // The α slider is logarithmic: kAlphaStepsPerDecade positions per decade from kMinAlpha to kMaxAlpha.
    static constexpr double kMinAlpha = 1e-3;
    static constexpr double kMaxAlpha = 1e6;
    static constexpr int kAlphaStepsPerDecade = 100;
    // While the slider moves, the fit is recomputed at most every kRefitIntervalMs (the last position always is).
    static constexpr int kRefitIntervalMs = 60;
    static double alphaAtSlider(int position);
    static int sliderPosition(double alpha);

    // One-dimensional size of a measurement: {n} → n, {n, k} with n = k (SYRK's squares) → n, {m, n, k} with
    // m = n = k → m; otherwise -1.
    static long long scalarSize(const ProblemSize& size);
    // Samples of each candidate ((size, value) pairs) → top-K fits, rule and composite curve.
    static FitsResult compute(const std::map<std::string, std::vector<std::pair<long long, double>>>& samples, int topK,
                              bool autoAlpha, double alpha, double tolerance);

Q_SIGNALS:
    void measurementsLoaded(int count);
    void loadFailed(const QString& message);
    void refitted();

protected:
    void changeEvent(QEvent* event) override;

private:
    void fillFamilies();
    void refit();
    void requestRefit(); // throttled refit, for the slider
    void showAlpha(double alpha); // spin box and slider, without refitting
    void updateAxisLabels();
    void retranslateUi();

    void showWhenLoaded(const QString& deviceId, const QString& family);

    QString m_database;
    QString m_selectDevice, m_selectFamily; // chosen after the next load (a completed pipeline run)
    quint64 m_generation = 0;
    bool m_loading = false;
    std::vector<Measurement> m_measurements; // ok ones, with device and family filled in
    std::map<std::string, QString> m_deviceNames;
    FitsResult m_result;
    QTimer m_refitTimer;
    QElapsedTimer m_lastRefit;

    QLabel* m_deviceLabel;
    QComboBox* m_device;
    QLabel* m_familyLabel;
    QComboBox* m_family;
    QLabel* m_topKLabel;
    QSpinBox* m_topK;
    QLabel* m_alphaLabel;
    QDoubleSpinBox* m_alpha;
    QSlider* m_alphaSlider;
    QCheckBox* m_autoAlpha;
    QLabel* m_toleranceLabel;
    QDoubleSpinBox* m_tolerance;
    QLabel* m_note;
    FitPlot* m_plot;
    QTableWidget* m_rules;
    QPushButton* m_pipelineButton;
    PipelinePanel* m_pipeline;
};

} // namespace kt::gui
