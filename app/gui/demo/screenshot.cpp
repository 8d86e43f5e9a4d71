// Page screenshots for the documentation and the GUI tests; rendering goes through QWidget::grab(), which
// works on the offscreen platform.
#include "app/gui/demo/screenshot.hpp"

#include <cstdio>
#include <optional>
#include <string>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QPixmap>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>

#include "app/gui/demo/fits_demo.hpp"
#include "app/gui/demo/store_replay.hpp"
#include "app/gui/demo/tuning_run_demo.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/models/device_tree_model.hpp"
#include "app/gui/models/results_model.hpp"
#include "app/gui/pages/compare_page.hpp"
#include "app/gui/pages/devices_page.hpp"
#include "app/gui/pages/fits_page.hpp"
#include "app/gui/pages/results_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/pages/tune_page.hpp"
#include "app/gui/plots/metric_curve_plot.hpp"

namespace kt::gui {

namespace {
// Pumps events until `loading` is false or the time is up; false on time-out.
template <class Page> bool waitLoaded(Page* page, int timeoutMs) {
    QElapsedTimer waited;
    waited.start();
    while (page->isLoading() && waited.elapsed() < timeoutMs)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
    return !page->isLoading();
}

// The Run and Results pages show a replay of the demo store (made-up transpose results on a made-up GPU) through the
// simulated backend, so the screenshots need no device and look the same on every machine.
bool prepareRunDemo(MainWindow& window, const QString& database, int timeoutMs) {
    DemoStore demo;
    try {
        demo = buildDemoStore(database);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ktune-workbench: cannot build the demo store %s: %s\n", qPrintable(database), e.what());
        return false;
    }
    RunPage* page = window.runPage();
    page->setDatabase(database);
    page->setDevice(&demo.simulated);
    page->setFamily(QStringLiteral("transpose"));
    page->findChild<QComboBox*>(QStringLiteral("strategy"))->setCurrentText(QStringLiteral("exhaustive"));
    page->findChild<QLineEdit*>(QStringLiteral("sizes"))->setText(QStringLiteral("256,512,1024"));
    page->start();
    TuningRun* run = page->currentRun();
    if (!run) return false;
    QElapsedTimer waited;
    waited.start();
    while (run->isActive() && waited.elapsed() < timeoutMs) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
    if (run->isActive()) {
        std::fprintf(stderr, "ktune-workbench: the demo run did not finish within %d ms\n", timeoutMs);
        return false;
    }
    ResultsPage* results = window.resultsPage();
    results->setDatabase(database);
    while (results->isLoading() && waited.elapsed() < timeoutMs) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
    // The best candidate first: its generated source is the interesting part of the page.
    results->table()->sortByColumn(ResultsModel::Value, Qt::DescendingOrder);
    if (results->proxy()->rowCount() > 0) results->selectRow(0);
    return true;
}

// The Devices page lists the demo store's device as a simulated twin next to the live devices; the first live device
// and the twin are checked (one run each on Start), the twin is selected. Returns the previously selected device's
// id, for restoreDevicesDemo, or nullopt when the demo cannot be shown.
std::optional<std::string> prepareDevicesDemo(MainWindow& window, const QString& database, int timeoutMs) {
    DemoStore demo;
    try {
        demo = buildDemoStore(database);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ktune-workbench: cannot build the demo store %s: %s\n", qPrintable(database), e.what());
        return std::nullopt;
    }
    DevicesPage* page = window.devicesPage();
    const std::string previous = page->currentDevice() ? page->currentDevice()->stableId() : std::string();
    page->setDatabase(database);
    QElapsedTimer waited;
    waited.start();
    while (!page->model()->indexOfDevice(demo.simulated.stableId()).isValid() && waited.elapsed() < timeoutMs)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
    if (!page->model()->indexOfDevice(demo.simulated.stableId()).isValid()) {
        std::fprintf(stderr, "ktune-workbench: the demo store's simulated device did not appear within %d ms\n",
                     timeoutMs);
        return std::nullopt;
    }
    for (const auto& source : page->model()->sources())
        if (source.origin == DeviceOrigin::Live && source.backend && !source.devices.empty()) {
            page->model()->setChecked(source.devices.front().stableId(), true);
            break;
        }
    page->model()->setChecked(demo.simulated.stableId(), true);
    page->selectDevice(demo.simulated.stableId());
    return previous;
}

// Back to the user's selection with nothing checked, so the other pages show what they would without the demo.
void restoreDevicesDemo(MainWindow& window, const std::string& previous) {
    window.devicesPage()->model()->clearChecked();
    if (!previous.empty()) window.devicesPage()->selectDevice(previous);
}

// The Fits & Rules page reads a made-up store of crossing transpose curves (services/fits_demo.cpp).
bool prepareFitsDemo(MainWindow& window, const QString& database, int timeoutMs) {
    try {
        buildFitsDemoStore(database);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ktune-workbench: cannot build the fits demo store %s: %s\n", qPrintable(database),
                     e.what());
        return false;
    }
    FitsPage* fits = window.fitsPage();
    if (!fits) return false;
    fits->setDatabase(database);
    return waitLoaded(fits, timeoutMs);
}

// The Compare page: the demo store with a second made-up device and made-up vendor (CLBlast) results.
bool prepareCompareDemo(MainWindow& window, const QString& database, int timeoutMs) {
    try {
        addComparisonDemo(database);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ktune-workbench: cannot extend the demo store %s: %s\n", qPrintable(database), e.what());
        return false;
    }
    ComparePage* page = window.comparePage();
    page->setDatabase(database);
    waitLoaded(page, timeoutMs);
    page->setFamily(QStringLiteral("transpose"));
    return !page->isLoading();
}

// Copies a store with its write-ahead log: changes not yet checkpointed into the main file (a store another process
// wrote lately) live only there. Writable by us, so the pages can add their fits and runs.
bool copyStore(const QString& from, const QString& to) {
    if (!QFile::copy(from, to)) {
        std::fprintf(stderr, "ktune-workbench: cannot read the store %s\n", qPrintable(from));
        return false;
    }
    QFile(to).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    const QString wal = from + QStringLiteral("-wal");
    if (QFileInfo::exists(wal)) {
        if (!QFile::copy(wal, to + QStringLiteral("-wal"))) {
            std::fprintf(stderr, "ktune-workbench: cannot read %s\n", qPrintable(wal));
            return false;
        }
        QFile(to + QStringLiteral("-wal")).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    }
    return true;
}

bool grabTo(MainWindow& window, const QString& directory, const QString& name) {
    QApplication::processEvents(); // layouts and queued replots
    QApplication::processEvents();
    const QString file = QDir(directory).filePath(name + QStringLiteral(".png"));
    if (!window.grab().save(file, "PNG")) {
        std::fprintf(stderr, "ktune-workbench: cannot write %s\n", qPrintable(file));
        return false;
    }
    std::printf("%s\n", qPrintable(file));
    return true;
}

// Second views of the Run and Results pages: the scatter of all candidates, and a failing candidate's build log.
bool grabDemoDetails(MainWindow& window, const QString& directory) {
    window.tabs()->setCurrentWidget(window.runPage());
    window.runPage()->viewTabs()->setCurrentIndex(1);
    if (!grabTo(window, directory, QStringLiteral("run-candidates"))) return false;
    window.runPage()->viewTabs()->setCurrentIndex(2);
    window.runPage()->failureTable()->setCurrentCell(0, 0);
    if (!grabTo(window, directory, QStringLiteral("run-failures"))) return false;
    window.runPage()->viewTabs()->setCurrentIndex(0);
    ResultsPage* results = window.resultsPage();
    window.tabs()->setCurrentWidget(results);
    results->filterEdit()->setText(ResultsModel::tr("compile error"));
    if (results->proxy()->rowCount() > 0) results->selectRow(0);
    return grabTo(window, directory, QStringLiteral("results-failure"));
}
// The Run page over a real store: the newest stored run of `family` replayed through the simulated twin of its device
// (store_replay.hpp), so the curves are that run's measurements under the device's bound (the twin carries the
// stored profile). `database` is a copy of its own: the replay records its run and measurements there.
bool prepareStoreRun(MainWindow& window, const QString& database, const QString& family, int timeoutMs) {
    QString error;
    const auto replay = storeReplay(database, family, &error);
    if (!replay) {
        std::fprintf(stderr, "ktune-workbench: %s\n", qPrintable(error));
        return false;
    }
    const RunRequest& request = replay->request;
    RunPage* page = window.runPage();
    page->setDatabase(database);
    page->setCheckedDevices({});
    page->setDevice(&request.device);
    page->setFamily(request.family);
    // The controls say what was replayed (the request itself carries the stored space, sweep and options too).
    page->findChild<QComboBox*>(QStringLiteral("strategy"))->setCurrentText(request.strategy);
    if (auto* warm = page->findChild<QCheckBox*>(QStringLiteral("warmStart"))) warm->setChecked(request.warmStart);
    if (auto* evals = page->findChild<QSpinBox*>(QStringLiteral("maxEvaluations")))
        evals->setValue(static_cast<int>(request.maxEvaluations));
    page->setSizes(request.sizes);
    TuningRun* run = page->startRun(request);
    if (!run) return false;
    QElapsedTimer waited;
    waited.start();
    while (run->isActive() && waited.elapsed() < timeoutMs)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
    if (run->isActive()) {
        std::fprintf(stderr, "ktune-workbench: the replay of run %lld did not finish within %d ms\n",
                     static_cast<long long>(replay->storedRunId), timeoutMs);
        return false;
    }
    if (run->status() != RunStatus::Completed) {
        std::fprintf(stderr, "ktune-workbench: the replay of run %lld ended %s: %s\n",
                     static_cast<long long>(replay->storedRunId), qPrintable(runStatusText(run->status())),
                     qPrintable(run->message()));
        return false;
    }
    window.resize(1100, 720); // as takeScreenshots: comparable with the other pages
    window.tabs()->setCurrentWidget(page);
    page->viewTabs()->setCurrentIndex(0);
    // The last batch may still wait for the plot's next redraw (RedrawThrottle).
    while (page->curvePlot()->redrawPending() && waited.elapsed() < timeoutMs)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return true;
}
} // namespace

int takeStoreScreenshots(MainWindow& window, const QString& directory, const QString& store, const QString& family,
                         int timeoutMs) {
    // Shown at the size takeScreenshots gives it (hidden plots defer their drawing); the demo run's closing message
    // is no news about this store.
    window.resize(1100, 720);
    window.show();
    window.statusBar()->clearMessage();
    // A copy, so that nothing the pages write (fits, rules) reaches the shipped store.
    QTemporaryDir dir;
    const QString copy = dir.filePath(QFileInfo(store).fileName());
    if (!copyStore(store, copy)) return 1;
    ResultsPage* results = window.resultsPage();
    results->filterEdit()->clear(); // the demo's details view left its filter on failures
    results->setDatabase(copy);
    if (!waitLoaded(results, timeoutMs)) return 1;
    results->table()->sortByColumn(ResultsModel::Value, Qt::DescendingOrder);
    if (results->proxy()->rowCount() > 0) results->selectRow(0);
    window.tabs()->setCurrentWidget(results);
    if (!grabTo(window, directory, QStringLiteral("results-store"))) return 1;
    FitsPage* fits = window.fitsPage();
    fits->setDatabase(copy);
    if (!waitLoaded(fits, timeoutMs)) return 1;
    if (const int at = fits->familyCombo()->findText(family, Qt::MatchContains); at >= 0)
        fits->familyCombo()->setCurrentIndex(at);
    window.tabs()->setCurrentWidget(fits);
    if (!grabTo(window, directory, QStringLiteral("fits-store"))) return 1;
    ComparePage* compare = window.comparePage();
    compare->setDatabase(copy);
    if (!waitLoaded(compare, timeoutMs)) return 1;
    compare->setFamily(family);
    window.tabs()->setCurrentWidget(compare);
    if (!grabTo(window, directory, QStringLiteral("compare-store"))) return 1;
    // Last, on a second copy: the replay adds a simulated device's run, which the pages above should not list.
    QDir(dir.path()).mkpath(QStringLiteral("replay"));
    const QString replayCopy = dir.filePath(QStringLiteral("replay/") + QFileInfo(store).fileName());
    if (!copyStore(store, replayCopy)) return 1;
    if (!prepareStoreRun(window, replayCopy, family, timeoutMs)) return 1;
    return grabTo(window, directory, QStringLiteral("run-store")) ? 0 : 1;
}

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
    QTemporaryDir demoDir;
    // Each demo gets its own store; the simulated devices' group is titled by the file name, hence "demo.sqlite".
    QDir(demoDir.path()).mkpath(QStringLiteral("devices"));
    std::optional<std::string> devicesDemo;
    for (std::size_t i = 0; i < window.pages().size(); ++i) {
        if (qstrcmp(window.pages()[i].id, "devices") == 0) {
            devicesDemo = prepareDevicesDemo(window, demoDir.filePath(QStringLiteral("devices/demo.sqlite")), timeoutMs);
            if (!devicesDemo) return 1;
        } else if (devicesDemo) { // the Devices page has been grabbed
            restoreDevicesDemo(window, *devicesDemo);
            devicesDemo.reset();
        }
        if (qstrcmp(window.pages()[i].id, "fits") == 0 &&
            !prepareFitsDemo(window, demoDir.filePath(QStringLiteral("fits.sqlite")), timeoutMs))
            return 1;
        if (qstrcmp(window.pages()[i].id, "run") == 0 &&
            !prepareRunDemo(window, demoDir.filePath(QStringLiteral("demo.sqlite")), timeoutMs))
            return 1;
        if (qstrcmp(window.pages()[i].id, "compare") == 0 &&
            !prepareCompareDemo(window, demoDir.filePath(QStringLiteral("demo.sqlite")), timeoutMs))
            return 1;
        window.tabs()->setCurrentIndex(static_cast<int>(i));
        QApplication::processEvents(); // let layouts settle after the page switch
        // The Tune page counts valid variants on a worker; show the count, not "counting…" (GEMM spaces have a few
        // hundred million combinations: seconds in a debug build on a busy machine).
        QElapsedTimer waited;
        waited.start();
        while (window.tunePage()->isCounting() && waited.elapsed() < timeoutMs)
            QApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
        const QString file = QDir(directory).filePath(QString::fromLatin1(window.pages()[i].id) + QStringLiteral(".png"));
        if (!window.grab().save(file, "PNG")) {
            std::fprintf(stderr, "ktune-workbench: cannot write %s\n", qPrintable(file));
            return 1;
        }
        std::printf("%s\n", qPrintable(file));
    }
    if (window.runPage()->currentRun() && !grabDemoDetails(window, directory)) return 1;
    return 0;
}

} // namespace kt::gui
