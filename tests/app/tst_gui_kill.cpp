// Crash safety of the workbench with a run going: a workbench process (this program started again as a child) starts
// a run from the Run page and is killed with SIGKILL; the next workbench process finds the run among the Run page's
// stored runs as interrupted and continues it, and is killed too; after several kills the last workbench (this
// process) continues the run to its end. Every measurement stored before a kill is kept unchanged, no candidate is
// measured twice, the store passes SQLite's integrity check, and the finished run holds every candidate once.
#include <csignal>
#include <map>
#include <set>
#include <tuple>

#include <QComboBox>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <sys/types.h>

#include "app/gui/main_window.hpp"
#include "app/gui/pages/devices_page.hpp"
#include "app/gui/pages/run_page.hpp"
#include "app/gui/pages/stored_runs_bar.hpp"
#include "app/gui/services/tuning_run_service.hpp"
#include "core/engine/family.hpp"
#include "core/store/store.hpp"
#include "fake_backend.hpp"
#include "test_environment.hpp"

using namespace kt;
using namespace kt::gui;

namespace {
constexpr const char* kChildMode = "KT_GUI_KILL_CHILD"; // "start" or "continue"; the database is KT_GUI_KILL_DB
constexpr int kMeasureMs = 15;                          // per candidate: slow enough to be killed mid-run

// A made-up value per candidate (the fake device runs no kernels), after a short pause like a real measurement. With
// a quota (the children), the candidate after the quota's next one never finishes: however slow the test machine,
// the run cannot end before the kill, which lands anywhere between the quota and that candidate.
class SlowMadeUpExecutor final : public Executor {
public:
    explicit SlowMadeUpExecutor(int quota = -1) : m_quota(quota) {}
    void compile(const std::vector<Point>&) override {}
    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        if (m_quota >= 0 && m_measured++ > m_quota) QThread::sleep(600); // killed long before
        QThread::msleep(kMeasureMs);
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

private:
    int m_quota;
    int m_measured = 0;
};

void useSlowExecutor(MainWindow& window, int quota = -1) {
    window.runService()->setExecutorFactory([quota](const RunRequest&, const DeviceInfo&, const std::string&) {
        return std::make_unique<SlowMadeUpExecutor>(quota);
    });
}

using Row = std::tuple<std::string, std::string, double, std::string>; // point, size, value, status

// The rows of run `runId` by store row id, read as another process would (read-only; the writer may be live).
std::map<std::int64_t, Row> storedRows(const QString& db, std::int64_t runId) {
    std::map<std::int64_t, Row> rows;
    try {
        auto store = store::Database::open(db.toStdString(), {store::OpenMode::ReadOnly});
        for (const auto& m : store::MeasurementRepository(store).byRun(runId))
            rows[m.id] = {m.measurement.pointKey, m.measurement.size.label(), m.measurement.value,
                          std::string(toString(m.measurement.status))};
    } catch (const store::StoreError&) {
        // Not created yet, or busy for longer than the timeout: no rows seen this time.
    }
    return rows;
}

// The child: a workbench that starts the run (transpose, exhaustive, two sizes) or continues the stored one, prints
// "RUN <id>" once the run has an id, and runs until it is killed.
int runChild() {
    QTemporaryDir home;
    test::isolateGuiTest(home, "tst_gui_kill_child");
    const QString db = qEnvironmentVariable("KT_GUI_KILL_DB");
    MainWindow window(test::oneFakeGpuFactory(), {}, nullptr);
    window.setDatabase(db);
    useSlowExecutor(window, qEnvironmentVariableIntValue("KT_GUI_KILL_QUOTA"));
    window.show();
    if (!QTest::qWaitFor([&] { return window.devicesPage()->currentDevice() != nullptr; }, 20000)) return 3;
    TuningRun* run = nullptr;
    if (qEnvironmentVariable(kChildMode) == QLatin1String("start")) {
        RunRequest request;
        request.device = *window.devicesPage()->currentDevice();
        request.family = QStringLiteral("transpose");
        request.strategy = QStringLiteral("exhaustive");
        request.sizes = {ProblemSize{{256}}, ProblemSize{{512}}};
        request.database = db;
        run = window.runPage()->startRun(request);
    } else {
        StoredRunsBar* stored = window.runPage()->storedRuns();
        if (!QTest::qWaitFor([&] { return stored->continueButton()->isEnabled(); }, 20000)) return 4;
        stored->continueButton()->click();
        run = window.runPage()->currentRun();
    }
    if (!run) return 5;
    if (!QTest::qWaitFor([&] { return run->runId() > 0; }, 20000)) return 6;
    QTextStream(stdout) << "RUN " << run->runId() << Qt::endl;
    QTest::qWait(120000); // killed long before
    return 7;
}
} // namespace

class TstGuiKill : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // Starts a child workbench in `mode` and returns its run id (0 on failure, with the child's output in `log`).
    std::int64_t startChild(QProcess& child, const QString& mode, int quota, const QString& db, QString& log) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(kChildMode), mode);
        env.insert(QStringLiteral("KT_GUI_KILL_DB"), db);
        env.insert(QStringLiteral("KT_GUI_KILL_QUOTA"), QString::number(quota));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(QCoreApplication::applicationFilePath(), {});
        if (!child.waitForStarted(10000)) return 0;
        QDeadlineTimer deadline(30000);
        while (!deadline.hasExpired() && child.state() == QProcess::Running) {
            child.waitForReadyRead(100);
            log += QString::fromLocal8Bit(child.readAll());
            const auto at = log.indexOf(QStringLiteral("RUN "));
            if (at >= 0 && log.indexOf(QLatin1Char('\n'), at) > at)
                return log.mid(at + 4, log.indexOf(QLatin1Char('\n'), at) - at - 4).trimmed().toLongLong();
        }
        return 0;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        test::isolateGuiTest(m_dir, "tst_gui_kill");
    }

    void killedWorkbenchesLoseNothingAndTheRunContinues() {
        const QString db = m_dir.filePath(QStringLiteral("kill.sqlite"));
        auto family = FamilyRegistry::instance().find("transpose");
        QVERIFY(family);
        const std::uint64_t candidates =
            family->space(test::fakeDevice("Fake GPU", 0, "Fake Platform", 0)).countValid();
        const std::uint64_t rowsOfRun = 2 * candidates; // two sizes
        QVERIFY2(candidates >= 40, "the kills below need a run of at least 40 candidates");

        constexpr int kKills = 20; // the figure: 20 kills, then the run completes
        std::int64_t runId = 0;
        std::map<std::int64_t, Row> seen; // every row observed before some kill
        for (int kill = 0; kill < kKills; ++kill) {
            QProcess child;
            QString log;
            const int quota = 1 + kill % 2; // candidates this workbench measures before the kill may land
            const std::size_t before = runId ? storedRows(db, runId).size() : 0;
            const std::int64_t id = startChild(child, kill == 0 ? QStringLiteral("start") : QStringLiteral("continue"),
                                               quota, db, log);
            QVERIFY2(id > 0, qPrintable(QStringLiteral("child %1 did not start its run: %2").arg(kill).arg(log)));
            if (runId == 0) runId = id;
            QCOMPARE(id, runId); // a continuing workbench continues the same stored run
            // Kill once this workbench has stored a row per candidate of its quota (a candidate adds one row per
            // size it still lacks): the kill lands while it stores rows or measures, at another point each time.
            const std::size_t target = before + static_cast<std::size_t>(quota);
            QVERIFY2(before + 2 * (quota + 1) < rowsOfRun, "the run would end before the kill");
            std::map<std::int64_t, Row> rows;
            QDeadlineTimer deadline(60000);
            while ((rows = storedRows(db, runId)).size() < target && !deadline.hasExpired()) QThread::msleep(5);
            QVERIFY2(rows.size() >= target, qPrintable(QStringLiteral("only %1 rows").arg(rows.size())));
            QVERIFY2(child.state() == QProcess::Running, "the workbench ended before it was killed");
            ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
            QVERIFY(child.waitForFinished(10000));
            QCOMPARE(child.exitStatus(), QProcess::CrashExit);
            for (const auto& [rowId, row] : rows) seen[rowId] = row;
            qInfo("kill %d: workbench killed with %zu of %llu rows stored", kill + 1, rows.size(),
                  static_cast<unsigned long long>(rowsOfRun));
        }

        // This workbench lists the run as interrupted and continues it to the end.
        MainWindow window(test::oneFakeGpuFactory(), {}, nullptr);
        window.setDatabase(db);
        useSlowExecutor(window);
        window.show();
        StoredRunsBar* stored = window.runPage()->storedRuns();
        QTRY_VERIFY_WITH_TIMEOUT(stored->continueButton()->isEnabled(), 20000);
        QCOMPARE(stored->runs().size(), std::size_t(1));
        QCOMPARE(stored->runs().front().id, runId);
        QVERIFY(stored->runs().front().status == RunStatus::Interrupted);
        QVERIFY(stored->runs().front().measured >= seen.size());
        stored->continueButton()->click();
        TuningRun* run = window.runPage()->currentRun();
        QVERIFY(run);
        QTRY_VERIFY_WITH_TIMEOUT(!run->isActive(), 60000);
        QVERIFY2(run->status() == RunStatus::Completed, qPrintable(run->message()));
        QCOMPARE(run->runId(), runId);
        // Completed: the list of stored runs to continue is empty again.
        QTRY_COMPARE_WITH_TIMEOUT(stored->runs().size(), std::size_t(0), 10000);

        const auto final = storedRows(db, runId);
        for (const auto& [rowId, row] : seen) {
            QVERIFY2(final.count(rowId), qPrintable(QStringLiteral("row %1 was lost").arg(rowId)));
            QVERIFY2(final.at(rowId) == row, qPrintable(QStringLiteral("row %1 changed").arg(rowId)));
        }
        std::set<std::pair<std::string, std::string>> keys;
        for (const auto& [rowId, row] : final)
            QVERIFY2(keys.insert({std::get<0>(row), std::get<1>(row)}).second,
                     qPrintable(QStringLiteral("measured twice: %1").arg(QString::fromStdString(std::get<0>(row)))));
        QCOMPARE(static_cast<std::uint64_t>(final.size()), rowsOfRun);
        auto store = store::Database::open(db.toStdString(), {store::OpenMode::ReadOnly});
        QVERIFY(store.integrityProblems().empty());
        QVERIFY(store::RunRepository(store).get(runId)->status == RunStatus::Completed);
    }

    // A run of a device this machine does not list stays in the list, and Continue says where to continue it.
    void aRunOfAnotherDeviceSaysWhereToContinue() {
        const QString db = m_dir.filePath(QStringLiteral("other.sqlite"));
        {
            auto store = store::Database::open(db.toStdString());
            const DeviceInfo other = test::fakeDevice("Other GPU", 0, "Other Platform", 0);
            store::DeviceRepository(store).upsert(other);
            store::NewRun run;
            run.deviceId = other.stableId();
            run.family = "transpose";
            run.strategy = "exhaustive";
            const auto id = store::RunRepository(store).create(run);
            store::RunRepository(store).updateStatus(id, RunStatus::Cancelled);
        }
        MainWindow window(test::oneFakeGpuFactory(), {}, nullptr);
        window.setDatabase(db);
        window.show();
        StoredRunsBar* stored = window.runPage()->storedRuns();
        QTRY_COMPARE_WITH_TIMEOUT(stored->runs().size(), std::size_t(1), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.devicesPage()->currentDevice() != nullptr, 20000);
        QVERIFY(!stored->continueButton()->isEnabled());
        QString error;
        QVERIFY(!stored->continueRequest(stored->runs().front().id, &error));
        QVERIFY2(error.contains(QStringLiteral("Other GPU")), qPrintable(error));
        QVERIFY(stored->runList()->currentText().contains(QStringLiteral("not on this machine")));
    }
};

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    if (qEnvironmentVariableIsSet(kChildMode)) return runChild();
    TstGuiKill test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_kill.moc"
