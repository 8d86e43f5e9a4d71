// Compare page: for one family, the best curves of several devices overlaid (best candidate per size, or the best
// single candidate), vendor peers dashed, and the papers' table of best parameters per device; plot and table export.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <QWidget>

#include "app/gui/models/comparison_data.hpp"
#include "app/gui/plots/comparison_plot.hpp"

class QComboBox;
class QLabel;
class QListWidget;
class QTableView;
class QToolButton;
class QAction;

namespace kt::gui {

class BestParametersModel;

class ComparePage : public QWidget {
    Q_OBJECT

public:
    explicit ComparePage(QWidget* parent = nullptr);

    // Reads the store on a worker thread (storeLoaded or loadFailed when done).
    void setDatabase(const QString& path);
    void reload();
    bool isLoading() const { return m_loading; }
    // Devices enumerated on this machine: listed too, so a device not measured yet is seen as such.
    void setLiveDevices(const std::vector<DeviceInfo>& devices);

    QComboBox* familyCombo() const { return m_family; }
    QComboBox* modeCombo() const { return m_mode; }
    QComboBox* peerCombo() const { return m_peer; }
    QListWidget* deviceList() const { return m_devices; }
    ComparisonPlot* plot() const { return m_plot; }
    QTableView* table() const { return m_table; }
    BestParametersModel* model() const { return m_model; }
    QLabel* noteLabel() const { return m_note; }
    CurveMode curveMode() const;
    // What graph i of the plot shows: the device, and the peer ("" for the device's own curve).
    struct CurveSource {
        std::string deviceId;
        std::string peer;
        std::string routine;
    };
    const std::vector<CurveSource>& curveSources() const { return m_sources; }

    // Checks or unchecks a listed device by stable id; false when it is not listed.
    bool setDeviceChecked(const std::string& stableId, bool checked);
    void setFamily(const QString& family); // by name ("transpose")

    // Saving without dialogs (the menu's actions ask for a path, then call these); false with a message naming the file
    // on failure.
    bool exportPlot(const QString& path, ExportFormat format, QString* error = nullptr);
    bool exportTableCsv(const QString& path, QString* error = nullptr);
    // The selection (or the whole table when nothing is selected) as TSV on the clipboard (Ctrl+C).
    void copyTable();

Q_SIGNALS:
    void storeLoaded(int devices);
    void loadFailed(const QString& message);
    void updated(); // plot and table redrawn
    void statusMessage(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fillFamilies();
    void fillDevices();
    void fillPeerRoutines();
    void recompute(); // curves and table from the loaded store and the current choices
    void retranslateUi();
    void saveWithDialog(ExportFormat format);
    void saveTableWithDialog();
    void reportError(const QString& message);
    QString deviceLabel(const std::string& id) const;
    std::vector<std::string> checkedDevices() const;

    QString m_database;
    quint64 m_generation = 0;
    bool m_loading = false;
    ComparisonStore m_store;
    std::map<std::string, DeviceInfo> m_live;
    std::set<std::string> m_checked; // by stable id, kept across family switches and reloads
    std::set<std::string> m_seen;    // devices listed before: a new one starts checked, an unchecked one stays so
    std::vector<CurveSource> m_sources;

    QLabel* m_familyLabel;
    QComboBox* m_family;
    QLabel* m_modeLabel;
    QComboBox* m_mode;
    QLabel* m_peerLabel;
    QComboBox* m_peer;
    QToolButton* m_export;
    QAction* m_exportPng;
    QAction* m_exportPdf;
    QAction* m_exportSvg;
    QAction* m_exportCsv;
    QAction* m_copy;
    QLabel* m_devicesLabel;
    QListWidget* m_devices;
    QLabel* m_note;
    ComparisonPlot* m_plot;
    QLabel* m_tableLabel;
    QTableView* m_table;
    BestParametersModel* m_model;
};

} // namespace kt::gui
