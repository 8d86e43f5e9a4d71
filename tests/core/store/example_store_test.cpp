// The example store shipped in docs/examples (a real H100 tuning, issue 15): it opens with today's schema and holds
// what its README promises, so the workbench and the CLI can replay it.
#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "core/store/database.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"
#include "store_test_support.hpp"

namespace kt::store {
namespace {

class ExampleStore : public test::TempDir {};

TEST_F(ExampleStore, ShippedH100TuningOpensAndHoldsItsRun) {
    const std::filesystem::path shipped =
        std::filesystem::path(KT_SOURCE_DIR) / "docs/examples/h100-dgemm-direct-2026-11-25.sqlite";
    ASSERT_TRUE(std::filesystem::exists(shipped)) << shipped;
    // A copy: opening may migrate or write, the shipped file must stay as it is.
    std::filesystem::copy_file(shipped, dbPath());
    auto db = Database::open(dbPath().string());
    const auto runs = RunRepository(db).list();
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].family, "dgemm");
    EXPECT_EQ(runs[0].status, RunStatus::Completed);
    EXPECT_NE(runs[0].deviceId.find("h100"), std::string::npos) << runs[0].deviceId;
    const auto rows = MeasurementRepository(db).byRun(runs[0].id);
    EXPECT_EQ(rows.size(), 288u);
    std::size_t ok = 0;
    std::set<std::int64_t> sizes;
    for (const auto& row : rows) {
        const auto& m = row.measurement;
        if (m.status != MeasurementStatus::Ok) {
            EXPECT_FALSE(m.error.empty()) << m.pointKey; // every failure says why
            continue;
        }
        ++ok;
        EXPECT_GT(m.value, 100.0) << m.pointKey; // GFlop/s of a tensor-core DGEMM (128³ included), not a placeholder
        EXPECT_NE(m.pointKey.find("GEMM_DIRECT=1"), std::string::npos);
        sizes.insert(m.size.dims.front());
    }
    EXPECT_EQ(ok, 284u);
    // Both stages: every point at 1024 and 4096, the top 8 over the sweep 128…8192.
    EXPECT_EQ(sizes, (std::set<std::int64_t>{128, 256, 512, 1024, 1536, 2048, 3072, 4096, 6144, 8192}));
}

} // namespace
} // namespace kt::store
