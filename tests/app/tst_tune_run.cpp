// A run started from the Tune page's edited space (through the Run page and TuningRunService) measures only points
// inside that space, at the sizes edited there: transpose and sgemm, with an executor that records what it is given.
#include <mutex>
#include <set>

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QCheckBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/main_window.hpp"
#include "app/gui/pages/devices_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/pages/space_editor.hpp"
#include "app/gui/pages/tune_page.hpp"
#include "app/gui/services/family_spaces.hpp"
#include "app/gui/services/store_service.hpp"
#include "app/gui/services/tuning_run_service.hpp"
#include "core/engine/family.hpp"
#include "fake_backend.hpp"
#include "kernels/builtin_families.hpp"

using namespace kt;
using namespace kt::gui;

namespace {

// What the engine asked to measure, shared with the test.
struct Recorded {
    std::mutex mutex;
    std::vector<Point> points;
    std::set<std::string> sizes;
    std::vector<std::string> measured; // "key@size", one per measurement
    std::vector<std::string> devices;  // device id, one per entry of `points`
};

// Answers every candidate with a made-up time (no device); records the points and sizes it was given.
class RecordingExecutor final : public Executor {
public:
    RecordingExecutor(std::shared_ptr<Recorded> recorded, std::string deviceId, std::string family)
        : m_recorded(std::move(recorded)), m_deviceId(std::move(deviceId)), m_family(std::move(family)) {}
    void compile(const std::vector<Point>&) override {}
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        std::vector<Measurement> out;
        std::lock_guard lock(m_recorded->mutex);
        m_recorded->points.push_back(point);
        m_recorded->devices.push_back(m_deviceId);
        double sum = 1;
        for (auto v : point.values()) sum += static_cast<double>(v);
        for (const auto& size : sizes) {
            m_recorded->sizes.insert(size.label());
            m_recorded->measured.push_back(point.key() + "@" + size.label());
            Measurement m;
            m.deviceId = m_deviceId;
            m.family = m_family;
            m.pointKey = point.key();
            m.size = size;
            m.timesMs = {1.0 / sum};
            m.medianMs = m.minMs = 1.0 / sum;
            m.value = sum;
            out.push_back(m);
        }
        return out;
    }

private:
    std::shared_ptr<Recorded> m_recorded;
    std::string m_deviceId;
    std::string m_family;
};

} // namespace

class TestTuneRun : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        kernels::registerBuiltinFamilies();
        QVERIFY(m_dir.isValid());
        qputenv("XDG_CONFIG_HOME", m_dir.path().toLocal8Bit());
        qputenv("XDG_DATA_HOME", m_dir.path().toLocal8Bit());
        QCoreApplication::setOrganizationName(QStringLiteral("KernelTuneTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_tune_run"));
        QSettings().clear();
    }

    // The main window hands the Tune page's space and sizes to the Run page: "Start run…" there and the Run page's
    // own Start both run the edited space.
    void startRunInTheWindowUsesTheEditedSpace() {
        BackendFactory factory = test::oneFakeGpuFactory();
        MainWindow window(factory, {}, nullptr);
        // The device list is rebuilt when the enumeration and the store's device load finish, and each rebuild
        // hands the Tune page its device again (rebuilding the editor). Under CPU load the store's load used to
        // finish after the edits below had started: wait for both, so no rebuild comes in the middle.
        auto* store = window.findChild<StoreService*>();
        QVERIFY(store);
        QSignalSpy loaded(store, &StoreService::devicesLoaded), loadFailed(store, &StoreService::failed);
        window.setDatabase(m_dir.filePath(QStringLiteral("window.sqlite")));
        auto recorded = std::make_shared<Recorded>();
        window.runService()->setExecutorFactory(
            [recorded](const RunRequest&, const DeviceInfo& d, const std::string& f) {
                return std::make_unique<RecordingExecutor>(recorded, d.stableId(), f);
            });
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.devicesPage()->currentDevice() != nullptr && !window.enumeration()->isRunning() &&
                                     loaded.count() + loadFailed.count() > 0,
                                 30000);
        TunePage* tune = window.tunePage();
        const auto items = tune->familyList()->findItems(QStringLiteral("(transpose)"), Qt::MatchEndsWith);
        QCOMPARE(items.size(), 1);
        tune->familyList()->setCurrentItem(items.front());
        tune->spaceEditor()->valuesEdit(QStringLiteral("TRA_TILE"))->setText(QStringLiteral("16"));
        tune->sizesEdit()->setText(QStringLiteral("64"));
        QTRY_VERIFY_WITH_TIMEOUT(!tune->isCounting(), 30000);
        const auto space = tune->runSpace();
        QVERIFY(space);
        // The Run page follows the edits (and says so); a half-typed one leaves it with the last valid space.
        QVERIFY2(window.runPage()->findChild<QLabel*>(QStringLiteral("runTarget"))->text().contains(
                     QStringLiteral("Space: edited on the Tune page")),
                 "the Run page does not say the space is edited");
        auto fromRunPage = window.runPage()->currentRequest();
        QVERIFY(fromRunPage && fromRunPage->space);
        QCOMPARE(fromRunPage->space->toJson(), space->toJson());
        QLineEdit* wpt = tune->spaceEditor()->valuesEdit(QStringLiteral("TRA_WPT"));
        const QString wptValues = wpt->text();
        wpt->setText(QStringLiteral("1, two"));
        QVERIFY(tune->hasErrors());
        QVERIFY(!tune->startRunButton()->isEnabled());
        fromRunPage = window.runPage()->currentRequest();
        QVERIFY(fromRunPage && fromRunPage->space);
        QCOMPARE(fromRunPage->space->toJson(), space->toJson());
        wpt->setText(wptValues);
        QVERIFY(tune->startRunButton()->isEnabled());
        tune->startRunButton()->click();
        QCOMPARE(window.tabs()->currentWidget(), static_cast<QWidget*>(window.runPage()));
        TuningRun* run = window.runPage()->currentRun();
        QVERIFY(run);
        QVERIFY(run->request().space);
        QCOMPARE(run->request().space->toJson(), space->toJson());
        QCOMPARE(run->request().sizes, (std::vector<ProblemSize>{{{64}}}));
        QSignalSpy finished(run, &TuningRun::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        std::lock_guard lock(recorded->mutex);
        QVERIFY(!recorded->points.empty());
        for (const auto& p : recorded->points) QCOMPARE(p["TRA_TILE"], ParamValue(16));
        QCOMPARE(recorded->sizes, (std::set<std::string>{"64"}));
    }

    // One request, several checked devices: each run binds the edited space to its own device's limits.
    void checkedDevicesEachGetTheEditedSpaceForTheirLimits() {
        auto big = kt::test::fakeDevice("Big GPU", 0, "Fake Platform", 0);
        auto small = kt::test::fakeDevice("Small GPU", 0, "Fake Platform", 1);
        small.localMemBytes = 4096; // a 64×65 float tile (16.6 KB) does not fit, a 16×17 one (1.1 KB) does
        TunePage tune;
        const auto items = tune.familyList()->findItems(QStringLiteral("(transpose)"), Qt::MatchEndsWith);
        QCOMPARE(items.size(), 1);
        tune.familyList()->setCurrentItem(items.front());
        tune.setDevice(&big);
        tune.spaceEditor()->valuesEdit(QStringLiteral("TRA_TILE"))->setText(QStringLiteral("16, 64"));
        tune.spaceEditor()->valuesEdit(QStringLiteral("TRA_WPT"))->setText(QStringLiteral("4, 8"));
        tune.spaceEditor()->valuesEdit(QStringLiteral("TRA_PAD"))->setText(QStringLiteral("0"));
        QTRY_VERIFY_WITH_TIMEOUT(!tune.isCounting(), 30000);
        QCOMPARE(*tune.validCount(), std::uint64_t(8)); // 2 tiles × 2 WPT × local or not, all fit the big GPU
        auto recorded = std::make_shared<Recorded>();
        TuningRunService service;
        service.setExecutorFactory([recorded](const RunRequest&, const DeviceInfo& d, const std::string& f) {
            return std::make_unique<RecordingExecutor>(recorded, d.stableId(), f);
        });
        RunPage runPage(&service);
        runPage.setDatabase(m_dir.filePath(QStringLiteral("checked.sqlite")));
        runPage.setFamily(QStringLiteral("transpose"));
        runPage.setCheckedDevices({big, small});
        runPage.setSpace(tune.currentFamily(), tune.runSpace());
        runPage.setSizes({{{128}}});
        runPage.start();
        QCOMPARE(static_cast<int>(service.runs().size()), 2);
        for (auto* run : service.runs()) {
            QSignalSpy finished(run, &TuningRun::finished);
            if (run->isActive()) QVERIFY(finished.wait(60000));
        }
        std::lock_guard lock(recorded->mutex);
        std::map<std::string, std::set<std::string>> byDevice;
        for (std::size_t i = 0; i < recorded->points.size(); ++i)
            byDevice[recorded->devices[i]].insert(recorded->points[i].key());
        QCOMPARE(byDevice[big.stableId()].size(), std::size_t(8));
        // The small GPU loses exactly the local-memory 64-tiles (WPT 4 and 8).
        QCOMPARE(byDevice[small.stableId()].size(), std::size_t(6));
        for (const auto& key : byDevice[small.stableId()])
            QVERIFY2(key.find("TRA_TILE=64,TRA_WPT=4,TRA_LOCAL=1") == std::string::npos &&
                         key.find("TRA_TILE=64,TRA_WPT=8,TRA_LOCAL=1") == std::string::npos,
                     key.c_str());
    }

    void runMeasuresOnlyTheEditedSpace_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<QStringList>("edits"); // NAME=values
        QTest::addColumn<QString>("sizes");
        QTest::newRow("transpose") << QStringLiteral("transpose")
                                   << QStringList{QStringLiteral("TRA_TILE=8, 32"), QStringLiteral("TRA_PAD=0")}
                                   << QStringLiteral("256, 384");
        QTest::newRow("sgemm") << QStringLiteral("sgemm")
                               << QStringList{QStringLiteral("GEMM_ML=32, 64"),  QStringLiteral("GEMM_NL=32"),
                                              QStringLiteral("GEMM_KL=16"),      QStringLiteral("GEMM_MS=4"),
                                              QStringLiteral("GEMM_NS=2, 4"),    QStringLiteral("GEMM_KS=1, 2"),
                                              QStringLiteral("GEMM_VW=1, 2"),    QStringLiteral("GEMM_LOCAL_B=1"),
                                              QStringLiteral("GEMM_IMAGE_A=0"),  QStringLiteral("GEMM_IMAGE_B=0"),
                                              QStringLiteral("GEMM_LAYOUT_A=0"), QStringLiteral("GEMM_LAYOUT_B=1, 2"),
                                              QStringLiteral("GEMM_PREFETCH=0"), QStringLiteral("GEMM_KSPLIT=1"),
                                              // The SIMT micro-kernel options: one value each, or the space
                                              // outgrows what this test measures.
                                              QStringLiteral("GEMM_WARP_M=0"),   QStringLiteral("GEMM_ORDER=0"),
                                              QStringLiteral("GEMM_FRAGS=0")}
                               << QStringLiteral("128, 64x96x32");
    }
    void runMeasuresOnlyTheEditedSpace() {
        QFETCH(QString, family);
        QFETCH(QStringList, edits);
        QFETCH(QString, sizes);
        const auto device = kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0);
        TunePage tune;
        tune.show();
        const auto items = tune.familyList()->findItems(QStringLiteral("(%1)").arg(family), Qt::MatchEndsWith);
        QCOMPARE(items.size(), 1);
        tune.familyList()->setCurrentItem(items.front());
        tune.setDevice(&device);
        for (const QString& edit : edits) {
            const QString name = edit.section(QLatin1Char('='), 0, 0);
            auto* field = tune.spaceEditor()->valuesEdit(name);
            QVERIFY2(field, qPrintable(name));
            field->setText(edit.section(QLatin1Char('='), 1));
        }
        tune.sizesEdit()->setText(sizes);
        QTRY_VERIFY_WITH_TIMEOUT(!tune.isCounting(), 60000);
        QVERIFY(!tune.hasErrors());
        const auto space = tune.runSpace();
        QVERIFY(space);
        const std::uint64_t valid = *tune.validCount();
        QVERIFY(valid > 0);
        QVERIFY(valid < 200); // small enough to measure all of it

        // The hand-over the main window makes, then the Run page's own request.
        auto recorded = std::make_shared<Recorded>();
        TuningRunService service;
        service.setExecutorFactory([recorded](const RunRequest&, const DeviceInfo& d, const std::string& f) {
            return std::make_unique<RecordingExecutor>(recorded, d.stableId(), f);
        });
        RunPage runPage(&service);
        runPage.setDatabase(m_dir.filePath(family + QStringLiteral(".sqlite")));
        runPage.setDevice(&device);
        runPage.setFamily(family);
        runPage.setSpace(tune.currentFamily(), tune.runSpace());
        runPage.setSizes(tune.runSizes());
        QString error;
        auto request = runPage.currentRequest(&error);
        QVERIFY2(request, qPrintable(error));
        QVERIFY(request->space);
        QCOMPARE(request->space->toJson(), space->toJson());
        request->strategy = QStringLiteral("exhaustive");
        TuningRun* run = runPage.startRun(*request);
        QVERIFY(run);
        QSignalSpy finished(run, &TuningRun::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        QCOMPARE(QString::fromStdString(toString(run->status())),
                 QString::fromStdString(toString(RunStatus::Completed)));

        std::lock_guard lock(recorded->mutex);
        std::set<std::string> keys;
        const auto fam = FamilyRegistry::instance().find(family.toStdString());
        const auto bound = FamilySpaces::forDevice(*space, *fam, fam->space(device), device);
        for (const auto& p : recorded->points) {
            const auto inSpace = bound.adopt(p);
            QVERIFY2(inSpace, p.key().c_str());
            QVERIFY2(bound.indexOf(*inSpace), p.key().c_str()); // every value from the edited lists
            QVERIFY2(bound.isValid(*inSpace), p.key().c_str()); // and the edited constraints hold
            keys.insert(p.key());
        }
        // Exhaustive over the edited space: every valid point at exactly the edited sizes, each pair once.
        QCOMPARE(static_cast<std::uint64_t>(keys.size()), valid);
        std::set<std::string> expectedSizes;
        for (const auto& s : tune.runSizes()) expectedSizes.insert(s.label());
        QCOMPARE(recorded->sizes, expectedSizes);
        QCOMPARE(static_cast<int>(expectedSizes.size()), 2);
        const std::set<std::string> pairs(recorded->measured.begin(), recorded->measured.end());
        QCOMPARE(pairs.size(), recorded->measured.size());
        QCOMPARE(static_cast<std::uint64_t>(pairs.size()), valid * expectedSizes.size());
    }

    // "Warm start" on the Run page: the family's seed points (sgemm: the papers' fastest kernels) are measured first.
    void warmStartMeasuresTheFamilySeedsFirst() {
        const auto device = kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0);
        auto recorded = std::make_shared<Recorded>();
        TuningRunService service;
        service.setExecutorFactory([recorded](const RunRequest&, const DeviceInfo& d, const std::string& f) {
            return std::make_unique<RecordingExecutor>(recorded, d.stableId(), f);
        });
        RunPage runPage(&service);
        runPage.setDatabase(m_dir.filePath(QStringLiteral("warm.sqlite")));
        runPage.setDevice(&device);
        runPage.setFamily(QStringLiteral("sgemm"));
        auto* warm = runPage.findChild<QCheckBox*>(QStringLiteral("warmStart"));
        QVERIFY(warm);
        QVERIFY(!warm->isChecked()); // off unless asked for
        warm->setChecked(true);
        runPage.findChild<QLineEdit*>(QStringLiteral("sizes"))->setText(QStringLiteral("64"));
        QString error;
        auto request = runPage.currentRequest(&error);
        QVERIFY2(request, qPrintable(error));
        QVERIFY(request->warmStart);
        request->strategy = QStringLiteral("random");
        request->maxEvaluations = 12;

        const auto family = FamilyRegistry::instance().find("sgemm");
        const auto space = family->space(device);
        std::set<std::string> seeds;
        for (const auto& p : family->seedPoints(device))
            if (space.isValid(space.pointFromKey(p.key()))) seeds.insert(p.key());
        QVERIFY(!seeds.empty());

        TuningRun* run = runPage.startRun(*request);
        QVERIFY(run);
        QSignalSpy finished(run, &TuningRun::finished);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        std::lock_guard lock(recorded->mutex);
        QVERIFY(recorded->points.size() >= seeds.size());
        std::set<std::string> first;
        for (std::size_t i = 0; i < seeds.size(); ++i) first.insert(recorded->points[i].key());
        QVERIFY(first == seeds);
    }
};

QTEST_MAIN(TestTuneRun)
#include "tst_tune_run.moc"
