// The fault matrix (issue 16, item 2) through the selftest family on PoCL: one candidate per fault, measured by
// `ktune tune` in isolated workers. For each fault the run finishes, the candidate is stored with the right status
// and a message, the candidates after it are measured, and the CLI exits normally. docs/reliability.md has the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "tune_helpers.hpp"

namespace kt::test {
namespace {

TEST(FaultMatrix, EveryFaultIsRecordedAndTheRunGoesOn) {
    Scratch scratch;
    if (scratch.ktune("devices --json").output.find("\"cpu\"") == std::string::npos) GTEST_SKIP() << "no OpenCL CPU device";
    const std::string db = scratch.path("store.sqlite");
    // Modes in this order: every fault is measured before the correct candidate (mode 0), which must still be
    // measured. SELFTEST_WG 8192 is more work-items than the device allows in one group.
    const auto space = scratch.write("faults.json", R"({"family": "selftest", "parameters": [
        {"name": "SELFTEST_MODE", "values": [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]},
        {"name": "SELFTEST_WG", "values": [32, 8192]}]})");
    auto r = scratch.ktune("tune --db '" + db + "' --device cpu --family selftest --space '" + space +
                           "' --strategy exhaustive --sizes 256 --timeout 3 --runs 2");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Completed);
    std::map<std::string, store::StoredMeasurement> byKey;
    for (const auto& m : storedMeasurements(db, 1)) byKey.emplace(m.measurement.pointKey, m);
    ASSERT_EQ(byKey.size(), 20u) << r.output;
    const auto at = [&](int mode, int wg) -> const Measurement& {
        return byKey.at("SELFTEST_MODE=" + std::to_string(mode) + ",SELFTEST_WG=" + std::to_string(wg)).measurement;
    };
    struct Expected {
        int mode;
        std::vector<MeasurementStatus> statuses; // any is right (compile, launch or crash: the device decides)
        std::string message;                     // part of the stored error text
    };
    const std::vector<Expected> expected = {
        {0, {MeasurementStatus::Ok}, ""},
        {1, {MeasurementStatus::WrongResult}, "expected"},
        {2, {MeasurementStatus::CompileError}, "error"},
        {3, {MeasurementStatus::Timeout}, ""},
        {4, {MeasurementStatus::WorkerCrash}, ""},
        {5, {MeasurementStatus::WrongResult}, "nan"},
        {6, {MeasurementStatus::WrongResult}, "inf"},
        {7, {MeasurementStatus::WrongResult}, "wrote past the end of y"},
        // PoCL aborts its process on the local-memory request: the isolated worker dies and says so.
        {8, {MeasurementStatus::CompileError, MeasurementStatus::LaunchError, MeasurementStatus::WorkerCrash}, ""},
        {9, {MeasurementStatus::LaunchError}, ""},
    };
    for (const auto& e : expected) {
        const Measurement& m = at(e.mode, 32);
        EXPECT_NE(std::find(e.statuses.begin(), e.statuses.end(), m.status), e.statuses.end())
            << "mode " << e.mode << ": " << toString(m.status) << " " << m.error;
        if (e.mode != 0) {
            EXPECT_FALSE(m.error.empty()) << "mode " << e.mode << " stored no message";
        }
        EXPECT_NE(m.error.find(e.message), std::string::npos) << "mode " << e.mode << ": " << m.error;
    }
    // Too many work-items in a group: refused at launch, never run.
    EXPECT_EQ(at(0, 8192).status, MeasurementStatus::LaunchError) << at(0, 8192).error;
    // NaN and Inf outputs are stored as wrong with an infinite error, not lost.
    EXPECT_TRUE(std::isinf(at(5, 32).maxError)) << at(5, 32).maxError;
    // The correct candidate came last and was measured with its timings.
    EXPECT_EQ(at(0, 32).timesMs.size(), 2u);
    EXPECT_GT(at(0, 32).value, 0);
}

} // namespace
} // namespace kt::test
