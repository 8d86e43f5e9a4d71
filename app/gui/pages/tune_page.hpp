// Tune page (first slice): the registered kernel families, and for the chosen one its parameters, value lists,
// constraints, size dimensions and metric for the device selected on the Devices page.
#pragma once
#include <memory>
#include <optional>

#include <QWidget>

#include "core/engine/device_info.hpp"

class QLabel;
class QListWidget;
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

    // Re-reads FamilyRegistry (families register at start-up).
    void reloadFamilies();
    QListWidget* familyList() const { return m_families; }
    QTableWidget* parameterTable() const { return m_parameters; }
    QTableWidget* constraintTable() const { return m_constraints; }

public Q_SLOTS:
    void setDevice(const kt::DeviceInfo* device);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void showFamily();

    std::optional<DeviceInfo> m_device;
    QSplitter* m_splitter;
    QListWidget* m_families;
    QLabel* m_empty;
    QLabel* m_title;
    QLabel* m_description;
    QLabel* m_facts;
    QLabel* m_parametersLabel;
    QTableWidget* m_parameters;
    QLabel* m_constraintsLabel;
    QTableWidget* m_constraints;
};

} // namespace kt::gui
