// Installs the application's and Qt's own translations (two QTranslators) for the chosen language, live.
#pragma once
#include <memory>

#include <QObject>
#include <QString>

class QTranslator;

namespace kt::gui {

enum class Language { System, English, Japanese };

// "system" / "en" / "ja": the value stored in QSettings and accepted by --language.
QString languageCode(Language language);
// Unknown text gives System and sets *ok to false.
Language languageFromCode(const QString& code, bool* ok = nullptr);

class LanguageManager : public QObject {
    Q_OBJECT

public:
    explicit LanguageManager(QObject* parent = nullptr);
    ~LanguageManager() override;

    // Installs translators for `language` (System follows QLocale::system()); widgets receive
    // QEvent::LanguageChange and retranslate themselves. Returns false when the app translation is missing.
    bool apply(Language language);
    Language current() const { return m_current; }
    // The locale name actually in effect ("en", "ja").
    QString effectiveLocale() const { return m_effective; }
    // Whether Qt's own translation (standard buttons, About Qt…) was found for the effective locale.
    bool qtTranslationLoaded() const { return m_qtLoaded; }

    // The language saved in QSettings ("ui/language"); System when unset or invalid.
    static Language saved();
    static void save(Language language);

private:
    std::unique_ptr<QTranslator> m_app;
    std::unique_ptr<QTranslator> m_qt;
    Language m_current = Language::System;
    QString m_effective = QStringLiteral("en");
    bool m_qtLoaded = false;
};

} // namespace kt::gui
