// MainWindow with fake backends: enumeration fills the tree off the GUI thread, details show the fields,
// the profile button runs the profiler service, language switches live, window state is saved.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QTreeView>
#include <QtTest>

#include "app/gui/dialogs/settings_dialog.hpp"
#include "app/gui/language.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/models/device_tree_model.hpp"
#include "app/gui/pages/device_details_widget.hpp"
#include "app/gui/pages/devices_page.hpp"
#include "app/gui/services/store_service.hpp"
#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "fake_backend.hpp"

using namespace kt::gui;

namespace {
BackendFactory fakeFactory() {
    return [] {
        BackendList list;
        list.push_back(std::make_unique<kt::test::FakeBackend>(
            kt::BackendKind::OpenCL, std::vector<kt::DeviceInfo>{kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0)}));
        list.push_back(std::make_unique<kt::test::FakeBackend>(kt::BackendKind::Cuda, std::vector<kt::DeviceInfo>{},
                                                               "no NVIDIA driver (libcuda.so.1 not found)"));
        return list;
    };
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_config;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_config.isValid());
        // Keep the developer's real settings out of the tests.
        qputenv("XDG_CONFIG_HOME", m_config.path().toLocal8Bit());
        qputenv("XDG_DATA_HOME", m_config.path().toLocal8Bit());
        QCoreApplication::setOrganizationName(QStringLiteral("KernelTuneTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_main_window"));
        QSettings().clear();
    }

    void enumeratesOnAWorkerThread() {
        QThread* guiThread = QThread::currentThread();
        auto enumeratingThread = std::make_shared<QThread*>(nullptr);
        BackendFactory factory = [enumeratingThread, inner = fakeFactory()] {
            *enumeratingThread = QThread::currentThread();
            return inner();
        };
        MainWindow window(factory, {}, nullptr);
        window.show();
        DeviceTreeModel* model = window.devicesPage()->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_COMPARE_WITH_TIMEOUT(model->deviceCount(), 1, 10000);
        QVERIFY(*enumeratingThread != nullptr);
        QVERIFY(*enumeratingThread != guiThread);
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(model->index(1, 0).data().toString().contains(QStringLiteral("libcuda.so.1 not found")));
        // The first device is selected and described.
        const DeviceDetailsWidget* details = window.devicesPage()->details();
        QCOMPARE(details->fieldText("Name"), QStringLiteral("Fake GPU"));
        QCOMPARE(details->fieldText("Global memory"), QStringLiteral("16 GiB"));
        QCOMPARE(details->fieldText("Local memory"), QStringLiteral("64 KiB"));
        QCOMPARE(details->fieldText("Max. work-item sizes"), QStringLiteral("1024 × 1024 × 64"));
    }

    void enumerationErrorIsShown() {
        BackendFactory failing = []() -> BackendList { throw std::runtime_error("driver exploded"); };
        MainWindow window(failing, {}, nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(!window.enumeration()->isRunning(), 10000);
        QVERIFY(window.enumeration()->lastResult().error.contains(QStringLiteral("driver exploded")));
        QCOMPARE(window.devicesPage()->model()->rowCount(), 0);
        const auto labels = window.devicesPage()->findChildren<QLabel*>();
        QVERIFY(std::any_of(labels.begin(), labels.end(),
                            [](QLabel* l) { return l->text().contains(QStringLiteral("driver exploded")); }));
    }

    void profileButtonRunsTheProfiler() {
        auto calledOn = std::make_shared<QThread*>(nullptr);
        ProfileFunction profiler = [calledOn](kt::Device& device, const std::atomic<bool>&) {
            *calledOn = QThread::currentThread();
            kt::DeviceProfile p;
            p.copyBandwidthGBs = 42.0;
            p.fp32PeakGFlops = device.info().computeUnits * 100.0;
            return p;
        };
        MainWindow window(fakeFactory(), profiler, nullptr);
        QTRY_COMPARE_WITH_TIMEOUT(window.devicesPage()->model()->deviceCount(), 1, 10000);
        auto* button = window.devicesPage()->details()->findChild<QPushButton*>(QStringLiteral("profileButton"));
        QVERIFY(button);
        QVERIFY(button->isEnabled());
        QSignalSpy messages(window.devicesPage(), &DevicesPage::statusMessage);
        button->click();
        const DevicesPage* page = window.devicesPage();
        QTRY_VERIFY_WITH_TIMEOUT(page->currentDevice() && page->currentDevice()->profile, 10000);
        QVERIFY2(messages.count() >= 2, "expected 'Profiling…' and 'Profiled' status messages");
        QCOMPARE(page->currentDevice()->profile->fp32PeakGFlops, 800.0);
        QVERIFY(*calledOn != QThread::currentThread());
        QCOMPARE(page->details()->fieldText("Copy bandwidth"), QStringLiteral("42.0 GB/s"));
        QVERIFY(!page->details()->fieldText("Measured at").isEmpty());
    }

    void profileButtonDisabledWithoutProfiler() {
        MainWindow window(fakeFactory(), {}, nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(window.devicesPage()->currentDevice() != nullptr, 10000); // stored twins may follow
        auto* button = window.devicesPage()->details()->findChild<QPushButton*>(QStringLiteral("profileButton"));
        QVERIFY(button && !button->isEnabled());
    }

    void languageSwitchesLive() {
        LanguageManager languages;
        QVERIFY(languages.apply(Language::English));
        MainWindow window(fakeFactory(), {}, &languages);
        QTRY_VERIFY_WITH_TIMEOUT(window.devicesPage()->currentDevice() != nullptr, 10000); // stored twins may follow
        QCOMPARE(window.fileMenu()->title(), QStringLiteral("&File"));
        QCOMPARE(window.tabs()->tabText(0), QStringLiteral("Devices"));

        window.applyLanguage(Language::Japanese);
        QCOMPARE(languages.effectiveLocale(), QStringLiteral("ja"));
        QTRY_COMPARE(window.fileMenu()->title(), QStringLiteral("ファイル(&F)"));
        QCOMPARE(window.tabs()->tabText(0), QStringLiteral("デバイス"));
        QCOMPARE(window.devicesPage()->details()->fieldText("Global memory"), QStringLiteral("16 GiB"));
        QCOMPARE(LanguageManager::saved(), Language::Japanese);
        QVERIFY(languages.qtTranslationLoaded());

        window.applyLanguage(Language::English);
        QTRY_COMPARE(window.fileMenu()->title(), QStringLiteral("&File"));
        QCOMPARE(window.tabs()->tabText(0), QStringLiteral("Devices"));
        QCOMPARE(LanguageManager::saved(), Language::English);
    }

    void windowStateIsSaved() {
        {
            MainWindow window(fakeFactory(), {}, nullptr);
            window.show();
            window.tabs()->setCurrentIndex(1);
            window.close();
        }
        QSettings settings;
        QVERIFY(!settings.value(QStringLiteral("window/geometry")).toByteArray().isEmpty());
        QCOMPARE(settings.value(QStringLiteral("window/page")).toInt(), 1);
        MainWindow again(fakeFactory(), {}, nullptr);
        QCOMPARE(again.tabs()->currentIndex(), 1);
        settings.remove(QStringLiteral("window/page"));
    }

    void storedDevicesAndProfilesAppear() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("results.sqlite"));
        {
            const auto db = kt::store::Database::open(path.toStdString());
            kt::store::DeviceRepository repo(db);
            auto h200 = kt::test::fakeDevice("NVIDIA H200", 0, "CUDA", 0);
            h200.backend = kt::BackendKind::Cuda;
            repo.upsert(h200);
            auto fake = kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0);
            fake.profile = kt::DeviceProfile{321.0, 1000.0, 500.0, "2026-11-01T00:00:00Z"};
            repo.upsert(fake);
        }
        MainWindow window(fakeFactory(), {}, nullptr);
        window.setDatabase(path);
        DevicesPage* page = window.devicesPage();
        QAbstractItemModelTester tester(page->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        // The H200 is not present here, so it gets its own "stored" group; the live fake GPU gets the stored profile;
        // both stored devices also get a simulated twin that replays their results (4 rows in all).
        QTRY_COMPARE_WITH_TIMEOUT(page->model()->deviceCount(), 4, 10000);
        const QModelIndex h200 = page->model()->indexOfDevice(page->storedDevices().front().stableId());
        QVERIFY(h200.isValid());
        QVERIFY(h200.parent().parent().data().toString().contains(QStringLiteral("results.sqlite")));
        QVERIFY(page->model()->backend(h200) == nullptr);
        QVERIFY(page->selectDevice(kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0).stableId()));
        QVERIFY(page->currentDevice()->profile);
        QCOMPARE(page->details()->fieldText("Copy bandwidth"), QStringLiteral("321.0 GB/s"));
    }

    void measuredProfileIsStored() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("new.sqlite"));
        ProfileFunction profiler = [](kt::Device&, const std::atomic<bool>&) {
            return kt::DeviceProfile{42.0, 100.0, 50.0, "2026-11-22T03:00:00Z"};
        };
        MainWindow window(fakeFactory(), profiler, nullptr);
        window.setDatabase(path);
        QTRY_COMPARE_WITH_TIMEOUT(window.devicesPage()->model()->deviceCount(), 1, 10000);
        QVERIFY(!QFileInfo::exists(path)); // loading never creates the database
        QSignalSpy status(window.devicesPage(), &DevicesPage::statusMessage);
        window.devicesPage()->details()->findChild<QPushButton*>(QStringLiteral("profileButton"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(status.begin(), status.end(),
                                             [](const QList<QVariant>& args) {
                                                 return args.at(0).toString().contains(QStringLiteral("saved to new.sqlite"));
                                             }),
                                 10000);
        const std::vector<kt::DeviceInfo> stored = StoreService::readDevices(path);
        QCOMPARE(stored.size(), std::size_t{1});
        QVERIFY(stored[0].profile);
        QCOMPARE(stored[0].name, std::string("Fake GPU"));
        QCOMPARE(stored[0].profile->copyBandwidthGBs, 42.0);
    }

    void foreignDatabaseIsReportedAndLeftAlone() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("notes.sqlite"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray content("these are my notes, not a database\n");
        file.write(content);
        file.close();
        MainWindow window(fakeFactory(), {}, nullptr);
        QSignalSpy status(window.devicesPage(), &DevicesPage::statusMessage);
        window.setDatabase(path);
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(status.begin(), status.end(),
                                             [](const QList<QVariant>& args) {
                                                 return args.at(0).toString().contains(QStringLiteral("notes.sqlite"));
                                             }),
                                 10000);
        QTRY_COMPARE_WITH_TIMEOUT(window.devicesPage()->model()->deviceCount(), 1, 10000); // live devices still shown
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), content);
    }

    void leftOutDevicesAreReported() {
        BackendFactory factory = [] {
            BackendList list;
            auto backend = std::make_unique<kt::test::FakeBackend>(
                kt::BackendKind::OpenCL, std::vector<kt::DeviceInfo>{kt::test::fakeDevice("Fake GPU", 0, "P", 0)});
            backend->setDiagnostics("platform 1 (Broken ICD): clGetDeviceIDs failed (-1001)");
            list.push_back(std::move(backend));
            return list;
        };
        MainWindow window(factory, {}, nullptr);
        const DeviceTreeModel* model = window.devicesPage()->model();
        QTRY_COMPARE_WITH_TIMEOUT(model->deviceCount(), 1, 10000);
        const QModelIndex opencl = model->index(0, 0);
        QCOMPARE(opencl.data().toString(), QStringLiteral("OpenCL — some devices were left out"));
        QVERIFY(opencl.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Broken ICD")));
    }

    void settingsDialogRoundTripsAndRetranslates() {
        LanguageManager languages;
        QVERIFY(languages.apply(Language::English));
        SettingsDialog dialog;
        dialog.setLanguage(Language::Japanese);
        QCOMPARE(dialog.language(), Language::Japanese);
        dialog.setDatabasePath(QStringLiteral("/tmp/x.sqlite"));
        QCOMPARE(dialog.databasePath(), QStringLiteral("/tmp/x.sqlite"));
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Settings"));
        QVERIFY(languages.apply(Language::Japanese));
        QTRY_COMPARE(dialog.windowTitle(), QStringLiteral("設定"));
        QCOMPARE(dialog.languageBox()->itemText(0), QStringLiteral("システムの既定"));
        QCOMPARE(dialog.languageBox()->itemText(2), QStringLiteral("日本語")); // native names stay untranslated
        QVERIFY(languages.apply(Language::English));
        QTRY_COMPARE(dialog.windowTitle(), QStringLiteral("Settings"));
    }

    void languageCodesRoundTrip() {
        bool ok = false;
        QCOMPARE(languageFromCode(QStringLiteral("ja"), &ok), Language::Japanese);
        QVERIFY(ok);
        QCOMPARE(languageFromCode(QStringLiteral("EN"), &ok), Language::English);
        QVERIFY(ok);
        languageFromCode(QStringLiteral("klingon"), &ok);
        QVERIFY(!ok);
        QCOMPARE(languageCode(Language::System), QStringLiteral("system"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
