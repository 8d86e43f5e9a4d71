// The Run page's row of stored runs that can continue: runs of the open database that were cancelled or whose
// process died (a workbench or `ktune` killed mid-run). Continue starts the chosen one again on its device; the
// store answers what it already measured, so nothing is measured twice (TuningSession's resume).
#pragma once
#include <optional>
#include <vector>

#include <QWidget>

#include "app/gui/services/store_service.hpp"
#include "app/gui/services/tuning_run_service.hpp"

class QComboBox;
class QLabel;
class QPushButton;

namespace kt::gui {

class StoredRunsBar : public QWidget {
    Q_OBJECT

public:
    explicit StoredRunsBar(QWidget* parent = nullptr);

    void setDatabase(const QString& path);
    // The devices a run can continue on (this machine's live devices); a run of another device is listed but
    // cannot continue here.
    void setDevices(const std::vector<DeviceInfo>& devices);
    // Reads the list again on a worker thread (storedRunsChanged when done). Runs whose process died are marked
    // interrupted on the way, as `ktune runs` does.
    void refresh();

    const std::vector<ResumableRun>& runs() const { return m_runs; }
    QComboBox* runList() const { return m_list; }
    QPushButton* continueButton() const { return m_continue; }
    // The request that continues stored run `id`; nullopt with `error` when it cannot continue here.
    std::optional<RunRequest> continueRequest(qint64 id, QString* error = nullptr) const;

Q_SIGNALS:
    void continueRequested(const kt::gui::RunRequest& request);
    void storedRunsChanged();
    void statusMessage(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void showRuns(const std::vector<ResumableRun>& runs);
    const DeviceInfo* deviceOf(const ResumableRun& run) const;
    void retranslateUi();

    QString m_database;
    std::vector<DeviceInfo> m_devices;
    std::vector<ResumableRun> m_runs;
    StoreService* m_store;
    QLabel* m_label;
    QComboBox* m_list;
    QPushButton* m_continue;
};

} // namespace kt::gui
