// The fault matrix through the real families on PoCL (issue 16, item 2; docs/reliability.md): in each family the
// first candidates of an exhaustive `ktune tune` get one injected fault each (KT_FAULT_INJECTION, no kernel edited)
// and the last is left alone. Each fault must be stored with its status and message, the correct candidate after
// them measured, and ktune must exit normally.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>

#include "core/engine/family.hpp"
#include "devices/registry.hpp"
#include "kernels/builtin_families.hpp"
#include "tune_helpers.hpp"

namespace kt::test {
namespace {

struct FamilyCase {
    std::string family;
    std::string size;
    // In-process (`--no-isolation`): the faults a process survives, without those that kill it (PoCL aborts on the
    // local-memory request), to show the in-process path stores them the same way.
    bool isolated = true;
};

std::ostream& operator<<(std::ostream& os, const FamilyCase& c) {
    return os << c.family << (c.isolated ? "" : " in-process");
}

class FamilyFaults : public ::testing::TestWithParam<FamilyCase> {};

// The first `count` valid points of the family's space on the CPU device, in the order exhaustive search visits them.
std::vector<std::string> firstKeys(const Family& family, const DeviceInfo& device, std::size_t count) {
    std::vector<std::string> keys;
    family.space(device).forEachValid([&](const Point& p) {
        keys.push_back(p.key());
        return keys.size() < count;
    });
    return keys;
}

TEST_P(FamilyFaults, EveryInjectedFaultIsStoredAndTheCorrectCandidateIsMeasured) {
    const auto& c = GetParam();
    auto backend = devices::makeOpenCLBackend();
    std::optional<DeviceInfo> cpu;
    for (const auto& info : backend->enumerate())
        if (info.type == DeviceType::Cpu) cpu = info;
    if (!cpu) GTEST_SKIP() << "no OpenCL CPU device";
    kernels::registerBuiltinFamilies();
    auto family = FamilyRegistry::instance().find(c.family);
    ASSERT_TRUE(family) << c.family;

    struct Fault {
        std::string kind;
        MeasurementStatus status;
        std::string message; // part of the stored error
        // Any of these is right where the device decides (PoCL aborts its process on the local-memory request: the
        // isolated worker dies and says so; other devices refuse it when compiling or launching).
        std::vector<MeasurementStatus> alsoRight = {};
    };
    const std::vector<Fault> allFaults = {
        {"compile-error", MeasurementStatus::CompileError, "kt_injected_fault"},
        {"work-items", MeasurementStatus::LaunchError, "WORK_GROUP_SIZE"},
        {"write-after-end", MeasurementStatus::WrongResult, "wrote past the end of "},
        {"write-before-start", MeasurementStatus::WrongResult, "wrote before the start of "},
        {"wrong-result", MeasurementStatus::WrongResult, ""},
        {"local-memory", MeasurementStatus::CompileError, "",
         {MeasurementStatus::LaunchError, MeasurementStatus::WorkerCrash}},
        {"device-memory", MeasurementStatus::LaunchError, "kt_injected_device_memory"},
    };
    std::vector<Fault> faults;
    for (const auto& f : allFaults)
        if (c.isolated || f.kind != "local-memory") faults.push_back(f);
    const auto keys = firstKeys(*family, *cpu, faults.size() + 1);
    ASSERT_EQ(keys.size(), faults.size() + 1);
    std::string injection;
    for (std::size_t i = 0; i < faults.size(); ++i) injection += faults[i].kind + "@" + keys[i] + ";";

    Scratch scratch;
    const std::string db = scratch.path("store.sqlite");
    auto r = scratch.ktune("tune --db '" + db + "' --device cpu --family " + c.family +
                               " --strategy exhaustive --sizes " + c.size + (c.isolated ? "" : " --no-isolation") +
                               " --budget-evals " +
                               std::to_string(keys.size()) + " --timeout 60 --runs 2 --compile-threads 2",
                           "", "KT_FAULT_INJECTION='" + injection + "'");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_EQ(storedRun(db, 1)->status, RunStatus::Completed) << r.output;
    std::map<std::string, Measurement> byKey;
    for (const auto& m : storedMeasurements(db, 1)) byKey.emplace(m.measurement.pointKey, m.measurement);
    ASSERT_EQ(byKey.size(), keys.size()) << r.output;
    for (std::size_t i = 0; i < faults.size(); ++i) {
        ASSERT_TRUE(byKey.count(keys[i])) << keys[i];
        const Measurement& m = byKey.at(keys[i]);
        const auto& also = faults[i].alsoRight;
        if (std::find(also.begin(), also.end(), m.status) == also.end())
            EXPECT_EQ(m.status, faults[i].status) << faults[i].kind << ": " << toString(m.status) << " " << m.error;
        EXPECT_FALSE(m.error.empty()) << faults[i].kind;
        // The fault reached the device: the injection itself did not fail (e.g. on a kernel it could not find).
        EXPECT_EQ(m.error.find("fault injection"), std::string::npos) << faults[i].kind << ": " << m.error;
        EXPECT_NE(m.error.find(faults[i].message), std::string::npos) << faults[i].kind << ": " << m.error;
        EXPECT_TRUE(m.timesMs.empty()) << faults[i].kind << " was timed";
        // For the table in docs/reliability.md.
        std::cout << c.family << " | " << faults[i].kind << " | " << toString(m.status) << " | "
                  << m.error.substr(0, std::min(m.error.find('\n'), std::size_t(110))) << "\n";
    }
    const Measurement& good = byKey.at(keys.back());
    EXPECT_EQ(good.status, MeasurementStatus::Ok) << good.error;
    EXPECT_EQ(good.timesMs.size(), 2u);
    EXPECT_GT(good.value, 0);
}

INSTANTIATE_TEST_SUITE_P(RealFamilies, FamilyFaults,
                         ::testing::Values(FamilyCase{"sgemm", "64"}, FamilyCase{"transpose", "256"},
                                           FamilyCase{"sgemm_batched", "8x8x8x4"}, FamilyCase{"ssymv", "256"},
                                           FamilyCase{"sdot", "4096"}, FamilyCase{"sgemm_batched", "8x8x8x4", false},
                                           FamilyCase{"ssymv", "256", false}),
                         [](const auto& info) { return info.param.family + (info.param.isolated ? "" : "_in_process"); });

} // namespace
} // namespace kt::test
