// File ▸ Export package on a small store made here (sgemm measured at three sizes, the layout copies without a
// routine): the inventory lists the device and both families, a family without a routine is refused with the reason,
// the package is written and checked with cmake (skipped where cmake is absent), an earlier package needs "replace",
// and a failing configure reports cmake's error.
#include <filesystem>

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/dialogs/export_dialog.hpp"
#include "core/engine/family.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"

using namespace kt;
using namespace kt::gui;

namespace {

DeviceInfo testDevice() {
    DeviceInfo d;
    d.backend = BackendKind::OpenCL;
    d.type = DeviceType::Gpu;
    d.platform = "Test Platform";
    d.vendor = "Test Vendor";
    d.name = "Export GPU";
    d.driverVersion = "1.0";
    d.runtimeVersion = "OpenCL 3.0";
    return d;
}

void makeStore(const QString& path) {
    auto db = store::Database::open(path.toStdString());
    const DeviceInfo device = testDevice();
    store::DeviceRepository(db).upsert(device);
    const auto insert = [&](const std::string& family, const std::vector<std::pair<std::string, ProblemSize>>& rows,
                            double value) {
        store::NewRun r;
        r.deviceId = device.stableId(), r.family = family, r.strategy = "test";
        const auto run = store::RunRepository(db).create(r);
        for (const auto& [point, size] : rows) {
            Measurement m;
            m.pointKey = point, m.size = size, m.value = value, m.status = MeasurementStatus::Ok, m.medianMs = 1;
            store::MeasurementRepository(db).insert(run, m);
            value += 10;
        }
    };
    std::vector<std::string> points;
    for (const auto& p : FamilyRegistry::instance().find("sgemm")->seedPoints(device)) points.push_back(p.key());
    QVERIFY(points.size() >= 2);
    insert("sgemm", {{points[0], {{64, 64, 64}}}, {points[1], {{1024, 1024, 1024}}}, {points[1], {{2048, 2048, 2048}}}},
           10);
    const auto copy = FamilyRegistry::instance().find("layout_copy")->seedPoints(device);
    QVERIFY(!copy.empty());
    insert("layout_copy", {{copy[0].key(), {{4096}}}}, 3);
}

void check(QListWidget* list, const QString& family, bool on) {
    const auto items = list->findItems(family, Qt::MatchExactly);
    QCOMPARE(items.size(), 1);
    items.front()->setCheckState(on ? Qt::Checked : Qt::Unchecked);
}

} // namespace

class TstExportDialog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;

    std::unique_ptr<ExportDialog> openDialog() {
        auto dialog = std::make_unique<ExportDialog>(m_store);
        QSignalSpy loaded(dialog.get(), &ExportDialog::inventoryLoaded);
        if (dialog->isLoading()) loaded.wait(20000);
        return dialog;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        kernels::registerBuiltinFamilies();
        m_store = m_dir.filePath(QStringLiteral("store.sqlite"));
        makeStore(m_store);
    }

    void inventoryListsTunedDevicesAndFamilies() {
        const auto dialog = openDialog();
        QVERIFY(!dialog->isLoading());
        QCOMPARE(dialog->deviceCombo()->count(), 1);
        QCOMPARE(dialog->deviceCombo()->currentData().toString(), QString::fromStdString(testDevice().stableId()));
        QCOMPARE(dialog->familyList()->count(), 2);
        QCOMPARE(dialog->familyList()->item(0)->text(), QStringLiteral("layout_copy"));
        QCOMPARE(dialog->familyList()->item(1)->text(), QStringLiteral("sgemm"));
        QCOMPARE(dialog->familyList()->item(1)->checkState(), Qt::Checked);

        ExportDialog missing(m_dir.filePath(QStringLiteral("none.sqlite")));
        QSignalSpy loaded(&missing, &ExportDialog::inventoryLoaded);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(missing.deviceCombo()->count(), 0);
        QVERIFY(missing.statusLabel()->text().contains(QStringLiteral("No store")));
        QVERIFY(!missing.startExport());
    }

    void badRequestsAreRefusedWithTheReason() {
        const auto dialog = openDialog();
        QVERIFY(!dialog->startExport()); // no folder
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("folder")));
        dialog->folderEdit()->setText(m_dir.filePath(QStringLiteral("refused")));
        // layout_copy has no routine to export: the whole request is refused, nothing is written.
        QSignalSpy finished(dialog.get(), &ExportDialog::exportFinished);
        QVERIFY(dialog->startExport());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("no routine")),
                 qPrintable(dialog->statusLabel()->text()));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("refused/manifest.json"))));
        check(dialog->familyList(), QStringLiteral("layout_copy"), false);
        check(dialog->familyList(), QStringLiteral("sgemm"), false);
        QVERIFY(!dialog->startExport());
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("family")));
    }

    void packageIsWrittenAndConfigures() {
        const auto dialog = openDialog();
        const QString out = m_dir.filePath(QStringLiteral("pkg"));
        check(dialog->familyList(), QStringLiteral("layout_copy"), false);
        dialog->folderEdit()->setText(out);
        dialog->depthSpin()->setValue(2);
        QSignalSpy finished(dialog.get(), &ExportDialog::exportFinished);
        QVERIFY(dialog->startExport());
        QVERIFY(!dialog->exportButton()->isEnabled());
        QVERIFY(finished.wait(110000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(dialog->statusLabel()->text()));
        QVERIFY(dialog->exportButton()->isEnabled());
        for (const char* file : {"manifest.json", "CMakeLists.txt", "src/ktp_generated.cpp"})
            QVERIFY2(QFile::exists(out + QLatin1Char('/') + QLatin1String(file)), file);
        QCOMPARE(dialog->job()->routines(), QStringList{QStringLiteral("sgemm")});
        QVERIFY(!dialog->log()->toPlainText().isEmpty());
        {
            auto db = store::Database::open(m_store.toStdString(), {store::OpenMode::ReadOnly});
            QCOMPARE(store::ExportRepository(db).list().size(), std::size_t(1));
        }
        if (QStandardPaths::findExecutable(QStringLiteral("cmake")).isEmpty()) {
            QCOMPARE(dialog->job()->configureResult(), ExportJob::ConfigureResult::NoCMake);
            QSKIP("cmake is not installed: the configure check is not asserted");
        }
        QCOMPARE(dialog->job()->configureResult(), ExportJob::ConfigureResult::Succeeded);
        QVERIFY(QFile::exists(out + QStringLiteral("/build/CMakeCache.txt")));
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("configured")));
    }

    void anEarlierPackageNeedsReplaceAndAFailingConfigureIsReported() {
        const auto dialog = openDialog();
        const QString out = m_dir.filePath(QStringLiteral("again"));
        check(dialog->familyList(), QStringLiteral("layout_copy"), false);
        dialog->folderEdit()->setText(out);
        dialog->configureCheck()->setChecked(false);
        QSignalSpy finished(dialog.get(), &ExportDialog::exportFinished);
        QVERIFY(dialog->startExport());
        QVERIFY(finished.wait(30000));
        QVERIFY2(finished.last().at(0).toBool(), qPrintable(dialog->statusLabel()->text()));
        QCOMPARE(dialog->job()->configureResult(), ExportJob::ConfigureResult::NotRun);
        QVERIFY(!QFile::exists(out + QStringLiteral("/build")));
        // The same folder again: refused without replace, the package kept.
        QVERIFY(dialog->startExport());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.last().at(0).toBool(), false);
        QVERIFY(QFile::exists(out + QStringLiteral("/manifest.json")));
        // With replace, and a "cmake" that fails: written, but reported as not configuring, with its output.
        dialog->replaceCheck()->setChecked(true);
        dialog->configureCheck()->setChecked(true);
        const QString fails = QStandardPaths::findExecutable(QStringLiteral("false"));
        if (fails.isEmpty()) QSKIP("no 'false' program to stand in for a failing cmake");
        dialog->setCMake(fails);
        QVERIFY(dialog->startExport());
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.last().at(0).toBool(), false);
        QCOMPARE(dialog->job()->configureResult(), ExportJob::ConfigureResult::Failed);
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("does not configure")));
        QVERIFY(QFile::exists(out + QStringLiteral("/manifest.json")));
    }
};

QTEST_MAIN(TstExportDialog)
#include "tst_export_dialog.moc"
