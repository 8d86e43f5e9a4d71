// Translation completeness: every string the GUI shows has a Japanese translation, and the embedded .qm
// files load; catches strings added to the code without running lupdate and translating them.
#include <QFile>
#include <QRegularExpression>
#include <QTranslator>
#include <QtTest>

class TestTranslations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void japaneseIsComplete() {
        QFile ts(QStringLiteral(KT_SOURCE_DIR "/translations/ktune_ja.ts"));
        QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(ts.fileName()));
        const QString text = QString::fromUtf8(ts.readAll());
        const int messages = static_cast<int>(text.count(QStringLiteral("<message")));
        QVERIFY2(messages > 50, "ktune_ja.ts looks empty; run the ktgui_lupdate target");
        // Report the first few untranslated sources by name so the fix is obvious.
        static const QRegularExpression unfinished(
            QStringLiteral("<source>([^<]*)</source>\\s*(?:<comment>[^<]*</comment>\\s*)?<translation type=\"(unfinished|vanished|obsolete)\""));
        QStringList missing;
        for (auto it = unfinished.globalMatch(text); it.hasNext();) missing << it.next().captured(1);
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("untranslated: ") + missing.join(QStringLiteral(" | "))));
    }

    void embeddedCatalogsLoad() {
        QTranslator ja;
        QVERIFY(ja.load(QStringLiteral(":/i18n/ktune_ja.qm")));
        QCOMPARE(ja.translate("kt::gui::MainWindow", "&File"), QStringLiteral("ファイル(&F)"));
        QCOMPARE(ja.translate("kt::gui::DeviceDetailsWidget", "Global memory"), QStringLiteral("グローバルメモリ"));
        QTranslator en;
        QVERIFY(en.load(QStringLiteral(":/i18n/ktune_en.qm")));
        QCOMPARE(en.translate("kt::gui::DevicesPage", "%n device(s) found in %1 ms.", nullptr, 1),
                 QStringLiteral("%n device found in %1 ms."));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
