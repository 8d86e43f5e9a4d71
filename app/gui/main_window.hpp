// The workbench's main window: pages in tabs (Devices, Tune), menus, status bar, persisted geometry.
#pragma once
#include <vector>

#include <QMainWindow>

#include "app/gui/language.hpp"
#include "app/gui/services/device_enumeration_service.hpp"
#include "app/gui/services/profile_service.hpp"

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QTabWidget;

namespace kt::gui {

class ComparePage;
class BenchPage;
class DevicesPage;
class FitsPage;
class ResultsPage;
class RunPage;
class StoreService;
class TunePage;
class TuningRunService;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // `language` applies the Settings dialog's choice live (it must outlive the window).
    MainWindow(BackendFactory backends, ProfileFunction profiler, LanguageManager* language, QWidget* parent = nullptr);
    ~MainWindow() override;

    struct Page {
        const char* id; // file name for --screenshot: "devices", "tune"
        QWidget* widget;
    };
    const std::vector<Page>& pages() const { return m_pages; }
    QTabWidget* tabs() const { return m_tabs; }
    DevicesPage* devicesPage() const { return m_devicesPage; }
    TunePage* tunePage() const { return m_tunePage; }
    RunPage* runPage() const { return m_runPage; }
    ResultsPage* resultsPage() const { return m_resultsPage; }
    FitsPage* fitsPage() const;
    ComparePage* comparePage() const;
    BenchPage* benchPage() const;
    TuningRunService* runService() const { return m_runs; }
    DeviceEnumerationService* enumeration() const { return m_enumeration; }
    QMenu* fileMenu() const { return m_fileMenu; }

    // Makes `path` the results database (remembered in QSettings).
    void setDatabase(const QString& path);
    void applyLanguage(Language language);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void createActions();
    void createMenus();
    void retranslateUi();
    void restoreWindowState();
    void saveWindowState();
    void openDatabase();
    void showSettings();
    void showExport();
    void showAbout();
    void updateDatabaseLabel();

    LanguageManager* m_language;
    DeviceEnumerationService* m_enumeration;
    ProfileService* m_profiler;
    StoreService* m_store;
    QTabWidget* m_tabs;
    DevicesPage* m_devicesPage;
    TunePage* m_tunePage;
    TuningRunService* m_runs;
    RunPage* m_runPage;
    ResultsPage* m_resultsPage;
    std::vector<Page> m_pages;
    QString m_database;
    QLabel* m_databaseLabel;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_toolsMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_openDatabase = nullptr;
    QAction* m_quit = nullptr;
    QAction* m_exportPackage = nullptr;
    QActionGroup* m_pageGroup = nullptr;
    std::vector<QAction*> m_pageActions;
    QAction* m_refreshDevices = nullptr;
    QAction* m_showStatusBar = nullptr;
    QAction* m_settings = nullptr;
    QAction* m_about = nullptr;
    QAction* m_aboutQt = nullptr;
};

} // namespace kt::gui
