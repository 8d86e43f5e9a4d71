// File ▸ Export package: device, families, dispatch-tree depth and output folder; runs the export on a worker thread
// (ExportJob) with its progress lines, then reports whether the written package configures with CMake.
#pragma once
#include <memory>

#include <QDialog>

#include "app/gui/services/export_service.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace kt::gui {

class ExportDialog : public QDialog {
    Q_OBJECT

public:
    explicit ExportDialog(const QString& database, QWidget* parent = nullptr);
    ~ExportDialog() override;

    bool isLoading() const { return m_loading; }
    // Starts the export from the controls; false (the status says why) when the input is not usable.
    bool startExport();
    ExportJob* job() const { return m_job.get(); }
    void setCMake(const QString& path) { m_cmake = path; } // tests; default: cmake from PATH

    QComboBox* deviceCombo() const { return m_device; }
    QListWidget* familyList() const { return m_families; } // checkable items
    QSpinBox* depthSpin() const { return m_depth; }
    QLineEdit* folderEdit() const { return m_folder; }
    QCheckBox* replaceCheck() const { return m_replace; }
    QCheckBox* configureCheck() const { return m_configure; }
    QPushButton* exportButton() const { return m_export; }
    QLabel* statusLabel() const { return m_status; }
    QPlainTextEdit* log() const { return m_log; }

Q_SIGNALS:
    void inventoryLoaded(int devices);
    void exportFinished(bool ok, const QString& message);

protected:
    void changeEvent(QEvent* event) override;
    void reject() override; // not while an export runs

private:
    void fillFamilies();
    void setRunning(bool running);
    void retranslateUi();

    QString m_database;
    QString m_cmake;
    bool m_loading = false;
    ExportInventory m_inventory;
    std::unique_ptr<ExportJob> m_job;

    QLabel* m_deviceLabel;
    QComboBox* m_device;
    QLabel* m_familiesLabel;
    QListWidget* m_families;
    QLabel* m_depthLabel;
    QSpinBox* m_depth;
    QLabel* m_folderLabel;
    QLineEdit* m_folder;
    QPushButton* m_browse;
    QCheckBox* m_replace;
    QCheckBox* m_configure;
    QProgressBar* m_bar;
    QLabel* m_status;
    QPlainTextEdit* m_log;
    QPushButton* m_export;
    QPushButton* m_close;
};

} // namespace kt::gui
