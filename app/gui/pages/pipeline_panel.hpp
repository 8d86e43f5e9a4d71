// The size pipeline panel of the Fits & Rules page: device, family (one size dimension), budget and sizes; runs
// kt::SizePipeline on a worker thread (PipelineRun) with live phase and measurement count, and cancel.
#pragma once
#include <memory>
#include <vector>

#include <QGroupBox>

#include "app/gui/services/size_pipeline_service.hpp"

class QComboBox;
class QLabel;
class QCheckBox;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace kt::gui {

class PipelinePanel : public QGroupBox {
    Q_OBJECT

public:
    explicit PipelinePanel(QWidget* parent = nullptr);
    ~PipelinePanel() override;

    void setDatabase(const QString& path) { m_database = path; }
    // The devices the pipeline can run on (this machine's, from the device enumeration).
    void setDevices(const std::vector<DeviceInfo>& devices);
    // Tests and simulated setups: how candidates are measured (default: defaultPipelineExecutorFactory).
    void setExecutorFactory(PipelineExecutorFactory factory) { m_factory = std::move(factory); }

    // Starts a run from the controls; false (and the status label says why) when the input is not usable.
    bool start();
    void cancel();
    PipelineRun* run() const { return m_run.get(); }

    QComboBox* deviceCombo() const { return m_device; }
    QComboBox* familyCombo() const { return m_family; }
    QSpinBox* budgetSpin() const { return m_budget; }
    QSpinBox* finalistsSpin() const { return m_finalists; }
    QSpinBox* ranksSpin() const { return m_ranks; }
    QCheckBox* keepChampionsBox() const { return m_keepChampions; }
    QSpinBox* incrementalSpin() const { return m_incremental; }
    QLineEdit* representativeEdit() const { return m_representative; }
    QLineEdit* detailEdit() const { return m_detail; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }

Q_SIGNALS:
    // A run ended; Completed: its rule is stored (ruleId) for this device and family.
    void pipelineFinished(kt::RunStatus status, const QString& deviceId, const QString& family);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fillFamilies();
    void showProgress(const PipelineProgressInfo& progress);
    void finished(RunStatus status, const QString& message);
    void setRunning(bool running);
    void retranslateUi();

    QString m_database;
    std::vector<DeviceInfo> m_devices;
    PipelineExecutorFactory m_factory;
    std::unique_ptr<PipelineRun> m_run;

    QLabel* m_deviceLabel;
    QComboBox* m_device;
    QLabel* m_familyLabel;
    QComboBox* m_family;
    QLabel* m_budgetLabel;
    QSpinBox* m_budget;
    QLabel* m_finalistsLabel;
    QSpinBox* m_finalists;
    QLabel* m_ranksLabel;
    QSpinBox* m_ranks;
    QCheckBox* m_keepChampions;
    QLabel* m_incrementalLabel;
    QSpinBox* m_incremental; // 0: every detail size; >= 2: incremental sampling from that many
    QLabel* m_representativeLabel;
    QLineEdit* m_representative;
    QLabel* m_detailLabel;
    QLineEdit* m_detail;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QProgressBar* m_bar;
    QLabel* m_status;
};

} // namespace kt::gui
