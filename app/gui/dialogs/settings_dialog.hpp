// Tools ▸ Settings: interface language and the results database location.
#pragma once
#include <QDialog>

#include "app/gui/language.hpp"

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace kt::gui {

class SettingsDialog : public QDialog {
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    Language language() const;
    void setLanguage(Language language);
    QString databasePath() const;
    void setDatabasePath(const QString& path);
    QComboBox* languageBox() const { return m_language; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QLabel* m_languageLabel;
    QComboBox* m_language;
    QLabel* m_languageNote;
    QLabel* m_databaseLabel;
    QLineEdit* m_database;
    QPushButton* m_browse;
    QPushButton* m_defaultDatabase;
    QDialogButtonBox* m_buttons;
};

} // namespace kt::gui
