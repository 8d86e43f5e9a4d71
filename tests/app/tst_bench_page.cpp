// Bench page: the dot family on the PoCL device beside a fake vendor library — rows stream into the table and the
// plot, each checked against the reference, the peers' figures reach the store, the JSON is saved; a point outside
// the space and a missing key give clear messages.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/pages/bench_page.hpp"
#include "app/gui/plots/qcustomplot_include.hpp"
#include "core/store/peer_repository.hpp"
#include "core/store/store.hpp"
#include "tests/kernels/dot/fake_dot_peer.hpp"

using namespace kt;
using namespace kt::gui;

class TestBenchPage : public QObject {
    Q_OBJECT

private:
    EnumerationResult m_devices;
    int m_pocl = -1;

    // A page on the PoCL device with the fake peer, family sdot, one point at two sizes.
    void setUp(BenchPage& page, const QString& db) {
        page.setDevices(m_devices);
        page.deviceCombo()->setCurrentIndex(m_pocl);
        page.setDatabase(db);
        page.setPeerFactory([](Device& d, const devices::vendor::PeerOptions&, std::string*) {
            return std::make_unique<test::FakeDotPeer>(d, false);
        });
        page.familyCombo()->setCurrentText(QStringLiteral("sdot"));
        page.sourceCombo()->setCurrentIndex(int(bench::CandidateSource::Point));
        page.pointEdit()->setText(QStringLiteral("DOT_WG=64,DOT_WPT=2"));
        page.sizesEdit()->setText(QStringLiteral("4096, 65536"));
        page.runsSpin()->setValue(2);
    }

private Q_SLOTS:
    void initTestCase() {
        m_devices = DeviceEnumerationService::enumerate(systemBackendFactory());
        BenchPage probe;
        probe.setDevices(m_devices);
        for (int i = 0; i < probe.deviceCombo()->count(); ++i)
            if (probe.deviceCombo()->itemText(i).contains(QStringLiteral("cpu"), Qt::CaseInsensitive) ||
                probe.deviceCombo()->itemText(i).contains(QStringLiteral("pthread"), Qt::CaseInsensitive))
                m_pocl = i;
        if (m_pocl < 0) QSKIP("no PoCL CPU device");
    }

    void runsBesideThePeerAndStoresIt() {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("k.sqlite"));
        BenchPage page;
        setUp(page, db);
        QVERIFY(page.start());
        QTRY_VERIFY_WITH_TIMEOUT(!page.service()->isRunning(), 120000);
        QVERIFY2(page.statusLabel()->text().startsWith(QStringLiteral("Done")), qPrintable(page.statusLabel()->text()));
        QCOMPARE(page.model()->rowCount(), 2);
        for (int r = 0; r < 2; ++r) {
            bool ok = false;
            QVERIFY(page.model()->item(r, 4)->text().toDouble(&ok) > 0 && ok); // ours
            QVERIFY(page.model()->item(r, 6)->text().toDouble(&ok) > 0 && ok); // peer
            QVERIFY(page.model()->item(r, 7)->text().toDouble(&ok) > 0 && ok); // ratio
            QCOMPARE(page.model()->item(r, 8)->text(), QStringLiteral("ok"));
        }
        QCOMPARE(page.model()->item(1, 0)->text(), QStringLiteral("65536"));
        QCOMPARE(page.plot()->graphCount(), 2); // ours and the peer
        QCOMPARE(page.plot()->graph(0)->dataCount(), 2);

        const QString json = dir.filePath(QStringLiteral("bench.json"));
        QVERIFY(page.saveJson(json));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto doc = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(doc.value(QStringLiteral("rows")).toArray().size(), 2);
        QCOMPARE(doc.value(QStringLiteral("family")).toString(), QStringLiteral("sdot"));

        // The peer's figures are stored as `ktune bench` stores them: one per size, under the family's routine name.
        auto store = store::Database::open(QFile::encodeName(db).toStdString());
        const auto peers =
            store::PeerRepository(store).list(page.service()->lastRequest().device.stableId(), "sdot", "fake");
        QCOMPARE(peers.size(), std::size_t(2));
    }

    void aPointOutsideTheSpaceFailsWithItsReason() {
        QTemporaryDir dir;
        BenchPage page;
        setUp(page, dir.filePath(QStringLiteral("k.sqlite")));
        page.pointEdit()->setText(QStringLiteral("DOT_WG=3,DOT_WPT=2"));
        QVERIFY(page.start()); // the plan is made on the worker, with the device
        QTRY_VERIFY_WITH_TIMEOUT(!page.service()->isRunning(), 60000);
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("DOT_WG")), qPrintable(page.statusLabel()->text()));
        QCOMPARE(page.model()->rowCount(), 0);
    }

    void invalidSettingsAreRefusedBeforeRunning() {
        BenchPage page;
        setUp(page, QString());
        page.pointEdit()->clear();
        QVERIFY(!page.start());
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("point key")));
        page.pointEdit()->setText(QStringLiteral("DOT_WG=64,DOT_WPT=2"));
        page.sizesEdit()->setText(QStringLiteral("64, zero"));
        QVERIFY(!page.start());
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("zero")));
        page.sizesEdit()->setText(QStringLiteral("64"));
        page.variantsEdit()->setText(QStringLiteral("nn"));
        QVERIFY(!page.start());
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("'nn'")));
        QVERIFY(!page.service()->isRunning());
    }
};

QTEST_MAIN(TestBenchPage)
#include "tst_bench_page.moc"
