// Run page: starts tuning runs (device and family from the Tune page, strategy, budget and sizes here), pauses,
// resumes and cancels them; shows progress, ETA, the best candidate so far, live plots and a log of failures.
#pragma once
#include <map>
#include <optional>
#include <vector>

#include <QPointer>
#include <QVector>
#include <QWidget>

#include "app/gui/services/tuning_run_service.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTabWidget;

namespace kt::gui {

class CandidateScatterPlot;
class MetricCurvePlot;
class StoredRunsBar;

// "256,512" or "256x256x128, 512x512x256": one size per comma. Throws std::invalid_argument naming the item.
std::vector<ProblemSize> parseSizeList(const QString& text);

class RunPage : public QWidget {
    Q_OBJECT

public:
    RunPage(TuningRunService* service, QWidget* parent = nullptr);

    void setDatabase(const QString& path);
    // This machine's live devices: the stored runs that can continue on them (StoredRunsBar).
    void setAvailableDevices(const std::vector<DeviceInfo>& devices);
    void setFamily(const QString& family);
    // The space the Tune page edited for `family` (nullopt: the family's default); used while that family is chosen.
    void setSpace(const QString& family, std::optional<ParameterSpace> space);
    // Shows `sizes` in the sizes field (empty: the family's defaults).
    void setSizes(const std::vector<ProblemSize>& sizes);
    // The request the Start button would send; nullopt (and `error`) when something is missing or malformed.
    std::optional<RunRequest> currentRequest(QString* error = nullptr) const;
    // Starts a run (its events feed this page) and shows it; nullptr with a status message when refused.
    TuningRun* startRun(const RunRequest& request);
    TuningRun* currentRun() const { return m_current; }

    MetricCurvePlot* curvePlot() const { return m_curve; }
    CandidateScatterPlot* scatterPlot() const { return m_scatter; }
    QTableWidget* failureTable() const { return m_failures; }
    QPlainTextEdit* failureText() const { return m_failureText; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* etaLabel() const { return m_eta; }
    QLabel* bestLabel() const { return m_best; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* pauseButton() const { return m_pause; }
    QPushButton* resumeButton() const { return m_resume; }
    QPushButton* cancelButton() const { return m_cancel; }
    QTabWidget* viewTabs() const { return m_views; }
    StoredRunsBar* storedRuns() const { return m_storedRuns; }

    // Devices checked on the Devices page: start() then starts one run on each; empty: the device of setDevice.
    void setCheckedDevices(const std::vector<DeviceInfo>& devices);

public Q_SLOTS:
    void setDevice(const kt::DeviceInfo* device);
    void start(); // from the current settings

Q_SIGNALS:
    void statusMessage(const QString& text);
    // A run's measurements, for the Results page (runId is known by the time the first batch arrives).
    void measurementsArrived(qint64 runId, const QVector<kt::Measurement>& batch);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct RunView {
        QVector<Measurement> measurements;
    };
    void attach(TuningRun* run);
    void showRun(TuningRun* run);
    void addToViews(const QVector<Measurement>& batch);
    void updateControls();
    void updateProgress();
    void updateTarget();
    void retranslateUi();
    QString runTitle(const TuningRun* run) const;

    TuningRunService* m_service;
    QString m_database;
    std::optional<DeviceInfo> m_device;
    std::vector<DeviceInfo> m_checked;
    QString m_family;
    QString m_spaceFamily;
    std::optional<ParameterSpace> m_space;
    QPointer<TuningRun> m_current;
    std::map<const TuningRun*, RunView> m_runData;

    QLabel* m_target;
    QLabel* m_strategyLabel;
    QComboBox* m_strategy;
    QCheckBox* m_warmStart;
    QLabel* m_evalsLabel;
    QSpinBox* m_maxEvaluations;
    QLabel* m_timeLabel;
    QDoubleSpinBox* m_maxMinutes;
    QLabel* m_sizesLabel;
    QLineEdit* m_sizes;
    QPushButton* m_start;
    QLabel* m_runLabel;
    QComboBox* m_runs;
    QPushButton* m_pause;
    QPushButton* m_resume;
    QPushButton* m_cancel;
    QLabel* m_status;
    StoredRunsBar* m_storedRuns;
    QProgressBar* m_progress;
    QLabel* m_eta;
    QLabel* m_best;
    QTabWidget* m_views;
    MetricCurvePlot* m_curve;
    CandidateScatterPlot* m_scatter;
    QWidget* m_failurePane;
    QTableWidget* m_failures;
    QPlainTextEdit* m_failureText;
    bool m_failuresSized = false;
};

QString runStatusText(RunStatus status);

} // namespace kt::gui
