// A warm-start tune of DSYRK on PoCL starts from the DGEMM winners stored for the device (Blas3Family::seedFamilies,
// core/engine/stored_seeds): they are measured first, in order, as DSYRK candidates checked against OpenBLAS; a split-K
// winner (not a BLAS3 point) is skipped with a note and the run goes on; without a stored DGEMM run the papers' TN
// kernels come first as before.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "core/engine/executor.hpp"
#include "core/engine/tuning_session.hpp"
#include "core/store/database.hpp"
#include "core/store/measurement_repository.hpp"
#include "kernels/builtin_families.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "tests/kernels/gemm/test_device.hpp"
#include "tests/support/stored_run.hpp"

using namespace kt;
using namespace kt::gemm;

namespace {

class Notes final : public Observer {
public:
    void onNote(const std::string& text) override { lines.push_back(text); }
    bool mention(const std::string& a, const std::string& b) const {
        for (const auto& l : lines)
            if (l.find(a) != std::string::npos && l.find(b) != std::string::npos) return true;
        return false;
    }
    std::vector<std::string> lines;
};

class Blas3WarmStartPocl : public test::SharedDeviceTest<Blas3WarmStartPocl, test::openPoclDevice> {
protected:
    void SetUp() override {
        SharedDeviceTest::SetUp();
        if (IsSkipped()) return;
        kernels::registerBuiltinFamilies();
        m_db = std::filesystem::temp_directory_path() /
               ("kt_blas3_warm_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite");
        std::filesystem::remove(m_db);
    }
    void TearDown() override { std::filesystem::remove(m_db); }

    // Small double TN kernels PoCL builds quickly: 16 x 8 blocks (CBL A, RBL B) and 16 x 16 (both CBL).
    static GemmParams kernel(bool square) {
        GemmParams p;
        p.ml = 16, p.nl = square ? 16 : 8, p.kl = 4, p.ms = 2, p.ns = 2, p.ks = 2, p.vw = 1;
        p.localA = false, p.localB = true;
        p.layoutA = Layout::Cbl, p.layoutB = square ? Layout::Cbl : Layout::Rbl;
        p.precision = Precision::F64;
        return p;
    }

    // A completed dgemm run on the PoCL device with made-up values (the seeds follow the values, not the timings).
    void storeDgemmRun(const std::vector<test::StoredRow>& rows) {
        test::storeCompletedRun(store::Database::open(m_db), s_device->info(), "dgemm", rows,
                                FamilyRegistry::instance().find("dgemm")->version());
    }

    TuningOutcome tuneDsyrk(Observer& observer, std::uint64_t evaluations) {
        TuningConfig c;
        c.device = s_device->info();
        c.family = "dsyrk";
        c.strategy = "random";
        c.sizes = {{{40, 24}}};
        c.budget.maxEvaluations = evaluations;
        c.warmStart = true;
        c.database = m_db;
        c.makeExecutor = [](const DeviceInfo&, const std::string& family) {
            ExecutorConfig e;
            e.family = family;
            e.measure.timedRuns = 1;
            e.compileInProcesses = false;
            return makeInProcessExecutor(*s_device, FamilyRegistry::instance().find(family), e);
        };
        return TuningSession(c, &observer, nullptr).run();
    }

    std::vector<Measurement> measured(std::int64_t run) const {
        auto db = store::Database::open(m_db, {store::OpenMode::ReadOnly});
        std::vector<Measurement> out;
        for (auto& s : store::MeasurementRepository(db).byRun(run)) out.push_back(s.measurement);
        return out;
    }

    // A key as the dsyrk run stores it (its space's order and absent values).
    std::string dsyrkKey(const std::string& gemmKey) const {
        return FamilyRegistry::instance().find("dsyrk")->space(s_device->info()).pointFromKey(gemmKey).key();
    }

    std::filesystem::path m_db;
};

} // namespace

TEST_F(Blas3WarmStartPocl, StoredDgemmWinnersAreMeasuredFirstAndSplitKIsSkipped) {
    GemmParams split = kernel(false);
    split.ksplit = 2;
    const std::string splitKey = pointFromParams(split).key();
    const std::string nearKey = pointFromParams(kernel(false)).key();
    // An older store's key: the parameters added since (from GEMM_MAXREGS on) left out, so they take their absent
    // values.
    std::string farKey = pointFromParams(kernel(true)).key();
    farKey = farKey.substr(0, farKey.find(",GEMM_MAXREGS="));
    ASSERT_NE(farKey.find("GEMM_PREFETCH="), std::string::npos) << farKey;
    // Nearest to 40 x 24 is 32³: its best is split-K, its next the 16 x 8 kernel; then 512³'s best, the 16 x 16 one.
    storeDgemmRun({{splitKey, {{32, 32, 32}}, 300}, {nearKey, {{32, 32, 32}}, 200}, {farKey, {{512, 512, 512}}, 100}});

    Notes notes;
    const auto outcome = tuneDsyrk(notes, 3);
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.message;
    const auto rows = measured(outcome.runId);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].pointKey, dsyrkKey(nearKey));
    EXPECT_EQ(rows[1].pointKey, dsyrkKey(farKey));
    for (const auto& m : rows) EXPECT_EQ(m.status, MeasurementStatus::Ok) << m.pointKey << ": " << m.error;
    for (const auto& m : rows) EXPECT_NE(m.pointKey.find("GEMM_KSPLIT=1"), std::string::npos) << m.pointKey;
    EXPECT_TRUE(notes.mention("skipped the stored dgemm point " + splitKey, "GEMM_KSPLIT must be 1"));
    EXPECT_TRUE(notes.mention("2 seeds", "dgemm"));
}

TEST_F(Blas3WarmStartPocl, WithoutAStoredDgemmRunThePapersKernelsComeFirst) {
    Notes notes;
    const auto outcome = tuneDsyrk(notes, 1);
    ASSERT_EQ(outcome.status, RunStatus::Completed) << outcome.message;
    const auto rows = measured(outcome.runId);
    ASSERT_EQ(rows.size(), 1u);
    const auto family = FamilyRegistry::instance().find("dsyrk");
    const auto space = family->space(s_device->info());
    std::string firstSeed;
    for (const auto& p : family->seedPoints(s_device->info())) {
        try {
            const Point q = space.pointFromKey(p.key());
            if (space.isValid(q)) {
                firstSeed = q.key();
                break;
            }
        } catch (const std::exception&) {
        }
    }
    ASSERT_FALSE(firstSeed.empty()) << "no paper kernel is a valid dsyrk point on " << s_device->info().label();
    EXPECT_EQ(rows[0].pointKey, firstSeed);
    EXPECT_EQ(rows[0].status, MeasurementStatus::Ok) << rows[0].error;
    EXPECT_TRUE(notes.mention("no stored dgemm measurements", "this device"));
}
