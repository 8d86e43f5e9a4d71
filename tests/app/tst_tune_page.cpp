// TunePage's space editor, generated from the family description: a test family, the transpose toy family and
// sgemm. Value lists and constraints are edited through the widgets; expected counts come from the space API.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/gui/services/family_spaces.hpp"
#include "app/gui/pages/space_editor.hpp"
#include "app/gui/pages/tune_page.hpp"
#include "core/engine/family.hpp"
#include "core/space/device_variables.hpp"
#include "fake_backend.hpp"
#include "kernels/builtin_families.hpp"
#include "kernels/presets.hpp"

using namespace kt;
using namespace kt::gui;

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
    std::vector<kt::ProblemSize> defaultSizes(const kt::DeviceInfo&) const override { return {{{64, 32}}}; }
    kt::Precision precision() const override { return kt::Precision::F32; }
    double flops(const kt::ProblemSize&) const override { return 0; }
    double bytes(const kt::ProblemSize&) const override { return 0; }
    kt::GeneratedSource generate(const kt::Point&, const kt::DeviceInfo&) const override { return {}; }
    std::unique_ptr<kt::CandidateRun> instantiate(kt::Device&, const kt::Point&, kt::ProgramCache&) const override {
        return nullptr;
    }

private:
    std::string m_name;
    bool m_internal;
};

// `space` with one parameter's value list replaced, through the space API only.
ParameterSpace withValues(const ParameterSpace& space, const std::string& name, const std::vector<ParamValue>& values) {
    ParameterSpace out;
    for (auto p : space.parameters()) {
        if (p.name == name) p.values = values;
        out.addParameter(p);
    }
    for (const auto& c : space.constraints()) out.addConstraint(c);
    for (const auto& [n, v] : space.variables()) out.setVariable(n, v);
    return out;
}

std::vector<ParamValue> valuesOf(const ParameterSpace& space, const std::string& name) {
    return space.parameters()[static_cast<std::size_t>(space.parameterIndex(name))].values;
}

QString joined(const std::vector<ParamValue>& values) { return SpaceEditor::formatValues(values); }

void selectFamily(TunePage& page, const QString& name) {
    const auto items = page.familyList()->findItems(QStringLiteral("(%1)").arg(name), Qt::MatchEndsWith);
    QCOMPARE(items.size(), 1);
    page.familyList()->setCurrentItem(items.front());
    QCOMPARE(page.currentFamily(), name);
}

// The sgemm space has 150 million combinations; narrowing most lists keeps its counts quick on a busy machine.
void narrowGemm(TunePage& page) {
    const std::map<QString, QString> narrow = {{"GEMM_ML", "32, 64"},     {"GEMM_NL", "32, 64"}, {"GEMM_KL", "8, 16"},
                                               {"GEMM_MS", "2, 4"},       {"GEMM_NS", "2, 4"},   {"GEMM_KS", "1, 2"},
                                               {"GEMM_VW", "1, 2"},       {"GEMM_IMAGE_A", "0"}, {"GEMM_IMAGE_B", "0"},
                                               {"GEMM_LAYOUT_A", "0, 1"}, {"GEMM_LAYOUT_B", "0"},
                                               {"GEMM_WARP_M", "0"},      {"GEMM_ORDER", "0"},   {"GEMM_FRAGS", "0"}};
    for (const auto& [name, values] : narrow) {
        auto* edit = page.spaceEditor()->valuesEdit(name);
        QVERIFY2(edit, qPrintable(name));
        edit->setText(values);
    }
}

// What the page counts, computed here with the space API (the page binds device variables the same way).
std::uint64_t expectedCount(const TunePage& page, const Family& family, const DeviceInfo& device) {
    const ParameterSpace familySpace = family.space(device);
    return FamilySpaces::forDevice(*page.spaceEditor()->space(), family, familySpace, device).countValid();
}

} // namespace

class TestTunePage : public QObject {
    Q_OBJECT

    DeviceInfo m_device = kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0);
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        kernels::registerBuiltinFamilies();
        kt::FamilyRegistry::instance().add(std::make_shared<TestFamily>("guitest", false));
        kt::FamilyRegistry::instance().add(std::make_shared<TestFamily>("guiinternal", true));
        QVERIFY(m_dir.isValid());
    }

    void showsSpaceAndCountsValidVariants() {
        TunePage page;
        page.show();
        QVERIFY(page.familyList()->findItems(QStringLiteral("(guiinternal)"), Qt::MatchEndsWith).isEmpty());
        selectFamily(page, QStringLiteral("guitest"));

        auto device = kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0);
        device.maxWorkGroupSize = 4; // valid: (1,1) (1,2) (2,1) (2,2) (4,1)
        page.setDevice(&device);
        SpaceEditor* editor = page.spaceEditor();
        QCOMPARE(editor->parameterCount(), 2);
        QCOMPARE(editor->valuesEdit(0)->text(), QStringLiteral("1, 2, 4"));
        QCOMPARE(editor->parameterMessage(0)->text(), QStringLiteral("first"));
        QCOMPARE(editor->constraintTable()->rowCount(), 1);
        QCOMPARE(editor->constraintTable()->item(0, 0)->text(), QStringLiteral("T_A * T_B <= DEV_MAX_WG"));
        QCOMPARE(editor->constraintTable()->item(0, 1)->text(), QStringLiteral("work-group limit"));
        QCOMPARE(page.sizesEdit()->text(), QStringLiteral("64x32"));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 10000);
        QCOMPARE(page.validCountText(), QStringLiteral("Valid variants: 5 of 6 combinations"));
        QVERIFY(!page.runSpace()); // unedited: the family's default

        // The count follows the device: a larger work-group limit admits every combination.
        device.maxWorkGroupSize = 1024;
        page.setDevice(&device);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 10000);
        QCOMPARE(page.validCountText(), QStringLiteral("Valid variants: 6 of 6 combinations"));

        // A space of over a million valid points is counted to the cap, not to the end (the GEMM spaces hold tens
        // of millions: a minute's walk for a number nobody reads exactly).
        device.maxWorkGroupSize = 1 << 30;
        page.setDevice(&device);
        QStringList many;
        for (int v = 1; v <= 2000; ++v) many << QString::number(v);
        editor->valuesEdit(0)->setText(many.join(QStringLiteral(", ")));
        many.resize(600);
        editor->valuesEdit(1)->setText(many.join(QStringLiteral(", ")));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        QCOMPARE(page.validCount(), std::optional<std::uint64_t>(TunePage::kCountCap));
        QCOMPARE(page.validCountText(), QStringLiteral("Valid variants: more than 1,000,000 of 1,200,000 combinations "
                                                       "(a tuning budget decides how many are measured)"));

        page.setDevice(nullptr);
        QVERIFY(page.validCountText().isEmpty());
        QVERIFY(page.spaceEditor()->isHidden() || !page.spaceEditor()->isVisibleTo(&page));
        QVERIFY(page.startRunButton()->isEnabled()); // the Run page says a device is missing
    }

    // The two-kernel dot family (kernels/dot: one folder and one registration line) is on the Tune page with its
    // parameters, constraints, sizes and count, with nothing of it written in app/.
    void aFamilyAddedInKernelsAloneAppearsWithItsSpace() {
        TunePage page;
        page.show();
        selectFamily(page, QStringLiteral("sdot"));
        auto device = kt::test::fakeDevice("Fake GPU", 0, "Fake Platform", 0);
        device.maxWorkGroupSize = 128; // DOT_WG 32, 64, 128 of five
        page.setDevice(&device);
        SpaceEditor* editor = page.spaceEditor();
        QCOMPARE(editor->parameterCount(), 2);
        QCOMPARE(editor->valuesEdit(0)->text(), QStringLiteral("32, 64, 128, 256, 512"));
        QCOMPARE(editor->valuesEdit(1)->text(), QStringLiteral("1, 2, 4, 8, 16"));
        QCOMPARE(editor->constraintTable()->item(0, 1)->text(), QStringLiteral("work-group size limit"));
        QCOMPARE(page.sizesEdit()->text(), QStringLiteral("16777216, 67108864")); // GPU sizes of the family
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 10000);
        QCOMPARE(page.validCountText(), QStringLiteral("Valid variants: 15 of 25 combinations"));
    }

    void editingAValueListChangesTheCount_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("transpose") << QStringLiteral("transpose") << QStringLiteral("TRA_TILE");
        QTest::newRow("sgemm") << QStringLiteral("sgemm") << QStringLiteral("GEMM_ML");
    }
    void editingAValueListChangesTheCount() {
        QFETCH(QString, family);
        QFETCH(QString, parameter);
        const auto fam = FamilyRegistry::instance().find(family.toStdString());
        QVERIFY(fam);
        TunePage page;
        page.show();
        selectFamily(page, family);
        page.setDevice(&m_device);
        // Rows come from the family's own description.
        const ParameterSpace familySpace = fam->space(m_device);
        QCOMPARE(page.spaceEditor()->parameterCount(), static_cast<int>(familySpace.parameters().size()));
        QCOMPARE(page.spaceEditor()->valuesEdit(parameter)->text(),
                 joined(valuesOf(familySpace, parameter.toStdString())));
        if (family == QStringLiteral("sgemm")) narrowGemm(page); // cancels the count of the full space
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        QVERIFY(page.validCount());
        const std::uint64_t before = *page.validCount();
        const ParameterSpace edited = FamilySpaces::forDevice(*page.spaceEditor()->space(), *fam, familySpace, m_device);
        QCOMPARE(before, edited.countValid());

        // Remove the value with the most valid points: the count drops by exactly the points that had it.
        const auto values = valuesOf(edited, parameter.toStdString());
        std::map<ParamValue, std::uint64_t> perValue;
        edited.forEachValid([&](const Point& p) {
            ++perValue[p[parameter.toStdString()]];
            return true;
        });
        const auto removed =
            std::max_element(perValue.begin(), perValue.end(), [](auto& a, auto& b) { return a.second < b.second; });
        QVERIFY(removed->second > 0);
        std::vector<ParamValue> kept;
        for (auto v : values)
            if (v != removed->first) kept.push_back(v);
        page.spaceEditor()->valuesEdit(parameter)->setText(joined(kept));
        QVERIFY(page.isCounting()); // debounced, then on the worker
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        QCOMPARE(*page.validCount(), before - removed->second);
        QCOMPARE(*page.validCount(), withValues(edited, parameter.toStdString(), kept).countValid());
        QVERIFY(page.validCountText().contains(QLocale().toString(*page.validCount())));
        // The run gets the edited space, bound to the device.
        const auto runSpace = page.runSpace();
        QVERIFY(runSpace);
        QCOMPARE(valuesOf(*runSpace, parameter.toStdString()), kept);
        // Device variables are left out: each run binds its own device's (one request serves every checked device).
        for (const auto& [name, value] : runSpace->variables()) QVERIFY2(!isDeviceVariable(name), name.c_str());
        QCOMPARE(FamilySpaces::forDevice(*runSpace, *fam, familySpace, m_device).countValid(), *page.validCount());
    }

    void badValueTokensAreNamedAndNothingIsApplied() {
        TunePage page;
        page.show();
        selectFamily(page, QStringLiteral("transpose"));
        page.setDevice(&m_device);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 30000);
        const std::uint64_t before = *page.validCount();
        QLineEdit* tile = page.spaceEditor()->valuesEdit(QStringLiteral("TRA_TILE"));
        const QString good = tile->text();
        const int row = 0;
        QCOMPARE(page.spaceEditor()->valuesEdit(row), tile);

        tile->setText(QStringLiteral("4, 8x, 16"));
        QVERIFY(page.spaceEditor()->hasErrors());
        QCOMPARE(page.spaceEditor()->parameterMessage(row)->text(), QStringLiteral("'8x' is not an integer"));
        QVERIFY(!page.isCounting());
        QVERIFY(!page.startRunButton()->isEnabled());
        QVERIFY(!page.runSpace());
        tile->setText(QStringLiteral("4, 8, 4"));
        QCOMPARE(page.spaceEditor()->parameterMessage(row)->text(), QStringLiteral("4 is listed twice"));
        tile->setText(QStringLiteral(" , "));
        QCOMPARE(page.spaceEditor()->parameterMessage(row)->text(), QStringLiteral("give at least one value"));
        QTest::qWait(400); // longer than the debounce: nothing may be counted
        QCOMPARE(*page.validCount(), before);
        QVERIFY(page.validCountText().contains(QStringLiteral("correct the errors")));

        tile->setText(good);
        QVERIFY(!page.spaceEditor()->hasErrors());
        QCOMPARE(page.spaceEditor()->parameterMessage(row)->text(), QStringLiteral("tile edge (elements)"));
        QVERIFY(page.startRunButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 30000);
        QCOMPARE(*page.validCount(), before);
    }

    // Typing is counted once it pauses: the result is the count of what was typed last, never of a stale prefix.
    void aBurstOfKeystrokesCountsTheLastSpace() {
        TunePage page;
        page.show();
        selectFamily(page, QStringLiteral("transpose"));
        page.setDevice(&m_device);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 30000);
        const std::uint64_t before = *page.validCount();
        QLineEdit* wpt = page.spaceEditor()->valuesEdit(QStringLiteral("TRA_WPT"));
        wpt->setFocus();
        wpt->selectAll();
        QTest::keyClicks(wpt, QStringLiteral("1 2 4"), Qt::NoModifier, 20); // "1", "1 2", "1 2 4": each valid
        QVERIFY(page.isCounting());
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 30000);
        QCOMPARE(wpt->text(), QStringLiteral("1 2 4"));
        const auto familySpace = FamilyRegistry::instance().find("transpose")->space(m_device);
        QCOMPARE(*page.validCount(), withValues(familySpace, "TRA_WPT", {1, 2, 4}).countValid());
        QVERIFY(*page.validCount() < before);
        QVERIFY(*page.validCount() > withValues(familySpace, "TRA_WPT", {1, 2}).countValid());
    }

    void constraintsAreEditableAndBadOnesLeaveTheCount_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("extra"); // a constraint to add
        QTest::newRow("transpose") << QStringLiteral("transpose") << QStringLiteral("TRA_TILE >= 16");
        QTest::newRow("sgemm") << QStringLiteral("sgemm") << QStringLiteral("GEMM_ML * GEMM_NL >= 2048");
    }
    void constraintsAreEditableAndBadOnesLeaveTheCount() {
        QFETCH(QString, family);
        QFETCH(QString, extra);
        const auto fam = FamilyRegistry::instance().find(family.toStdString());
        TunePage page;
        page.show();
        selectFamily(page, family);
        page.setDevice(&m_device);
        if (family == QStringLiteral("sgemm")) narrowGemm(page);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        const std::uint64_t before = *page.validCount();
        QTableWidget* table = page.spaceEditor()->constraintTable();
        const int rows = table->rowCount();
        QCOMPARE(rows, static_cast<int>(fam->space(m_device).constraints().size()));
        const QString original = table->item(0, 0)->text();

        // A syntax error: the message names the constraint and the column; nothing is counted.
        table->item(0, 0)->setText(QStringLiteral("(1 + ) > 0"));
        QVERIFY(page.spaceEditor()->hasErrors());
        QVERIFY(page.spaceEditor()->constraintMessage()->isVisibleTo(&page));
        QVERIFY2(page.spaceEditor()->constraintMessage()->text().startsWith(QStringLiteral("Constraint 1, column 6:")),
                 qPrintable(page.spaceEditor()->constraintMessage()->text()));
        QVERIFY(!page.isCounting());
        QTest::qWait(400);
        QCOMPARE(*page.validCount(), before);
        QVERIFY(!page.startRunButton()->isEnabled());
        // An unknown name is named.
        table->item(0, 0)->setText(QStringLiteral("NO_SUCH_PARAM > 1"));
        QVERIFY(page.spaceEditor()->constraintMessage()->text().contains(QStringLiteral("'NO_SUCH_PARAM'")));
        table->item(0, 0)->setText(original);
        QVERIFY(!page.spaceEditor()->hasErrors());
        QVERIFY(!page.spaceEditor()->constraintMessage()->isVisibleTo(&page));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        QCOMPARE(*page.validCount(), before);

        // Add: an empty row changes nothing; once filled in it restricts the count as the space API says.
        page.spaceEditor()->addConstraintButton()->click();
        QCOMPARE(table->rowCount(), rows + 1);
        QVERIFY(!page.spaceEditor()->hasErrors());
        table->item(rows, 0)->setText(extra);
        table->item(rows, 1)->setText(QStringLiteral("test"));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        ParameterSpace restricted =
            FamilySpaces::forDevice(*page.spaceEditor()->space(), *fam, fam->space(m_device), m_device);
        QCOMPARE(restricted.constraints().size(), static_cast<std::size_t>(rows + 1));
        QCOMPARE(restricted.constraints().back().description, std::string("test"));
        QCOMPARE(*page.validCount(), restricted.countValid());
        QVERIFY(*page.validCount() < before);
        // Remove it again.
        table->setCurrentCell(rows, 0);
        table->selectRow(rows);
        page.spaceEditor()->removeConstraintButton()->click();
        QCOMPARE(table->rowCount(), rows);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        QCOMPARE(*page.validCount(), before);
        QCOMPARE(*page.validCount(), expectedCount(page, *fam, m_device));
    }

    void presetsLoadIntoTheEditor() {
        TunePage page;
        page.show();
        selectFamily(page, QStringLiteral("sgemm"));
        page.setDevice(&m_device);
        QComboBox* presets = page.presetCombo();
        QCOMPARE(presets->itemText(0), QStringLiteral("Family default"));
        QVERIFY(presets->findText(QStringLiteral("sgemm")) > 0);
        const int paper = presets->findText(QStringLiteral("sgemm-paper"));
        QVERIFY(paper > 0);
        QCOMPARE(presets->findText(QStringLiteral("dgemm")), -1); // another family's preset is not offered
        QCOMPARE(presets->findText(QStringLiteral("transpose")), -1);

        page.choosePreset(paper);
        QCOMPARE(presets->currentIndex(), paper);
        // Another device keeps the loaded preset (and its name in the combo).
        auto other = m_device;
        other.name = "Other GPU";
        page.setDevice(&other);
        QCOMPARE(presets->currentIndex(), paper);
        const ParameterSpace preset = kernels::presetSpace("sgemm-paper");
        for (const auto& p : preset.parameters())
            QCOMPARE(page.spaceEditor()->valuesEdit(QString::fromStdString(p.name))->text(), joined(p.values));
        QCOMPARE(page.spaceEditor()->constraintTable()->rowCount(), static_cast<int>(preset.constraints().size()));
        QVERIFY(page.validCountText().contains(QLocale().toString(preset.cartesianSize())));
        QVERIFY(page.runSpace()); // differs from the family default
        // Back to the family default.
        page.choosePreset(0);
        QVERIFY(!page.runSpace());

        // The toy family: its preset equals its default space, and the count says so.
        selectFamily(page, QStringLiteral("transpose"));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 30000);
        const std::uint64_t familyCount = *page.validCount();
        const int transpose = presets->findText(QStringLiteral("transpose"));
        QVERIFY(transpose > 0);
        page.spaceEditor()->valuesEdit(QStringLiteral("TRA_WPT"))->setText(QStringLiteral("1"));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 30000);
        QVERIFY(*page.validCount() < familyCount);
        page.choosePreset(transpose);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 30000);
        const auto presetSpace = FamilySpaces::forDevice(kernels::presetSpace("transpose"), *FamilyRegistry::instance().find("transpose"),
                                 FamilyRegistry::instance().find("transpose")->space(m_device), m_device);
        QCOMPARE(*page.validCount(), presetSpace.countValid());
        QCOMPARE(*page.validCount(), familyCount);
    }

    void saveAndLoadRoundTrip_data() {
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<QString>("values");
        QTest::newRow("transpose") << QStringLiteral("transpose") << QStringLiteral("TRA_TILE")
                                   << QStringLiteral("32 8 16");
        QTest::newRow("sgemm") << QStringLiteral("sgemm") << QStringLiteral("GEMM_MS") << QStringLiteral("4, 1");
    }
    void saveAndLoadRoundTrip() {
        QFETCH(QString, family);
        QFETCH(QString, parameter);
        QFETCH(QString, values);
        TunePage page;
        page.show();
        selectFamily(page, family);
        page.setDevice(&m_device);
        if (family == QStringLiteral("sgemm")) narrowGemm(page);
        page.spaceEditor()->valuesEdit(parameter)->setText(values);
        page.spaceEditor()->addConstraintButton()->click();
        QTableWidget* table = page.spaceEditor()->constraintTable();
        table->item(table->rowCount() - 1, 0)->setText(parameter + QStringLiteral(" != 16"));
        table->item(table->rowCount() - 1, 1)->setText(QStringLiteral("saved with the space"));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        const std::uint64_t count = *page.validCount();
        const std::string edited = page.spaceEditor()->space()->toJson();

        const QString path = m_dir.filePath(family + QStringLiteral("-space.json"));
        QVERIFY(page.saveSpaceFile(path));
        QVERIFY(page.fileMessage()->text().startsWith(QStringLiteral("Saved ")));
        // The CLI's loader (ktune tune --space) reads it; device variables are not written, so it is portable.
        const ParameterSpace fromCli = ParameterSpace::fromFile(path.toStdString());
        for (const auto& [name, value] : fromCli.variables()) QVERIFY2(!isDeviceVariable(name), name.c_str());
        QCOMPARE(joined(valuesOf(fromCli, parameter.toStdString())),
                 SpaceEditor::formatValues(SpaceEditor::parseValues(values).values));

        page.choosePreset(0);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        QVERIFY(page.spaceEditor()->space()->toJson() != edited);
        QVERIFY(page.loadSpaceFile(path));
        QCOMPARE(page.spaceEditor()->space()->toJson(), edited);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 60000);
        QCOMPARE(*page.validCount(), count);
    }

    void malformedFilesLeaveTheEditorUnchanged() {
        TunePage page;
        page.show();
        selectFamily(page, QStringLiteral("transpose"));
        page.setDevice(&m_device);
        page.spaceEditor()->valuesEdit(QStringLiteral("TRA_WPT"))->setText(QStringLiteral("2, 4"));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isCounting(), 30000);
        const std::string before = page.spaceEditor()->space()->toJson();
        const std::uint64_t count = *page.validCount();
        auto write = [this](const QString& name, const QByteArray& text) {
            const QString path = m_dir.filePath(name);
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
            file.write(text);
            return path;
        };
        struct Case {
            QString file;
            QByteArray text;
            QString expected; // in the message
        };
        const QList<Case> cases = {
            {QStringLiteral("syntax.json"),
             "{\n  \"parameters\": [\n    {\"name\": \"TRA_TILE\" \"values\": [4]}\n  ]\n}\n",
             QStringLiteral("syntax.json:3:")},
            {QStringLiteral("field.json"), "{\"parameters\": [{\"name\": \"TRA_TILE\", \"values\": [4, \"x\"]}]}",
             QStringLiteral("parameters[0].values")},
            {QStringLiteral("constraint.json"),
             "{\"parameters\": [{\"name\": \"TRA_TILE\", \"values\": [4]}], \"constraints\": [\"TRA_TILE >\"]}",
             QStringLiteral("constraints[0]")},
            {QStringLiteral("other.json"),
             "{\"parameters\": [{\"name\": \"TRA_TILE\", \"values\": [4]}, {\"name\": \"GEMM_ML\", \"values\": [8]}]}",
             QStringLiteral(
                 "missing parameters: TRA_WPT, TRA_LOCAL, TRA_PAD; parameters the family does not have: GEMM_ML")},
            {QStringLiteral("absent.json"), QByteArray(), QStringLiteral("cannot open")},
        };
        for (const auto& c : cases) {
            const QString path = c.text.isNull() ? m_dir.filePath(c.file) : write(c.file, c.text);
            QVERIFY(!page.loadSpaceFile(path));
            QVERIFY2(page.fileMessage()->text().contains(c.expected), qPrintable(page.fileMessage()->text()));
            QVERIFY(page.fileMessage()->text().startsWith(QStringLiteral("Not loaded")));
            QCOMPARE(page.spaceEditor()->space()->toJson(), before);
            QVERIFY(!page.isCounting());
            QCOMPARE(*page.validCount(), count);
        }
    }

    void editsAreKeptPerFamilyAndSizesFollowTheDevice() {
        TunePage page;
        page.show();
        selectFamily(page, QStringLiteral("transpose"));
        page.setDevice(&m_device);
        const auto transpose = FamilyRegistry::instance().find("transpose");
        auto joinedSizes = [](const std::vector<ProblemSize>& sizes) {
            QStringList labels;
            for (const auto& s : sizes) labels << QString::fromStdString(s.label());
            return labels.join(QStringLiteral(", "));
        };
        QCOMPARE(page.sizesEdit()->text(), joinedSizes(transpose->defaultSizes(m_device)));
        page.spaceEditor()->valuesEdit(QStringLiteral("TRA_PAD"))->setText(QStringLiteral("0"));
        selectFamily(page, QStringLiteral("sgemm"));
        // sgemm sizes are m×n×k: a size with two dimensions is refused by name, one number means a cube.
        page.sizesEdit()->setText(QStringLiteral("256x128"));
        QVERIFY(page.sizesMessage()->text().contains(QStringLiteral("256x128")));
        QVERIFY(!page.startRunButton()->isEnabled());
        page.sizesEdit()->setText(QStringLiteral("512, 256x128x64"));
        QVERIFY(page.sizesMessage()->isHidden());
        QCOMPARE(page.runSizes(), (std::vector<ProblemSize>{{{512, 512, 512}}, {{256, 128, 64}}}));
        selectFamily(page, QStringLiteral("transpose"));
        QCOMPARE(page.spaceEditor()->valuesEdit(QStringLiteral("TRA_PAD"))->text(), QStringLiteral("0"));

        // Unedited sizes follow the device (a CPU gets smaller defaults).
        auto cpu = kt::test::fakeDevice("Fake CPU", 0, "Fake Platform", 1, DeviceType::Cpu);
        page.setDevice(&cpu);
        QCOMPARE(page.sizesEdit()->text(), joinedSizes(transpose->defaultSizes(cpu)));
        QCOMPARE(page.spaceEditor()->valuesEdit(QStringLiteral("TRA_PAD"))->text(), QStringLiteral("0"));
        QVERIFY(page.runSizes().empty()); // untouched defaults: each run takes its own device's
        // Sizes the user typed stay.
        page.sizesEdit()->clear();
        QTest::keyClicks(page.sizesEdit(), QStringLiteral("300"));
        page.setDevice(&m_device);
        QCOMPARE(page.sizesEdit()->text(), QStringLiteral("300"));
        QCOMPARE(page.runSizes(), (std::vector<ProblemSize>{{{300}}}));
    }
};

QTEST_MAIN(TestTunePage)
#include "tst_tune_page.moc"
