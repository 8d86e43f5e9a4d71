// Tune page (first slice): the registered kernel families, and for the chosen one its parameters, value lists,
// constraints, size dimensions and metric for the device selected on the Devices page.
#pragma once
#include <atomic>
#include <memory>
#include <optional>

#include <QWidget>

#include "core/engine/device_info.hpp"
#include "core/space/parameter_space.hpp"

class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;
class QSplitter;

namespace kt {
class Family;
}

namespace kt::gui {

class TunePage : public QWidget {
    Q_OBJECT

public:
    explicit TunePage(QWidget* parent = nullptr);
    ~TunePage() override;

    // Re-reads FamilyRegistry (families register at start-up).
    void reloadFamilies();
    QListWidget* familyList() const { return m_families; }
    QTableWidget* parameterTable() const { return m_parameters; }
    QTableWidget* constraintTable() const { return m_constraints; }
    // "Valid variants" line: filled by a worker thread, as large spaces take a while to enumerate.
    QString validCountText() const;
    bool isCounting() const { return m_counting; }
    // Registry name of the selected family (empty when none).
    QString currentFamily() const;
    QPushButton* startRunButton() const { return m_startRun; }

public Q_SLOTS:
    void setDevice(const kt::DeviceInfo* device);

Q_SIGNALS:
    void familyChanged(const QString& family);
    // "Start run…": the Run page starts a run of this family on the current device with its settings.
    void startRunRequested(const QString& family);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void showFamily();
    void startCount(const ParameterSpace& space);
    void updateCountText();

    std::optional<DeviceInfo> m_device;
    QSplitter* m_splitter;
    QListWidget* m_families;
    QLabel* m_empty;
    QLabel* m_title;
    QLabel* m_description;
    QLabel* m_facts;
    QLabel* m_count;
    QLabel* m_parametersLabel;
    QTableWidget* m_parameters;
    QLabel* m_constraintsLabel;
    QTableWidget* m_constraints;
    QPushButton* m_startRun;

    // Each count gets a generation and a cancel flag: switching family or device abandons the running one.
    std::shared_ptr<std::atomic<bool>> m_countCancel;
    quint64 m_countGeneration = 0;
    bool m_counting = false;
    bool m_hasCount = false;
    std::uint64_t m_validCount = 0;
    std::uint64_t m_cartesianSize = 0;
};

} // namespace kt::gui
