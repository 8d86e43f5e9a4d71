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
        // A newer stored profile (measured by another process on the same store) wins over an older live one.
        live[0].devices[0].profile->measuredAt = "2025-12-01T00:00:00Z";
        QCOMPARE(kt::gui::withStoredProfiles(live, stored)[0].devices[0].profile->copyBandwidthGBs, 10.0);

        const auto only = kt::gui::storedOnlySources(stored, live, "results.sqlite");
        QCOMPARE(only.size(), std::size_t{1});
        QVERIFY(only[0].kind == kt::BackendKind::Cuda);
        QCOMPARE(only[0].devices.size(), std::size_t{1});
        QCOMPARE(only[0].devices[0].name, std::string("NVIDIA H200"));
        QVERIFY(only[0].origin == DeviceOrigin::Stored);
        QVERIFY(only[0].backend == nullptr);
    }

    void runnableDevicesCarryCheckBoxes() {
        DeviceTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        kt::test::FakeBackend backend(kt::BackendKind::OpenCL, {});
        auto live = liveSources();
        live[0].backend = &backend; // live devices with a backend can run here
        model.setSources(DeviceOrigin::Live, live);
        auto h200 = kt::test::fakeDevice("NVIDIA H200", 0, "CUDA", 0);
        h200.backend = kt::BackendKind::Cuda;
        DeviceSource stored;
        stored.kind = kt::BackendKind::Cuda;
        stored.storeName = "results.sqlite";
        stored.devices = {h200};
        model.setSources(DeviceOrigin::Stored, {stored});
        model.setSources(DeviceOrigin::Simulated, kt::gui::simulatedSources({h200}, "results.sqlite"));
        QSignalSpy changed(&model, &DeviceTreeModel::checkedDevicesChanged);

        // Order: live, simulated (runnable), stored (not runnable here).
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("OpenCL"));
        QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("Simulated — replays of results.sqlite"));
        QVERIFY(model.index(3, 0).data().toString().contains(QStringLiteral("stored in results.sqlite")));

        const std::string alpha = live[0].devices[0].stableId();
        const QModelIndex alphaIndex = model.indexOfDevice(alpha);
        QVERIFY(model.flags(alphaIndex) & Qt::ItemIsUserCheckable);
        QCOMPARE(alphaIndex.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        const QModelIndex original = model.indexOfDevice(h200.stableId());
        QVERIFY(!(model.flags(original) & Qt::ItemIsUserCheckable));
        QVERIFY(!original.data(Qt::CheckStateRole).isValid());
        QVERIFY(!model.setData(original, Qt::Checked, Qt::CheckStateRole));
        QVERIFY(!model.setData(alphaIndex.parent(), Qt::Checked, Qt::CheckStateRole)); // platform rows: no box

        const std::string twin = model.sources()[2].devices[0].stableId();
        QCOMPARE(twin, "simulated:" + h200.stableId());
        QVERIFY(model.flags(model.indexOfDevice(twin)) & Qt::ItemIsUserCheckable);
        QVERIFY(model.indexOfDevice(twin).data().toString().contains(QStringLiteral("simulated")));

        QVERIFY(model.setData(model.indexOfDevice(twin), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(model.setData(alphaIndex, Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(changed.count(), 2);
        QVERIFY(model.setChecked(alpha, true)); // already checked: no change signalled
        QCOMPARE(changed.count(), 2);
        auto checked = model.checkedDevices();
        QCOMPARE(checked.size(), std::size_t{2});
        QCOMPARE(checked[0].stableId(), alpha); // tree order
        QCOMPARE(checked[1].stableId(), twin);
        QVERIFY(checked[1].backend == kt::BackendKind::Simulated);

        // A refresh keeps the checks of devices still listed and drops the others.
        model.setSources(DeviceOrigin::Live, live);
        QCOMPARE(model.checkedDevices().size(), std::size_t{2});
        QCOMPARE(model.indexOfDevice(alpha).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        model.setSources(DeviceOrigin::Simulated, {});
        QCOMPARE(changed.count(), 3);
        QCOMPARE(model.checkedDevices().size(), std::size_t{1});
        model.clearChecked();
        QVERIFY(model.checkedDevices().empty());
        QCOMPARE(changed.count(), 4);
    }

    void simulatedTwinsOfStoredDevices() {
        auto h200 = kt::test::fakeDevice("NVIDIA H200", 0, "CUDA", 0);
        h200.backend = kt::BackendKind::Cuda;
        h200.profile = kt::DeviceProfile{4000.0, 60000.0, 30000.0, "2026-11-01T00:00:00Z"};
        auto alreadySimulated = kt::test::fakeDevice("Old twin", 0, "Replay", 0);
        alreadySimulated.backend = kt::BackendKind::Simulated;
        alreadySimulated.replayOf = "opencl:x:y:0";
        const auto sources = kt::gui::simulatedSources({h200, alreadySimulated}, "gpu.sqlite");
        QCOMPARE(sources.size(), std::size_t{1});
        QVERIFY(sources[0].origin == DeviceOrigin::Simulated);
        QVERIFY(sources[0].kind == kt::BackendKind::Simulated);
        QCOMPARE(sources[0].storeName, std::string("gpu.sqlite"));
        QCOMPARE(sources[0].devices.size(), std::size_t{1}); // twins of twins are not made
        const auto& twin = sources[0].devices[0];
        QCOMPARE(twin.replayOf, h200.stableId());
        QCOMPARE(twin.name, h200.name);
        QVERIFY(twin.profile); // the replayed device's profile, so bounds are drawn for replays too
        QVERIFY(kt::gui::simulatedSources({alreadySimulated}, "gpu.sqlite").empty());
        QVERIFY(kt::gui::simulatedSources({}, "gpu.sqlite").empty());
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
