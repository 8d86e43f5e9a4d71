// Open formats: CSV/JSON of stored measurements, T4 out and back in, and the refusals of malformed T4 files (line
// and field named, the store unchanged).
#include <gtest/gtest.h>

#include "core/engine/family.hpp"
#include "core/export/json_lines.hpp"
#include "core/export/measurement_formats.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"
#include "tests/cli_fit/cli_helper.hpp"
#include "tests/core/store/store_test_support.hpp"
#include "tests/export/export_model_fixture.hpp"

namespace kt {
namespace {

class T4Formats : public ExportModel {
protected:
    void SetUp() override {
        ExportModel::SetUp();
        m_family = FamilyRegistry::instance().find("sdot");
        store::NewRun r;
        r.deviceId = m_device.stableId(), r.family = "sdot", r.strategy = "test";
        m_run = store::RunRepository(*m_db).create(r);
        add("DOT_WG=64,DOT_WPT=2", MeasurementStatus::Ok, 0.5, {0.5, 0.4, 0.6});
        add("DOT_WG=128,DOT_WPT=4", MeasurementStatus::CompileError, 0, {});
        add("DOT_WG=256,DOT_WPT=1", MeasurementStatus::WrongResult, 0.3, {0.3});
    }
    void add(const std::string& point, MeasurementStatus status, double median, std::vector<double> times) {
        Measurement m;
        m.pointKey = point, m.size = {{1 << 20}}, m.status = status, m.medianMs = median, m.timesMs = times;
        m.minMs = times.empty() ? 0 : *std::min_element(times.begin(), times.end());
        m.value = median > 0 ? m_family->work(m.size) / (median * 1e-3) / 1e9 : 0;
        m.compileMs = 12.5;
        if (status != MeasurementStatus::Ok) m.error = "it failed, \"quoted\"";
        store::MeasurementRepository(*m_db).insert(m_run, m);
    }
    std::vector<store::StoredMeasurement> rows() const {
        return store::MeasurementRepository(*m_db).query(m_device.stableId(), "sdot");
    }
    std::size_t measurementCount() const {
        std::size_t n = 0;
        for (const auto& run : store::RunRepository(*m_db).list())
            n += store::MeasurementRepository(*m_db).byRun(run.id).size();
        return n;
    }
    // The import must fail with `fragment` in its message and leave the store as it was.
    void expectRefused(const std::string& text, const std::string& fragment) {
        const auto runs = store::RunRepository(*m_db).list().size();
        const auto count = measurementCount();
        try {
            exporter::importT4(*m_db, text, "in.json", *m_family, m_device, ProblemSize{{1 << 20}});
            FAIL() << "accepted:\n" << text;
        } catch (const exporter::ImportError& e) {
            EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
        }
        EXPECT_EQ(store::RunRepository(*m_db).list().size(), runs);
        EXPECT_EQ(measurementCount(), count);
    }

    std::shared_ptr<const Family> m_family;
    std::int64_t m_run = 0;
};

TEST_F(T4Formats, CsvAndJsonHoldEveryMeasurement) {
    const std::string csv = exporter::measurementsCsv(rows());
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);
    EXPECT_NE(csv.find("DOT_WG=64,DOT_WPT=2"), std::string::npos) << csv;           // quoted: it holds commas
    EXPECT_NE(csv.find("\"it failed, \"\"quoted\"\"\""), std::string::npos) << csv; // RFC 4180 quotes
    EXPECT_NE(csv.find(",0.5;0.4;0.6,"), std::string::npos) << csv;
    const auto json = exporter::measurementsJson(rows());
    ASSERT_EQ(json.size(), 3u);
    EXPECT_EQ(json[0]["point"]["DOT_WG"], 64);
    EXPECT_EQ(json[1]["status"], "compile_error");
    EXPECT_EQ(json[0]["times_ms"].size(), 3u);
}

TEST_F(T4Formats, ExportedResultsImportBackAsTheSameMeasurements) {
    const auto t4 = exporter::toT4(rows(), "sdot", m_device, {{1 << 20}});
    EXPECT_EQ(t4["schema_version"], "1.0.0");
    ASSERT_EQ(t4["results"].size(), 3u);
    EXPECT_EQ(t4["results"][0]["invalidity"], "correct");
    EXPECT_EQ(t4["results"][1]["invalidity"], "compile");
    EXPECT_EQ(t4["results"][2]["invalidity"], "correctness");
    EXPECT_EQ(t4["results"][2]["correctness"], 0);
    const auto run = exporter::importT4(*m_db, t4.dump(1), "t4.json", *m_family, m_device, std::nullopt);
    const auto back = store::MeasurementRepository(*m_db).byRun(run);
    ASSERT_EQ(back.size(), 3u);
    const auto original = store::MeasurementRepository(*m_db).byRun(m_run);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(back[i].measurement.pointKey, original[i].measurement.pointKey);
        EXPECT_EQ(back[i].measurement.status, original[i].measurement.status);
        EXPECT_DOUBLE_EQ(back[i].measurement.medianMs, original[i].measurement.medianMs);
        EXPECT_NEAR(back[i].measurement.value, original[i].measurement.value, 1e-9 * original[i].measurement.value);
        EXPECT_EQ(back[i].measurement.timesMs, original[i].measurement.timesMs);
    }
    EXPECT_EQ(store::RunRepository(*m_db).get(run)->strategy, "import-t4");
}

TEST_F(T4Formats, MalformedFilesAreRefusedWithLineAndFieldAndTheStoreIsUnchanged) {
    expectRefused("{\n  \"schema_version\": \"1.0.0\",\n  \"results\": [\n}", "in.json:4: not JSON");
    expectRefused("{\"results\": []}", "/schema_version: missing");
    expectRefused("{\"schema_version\": \"2.0.0\", \"results\": []}", "version 2.0.0");
    const std::string head = "{\n  \"schema_version\": \"1.0.0\",\n  \"results\": [\n";
    const std::string good =
        "    {\"configuration\": {\"DOT_WG\": 64, \"DOT_WPT\": 2}, \"times\": {\"runtimes\": [1.0]},\n"
        "     \"invalidity\": \"correct\", \"correctness\": 1},\n";
    expectRefused(head + good +
                      "    {\"configuration\": {\"DOT_WG\": 64}, \"times\": {},\n     \"invalidity\": "
                      "\"correct\", \"correctness\": 1}\n  ]\n}",
                  "in.json:6: /results/1/configuration: parameter DOT_WPT is missing");
    expectRefused(head + good +
                      "    {\"configuration\": {\"DOT_WG\": 64, \"DOT_WPT\": 2, \"X\": 1}, \"times\": {},\n"
                      "     \"invalidity\": \"correct\", \"correctness\": 1}\n  ]\n}",
                  "in.json:6: /results/1/configuration/X: 'X' is not a parameter of sdot");
    expectRefused(head + good +
                      "    {\"configuration\": {\"DOT_WG\": 64, \"DOT_WPT\": 4}, \"times\": {},\n"
                      "     \"invalidity\": \"broken\", \"correctness\": 1}\n  ]\n}",
                  "in.json:7: /results/1/invalidity: \"broken\" is none of");
    expectRefused(head + good +
                      "    {\"configuration\": {\"DOT_WG\": 64, \"DOT_WPT\": 4},\n"
                      "     \"times\": {\"runtimes\": [1, -2]}, \"invalidity\": \"correct\", \"correctness\": 1}"
                      "\n  ]\n}",
                  "in.json:7: /results/1/times/runtimes/1: not a positive number");
    expectRefused(head + good +
                      "    {\"configuration\": {\"DOT_WG\": 64, \"DOT_WPT\": 4}, \"times\": {},\n"
                      "     \"correctness\": 1}\n  ]\n}",
                  "in.json:6: /results/1: missing required field \"invalidity\"");
    expectRefused(head + good + good.substr(0, good.size() - 2) + "\n  ]\n}", "the same configuration twice");
    expectRefused(head + "    {\"configuration\": {\"DOT_WG\": 63, \"DOT_WPT\": 2}, \"times\": {\"runtimes\": [1]},\n"
                         "     \"invalidity\": \"correct\", \"correctness\": 1}\n  ]\n}",
                  "in.json:4: /results/0/configuration:");
}

TEST_F(T4Formats, TheCliWritesEveryFormatAndRefusesAMalformedImport) {
    test::Scratch scratch;
    const std::string common = "--db '" + dbPath().string() + "' --device '" + m_device.stableId() + "' --family sdot";
    auto r = scratch.ktune("measurements " + common + " --out m.csv");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_EQ(scratch.read("m.csv"), exporter::measurementsCsv(rows()));
    r = scratch.ktune("measurements " + common + " --format json", "m.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_EQ(nlohmann::json::parse(scratch.read("m.json")), exporter::measurementsJson(rows()));
    r = scratch.ktune("measurements " + common + " --format t4");
    EXPECT_EQ(r.rc, 2) << r.output; // T4 describes one size
    r = scratch.ktune("measurements " + common + " --format t4 --size 1048576 --out t4.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    std::string t4 = scratch.read("t4.json");
    const auto at = t4.find("\"correct\"");
    ASSERT_NE(at, std::string::npos);
    std::string bad = t4;
    bad.replace(at, 9, "\"wrong!\"");
    scratch.write("bad.json", bad);
    const auto before = measurementCount();
    r = scratch.ktune("import " + common + " --t4 bad.json");
    EXPECT_EQ(r.rc, 2) << r.output;
    EXPECT_NE(r.output.find("bad.json:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("/invalidity: \"wrong!\" is none of"), std::string::npos) << r.output;
    EXPECT_EQ(measurementCount(), before);
    r = scratch.ktune("import " + common + " --t4 t4.json");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("imported 3 results as run 2"), std::string::npos) << r.output;
    EXPECT_EQ(measurementCount(), before + 3);
}

TEST(JsonLines, PointersMapToTheLinesWhereValuesStart) {
    const auto lines = exporter::jsonValueLines("{\n \"a\": [1,\n  {\"b/c\": 2}],\n \"d\": \"x\\ny\"\n}");
    EXPECT_EQ(lines.at(""), 1);
    EXPECT_EQ(lines.at("/a"), 2);
    EXPECT_EQ(lines.at("/a/0"), 2);
    EXPECT_EQ(lines.at("/a/1/b~1c"), 3);
    EXPECT_EQ(lines.at("/d"), 4);
}

} // namespace
} // namespace kt
