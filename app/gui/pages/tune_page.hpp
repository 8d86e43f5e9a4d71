// Tune page: the registered kernel families and, for the chosen one, an editor generated from its description —
// value lists, constraints, presets, space files and problem sizes — with the live count of valid variants on the
// device selected on the Devices page. What is edited here is what "Start run…" tunes.
#pragma once
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include <QHash>
#include <QWidget>

#include "core/model/device_info.hpp"
#include "core/model/measurement.hpp"
#include "core/space/parameter_space.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSplitter;
class QTimer;

namespace kt {
class Family;
}

namespace kt::gui {

class SpaceEditor;

class TunePage : public QWidget {
    Q_OBJECT

public:
    explicit TunePage(QWidget* parent = nullptr);
    ~TunePage() override;

    // Re-reads FamilyRegistry (families register at start-up).
    void reloadFamilies();
    QListWidget* familyList() const { return m_families; }
    SpaceEditor* spaceEditor() const { return m_editor; }
    QComboBox* presetCombo() const { return m_presets; }
    QLineEdit* sizesEdit() const { return m_sizes; }
    QLabel* sizesMessage() const { return m_sizesMessage; }
    QLabel* fileMessage() const { return m_fileMessage; } // result of the last load/save
    QPushButton* startRunButton() const { return m_startRun; }
    // "Valid variants" line: filled by a worker thread, as large spaces take a while to enumerate.
    QString validCountText() const;
    // The count stops here: a space with this many valid points shows "more than kCountCap - 1".
    static constexpr std::uint64_t kCountCap = 1'000'001;
    // The last finished count (of the last valid edited space), at most kCountCap; nullopt before one finishes.
    std::optional<std::uint64_t> validCount() const;
    // True while a count runs or an edit waits for its (debounced) count.
    bool isCounting() const;
    // Registry name of the selected family (empty when none).
    QString currentFamily() const;

    // The edited space for a run, without device variables (the run binds them for its device); nullopt when it
    // equals the family's default (or while the editor has errors: hasErrors()).
    std::optional<ParameterSpace> runSpace() const;
    bool hasErrors() const;
    // Sizes to tune; empty when they are the family's defaults for the device (each run then uses its own device's
    // defaults) or while the sizes field has an error.
    std::vector<ProblemSize> runSizes() const;

    // Presets: index 0 is the family's default space, then FamilySpaces::presets(). Loads it into the editor.
    void choosePreset(int index);
    // Loads a space file (the `ktune tune --space` format); on error the editor is left as it was and
    // fileMessage() names the line or field. Returns whether it loaded.
    bool loadSpaceFile(const QString& path);
    // Writes the edited space; fails (message in fileMessage()) while the editor has errors or the file cannot be
    // written (an existing file is then left untouched).
    bool saveSpaceFile(const QString& path);

public Q_SLOTS:
    void setDevice(const kt::DeviceInfo* device);

Q_SIGNALS:
    void familyChanged(const QString& family);
    // "Start run…": the Run page starts a run of this family on the current device with runSpace()/runSizes().
    void startRunRequested(const QString& family);
    // runSpace() or runSizes() changed (also on a family or device change).
    void runSettingsChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Draft {
        std::optional<ParameterSpace> space; // device-free editor content
        QString sizes;
        bool sizesEdited = false;
        int preset = 0;
    };
    void retranslateUi();
    void showFamily();
    void fillPresets();
    void onEdited();
    void onSizesEdited();
    void startCount();
    void cancelCount();
    void updateCountText();
    void updateStartButton();
    void setFileMessage(const QString& text, bool error);
    void saveDraft();
    QString defaultSizesText() const;

    std::optional<DeviceInfo> m_device;
    std::shared_ptr<const Family> m_family;
    QString m_shownFamily;                       // whose editor content is shown (drafts are kept per family)
    std::optional<ParameterSpace> m_familySpace; // the family's default for the device
    std::vector<ParameterSpace> m_presetSpaces;
    QHash<QString, Draft> m_drafts;
    QString m_lastDirectory;

    QSplitter* m_splitter;
    QListWidget* m_families;
    QWidget* m_details;
    QLabel* m_empty;
    QLabel* m_title;
    QLabel* m_description;
    QLabel* m_facts;
    QLabel* m_presetLabel;
    QComboBox* m_presets;
    QPushButton* m_loadSpace;
    QPushButton* m_saveSpace;
    QLabel* m_fileMessage;
    SpaceEditor* m_editor;
    QLabel* m_sizesLabel;
    QLineEdit* m_sizes;
    QLabel* m_sizesMessage;
    QLabel* m_count;
    QPushButton* m_startRun;
    QTimer* m_debounce;

    // Each count gets a generation and a cancel flag: a newer edit, family or device abandons the running one.
    std::shared_ptr<std::atomic<bool>> m_countCancel;
    quint64 m_countGeneration = 0;
    bool m_counting = false;
    bool m_hasCount = false;
    QString m_countError;
    std::uint64_t m_validCount = 0;
    std::uint64_t m_cartesianSize = 0;    // of the space being (or about to be) counted
    std::uint64_t m_countedCartesian = 0; // of the space m_validCount belongs to
    bool m_sizesEdited = false;           // user typed sizes: a device change keeps them
    bool m_sizesValid = true;
    std::vector<ProblemSize> m_parsedSizes;
};

} // namespace kt::gui
