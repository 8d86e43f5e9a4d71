// `ktune tune` end to end on PoCL: a run completes and stores every evaluation, a second run reuses them, budgets are
// exact, failing candidates (wrong, non-compiling, hanging, crashing) are recorded while the run goes on, bad
// arguments exit 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "tune_helpers.hpp"

namespace kt::test {
namespace {

class TuneCli : public ::testing::Test {
protected:
    void SetUp() override {
        m_db = m_scratch.path("store.sqlite");
        const auto devices = m_scratch.ktune("devices --json");
        if (devices.output.find("\"cpu\"") == std::string::npos) GTEST_SKIP() << "no OpenCL CPU device";
        m_space = m_scratch.write("space.json", kSmallTransposeSpace);
    }
    CliResult tune(const std::string& args) { return m_scratch.ktune("tune --db '" + m_db + "' --device cpu " + args); }

    Scratch m_scratch;
    std::string m_db, m_space;
};

TEST_F(TuneCli, ExhaustiveRunCompletesStoresEverythingAndASecondRunMeasuresNothing) {
    auto first = tune("--family transpose --space '" + m_space + "' --strategy exhaustive --sizes 64,96");
    ASSERT_EQ(first.rc, 0) << first.output;
    auto rows = storedMeasurements(m_db, 1);
    EXPECT_EQ(rows.size(), 16u); // 8 valid points × 2 sizes
    for (const auto& r : rows) EXPECT_EQ(r.measurement.status, MeasurementStatus::Ok) << r.measurement.error;
    EXPECT_EQ(storedRun(m_db, 1)->status, RunStatus::Completed);
    EXPECT_NE(first.output.find("16 measured now"), std::string::npos) << first.output;

    auto second = tune("--family transpose --space '" + m_space + "' --strategy exhaustive --sizes 64,96");
    ASSERT_EQ(second.rc, 0) << second.output;
    EXPECT_NE(second.output.find("0 measured now, 16 reused"), std::string::npos) << second.output;
    EXPECT_EQ(storedMeasurements(m_db, 2).size(), 16u); // run 2 holds copies, measured once
}

TEST_F(TuneCli, EvaluationBudgetIsExact) {
    auto r = tune("--family transpose --space '" + m_space + "' --strategy random --sizes 64,96 --budget-evals 5");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_EQ(storedMeasurements(m_db, 1).size(), 5u);
}

TEST_F(TuneCli, FailingCandidatesAreRecordedAndTheRunGoesOn) {
    const auto space = m_scratch.write("selftest.json", R"({"parameters": [
        {"name": "SELFTEST_MODE", "values": [0, 1, 2, 3, 4]}, {"name": "SELFTEST_WG", "values": [32]}]})");
    auto r = tune("--family selftest --space '" + space + "' --strategy exhaustive --sizes 256 --timeout 3");
    ASSERT_EQ(r.rc, 0) << r.output;
    std::map<std::string, MeasurementStatus> byMode;
    for (const auto& m : storedMeasurements(m_db, 1)) byMode[m.measurement.pointKey.substr(0, 15)] = m.measurement.status;
    ASSERT_EQ(byMode.size(), 5u) << r.output;
    EXPECT_EQ(byMode["SELFTEST_MODE=0"], MeasurementStatus::Ok);
    EXPECT_EQ(byMode["SELFTEST_MODE=1"], MeasurementStatus::WrongResult);
    EXPECT_EQ(byMode["SELFTEST_MODE=2"], MeasurementStatus::CompileError);
    EXPECT_EQ(byMode["SELFTEST_MODE=3"], MeasurementStatus::Timeout);
    EXPECT_EQ(byMode["SELFTEST_MODE=4"], MeasurementStatus::WorkerCrash);
}

// A BLAS3 routine's warm start measures the DGEMM winner stored for the device first (Family::seedFamilies).
TEST_F(TuneCli, WarmStartOfARoutineMeasuresTheStoredGemmWinnerFirst) {
    // Two small TN kernels, named by the parameters every stored key has (the newer ones take their absent values).
    const auto space = m_scratch.write("dgemm.json", R"({"parameters": [
        {"name": "GEMM_ML", "values": [16]}, {"name": "GEMM_NL", "values": [8, 16]}, {"name": "GEMM_KL", "values": [4]},
        {"name": "GEMM_MS", "values": [2]}, {"name": "GEMM_NS", "values": [2]}, {"name": "GEMM_KS", "values": [2]},
        {"name": "GEMM_VW", "values": [1]}, {"name": "GEMM_LOCAL_A", "values": [0]},
        {"name": "GEMM_LOCAL_B", "values": [1]}, {"name": "GEMM_IMAGE_A", "values": [0]},
        {"name": "GEMM_IMAGE_B", "values": [0]}, {"name": "GEMM_LAYOUT_A", "values": [1]},
        {"name": "GEMM_LAYOUT_B", "values": [2]}, {"name": "GEMM_PREFETCH", "values": [0]}]})");
    auto gemm = tune("--family dgemm --space '" + space + "' --strategy exhaustive --sizes 32");
    ASSERT_EQ(gemm.rc, 0) << gemm.output;
    const auto gemmRows = storedMeasurements(m_db, 1);
    ASSERT_EQ(gemmRows.size(), 2u);
    const auto best = std::max_element(gemmRows.begin(), gemmRows.end(), [](const auto& a, const auto& b) {
        return a.measurement.value < b.measurement.value;
    });
    ASSERT_EQ(best->measurement.status, MeasurementStatus::Ok) << best->measurement.error;

    auto routine = tune("--family dsyrk --warm-start --strategy random --budget-evals 1 --sizes 40x24");
    ASSERT_EQ(routine.rc, 0) << routine.output;
    const auto rows = storedMeasurements(m_db, 2);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].measurement.pointKey.rfind(best->measurement.pointKey + ",GEMM_MAXREGS=0,GEMM_KSPLIT=1", 0), 0u)
        << rows[0].measurement.pointKey;
    EXPECT_EQ(rows[0].measurement.status, MeasurementStatus::Ok) << rows[0].measurement.error;
    const std::string note = "warm start: seed " + best->measurement.pointKey + " (the stored dgemm best at 32x32x32)";
    EXPECT_NE(routine.output.find(note), std::string::npos) << routine.output;
}

TEST_F(TuneCli, BadArgumentsExitWithTwoAndAMessage) {
    struct Case {
        std::string args, message;
    };
    const std::vector<Case> cases = {
        {"--family nosuch", "unknown family 'nosuch'"},
        {"--family transpose --strategy nosuch", "nosuch"},
        {"--family transpose --sizes 64,x", "--sizes"},
        {"--family transpose --sizes 0", "positive"},
        {"--family transpose --budget-evals 0", "--budget-evals"},
        {"--family transpose --budget-time soon", "--budget-time"},
        {"--family transpose --bogus", "unknown option --bogus"},
        {"--family transpose --space '" + m_scratch.write("bad.json", "{\n  \"parameters\": [\n    {\"name\": 3}\n]}") + "'",
         "parameters[0]"},
        {"--family transpose --space '" + m_scratch.write("broken.json", "{\n\"parameters\": [\n") + "'", ":3"},
    };
    for (const auto& c : cases) {
        auto r = tune(c.args);
        EXPECT_EQ(r.rc, 2) << c.args << "\n" << r.output;
        EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << "\n" << r.output;
    }
    auto noDevice = m_scratch.ktune("tune --db '" + m_db + "' --family transpose");
    EXPECT_EQ(noDevice.rc, 2) << noDevice.output;
    EXPECT_NE(noDevice.output.find("--device"), std::string::npos) << noDevice.output;
}

} // namespace
} // namespace kt::test
