// The dot family (kernels/dot: one folder, one registration line, two kernels) through every generic path on PoCL:
// every parameter value verified, a whole `ktune tune` run stored, and the library bench beside a fake vendor peer
// (one that computes the dot on the host, and one that computes it wrongly).
#include <gtest/gtest.h>

#include <cmath>

#include "app/bench/bench_runner.hpp"
#include "core/engine/candidate_measurer.hpp"
#include "core/engine/plan_run.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"
#include "tests/cli_fit/cli_helper.hpp"
#include "tests/kernels/dot/fake_dot_peer.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using kt::test::FakeDotPeer;

namespace {

std::shared_ptr<const Family> family(const std::string& name) {
    kernels::registerBuiltinFamilies();
    auto f = FamilyRegistry::instance().find(name);
    EXPECT_TRUE(f) << name << " is not registered";
    return f;
}

} // namespace

TEST(DotFamily, EveryParameterValueIsVerifiedOnPocl) {
    auto device = test::openPoclDevice();
    if (!device) GTEST_SKIP() << "no PoCL device";
    for (const char* name : {"sdot", "ddot"}) {
        auto f = family(name);
        ASSERT_TRUE(f);
        const auto space = f->space(device->info());
        CandidateMeasurer measurer(*device, f);
        MeasureOptions o;
        o.timedRuns = 2;
        std::size_t measured = 0;
        std::vector<Point> points;
        space.forEachValid([&](const Point& p) {
            points.push_back(p);
            return true;
        });
        for (const auto& point : points) {
            // Ragged sizes: a single element, one short of a group's share, several groups and a remainder.
            for (const auto& m : measurer.measure(point, {{{1}}, {{1023}}, {{100003}}}, o)) {
                EXPECT_EQ(m.status, MeasurementStatus::Ok) << name << " " << point.key() << " at " << m.size.label()
                                                           << ": " << m.error;
                ++measured;
            }
        }
        EXPECT_EQ(measured, 3u * 25u) << "every DOT_WG and DOT_WPT value on PoCL";
    }
}

TEST(DotFamily, AWrongKernelIsCaught) {
    auto device = test::openPoclDevice();
    if (!device) GTEST_SKIP() << "no PoCL device";
    // A plan whose final kernel adds half the partial sums only: the host check must refuse it.
    auto f = family("sdot");
    const Point point = f->space(device->info()).pointFromKey("DOT_WG=64,DOT_WPT=2");
    auto plan = *f->plan(point, device->info());
    plan.launches[1].args[0] = PlanArg::integer("groups / 2");
    ProgramCache programs(*device);
    PlanRun run(*device, *f, programs, plan);
    run.prepare({{5000}}, 7);
    run.run();
    const auto v = run.verify();
    EXPECT_FALSE(v.ok);
    EXPECT_NE(v.message.find("expected"), std::string::npos) << v.message;
}

TEST(DotFamily, TunedByTheCliAndStored) {
    test::Scratch scratch;
    const auto devices = scratch.ktune("devices --json");
    if (devices.rc != 0 || devices.output.find("\"cpu\"") == std::string::npos)
        GTEST_SKIP() << "no OpenCL CPU device";
    const std::string db = scratch.path("dot.sqlite");
    const auto r = scratch.ktune("tune --db '" + db + "' --device cpu --family sdot --strategy exhaustive --sizes 65536");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("run completed: 25 evaluations"), std::string::npos) << r.output;
    auto database = store::Database::open(db);
    store::MeasurementRepository measurements(database);
    const auto rows = measurements.byRun(1);
    ASSERT_EQ(rows.size(), 25u);
    for (const auto& m : rows) {
        EXPECT_EQ(m.measurement.status, MeasurementStatus::Ok) << m.measurement.pointKey << ": " << m.measurement.error;
        EXPECT_GT(m.measurement.value, 0.0);
    }
}

TEST(DotFamily, BenchedBesideAFakePeerThatIsCheckedToo) {
    auto device = test::openPoclDevice();
    if (!device) GTEST_SKIP() << "no PoCL device";
    auto f = family("ddot");
    const Point point = f->space(device->info()).pointFromKey("DOT_WG=128,DOT_WPT=4");
    bench::Candidate c{point.key(), point, "point"};
    std::vector<bench::PlanEntry> plan{{{{1000}}, {c}}, {{{65537}}, {c}}};
    // Counted outside the peer: the bench destroys its peer before it returns (reading a pointer to the peer here
    // was a use after free, found by UBSan's vptr check).
    int peerCalls = 0;
    bench::Options o;
    o.timedRuns = 3;
    o.verify = true;
    o.makePeer = [&](Device& d, const devices::vendor::PeerOptions&, std::string*) {
        return std::make_unique<FakeDotPeer>(d, false, &peerCalls);
    };
    const auto result = bench::runBench(*device, f, plan, o);
    EXPECT_EQ(result.peerName, "FakeBLAS");
    EXPECT_EQ(result.metric, "GB/s");
    ASSERT_EQ(result.rows.size(), 2u);
    for (const auto& row : result.rows) {
        SCOPED_TRACE(row.size.label());
        ASSERT_TRUE(row.ours.measured()) << row.ours.error;
        ASSERT_TRUE(row.peer.measured()) << row.peer.error;
        // The fake reports 0.25 ms: its figure is the family's bytes over that time.
        EXPECT_NEAR(*row.peer.value, f->work(row.size) / 0.25e6, 1e-9 * *row.peer.value);
        EXPECT_EQ(row.verified, std::optional<bool>(true)) << row.verifyMessage;
    }
    EXPECT_EQ(peerCalls, 2 * (1 + 3 + 1)); // per size: warm-up, timed runs, the check

    // A peer whose result is wrong gets no figure to compare with, and says why.
    o.makePeer = [&](Device& d, const devices::vendor::PeerOptions&, std::string*) {
        return std::make_unique<FakeDotPeer>(d, true);
    };
    const auto wrong = bench::runBench(*device, f, {plan[0]}, o);
    ASSERT_EQ(wrong.rows.size(), 1u);
    EXPECT_FALSE(wrong.rows[0].peer.measured());
    EXPECT_NE(wrong.rows[0].peer.error.find("differs from the reference"), std::string::npos)
        << wrong.rows[0].peer.error;
    EXPECT_TRUE(wrong.rows[0].ours.measured());
}
