// TunePage over a test family registered in FamilyRegistry: parameters, constraints (with a device variable)
// and the valid-variant count computed on a worker thread by the real parameter-space code.
#include <QListWidget>
#include <QTableWidget>
#include <QtTest>

#include "app/gui/pages/tune_page.hpp"
#include "core/engine/family.hpp"
#include "fake_backend.hpp"

namespace {
class TestFamily : public kt::Family {
public:
    TestFamily(std::string name, bool internal) : m_name(std::move(name)), m_internal(internal) {}
    std::string name() const override { return m_name; }
    std::string title() const override { return "Test family"; }
    std::string description() const override { return "A family for the GUI tests."; }
    kt::Metric metric() const override { return kt::Metric::GBs; }
    std::vector<std::string> sizeDimensions() const override { return {"m", "n"}; }
    bool internal() const override { return m_internal; }
    kt::ParameterSpace space(const kt::DeviceInfo& device) const override {
        kt::ParameterSpace s;
        s.addParameter({"T_A", {1, 2, 4}, "first"});
        s.addParameter({"T_B", {1, 2}, "second"});
        s.addConstraint({"T_A * T_B <= DEV_MAX_WG", "work-group limit"});
        s.setVariable("DEV_MAX_WG", static_cast<kt::ParamValue>(device.maxWorkGroupSize));
        return s;
    }
    std::vector<kt::ProblemSize> defaultSizes(const kt::DeviceInfo&) const override { return {}; }
    double work(const kt::ProblemSize&) const override { return 0; }
    kt::GeneratedSource generate(const kt::Point&, const kt::DeviceInfo&) const override { return {}; }
    std::unique_ptr<kt::CandidateRun> instantiate(kt::Device&, const kt::Point&, kt::Program&) const override {
        return nullptr;
    }

private:
    std::string m_name;
    bool m_internal;
};
} // namespace

class TestTunePage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        kt::FamilyRegistry::instance().add(std::make_shared<TestFamily>("guitest", false));
        kt::FamilyRegistry::instance().add(std::make_shared<TestFamily>("guiinternal", true));
    }

    void showsSpaceAndCountsValidVariants() {
        kt::gui::TunePage page;
        page.show();
        const auto names = page.familyList()->findItems(QStringLiteral("(guitest)"), Qt::MatchEndsWith);
        QCOMPARE(names.size(), 1);
        QVERIFY(page.familyList()->findItems(QStringLiteral("(guiinternal)"), Qt::MatchEndsWith).isEmpty());
        page.familyList()->setCurrentItem(names.front());

        auto device = kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0);
        device.maxWorkGroupSize = 4; // valid: (1,1) (1,2) (2,1) (2,2) (4,1)
        page.setDevice(&device);
        QCOMPARE(page.parameterTable()->rowCount(), 2);
        QCOMPARE(page.parameterTable()->item(0, 0)->text(), QStringLiteral("T_A"));
        QCOMPARE(page.parameterTable()->item(0, 1)->text(), QStringLiteral("1, 2, 4"));
        QCOMPARE(page.constraintTable()->rowCount(), 1);
        QCOMPARE(page.constraintTable()->item(0, 1)->text(), QStringLiteral("work-group limit"));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 10000);
        QCOMPARE(page.validCountText(), QStringLiteral("Valid variants: 5 of 6 combinations"));

        // The count follows the device: a larger work-group limit admits every combination.
        device.maxWorkGroupSize = 1024;
        page.setDevice(&device);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 10000);
        QCOMPARE(page.validCountText(), QStringLiteral("Valid variants: 6 of 6 combinations"));

        page.setDevice(nullptr);
        QCOMPARE(page.parameterTable()->rowCount(), 0);
        QVERIFY(page.validCountText().isEmpty());
    }
};

QTEST_MAIN(TestTunePage)
#include "tst_tune_page.moc"
