// Right-hand panel of the Devices page: every DeviceInfo field of the selected device, formatted, plus the
// measured profile and the button that measures it.
#pragma once
#include <optional>
#include <vector>

#include <QWidget>

#include "app/gui/models/device_source.hpp"
#include "core/model/device_info.hpp"

class QGridLayout;
class QGroupBox;
class QLabel;
class QPushButton;

namespace kt::gui {

class DeviceDetailsWidget : public QWidget {
    Q_OBJECT

public:
    explicit DeviceDetailsWidget(QWidget* parent = nullptr);

    // Null clears the panel (a backend or platform row is selected). `source` (the device's group in the tree) says
    // whether the device is live, stored only, or a simulated twin, and which database it comes from.
    void setDevice(const DeviceInfo* info, const DeviceSource* source = nullptr);
    // Profiling state drives the button: whether this build can profile, and whether a run is under way.
    void setProfilerAvailable(bool available);
    void setProfiling(bool running);
    // The text shown for a field (by its untranslated row key); for tests.
    QString fieldText(const char* key) const;
    // The line under the title saying where the device comes from (empty for live devices); for tests.
    QString originText() const;
    QString profileStateText() const;
    QString profileButtonText() const;

Q_SIGNALS:
    void profileRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Row {
        const char* key; // untranslated label, also the lookup key for fieldText()
        QLabel* label;
        QLabel* value;
    };
    void retranslateUi();
    void refresh();
    QLabel* addRow(QGridLayout* form, std::vector<Row>& rows, const char* key);
    void set(const char* key, const QString& text);

    std::optional<DeviceInfo> m_device;
    DeviceOrigin m_origin = DeviceOrigin::Live;
    QString m_storeName;
    QLabel* m_title;
    QLabel* m_originNote;
    QLabel* m_placeholder;
    QGroupBox* m_deviceBox;
    QGroupBox* m_profileBox;
    QLabel* m_profileState;
    QPushButton* m_profileButton;
    std::vector<Row> m_rows;
    bool m_profilerAvailable = false;
    bool m_profiling = false;
};

} // namespace kt::gui
