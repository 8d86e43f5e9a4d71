// Devices page inside MainWindow: checked devices each get a run on Start, the open store's devices appear as
// simulated twins whose runs replay the stored values, and Profile re-measures and stores a new profile.
#include <atomic>
#include <map>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/demo/tuning_run_demo.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/models/device_tree_model.hpp"
#include "app/gui/models/results_model.hpp"
#include "app/gui/pages/device_details_widget.hpp"
#include "app/gui/pages/devices_page.hpp"
#include "app/gui/pages/results_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/services/store_service.hpp"
#include "app/gui/services/tuning_run_service.hpp"
#include "core/store/store.hpp"
#include "devices/simulated/simulated_backend.hpp"
#include "fake_backend.hpp"
#include "kernels/builtin_families.hpp"
#include "test_environment.hpp"

using namespace kt;
using namespace kt::gui;

namespace {
const DeviceInfo kFirst = test::fakeDevice("Fake GPU", 0, "Fake Platform", 0);
const DeviceInfo kSecond = test::fakeDevice("Second GPU", 0, "Fake Platform", 1);

BackendFactory twoDevices() {
    return [] {
        BackendList list;
        list.push_back(std::make_unique<test::FakeBackend>(BackendKind::OpenCL, std::vector<DeviceInfo>{kFirst, kSecond}));
        return list;
    };
}

// Made-up values that differ per device, so each run's rows can be told apart.
class MadeUpExecutor final : public Executor {
public:
    explicit MadeUpExecutor(double scale) : m_scale(scale) {}
    void compile(const std::vector<Point>&) override {}
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        std::vector<Measurement> out;
        for (const auto& size : sizes) {
            Measurement m;
            m.pointKey = point.key();
            m.size = size;
            m.value = m_scale * (1.0 + static_cast<double>(std::hash<std::string>{}(point.key()) % 100));
            m.medianMs = 1.0 / m.value;
            out.push_back(m);
        }
        return out;
    }

private:
    double m_scale;
};

// Checks a device the way the tree view's check box does.
bool check(DevicesPage* page, const std::string& stableId) {
    const QModelIndex index = page->model()->indexOfDevice(stableId);
    return index.isValid() && page->model()->setData(index, Qt::Checked, Qt::CheckStateRole);
}
} // namespace

class TstDevicesPage : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        kt::test::isolateGuiTest(m_dir, "tst_devices_page");
    }

    void twoCheckedDevicesStartTwoRuns() {
        const QString db = m_dir.filePath(QStringLiteral("two.sqlite"));
        MainWindow window(twoDevices(), {}, nullptr);
        window.setDatabase(db);
        window.runService()->setExecutorFactory([](const RunRequest&, const DeviceInfo& device, const std::string&) {
            return std::make_unique<MadeUpExecutor>(device.name == kFirst.name ? 1.0 : 1000.0);
        });
        window.show();
        DevicesPage* page = window.devicesPage();
        QTRY_COMPARE_WITH_TIMEOUT(page->model()->deviceCount(), 2, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.resultsPage()->isLoading(), 10000);
        QVERIFY(page->currentDevice());
        QCOMPARE(page->currentDevice()->name, kFirst.name); // without checks, runs would use this one only

        QSignalSpy checkedChanged(page, &DevicesPage::checkedDevicesChanged);
        QVERIFY(check(page, kFirst.stableId()));
        QVERIFY(check(page, kSecond.stableId()));
        QVERIFY(checkedChanged.count() >= 2);
        QCOMPARE(page->checkedDevices().size(), std::size_t{2});
        // (No translator is installed here, so the plural reads "device(s)".)
        const QString note = page->checkedNote()->text();
        QVERIFY2(note.startsWith(QStringLiteral("2 device")) && note.contains(QStringLiteral("Second GPU")), qPrintable(note));
        const QModelIndex first = page->model()->indexOfDevice(kFirst.stableId());
        QCOMPARE(first.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));

        RunPage* run = window.runPage();
        run->setFamily(QStringLiteral("transpose"));
        run->findChild<QSpinBox*>(QStringLiteral("maxEvaluations"))->setValue(5);
        QVERIFY(run->startButton()->isEnabled());
        run->startButton()->click();

        const auto& runs = window.runService()->runs();
        QCOMPARE(runs.size(), std::size_t{2});
        QCOMPARE(runs[0]->request().device.stableId(), kFirst.stableId());
        QCOMPARE(runs[1]->request().device.stableId(), kSecond.stableId());
        QCOMPARE(run->currentRun(), runs[0]);
        for (TuningRun* r : runs) {
            QTRY_VERIFY_WITH_TIMEOUT(!r->isActive(), 30000);
            QVERIFY2(r->status() == RunStatus::Completed, qPrintable(r->message()));
            QCOMPARE(r->measurementCount(), quint64(5));
        }
        // Both runs' measurements reach the Results page, each under its own device.
        ResultsModel* results = window.resultsPage()->model();
        QTRY_COMPARE_WITH_TIMEOUT(results->rowCount(), 10, 10000);
        std::map<std::string, int> perDevice;
        for (int r = 0; r < results->rowCount(); ++r) {
            const Measurement& m = results->row(r).measurement;
            ++perDevice[m.deviceId];
            QVERIFY(m.deviceId == kFirst.stableId() ? m.value <= 100.0 : m.value >= 1000.0);
        }
        QCOMPARE(perDevice[kFirst.stableId()], 5);
        QCOMPARE(perDevice[kSecond.stableId()], 5);
        QCOMPARE(results->index(0, ResultsModel::Device).data().toString().isEmpty(), false);

        // Unchecking everything returns to "the selected device": one run.
        page->model()->clearChecked();
        QVERIFY(page->checkedDevices().empty());
        run->startButton()->click();
        QCOMPARE(runs.size(), std::size_t{3});
        QCOMPARE(runs[2]->request().device.stableId(), kFirst.stableId());
        QTRY_VERIFY_WITH_TIMEOUT(!runs[2]->isActive(), 30000);
    }

    void storedDevicesBecomeSimulatedDevicesThatReplay() {
        const QString db = m_dir.filePath(QStringLiteral("demo.sqlite"));
        const DemoStore demo = buildDemoStore(db);
        MainWindow window(twoDevices(), {}, nullptr);
        window.setDatabase(db);
        DevicesPage* page = window.devicesPage();
        DeviceTreeModel* model = page->model();
        QTRY_VERIFY_WITH_TIMEOUT(model->indexOfDevice(demo.simulated.stableId()).isValid(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.resultsPage()->isLoading(), 10000);
        const QModelIndex twin = model->indexOfDevice(demo.simulated.stableId());
        // Listed under a "Simulated" group that names the store, labelled as simulated, runnable but not profilable.
        const QModelIndex group = twin.parent().parent();
        QVERIFY2(group.data().toString().startsWith(QStringLiteral("Simulated")), qPrintable(group.data().toString()));
        QVERIFY(group.data().toString().contains(QStringLiteral("demo.sqlite")));
        QVERIFY(twin.data().toString().contains(QStringLiteral("simulated")));
        QVERIFY(model->isRunnable(twin));
        QVERIFY(model->backend(twin) == nullptr);
        QCOMPARE(model->device(twin)->replayOf, demo.stored.stableId());
        // The live devices stay first; the stored original is not runnable here (no check box).
        QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("OpenCL"));
        const QModelIndex original = model->indexOfDevice(demo.stored.stableId());
        QVERIFY(original.isValid());
        QVERIFY(!(model->flags(original) & Qt::ItemIsUserCheckable));
        QVERIFY(model->flags(twin) & Qt::ItemIsUserCheckable);

        QVERIFY(page->selectDevice(demo.simulated.stableId()));
        const QString origin = page->details()->originText();
        QVERIFY2(origin.contains(QStringLiteral("Simulated device")) && origin.contains(QStringLiteral("demo.sqlite")),
                 qPrintable(origin));
        QCOMPARE(page->details()->fieldText("Replays"),
                 QString::fromStdString(demo.stored.stableId()) + QStringLiteral(" (stored in demo.sqlite)"));
        QVERIFY(!page->details()->findChild<QPushButton*>(QStringLiteral("profileButton"))->isEnabled());

        // A run on the checked twin replays the stored measurements (the real replay executor, no fake). No sizes are
        // given: a simulated device runs at the sizes its stored runs used, not at the family's defaults.
        const std::vector<ProblemSize> storedSizes{{{256}}, {{512}}, {{1024}}};
        QCOMPARE(devices::replayedSizes(db.toStdString(), demo.simulated.stableId(), "transpose"), storedSizes);
        QVERIFY(devices::replayedSizes(db.toStdString(), demo.simulated.stableId(), "sgemm").empty());
        QVERIFY(check(page, demo.simulated.stableId()));
        RunPage* run = window.runPage();
        run->setFamily(QStringLiteral("transpose"));
        run->findChild<QComboBox*>(QStringLiteral("strategy"))->setCurrentText(QStringLiteral("exhaustive"));
        run->findChild<QSpinBox*>(QStringLiteral("maxEvaluations"))->setValue(0);
        QVERIFY(run->findChild<QLineEdit*>(QStringLiteral("sizes"))->text().isEmpty());
        QSignalSpy arrived(run, &RunPage::measurementsArrived);
        run->startButton()->click();
        QCOMPARE(window.runService()->runs().size(), std::size_t{1});
        TuningRun* replay = window.runService()->runs().front();
        QCOMPARE(replay->request().device.stableId(), demo.simulated.stableId());
        QTRY_VERIFY_WITH_TIMEOUT(!replay->isActive(), 60000);
        QVERIFY2(replay->status() == RunStatus::Completed, qPrintable(replay->message()));

        std::map<std::pair<std::string, std::string>, Measurement> stored;
        {
            auto store = store::Database::open(db.toStdString(), {store::OpenMode::ReadOnly});
            for (const auto& s : store::MeasurementRepository(store).byRun(1))
                stored[{s.measurement.pointKey, s.measurement.size.label()}] = s.measurement;
        }
        QCOMPARE(static_cast<int>(stored.size()), demo.candidates * 3);
        int replayed = 0, failing = 0;
        for (const auto& args : arrived)
            for (const Measurement& m : args.at(1).value<QVector<Measurement>>()) {
                ++replayed;
                QCOMPARE(m.deviceId, demo.simulated.stableId());
                const auto it = stored.find({m.pointKey, m.size.label()});
                QVERIFY2(it != stored.end(), m.pointKey.c_str());
                QCOMPARE(int(m.status), int(it->second.status));
                QCOMPARE(m.value, it->second.value);
                if (m.status != MeasurementStatus::Ok) ++failing;
            }
        QCOMPARE(replayed, demo.candidates * 3);
        QCOMPARE(failing, demo.failing * 3);
    }

    void detailsShowImageSupportAndItsLimit() {
        DeviceDetailsWidget details;
        DeviceInfo d;
        d.name = "Image GPU";
        d.images = true;
        d.maxImageBufferTexels = 134217728;
        details.setDevice(&d);
        QCOMPARE(details.fieldText("Image reads"),
                 QStringLiteral("yes, up to %1 texels").arg(QLocale().toString(qulonglong(134217728))));
        d.images = false;
        details.setDevice(&d);
        QVERIFY(!details.fieldText("Image reads").startsWith(QStringLiteral("yes")));
    }

    void reprofileMeasuresAgainAndStoresIt() {
        const QString db = m_dir.filePath(QStringLiteral("profiles.sqlite"));
        auto calls = std::make_shared<std::atomic<int>>(0);
        ProfileFunction profiler = [calls](Device&, const std::atomic<bool>&) {
            const int n = ++*calls;
            return DeviceProfile{100.0 * n, 1000.0, 500.0, "2026-11-2" + std::to_string(n) + "T03:00:00Z"};
        };
        MainWindow window(twoDevices(), profiler, nullptr);
        window.setDatabase(db);
        DevicesPage* page = window.devicesPage();
        QTRY_COMPARE_WITH_TIMEOUT(page->model()->deviceCount(), 2, 10000);
        auto* button = page->details()->findChild<QPushButton*>(QStringLiteral("profileButton"));
        QCOMPARE(button->text(), QStringLiteral("Profile"));
        QCOMPARE(page->details()->profileStateText(), QStringLiteral("Not measured yet."));

        const std::string id = page->currentDevice()->stableId();
        QVERIFY(check(page, id)); // the Run page's copy of a checked device must follow its new profile
        window.runPage()->setFamily(QStringLiteral("transpose"));
        button->click();
        const auto storedDevices = [&]() -> std::size_t {
            try {
                return StoreService::readDevices(db).size();
            } catch (const std::exception&) {
                return 0; // being created by the store service's worker
            }
        };
        QTRY_VERIFY_WITH_TIMEOUT(storedDevices() == 1 && page->currentDevice()->profile, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(button->text(), QStringLiteral("Re-profile"), 10000);
        QVERIFY2(page->details()->profileStateText().contains(QStringLiteral("11/21/26")),
                 qPrintable(page->details()->profileStateText()));

        QTRY_VERIFY_WITH_TIMEOUT(button->isEnabled(), 10000);
        button->click();
        // The second measurement replaces the shown one and joins the first in the store's history.
        QTRY_COMPARE_WITH_TIMEOUT(page->details()->fieldText("Copy bandwidth"), QStringLiteral("200.0 GB/s"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(page->details()->profileStateText().contains(QStringLiteral("11/22/26")), 10000);
        const auto storedProfiles = [&]() -> std::size_t {
            try {
                auto store = store::Database::open(db.toStdString(), {store::OpenMode::ReadOnly});
                return store::DeviceRepository(store).profileHistory(id).size();
            } catch (const std::exception&) {
                return 0; // not written yet
            }
        };
        QTRY_COMPARE_WITH_TIMEOUT(storedProfiles(), std::size_t{2}, 10000);
        auto store = store::Database::open(db.toStdString(), {store::OpenMode::ReadOnly});
        const auto history = store::DeviceRepository(store).profileHistory(id);
        QCOMPARE(history[0].copyBandwidthGBs, 100.0);
        QCOMPARE(history[1].copyBandwidthGBs, 200.0);
        // After the store reload the page still shows the newest profile, not the older stored one.
        QCOMPARE(page->currentDevice()->profile->copyBandwidthGBs, 200.0);
        QCOMPARE(calls->load(), 2);
        const auto request = window.runPage()->currentRequest();
        QVERIFY(request && request->device.stableId() == id && request->device.profile);
        QCOMPARE(request->device.profile->copyBandwidthGBs, 200.0);
    }
};

QTEST_MAIN(TstDevicesPage)
#include "tst_devices_page.moc"
