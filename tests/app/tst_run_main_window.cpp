// The Run and Results pages inside MainWindow: "Start run…" on the Tune page starts a run of the chosen family on the
// device chosen on the Devices page, the Run page shows it, the Results page receives its rows, the store records it.
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/main_window.hpp"
#include "app/gui/models/results_model.hpp"
#include "app/gui/pages/devices_page.hpp"
#include "app/gui/pages/results_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/pages/tune_page.hpp"
#include "app/gui/services/tuning_run_service.hpp"
#include "core/store/store.hpp"
#include "fake_backend.hpp"
#include "kernels/builtin_families.hpp"
#include "test_environment.hpp"

using namespace kt;
using namespace kt::gui;

namespace {
// Answers every candidate with a made-up value (the fake device runs no kernels).
class MadeUpExecutor final : public Executor {
public:
    void compile(const std::vector<Point>&) override {}
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        std::vector<Measurement> out;
        for (const auto& size : sizes) {
            Measurement m;
            m.pointKey = point.key();
            m.size = size;
            m.value = 1.0 + static_cast<double>(std::hash<std::string>{}(point.key()) % 100);
            m.medianMs = 1.0 / m.value;
            out.push_back(m);
        }
        return out;
    }
};
} // namespace

class TstRunMainWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        kt::test::isolateGuiTest(m_dir, "tst_run_main_window");
    }

    void runAndResultsPagesAreTabs() {
        MainWindow window(test::oneFakeGpuFactory(), {}, nullptr);
        QStringList ids;
        for (const auto& page : window.pages()) ids << QString::fromLatin1(page.id);
        QVERIFY(ids.contains(QStringLiteral("run")));
        QVERIFY(ids.contains(QStringLiteral("results")));
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(window.runPage())), QStringLiteral("Run"));
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(window.resultsPage())), QStringLiteral("Results"));
    }

    void startFromTheTunePageRunsOnTheSelectedDevice() {
        const QString db = m_dir.filePath(QStringLiteral("window.sqlite"));
        MainWindow window(test::oneFakeGpuFactory(), {}, nullptr);
        window.setDatabase(db);
        window.runService()->setExecutorFactory([](const RunRequest&, const DeviceInfo&, const std::string&) {
            return std::make_unique<MadeUpExecutor>();
        });
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.devicesPage()->currentDevice() != nullptr, 10000);
        auto* families = window.tunePage()->familyList();
        const auto matches = families->findItems(QStringLiteral("(transpose)"), Qt::MatchEndsWith);
        QCOMPARE(matches.size(), 1);
        families->setCurrentItem(matches.front());
        window.runPage()->findChild<QSpinBox*>(QStringLiteral("maxEvaluations"))->setValue(6);
        window.tunePage()->startRunButton()->click();

        QCOMPARE(window.tabs()->currentWidget(), static_cast<QWidget*>(window.runPage()));
        TuningRun* run = window.runPage()->currentRun();
        QVERIFY(run);
        QCOMPARE(run->request().family, QStringLiteral("transpose"));
        QCOMPARE(run->request().device.name, std::string("Fake GPU"));
        QCOMPARE(run->request().database, db);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 30000);
        QVERIFY2(run->status() == RunStatus::Completed, qPrintable(run->message()));
        QCOMPARE(run->measurementCount(), quint64(6));
        QCOMPARE(window.resultsPage()->model()->rowCount(), 6);
        QCOMPARE(window.resultsPage()->model()->index(0, ResultsModel::Device).data().toString(),
                 QString::fromStdString(run->request().device.label()));
        auto store = store::Database::open(db.toStdString(), {store::OpenMode::ReadOnly});
        QCOMPARE(store::MeasurementRepository(store).byRun(run->runId()).size(), std::size_t(6));
        // The Results page reads the same rows back from the store.
        QSignalSpy loaded(window.resultsPage(), &ResultsPage::resultsLoaded);
        window.resultsPage()->reload();
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
        QCOMPARE(loaded.front().at(0).toInt(), 6);
    }

    void startWithoutADeviceSaysWhatIsMissing() {
        BackendFactory none = [] { return BackendList{}; };
        QSettings().clear(); // not the previous test's database, whose stored device would be listed
        MainWindow window(none, {}, nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(!window.enumeration()->isRunning(), 10000);
        window.tunePage()->startRunButton()->click();
        QVERIFY(window.runPage()->currentRun() == nullptr);
        QVERIFY2(window.runPage()->statusLabel()->text().contains(QStringLiteral("Devices page")),
                 qPrintable(window.runPage()->statusLabel()->text()));
        QVERIFY(window.runService()->runs().empty());
    }
};

QTEST_MAIN(TstRunMainWindow)
#include "tst_run_main_window.moc"
