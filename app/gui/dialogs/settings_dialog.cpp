// Settings dialog; the caller applies and saves the choices when it is accepted.
#include "app/gui/dialogs/settings_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/gui/app_settings.hpp"

namespace kt::gui {

SettingsDialog::SettingsDialog(QWidget* parent) : QDialog(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_languageLabel = new QLabel(this);
    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("languageBox"));
    // Language names stay in their own language so a user who cannot read the current one still finds theirs.
    m_language->addItem(QString(), languageCode(Language::System));
    m_language->addItem(QStringLiteral("English"), languageCode(Language::English));
    m_language->addItem(QStringLiteral("日本語"), languageCode(Language::Japanese));
    form->addRow(m_languageLabel, m_language);
    m_languageNote = new QLabel(this);
    m_languageNote->setWordWrap(true);
    form->addRow(QString(), m_languageNote);

    m_databaseLabel = new QLabel(this);
    m_database = new QLineEdit(this);
    m_browse = new QPushButton(this);
    m_defaultDatabase = new QPushButton(this);
    auto* databaseRow = new QHBoxLayout;
    databaseRow->addWidget(m_database, 1);
    databaseRow->addWidget(m_browse);
    databaseRow->addWidget(m_defaultDatabase);
    form->addRow(m_databaseLabel, databaseRow);
    layout->addLayout(form);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Results database"), m_database->text(),
                                                          tr("SQLite databases (*.sqlite *.db);;All files (*)"), nullptr,
                                                          QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty()) m_database->setText(path);
    });
    connect(m_defaultDatabase, &QPushButton::clicked, this, [this] { m_database->setText(defaultDatabasePath()); });
    retranslateUi();
}

Language SettingsDialog::language() const { return languageFromCode(m_language->currentData().toString()); }

void SettingsDialog::setLanguage(Language language) {
    m_language->setCurrentIndex(m_language->findData(languageCode(language)));
}

QString SettingsDialog::databasePath() const { return m_database->text().trimmed(); }

void SettingsDialog::setDatabasePath(const QString& path) { m_database->setText(path); }

void SettingsDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QDialog::changeEvent(event);
}

void SettingsDialog::retranslateUi() {
    setWindowTitle(tr("Settings"));
    m_languageLabel->setText(tr("Language:"));
    m_language->setItemText(0, tr("System default"));
    m_languageNote->setText(tr("The interface switches language immediately; texts computed by the libraries "
                               "(family descriptions, error messages) stay in English."));
    m_databaseLabel->setText(tr("Results database:"));
    m_browse->setText(tr("Browse…"));
    m_defaultDatabase->setText(tr("Default"));
}

} // namespace kt::gui
