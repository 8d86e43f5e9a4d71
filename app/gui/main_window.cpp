// Main window: owns the services, builds the pages and menus, retranslates on QEvent::LanguageChange.
#include "app/gui/main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>

#include "app/gui/app_settings.hpp"
#include "app/gui/dialogs/export_dialog.hpp"
#include "app/gui/dialogs/settings_dialog.hpp"
#include "app/gui/pages/bench_page.hpp"
#include "app/gui/pages/compare_page.hpp"
#include "app/gui/pages/devices_page.hpp"
#include "app/gui/pages/fits_page.hpp"
#include "app/gui/pages/pipeline_panel.hpp"
#include "app/gui/pages/results_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/pages/tune_page.hpp"
#include "app/gui/resources.hpp"
#include "app/gui/services/store_service.hpp"
#include "app/gui/services/tuning_run_service.hpp"

namespace kt::gui {

MainWindow::MainWindow(BackendFactory backends, ProfileFunction profiler, LanguageManager* language, QWidget* parent)
    : QMainWindow(parent),
      m_language(language),
      m_enumeration(new DeviceEnumerationService(std::move(backends), this)),
      m_profiler(new ProfileService(std::move(profiler), this)),
      m_store(new StoreService(this)) {
    initResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/ktune.png")));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("pages"));
    m_tabs->setDocumentMode(true);
    m_devicesPage = new DevicesPage(m_enumeration, m_profiler, m_store, m_tabs);
    m_tunePage = new TunePage(m_tabs);
    m_runs = new TuningRunService(this);
    m_runPage = new RunPage(m_runs, m_tabs);
    m_resultsPage = new ResultsPage(m_tabs);
    m_pages = {{"devices", m_devicesPage},
               {"tune", m_tunePage},
               {"run", m_runPage},
               {"results", m_resultsPage},
               {"fits", new FitsPage(m_tabs)},
               {"compare", new ComparePage(m_tabs)},
               {"bench", new BenchPage(m_tabs)}};
    for (const auto& page : m_pages) m_tabs->addTab(page.widget, QString());
    setCentralWidget(m_tabs);

    m_databaseLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_databaseLabel);
    connect(m_devicesPage, &DevicesPage::statusMessage, this, [this](const QString& text) {
        statusBar()->showMessage(text, 10000);
    });
    connect(m_devicesPage, &DevicesPage::currentDeviceChanged, m_tunePage, &TunePage::setDevice);
    // Run and Results pages: the Tune page chooses device and family, the Run page runs, the Results page shows
    // measurements live (they are stored too, so a reload shows the same rows).
    connect(m_devicesPage, &DevicesPage::currentDeviceChanged, m_runPage, &RunPage::setDevice);
    connect(m_devicesPage, &DevicesPage::checkedDevicesChanged, this,
            [this] { m_runPage->setCheckedDevices(m_devicesPage->checkedDevices()); });
    connect(m_tunePage, &TunePage::familyChanged, m_runPage, &RunPage::setFamily);
    m_runPage->setFamily(m_tunePage->currentFamily());
    // The space and sizes edited on the Tune page are what the Run page runs.
    const auto handOver = [this] {
        if (m_tunePage->hasErrors()) return; // half-typed edits: the Run page keeps the last valid settings
        m_runPage->setSpace(m_tunePage->currentFamily(), m_tunePage->runSpace());
        m_runPage->setSizes(m_tunePage->runSizes());
    };
    connect(m_tunePage, &TunePage::runSettingsChanged, this, handOver);
    handOver();
    connect(m_tunePage, &TunePage::startRunRequested, this, [this, handOver](const QString& family) {
        m_runPage->setFamily(family);
        handOver();
        m_tabs->setCurrentWidget(m_runPage);
        m_runPage->start();
    });
    connect(m_runs, &TuningRunService::runAdded, this,
            [this](TuningRun* run) { m_resultsPage->addDevice(run->request().device); });
    connect(m_runPage, &RunPage::measurementsArrived, m_resultsPage, &ResultsPage::appendMeasurements);
    connect(m_runPage, &RunPage::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    // Stored runs that were cancelled or whose process died continue on this machine's live devices.
    connect(m_enumeration, &DeviceEnumerationService::finished, m_runPage,
            [this](const EnumerationResult& result) { m_runPage->setAvailableDevices(liveDevices(result)); });
    if (auto* compare = comparePage()) {
        connect(compare, &ComparePage::statusMessage, this,
                [this](const QString& text) { statusBar()->showMessage(text, 10000); });
        // Devices of this machine are listed on the Compare page too, measured or not.
        connect(m_enumeration, &DeviceEnumerationService::finished, compare,
                [compare](const EnumerationResult& result) { compare->setLiveDevices(liveDevices(result)); });
    }

    if (auto* fits = fitsPage()) {
        // The size pipeline measures on this machine's devices: the live ones of the enumeration.
        connect(m_enumeration, &DeviceEnumerationService::finished, fits,
                [fits](const EnumerationResult& result) { fits->pipelinePanel()->setDevices(liveDevices(result)); });
    }

    if (auto* bench = benchPage()) {
        connect(bench, &BenchPage::statusMessage, this,
                [this](const QString& text) { statusBar()->showMessage(text, 10000); });
        // The bench runs on this machine's devices: the live ones of the enumeration.
        connect(m_enumeration, &DeviceEnumerationService::finished, bench, &BenchPage::setDevices);
    }

    createActions();
    createMenus();
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index >= 0 && index < static_cast<int>(m_pageActions.size()))
            m_pageActions[static_cast<std::size_t>(index)]->setChecked(true);
    });
    connect(m_store, &StoreService::profileSaved, this, &MainWindow::updateDatabaseLabel);
    m_database = databasePath();
    m_devicesPage->setDatabase(m_database);
    m_runPage->setDatabase(m_database);
    m_resultsPage->setDatabase(m_database);
    if (auto* fits = fitsPage()) fits->setDatabase(m_database);
    if (auto* compare = comparePage()) compare->setDatabase(m_database);
    if (auto* bench = benchPage()) bench->setDatabase(m_database);
    retranslateUi();
    restoreWindowState();
    m_enumeration->start();
}

MainWindow::~MainWindow() {
    m_runs->cancelAll(); // runs stop between candidates and are stored as cancelled (resumable)
}

void MainWindow::createActions() {
    m_openDatabase = new QAction(this);
    m_openDatabase->setShortcut(QKeySequence::Open);
    connect(m_openDatabase, &QAction::triggered, this, &MainWindow::openDatabase);
    m_exportPackage = new QAction(this);
    m_exportPackage->setObjectName(QStringLiteral("exportPackageAction"));
    connect(m_exportPackage, &QAction::triggered, this, &MainWindow::showExport);
    m_quit = new QAction(this);
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setMenuRole(QAction::QuitRole);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    m_pageGroup = new QActionGroup(this);
    for (std::size_t i = 0; i < m_pages.size(); ++i) {
        auto* action = new QAction(m_pageGroup);
        action->setCheckable(true);
        action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + static_cast<int>(i))));
        connect(action, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(static_cast<int>(i)); });
        m_pageActions.push_back(action);
    }
    m_pageActions.front()->setChecked(true);
    m_refreshDevices = new QAction(this);
    m_refreshDevices->setShortcut(QKeySequence::Refresh);
    connect(m_refreshDevices, &QAction::triggered, m_devicesPage, &DevicesPage::refresh);
    m_showStatusBar = new QAction(this);
    m_showStatusBar->setCheckable(true);
    m_showStatusBar->setChecked(true);
    connect(m_showStatusBar, &QAction::toggled, statusBar(), &QWidget::setVisible);

    m_settings = new QAction(this);
    m_settings->setShortcut(QKeySequence::Preferences);
    m_settings->setMenuRole(QAction::PreferencesRole);
    connect(m_settings, &QAction::triggered, this, &MainWindow::showSettings);
    m_about = new QAction(this);
    m_about->setMenuRole(QAction::AboutRole);
    connect(m_about, &QAction::triggered, this, &MainWindow::showAbout);
    m_aboutQt = new QAction(this);
    m_aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus() {
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_openDatabase);
    m_fileMenu->addAction(m_exportPackage);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quit);
    m_viewMenu = menuBar()->addMenu(QString());
    for (auto* action : m_pageActions) m_viewMenu->addAction(action);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_refreshDevices);
    m_viewMenu->addAction(m_showStatusBar);
    m_toolsMenu = menuBar()->addMenu(QString());
    m_toolsMenu->addAction(m_settings);
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_about);
    m_helpMenu->addAction(m_aboutQt);
}

// The Fits & Rules page, found through the page list (it needs no member of its own).
FitsPage* MainWindow::fitsPage() const {
    for (const auto& page : m_pages)
        if (auto* fits = qobject_cast<FitsPage*>(page.widget)) return fits;
    return nullptr;
}

BenchPage* MainWindow::benchPage() const {
    for (const auto& page : m_pages)
        if (auto* bench = qobject_cast<BenchPage*>(page.widget)) return bench;
    return nullptr;
}

ComparePage* MainWindow::comparePage() const {
    for (const auto& page : m_pages)
        if (auto* compare = qobject_cast<ComparePage*>(page.widget)) return compare;
    return nullptr;
}

void MainWindow::retranslateUi() {
    setWindowTitle(tr("KernelTune Workbench"));
    m_tabs->setTabText(0, tr("Devices"));
    m_tabs->setTabText(1, tr("Tune"));
    m_tabs->setTabText(2, tr("Run"));
    m_tabs->setTabText(3, tr("Results"));
    m_tabs->setTabText(4, tr("Fits && Rules"));
    if (auto* compare = comparePage()) m_tabs->setTabText(m_tabs->indexOf(compare), tr("Compare"));
    if (auto* bench = benchPage()) m_tabs->setTabText(m_tabs->indexOf(bench), tr("Bench"));
    m_fileMenu->setTitle(tr("&File"));
    m_viewMenu->setTitle(tr("&View"));
    m_toolsMenu->setTitle(tr("&Tools"));
    m_helpMenu->setTitle(tr("&Help"));
    m_openDatabase->setText(tr("&Open database…"));
    m_openDatabase->setStatusTip(tr("Choose the SQLite file that holds tuning results"));
    m_exportPackage->setText(tr("&Export package…"));
    m_exportPackage->setStatusTip(tr("Write a tuned kernel package (C API, CBLAS drop-in, CMake) from this store"));
    m_quit->setText(tr("&Quit"));
    for (std::size_t i = 0; i < m_pageActions.size(); ++i) m_pageActions[i]->setText(m_tabs->tabText(static_cast<int>(i)));
    m_refreshDevices->setText(tr("&Refresh devices"));
    m_showStatusBar->setText(tr("&Status bar"));
    m_settings->setText(tr("&Settings…"));
    m_about->setText(tr("&About KernelTune"));
    m_aboutQt->setText(tr("About &Qt"));
    updateDatabaseLabel();
}

void MainWindow::updateDatabaseLabel() {
    const QFileInfo file(m_database);
    m_databaseLabel->setText(file.exists() ? tr("Database: %1").arg(file.fileName())
                                           : tr("Database: %1 (not created yet)").arg(file.fileName()));
    m_databaseLabel->setToolTip(QDir::toNativeSeparators(m_database));
}

void MainWindow::setDatabase(const QString& path) {
    m_database = path;
    kt::gui::setDatabasePath(path);
    m_devicesPage->setDatabase(path);
    m_runPage->setDatabase(path);
    m_resultsPage->setDatabase(path);
    if (auto* fits = fitsPage()) fits->setDatabase(path);
    if (auto* compare = comparePage()) compare->setDatabase(path);
    if (auto* bench = benchPage()) bench->setDatabase(path);
    updateDatabaseLabel();
    statusBar()->showMessage(tr("Results database: %1").arg(QDir::toNativeSeparators(path)), 10000);
}

void MainWindow::openDatabase() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open results database"), QFileInfo(m_database).path(),
                                                      tr("SQLite databases (*.sqlite *.db);;All files (*)"));
    if (!path.isEmpty()) setDatabase(path);
}

void MainWindow::applyLanguage(Language language) {
    LanguageManager::save(language);
    if (m_language) m_language->apply(language);
}

void MainWindow::showSettings() {
    SettingsDialog dialog(this);
    dialog.setLanguage(LanguageManager::saved());
    dialog.setDatabasePath(m_database);
    if (dialog.exec() != QDialog::Accepted) return;
    if (!dialog.databasePath().isEmpty() && dialog.databasePath() != m_database) setDatabase(dialog.databasePath());
    if (dialog.language() != LanguageManager::saved() || (m_language && dialog.language() != m_language->current()))
        applyLanguage(dialog.language());
}

void MainWindow::showExport() {
    ExportDialog dialog(m_database, this);
    dialog.exec();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About KernelTune"),
                       tr("<h3>KernelTune %1</h3>"
                          "<p>A workbench for auto-tuning GPU kernels (GEMM, BLAS3, batched GEMM, SYMV) on OpenCL "
                          "and CUDA devices: explore parameter spaces, measure and verify candidates, fit performance "
                          "over problem sizes and derive dispatch rules.</p>"
                          "<p>Built with Qt %2.</p>")
                           .arg(QStringLiteral(KT_VERSION), QString::fromLatin1(qVersion())));
}

void MainWindow::restoreWindowState() {
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) resize(1100, 720);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_devicesPage->splitter()->restoreState(settings.value(QStringLiteral("window/devicesSplitter")).toByteArray());
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("window/page"), 0).toInt());
}

void MainWindow::saveWindowState() {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/devicesSplitter"), m_devicesPage->splitter()->saveState());
    settings.setValue(QStringLiteral("window/page"), m_tabs->currentIndex());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveWindowState();
    event->accept();
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QMainWindow::changeEvent(event);
}

} // namespace kt::gui
