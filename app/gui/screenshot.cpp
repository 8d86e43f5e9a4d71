// Page screenshots for the documentation and the GUI tests; rendering goes through QWidget::grab(), which
// works on the offscreen platform.
#include "app/gui/screenshot.hpp"

#include <cstdio>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QPixmap>
#include <QTabWidget>
#include <QTimer>

#include "app/gui/main_window.hpp"
#include "app/gui/pages/tune_page.hpp"

namespace kt::gui {

int takeScreenshots(MainWindow& window, const QString& directory, int timeoutMs) {
    if (!QDir().mkpath(directory)) {
        std::fprintf(stderr, "ktune-workbench: cannot create screenshot folder %s\n", qPrintable(directory));
        return 1;
    }
    // A fixed size so screenshots are comparable between runs, whatever geometry the user saved.
    window.resize(1100, 720);
    window.show();
    if (window.enumeration()->isRunning()) {
        QEventLoop loop;
        QObject::connect(window.enumeration(), &DeviceEnumerationService::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        loop.exec();
        if (window.enumeration()->isRunning()) {
            std::fprintf(stderr, "ktune-workbench: device enumeration did not finish within %d ms\n", timeoutMs);
            return 1;
        }
    }
    for (std::size_t i = 0; i < window.pages().size(); ++i) {
        window.tabs()->setCurrentIndex(static_cast<int>(i));
        QApplication::processEvents(); // let layouts settle after the page switch
        // The Tune page counts valid variants on a worker; show the count, not "counting…", when it is quick.
        QElapsedTimer waited;
        waited.start();
        while (window.tunePage()->isCounting() && waited.elapsed() < 10000)
            QApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
        const QString file = QDir(directory).filePath(QString::fromLatin1(window.pages()[i].id) + QStringLiteral(".png"));
        if (!window.grab().save(file, "PNG")) {
            std::fprintf(stderr, "ktune-workbench: cannot write %s\n", qPrintable(file));
            return 1;
        }
        std::printf("%s\n", qPrintable(file));
    }
    return 0;
}

} // namespace kt::gui
