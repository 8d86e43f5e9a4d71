// ktune-workbench: entry point. Parses the command line, installs translations, shows the main window
// (or, with --screenshot, renders its pages to PNG files and exits).
#include <cstdio>

#include <QApplication>
#include <QCommandLineParser>

#include "app/gui/app_settings.hpp"
#include "app/gui/demo/screenshot.hpp"
#include "app/gui/language.hpp"
#include "app/gui/main_window.hpp"
#include "kernels/builtin_families.hpp"

int main(int argc, char** argv) {
    // Screenshots need no display: default to the offscreen platform unless the user chose one.
    for (int i = 1; i < argc; ++i)
        if (qstrcmp(argv[i], "--screenshot") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("KernelTune"));
    QApplication::setApplicationName(QStringLiteral("ktune-workbench"));
    QApplication::setApplicationVersion(QStringLiteral(KT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("KernelTune workbench: GPU kernel auto-tuning"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render every page to DIR/<page>.png and exit."),
                                        QStringLiteral("DIR"));
    const QCommandLineOption language(QStringLiteral("language"),
                                      QStringLiteral("Interface language for this run: system, en or ja "
                                                     "(default: the saved setting)."),
                                      QStringLiteral("LANG"));
    const QCommandLineOption database(QStringLiteral("database"),
                                      QStringLiteral("Results database (SQLite file) to open."), QStringLiteral("FILE"));
    const QCommandLineOption storeShots(
        QStringLiteral("screenshot-store"),
        QStringLiteral("With --screenshot: also render the Results, Fits & Rules and Compare pages over a copy of "
                       "this store to DIR/<page>-store.png, and the Run page replaying the store's newest run of the "
                       "family to DIR/run-store.png (--screenshot-family names the family, default dgemm)."),
        QStringLiteral("FILE"));
    const QCommandLineOption storeFamily(QStringLiteral("screenshot-family"),
                                         QStringLiteral("Family the --screenshot-store pages show."),
                                         QStringLiteral("FAMILY"), QStringLiteral("dgemm"));
    parser.addOptions({screenshot, language, database, storeShots, storeFamily});
    parser.process(app);

    kt::gui::LanguageManager languages;
    kt::gui::Language chosen = kt::gui::LanguageManager::saved();
    if (parser.isSet(language)) {
        bool ok = false;
        chosen = kt::gui::languageFromCode(parser.value(language), &ok);
        if (!ok) {
            std::fprintf(stderr, "ktune-workbench: --language: unknown language '%s' (expected system, en or ja)\n",
                         qPrintable(parser.value(language)));
            return 2;
        }
    }
    languages.apply(chosen);
    kt::kernels::registerBuiltinFamilies();

    kt::gui::MainWindow window(kt::gui::systemBackendFactory(), kt::gui::systemProfiler(), &languages);
    if (parser.isSet(database)) window.setDatabase(parser.value(database));
    if (parser.isSet(screenshot)) {
        const int rc = kt::gui::takeScreenshots(window, parser.value(screenshot));
        if (rc != 0 || !parser.isSet(storeShots)) return rc;
        return kt::gui::takeStoreScreenshots(window, parser.value(screenshot), parser.value(storeShots),
                                             parser.value(storeFamily));
    }
    window.show();
    return app.exec();
}
