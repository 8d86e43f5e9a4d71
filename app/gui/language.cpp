// Translation loading: ours from the embedded :/i18n resources, Qt's from the Qt installation.
#include "app/gui/language.hpp"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace kt::gui {

namespace {
constexpr auto kLanguageKey = "ui/language";
}

QString languageCode(Language language) {
    switch (language) {
    case Language::System: return QStringLiteral("system");
    case Language::English: return QStringLiteral("en");
    case Language::Japanese: return QStringLiteral("ja");
    }
    return QStringLiteral("system");
}

Language languageFromCode(const QString& code, bool* ok) {
    if (ok) *ok = true;
    const QString c = code.trimmed().toLower();
    if (c == QLatin1String("en") || c == QLatin1String("english")) return Language::English;
    if (c == QLatin1String("ja") || c == QLatin1String("japanese")) return Language::Japanese;
    if (c != QLatin1String("system") && ok) *ok = false;
    return Language::System;
}

LanguageManager::LanguageManager(QObject* parent) : QObject(parent) {}

LanguageManager::~LanguageManager() {
    if (m_app) QCoreApplication::removeTranslator(m_app.get());
    if (m_qt) QCoreApplication::removeTranslator(m_qt.get());
}

bool LanguageManager::apply(Language language) {
    m_current = language;
    QLocale locale = language == Language::Japanese  ? QLocale(QLocale::Japanese, QLocale::Japan)
                     : language == Language::English ? QLocale(QLocale::English, QLocale::UnitedStates)
                                                     : QLocale::system();
    // Only English and Japanese exist; any other system language falls back to English.
    if (locale.language() != QLocale::Japanese) locale = QLocale(QLocale::English, QLocale::UnitedStates);
    QLocale::setDefault(locale);
    m_effective = locale.language() == QLocale::Japanese ? QStringLiteral("ja") : QStringLiteral("en");

    // Remove first: each removal/installation posts LanguageChange, and widgets must end on the new texts.
    if (m_app) QCoreApplication::removeTranslator(m_app.get());
    if (m_qt) QCoreApplication::removeTranslator(m_qt.get());
    m_app = std::make_unique<QTranslator>();
    m_qt = std::make_unique<QTranslator>();

    const bool appLoaded = m_app->load(QStringLiteral(":/i18n/ktune_%1.qm").arg(m_effective));
    m_qtLoaded = m_effective != QLatin1String("en") &&
                 m_qt->load(QStringLiteral("qtbase_%1").arg(m_effective), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    if (m_qtLoaded) QCoreApplication::installTranslator(m_qt.get());
    if (appLoaded) QCoreApplication::installTranslator(m_app.get());
    return appLoaded;
}

Language LanguageManager::saved() {
    return languageFromCode(QSettings().value(QLatin1String(kLanguageKey), QStringLiteral("system")).toString());
}

void LanguageManager::save(Language language) {
    QSettings().setValue(QLatin1String(kLanguageKey), languageCode(language));
}

} // namespace kt::gui
