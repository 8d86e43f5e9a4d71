// The workbench against this machine's real backends (PoCL here): the device appears after enumeration,
// the Profile button measures it, and `ktune-workbench --screenshot` writes the page PNGs.
#include <QImage>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/main_window.hpp"
#include "app/gui/models/device_tree_model.hpp"
#include "app/gui/pages/device_details_widget.hpp"
#include "app/gui/pages/devices_page.hpp"

using namespace kt::gui;

namespace {
// The PoCL CPU device, whose platform is "Portable Computing Language"; invalid index when absent.
QModelIndex findPocl(const DeviceTreeModel& model) {
    for (const auto& source : model.sources())
        for (const auto& d : source.devices)
            if (d.platform.find("Portable Computing Language") != std::string::npos) return model.indexOfDevice(d.stableId());
    return {};
}
} // namespace

class TestWorkbenchSystem : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_home;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_home.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_home.filePath(QStringLiteral("config"))));
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_home.filePath(QStringLiteral("data"))));
        QCoreApplication::setOrganizationName(QStringLiteral("KernelTuneTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_workbench_system"));
    }

    void poclDeviceIsListed() {
        MainWindow window(systemBackendFactory(), systemProfiler(), nullptr);
        window.show();
        const DeviceTreeModel* model = window.devicesPage()->model();
        QTRY_VERIFY_WITH_TIMEOUT(findPocl(*model).isValid(), 30000);
        const QModelIndex pocl = findPocl(*model);
        QCOMPARE(pocl.data(DeviceTreeModel::NodeKindRole).toInt(), int(DeviceTreeModel::NodeKind::Device));
        // backend → platform → device
        QCOMPARE(pocl.parent().data().toString(), QStringLiteral("Portable Computing Language"));
        QCOMPARE(pocl.parent().parent().data().toString(), QStringLiteral("OpenCL"));
        QVERIFY(model->backend(pocl) != nullptr);
    }

    void profilePoclDevice() {
        MainWindow window(systemBackendFactory(), systemProfiler(), nullptr);
        window.show();
        DevicesPage* page = window.devicesPage();
        QTRY_VERIFY_WITH_TIMEOUT(findPocl(*page->model()).isValid(), 30000);
        const std::string id = page->model()->device(findPocl(*page->model()))->stableId();
        QVERIFY(page->selectDevice(id));
        auto* button = page->details()->findChild<QPushButton*>(QStringLiteral("profileButton"));
        QVERIFY(button && button->isEnabled());
        button->click();
        QVERIFY(!button->isEnabled()); // disabled while the worker measures
        QTRY_VERIFY_WITH_TIMEOUT(page->currentDevice()->profile.has_value(), 120000);
        QVERIFY(page->currentDevice()->profile->copyBandwidthGBs > 0);
        QVERIFY(page->currentDevice()->profile->fp32PeakGFlops > 0);
        QVERIFY(button->isEnabled());
        QVERIFY(page->details()->fieldText("Copy bandwidth").endsWith(QStringLiteral("GB/s")));
    }

    void screenshotWritesPngs_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("ja") << QStringLiteral("ja");
    }

    void screenshotWritesPngs() {
        QFETCH(QString, language);
        QTemporaryDir out;
        QProcess process;
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start(QStringLiteral(KT_WORKBENCH_PATH),
                      {QStringLiteral("--screenshot"), out.path(), QStringLiteral("--language"), language});
        QVERIFY(process.waitForFinished(90000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 0);
        for (const char* page : {"devices", "tune", "fits"}) {
            const QString file = out.filePath(QString::fromLatin1(page) + QStringLiteral(".png"));
            QVERIFY2(QFileInfo(file).size() > 1000, qPrintable(file));
            QImage image(file);
            QVERIFY2(!image.isNull(), qPrintable(file));
            QCOMPARE(image.size(), QSize(1100, 720));
        }
    }

    void badLanguageIsAUsageError() {
        QProcess process;
        process.start(QStringLiteral(KT_WORKBENCH_PATH), {QStringLiteral("--language"), QStringLiteral("klingon")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("klingon"));
    }
};

QTEST_MAIN(TestWorkbenchSystem)
#include "tst_workbench_system.moc"
