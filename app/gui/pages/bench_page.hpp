// Bench page: chosen candidates of a family (stored best per size, top N, the papers' kernels, a point or a rule)
// beside the vendor library on one device, as `ktune bench` runs them: a live table of figures and ratios, a plot of
// ours against the peer over size, and the JSON `ktune bench --out` writes.
#pragma once
#include <memory>
#include <optional>

#include <QWidget>

#include "app/gui/services/bench_service.hpp"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTableView;

namespace kt::gui {

class BenchPage : public QWidget {
    Q_OBJECT

public:
    explicit BenchPage(QWidget* parent = nullptr);

    void setDatabase(const QString& path) { m_database = path; }
    // Live devices that can run kernels (simulated twins cannot run a bench).
    void setDevices(const EnumerationResult& result);
    // Tests replace the vendor library with a fake one.
    void setPeerFactory(bench::PeerFactory factory) { m_peerFactory = std::move(factory); }

    // Starts the bench with the page's settings; false with the reason on the status line when they are invalid.
    bool start();
    void cancel();
    // Writes the last result as `ktune bench --out` JSON; false with a message naming the file on failure.
    bool saveJson(const QString& path, QString* error = nullptr) const;

    BenchService* service() const { return m_service; }
    QComboBox* deviceCombo() const { return m_device; }
    QComboBox* familyCombo() const { return m_family; }
    QComboBox* sourceCombo() const { return m_source; }
    QLineEdit* pointEdit() const { return m_point; }
    QLineEdit* ruleEdit() const { return m_rule; }
    QLineEdit* sizesEdit() const { return m_sizes; }
    QLineEdit* variantsEdit() const { return m_variants; }
    QComboBox* peerCombo() const { return m_peer; }
    QCheckBox* verifyBox() const { return m_verify; }
    QSpinBox* runsSpin() const { return m_runs; }
    QTableView* table() const { return m_table; }
    QStandardItemModel* model() const { return m_model; }
    QCustomPlot* plot() const { return m_plot; }
    QLabel* statusLabel() const { return m_status; }

Q_SIGNALS:
    void statusMessage(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateSourceFields();
    std::optional<BenchRequest> currentRequest(QString* error) const;
    void appendRow(const bench::Row& row);
    void redrawPlot();
    void setRunning(bool running);

    BenchService* m_service;
    QString m_database;
    std::shared_ptr<const BackendList> m_backends;
    std::vector<std::pair<const Backend*, DeviceInfo>> m_devices;
    bench::PeerFactory m_peerFactory;
    std::vector<bench::Row> m_rows;

    QLabel *m_deviceLabel, *m_familyLabel, *m_sourceLabel, *m_sizesLabel, *m_variantsLabel, *m_peerLabel, *m_runsLabel;
    QComboBox *m_device, *m_family, *m_source, *m_peer;
    QSpinBox *m_top, *m_runs;
    QLineEdit *m_point, *m_rule, *m_sizes, *m_variants;
    QPushButton *m_browseRule, *m_run, *m_cancel, *m_save;
    QCheckBox* m_verify;
    QTableView* m_table;
    QStandardItemModel* m_model;
    QCustomPlot* m_plot;
    QLabel* m_status;
};

} // namespace kt::gui
