// DeviceTreeModel: tree shape (backend → platform → device), unavailable backends, stored sources, profiles;
// Format helpers. Every model state is checked with QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QtTest>

#include "app/gui/format.hpp"
#include "app/gui/models/device_merge.hpp"
#include "app/gui/models/device_tree_model.hpp"
#include "fake_backend.hpp"

using kt::gui::DeviceOrigin;
using kt::gui::DeviceSource;
using kt::gui::DeviceTreeModel;

class TestDeviceTreeModel : public QObject {
    Q_OBJECT

private:
    static std::vector<DeviceSource> liveSources() {
        DeviceSource opencl;
        opencl.kind = kt::BackendKind::OpenCL;
        opencl.devices = {kt::test::fakeDevice("Alpha", 0, "Platform A", 0),
                          kt::test::fakeDevice("Beta", 0, "Platform A", 1),
                          kt::test::fakeDevice("Gamma", 1, "Platform B", 0, kt::DeviceType::Cpu)};
        DeviceSource cuda;
        cuda.kind = kt::BackendKind::Cuda;
        cuda.unavailableReason = "libcuda.so.1 not found";
        return {opencl, cuda};
    }

private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void treeShape() {
        DeviceTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSources(DeviceOrigin::Live, liveSources());
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex opencl = model.index(0, 0);
        QCOMPARE(opencl.data().toString(), QStringLiteral("OpenCL"));
        QCOMPARE(model.rowCount(opencl), 2); // two platforms
        const QModelIndex platformA = model.index(0, 0, opencl);
        QCOMPARE(platformA.data().toString(), QStringLiteral("Platform A"));
        QCOMPARE(model.rowCount(platformA), 2);
        QCOMPARE(model.index(1, 0, platformA).data().toString(), QStringLiteral("Beta (GPU)"));
        const QModelIndex platformB = model.index(1, 0, opencl);
        QCOMPARE(model.index(0, 0, platformB).data().toString(), QStringLiteral("Gamma (CPU)"));
        QCOMPARE(model.device(model.index(0, 0, platformB))->name, std::string("Gamma"));
        QVERIFY(model.device(platformB) == nullptr);
        QCOMPARE(model.deviceCount(), 3);

        const QModelIndex cuda = model.index(1, 0);
        QVERIFY(cuda.data().toString().contains(QStringLiteral("libcuda.so.1 not found")));
        QCOMPARE(cuda.data(DeviceTreeModel::AvailableRole).toBool(), false);
        QCOMPARE(model.rowCount(cuda), 0);
        QCOMPARE(model.parent(model.index(0, 0, platformB)), platformB);
    }

    void storedSourcesSurviveLiveRefresh() {
        DeviceTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        DeviceSource stored;
        stored.kind = kt::BackendKind::Cuda;
        stored.storeName = "results.sqlite";
        auto h200 = kt::test::fakeDevice("NVIDIA H200", 0, "CUDA", 0);
        h200.backend = kt::BackendKind::Cuda;
        stored.devices = {h200};
        model.setSources(DeviceOrigin::Stored, {stored});
        QCOMPARE(model.rowCount(), 1);
        model.setSources(DeviceOrigin::Live, liveSources());
        QCOMPARE(model.rowCount(), 3);
        // Live backends stay on top, stored ones follow.
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("OpenCL"));
        QVERIFY(model.index(2, 0).data().toString().contains(QStringLiteral("results.sqlite")));
        const QModelIndex h200Index = model.indexOfDevice(h200.stableId());
        QVERIFY(h200Index.isValid());
        QVERIFY(model.backend(h200Index) == nullptr); // stored devices cannot be opened here
        model.setSources(DeviceOrigin::Live, {});
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.deviceCount(), 1);
    }

    void profileUpdatesTheDevice() {
        DeviceTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSources(DeviceOrigin::Live, liveSources());
        const std::string id = liveSources()[0].devices[1].stableId();
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        kt::DeviceProfile profile;
        profile.copyBandwidthGBs = 123.5;
        QVERIFY(model.setProfile(id, profile));
        QCOMPARE(changed.count(), 1);
        const kt::DeviceInfo* device = model.device(model.indexOfDevice(id));
        QVERIFY(device && device->profile);
        QCOMPARE(device->profile->copyBandwidthGBs, 123.5);
        QVERIFY(!model.setProfile("opencl:none:none:0", profile));
        QVERIFY(!model.indexOfDevice("opencl:none:none:0").isValid());
    }

    void emptySourceSaysNoDevices() {
        DeviceTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        DeviceSource empty;
        model.setSources(DeviceOrigin::Live, {empty});
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("OpenCL — no devices"));
    }

    void storedDevicesMerge() {
        auto live = liveSources();
        auto alphaStored = live[0].devices[0];
        alphaStored.profile = kt::DeviceProfile{10.0, 20.0, 0.0, "2026-01-01T00:00:00Z"};
        auto remote = kt::test::fakeDevice("NVIDIA H200", 0, "CUDA", 0);
        remote.backend = kt::BackendKind::Cuda;
        const std::vector<kt::DeviceInfo> stored{alphaStored, remote};

        const auto merged = kt::gui::withStoredProfiles(live, stored);
        QVERIFY(merged[0].devices[0].profile);
        QCOMPARE(merged[0].devices[0].profile->copyBandwidthGBs, 10.0);
        QVERIFY(!merged[0].devices[1].profile);

        // A live profile (just measured) wins over the stored one.
        live[0].devices[0].profile = kt::DeviceProfile{99.0, 1.0, 1.0, "2026-02-01T00:00:00Z"};
        QCOMPARE(kt::gui::withStoredProfiles(live, stored)[0].devices[0].profile->copyBandwidthGBs, 99.0);

        const auto only = kt::gui::storedOnlySources(stored, live, "results.sqlite");
        QCOMPARE(only.size(), std::size_t{1});
        QVERIFY(only[0].kind == kt::BackendKind::Cuda);
        QCOMPARE(only[0].devices.size(), std::size_t{1});
        QCOMPARE(only[0].devices[0].name, std::string("NVIDIA H200"));
        QVERIFY(only[0].origin == DeviceOrigin::Stored);
        QVERIFY(only[0].backend == nullptr);
    }

    void formatsMemory() {
        QCOMPARE(kt::gui::Format::bytes(16ull << 30), QStringLiteral("16 GiB"));
        QCOMPARE(kt::gui::Format::bytes(64ull << 10), QStringLiteral("64 KiB"));
        QCOMPARE(kt::gui::Format::bytes(3ull << 29), QStringLiteral("1.5 GiB"));
        QCOMPARE(kt::gui::Format::bytes(1000), QStringLiteral("1,000 B"));
        QCOMPARE(kt::gui::Format::bytes(0), QStringLiteral("unknown"));
    }
};

QTEST_MAIN(TestDeviceTreeModel)
#include "tst_device_tree_model.moc"
