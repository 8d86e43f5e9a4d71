// The size pipeline from the Fits & Rules page, on a made-up family whose curves are known (flat 40 against
// 10 + n/100, crossing at n = 3000) and an executor that computes them: progress arrives while it runs, the rule is
// stored and shown on the page after the reload, cancel ends a run as cancelled (resumable), bad sizes are refused.
#include <atomic>
#include <chrono>
#include <thread>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/pages/fits_page.hpp"
#include "app/gui/pages/pipeline_panel.hpp"
#include "app/gui/services/size_pipeline_service.hpp"
#include "core/store/database.hpp"
#include "core/store/rule_repository.hpp"
#include "tests/core/engine/line_family.hpp"

using namespace kt;
using namespace kt::gui;

namespace {

const char* kFamily = "gui_pipeline_lines";

DeviceInfo testDevice() {
    DeviceInfo d;
    d.backend = BackendKind::OpenCL;
    d.type = DeviceType::Gpu;
    d.platform = "Test Platform";
    d.vendor = "Test Vendor";
    d.name = "Pipeline GPU";
    d.driverVersion = "1.0";
    d.runtimeVersion = "OpenCL 3.0";
    return d;
}

// Readable QCOMPARE failures for run states.
QString st(RunStatus s) { return QString::fromStdString(kt::toString(s)); }

PipelineExecutorFactory lines(int delayMs) {
    return [delayMs](const DeviceInfo&, const std::string&) {
        return std::make_unique<test::LineExecutor>(nullptr, delayMs);
    };
}

// Chooses the test device and family and small sizes.
void prepare(PipelinePanel* panel, int delayMs) {
    panel->setDevices({testDevice()});
    panel->setExecutorFactory(lines(delayMs));
    panel->familyCombo()->setCurrentIndex(panel->familyCombo()->findText(QString::fromLatin1(kFamily)));
    panel->finalistsSpin()->setValue(3);
    panel->representativeEdit()->setText(QStringLiteral("1000,4000,8000"));
    panel->detailEdit()->setText(QStringLiteral("100:10000:16"));
}

} // namespace

class TstPipelinePanel : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_stores = 0;
    QString freshStore() { return m_dir.filePath(QStringLiteral("pipeline%1.sqlite").arg(++m_stores)); }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        FamilyRegistry::instance().add(std::make_shared<test::LineFamily>(kFamily));
    }

    void sizesParse() {
        const auto list = parsePipelineSizes(QStringLiteral(" 1000, 4000 ,8000"));
        QCOMPARE(list.size(), std::size_t(3));
        QCOMPARE(list[1].dims.at(0), std::int64_t(4000));
        const auto range = parsePipelineSizes(QStringLiteral("100:1000:4"));
        QCOMPARE(range.size(), std::size_t(4));
        QCOMPARE(range.front().dims.at(0), std::int64_t(100));
        QCOMPARE(range[1].dims.at(0), std::int64_t(400));
        QCOMPARE(range.back().dims.at(0), std::int64_t(1000));
        QVERIFY(parsePipelineSizes(QString()).empty());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parsePipelineSizes(QStringLiteral("100,x")));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parsePipelineSizes(QStringLiteral("100:50:4")));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parsePipelineSizes(QStringLiteral("100:500")));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parsePipelineSizes(QStringLiteral("0,10")));
    }

    void pipelineRuleIsStoredAndShownOnThePage() {
        const QString path = freshStore();
        FitsPage page;
        page.setDatabase(path);
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isLoading(), 20000); // the store does not exist yet: nothing to show
        QVERIFY(page.pipelinePanel()->isHidden());
        page.pipelineButton()->click();
        QVERIFY(page.pipelinePanel()->isVisible());
        PipelinePanel* panel = page.pipelinePanel();
        QVERIFY(panel->familyCombo()->findText(QString::fromLatin1(kFamily)) >= 0);
        prepare(panel, 0);
        QVERIFY(panel->start());
        QVERIFY(!panel->startButton()->isEnabled());
        QVERIFY(panel->cancelButton()->isEnabled());
        PipelineRun* run = panel->run();
        QSignalSpy progress(run, &PipelineRun::progressChanged);
        QSignalSpy finished(run, &PipelineRun::finished);
        QSignalSpy loaded(&page, &FitsPage::measurementsLoaded);
        QVERIFY(finished.wait(60000));
        QCOMPARE(st(finished.first().at(0).value<RunStatus>()), st(RunStatus::Completed));
        QVERIFY(progress.count() > 0);
        const auto last = progress.last().at(0).value<PipelineProgressInfo>();
        QVERIFY(last.measured > 0);
        QCOMPARE(last.phase, QStringLiteral("rule")); // the search's phases, then fit and rule
        QVERIFY(last.done > 0 && last.total > 0);     // the search's count is kept through fit and rule
        QCOMPARE(run->progress().measured, last.measured);
        const auto& outcome = run->outcome();
        QVERIFY(outcome.ruleId > 0);
        QCOMPARE(outcome.rule.intervals.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(outcome.rule.intervals.front().candidate), QStringLiteral("P=0"));
        QCOMPARE(QString::fromStdString(outcome.rule.intervals.back().candidate), QStringLiteral("P=1"));
        QVERIFY(panel->statusLabel()->text().contains(QString::number(outcome.ruleId)));
        QVERIFY(panel->startButton()->isEnabled());
        {
            auto db = store::Database::open(path.toStdString(), {store::OpenMode::ReadOnly});
            QVERIFY(store::RuleRepository(db).get(outcome.ruleId).has_value());
        }

        // The page reloads and shows the run's device and family, and a rule with the same crossing.
        QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > 0 && !page.isLoading(), 20000);
        QCOMPARE(page.deviceCombo()->currentData().toString(), QString::fromStdString(testDevice().stableId()));
        QCOMPARE(page.familyCombo()->currentText(), QString::fromLatin1(kFamily));
        const FitsResult& shown = page.result();
        QCOMPARE(shown.rule.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(shown.rule.front().candidate), QStringLiteral("P=0"));
        QCOMPARE(QString::fromStdString(shown.rule.back().candidate), QStringLiteral("P=1"));
        QVERIFY(std::abs(double(shown.rule.back().lo) - 3000.0) < 700.0);
        QCOMPARE(page.ruleTable()->rowCount(), 2);
        QCOMPARE(page.ruleTable()->item(1, 2)->text(), QStringLiteral("P=1"));
    }

    // The panel's sieve and sampling options reach the stored run: ranks, each sieve size's winner kept as a
    // finalist, and incremental sampling (which measures fewer detail sizes than finalists × sizes).
    void optionsReachTheStoredRun() {
        PipelinePanel panel;
        panel.setDatabase(freshStore());
        prepare(&panel, 0);
        panel.ranksSpin()->setValue(2);
        panel.keepChampionsBox()->setChecked(true);
        panel.incrementalSpin()->setValue(1); // not a choice: becomes 2
        QCOMPARE(panel.incrementalSpin()->value(), 2);
        panel.incrementalSpin()->setValue(3);
        QVERIFY(panel.start());
        QVERIFY(!panel.keepChampionsBox()->isEnabled());
        QSignalSpy finished(panel.run(), &PipelineRun::finished);
        QVERIFY(finished.wait(60000));
        QCOMPARE(st(finished.first().at(0).value<RunStatus>()), st(RunStatus::Completed));
        const auto& outcome = panel.run()->outcome();
        const auto options = outcome.ruleJson.at("sampling").at("options");
        QCOMPARE(options.value("ranks", 0.0), 2.0);
        QCOMPARE(options.value("champions", 0.0), 1.0);
        QCOMPARE(options.value("initial", 0.0), 3.0);
        QVERIFY2(outcome.detailMeasured < outcome.detailFull, outcome.ruleJson.at("sampling").dump().c_str());
        QVERIFY(panel.keepChampionsBox()->isEnabled());
    }

    void cancelEndsTheRunAsCancelled() {
        const QString path = freshStore();
        PipelinePanel panel;
        panel.setDatabase(path);
        prepare(&panel, 250); // slow enough to cancel in the search, even on a loaded machine
        QVERIFY(panel.start());
        PipelineRun* run = panel.run();
        QSignalSpy progress(run, &PipelineRun::progressChanged);
        QSignalSpy finished(run, &PipelineRun::finished);
        QSignalSpy panelFinished(&panel, &PipelinePanel::pipelineFinished);
        QVERIFY(progress.wait(20000));
        panel.cancelButton()->click();
        QVERIFY(finished.wait(20000));
        QCOMPARE(st(finished.first().at(0).value<RunStatus>()), st(RunStatus::Cancelled));
        QCOMPARE(panelFinished.count(), 1);
        QVERIFY(run->outcome().runId > 0);
        QCOMPARE(run->outcome().ruleId, std::int64_t(0));
        QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("--resume %1").arg(run->outcome().runId)));
        QVERIFY(panel.startButton()->isEnabled());
        QVERIFY(!panel.cancelButton()->isEnabled());
    }

    void badInputIsRefusedWithAMessage() {
        PipelinePanel panel;
        panel.setDatabase(freshStore());
        QVERIFY(!panel.start()); // no device
        QVERIFY(!panel.statusLabel()->text().isEmpty());
        prepare(&panel, 0);
        panel.detailEdit()->setText(QStringLiteral("500,500"));
        QVERIFY(!panel.start());
        QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("two distinct")));
        panel.detailEdit()->setText(QStringLiteral("100:x:4"));
        QVERIFY(!panel.start());
        QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("'x'")));
        QVERIFY(panel.run() == nullptr);
    }
};

QTEST_MAIN(TstPipelinePanel)
#include "tst_pipeline_panel.moc"
