// Round trips of the device, fit, rule, export and peer repositories.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/export_repository.hpp"
#include "core/store/fit_repository.hpp"
#include "core/store/lookup.hpp"
#include "core/store/peer_repository.hpp"
#include "core/store/rule_repository.hpp"
#include "core/store/store.hpp" // the umbrella header compiles on its own
#include "core/store/store_error.hpp"
#include "store_test_support.hpp"

namespace kt::store {
namespace {

using RepositoryTest = test::TempDir;
using test::sampleDevice;

TEST_F(RepositoryTest, DeviceRoundTripAndUpsert) {
    auto db = Database::open(dbPath());
    DeviceRepository devices(db);
    DeviceInfo cuda = sampleDevice("H200");
    cuda.backend = BackendKind::Cuda;
    cuda.computeCapabilityMajor = 9;
    cuda.computeCapabilityMinor = 0;
    const auto row = devices.upsert(cuda);
    const auto stored = devices.get(cuda.stableId());
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->rowId, row);
    EXPECT_EQ(nlohmann::json(stored->info), nlohmann::json(cuda)); // every field survives
    EXPECT_FALSE(stored->info.profile);
    EXPECT_EQ(stored->firstSeen, stored->lastSeen);

    // A second upsert refreshes the description and last_seen but keeps the row and first_seen.
    DeviceInfo updated = cuda;
    updated.driverVersion = "560.2";
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(devices.upsert(updated), row);
    const auto again = devices.get(cuda.stableId());
    EXPECT_EQ(again->info.driverVersion, "560.2");
    EXPECT_EQ(again->firstSeen, stored->firstSeen);
    EXPECT_GT(again->lastSeen, stored->lastSeen);

    devices.upsert(sampleDevice("Another GPU", 1));
    const auto all = devices.list();
    ASSERT_EQ(all.size(), 2u);
    EXPECT_LT(all[0].info.stableId(), all[1].info.stableId());
    EXPECT_FALSE(devices.get("opencl:nobody:nothing:0"));
}

TEST_F(RepositoryTest, DeviceProfilesKeepHistory) {
    auto db = Database::open(dbPath());
    DeviceRepository devices(db);
    DeviceInfo d = sampleDevice();
    EXPECT_THROW(devices.addProfile(d.stableId(), {}), StoreError) << "profile of an unknown device";
    d.profile = DeviceProfile{1200.5, 51000, 25000, "2026-01-01T00:00:00.000Z"};
    devices.upsert(d);
    devices.upsert(d); // same measuredAt: not duplicated
    devices.addProfile(d.stableId(), DeviceProfile{1300, 52000, 26000, "2026-02-01T00:00:00.000Z"});
    const auto history = devices.profileHistory(d.stableId());
    ASSERT_EQ(history.size(), 2u);
    EXPECT_DOUBLE_EQ(history[0].copyBandwidthGBs, 1200.5);
    EXPECT_DOUBLE_EQ(history[1].fp64PeakGFlops, 26000);
    const auto latest = devices.latestProfile(d.stableId());
    ASSERT_TRUE(latest);
    EXPECT_EQ(latest->measuredAt, "2026-02-01T00:00:00.000Z");
    EXPECT_DOUBLE_EQ(devices.get(d.stableId())->info.profile->fp32PeakGFlops, 52000);
    // An unmeasured time becomes "now" rather than an empty string.
    devices.addProfile(d.stableId(), DeviceProfile{1, 2, 3, ""});
    EXPECT_GT(devices.latestProfile(d.stableId())->measuredAt, "2026-02-02");
}

TEST_F(RepositoryTest, FitRoundTrip) {
    auto db = Database::open(dbPath());
    const auto device = sampleDevice();
    DeviceRepository(db).upsert(device);
    FitRepository fits(db);
    FitRecord fit;
    fit.deviceId = device.stableId();
    fit.family = "gemm";
    fit.pointKey = "MWG=64,NWG=64,KWG=16";
    fit.alpha = 0.25;
    fit.grid = {{256, 256, 256}, {512, 512, 512}};
    fit.values = {1200.0, 2400.5};
    const auto id = fits.add(fit);
    const auto stored = fits.get(id);
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->pointKey, fit.pointKey);
    EXPECT_EQ(stored->method, "dspline");
    EXPECT_DOUBLE_EQ(stored->alpha, 0.25);
    EXPECT_EQ(stored->grid, fit.grid);
    EXPECT_EQ(stored->values, fit.values);
    FitRecord other = fit;
    other.pointKey = "MWG=32,NWG=32,KWG=8";
    fits.add(other);
    EXPECT_EQ(fits.list(device.stableId(), "gemm").size(), 2u);
    EXPECT_EQ(fits.list(device.stableId(), "gemm", fit.pointKey).size(), 1u);
    EXPECT_TRUE(fits.list(device.stableId(), "symv").empty());
    FitRecord unknownDevice = fit;
    unknownDevice.deviceId = "cuda:none:none:0";
    EXPECT_THROW(fits.add(unknownDevice), StoreError);
}

TEST_F(RepositoryTest, RuleRoundTripNewestWins) {
    auto db = Database::open(dbPath());
    const auto device = sampleDevice();
    DeviceRepository(db).upsert(device);
    RuleRepository rules(db);
    RuleRecord rule{0, device.stableId(), "gemm", 1, "default", {{"below", 512}, {"use", "MWG=32"}}, ""};
    const auto first = rules.add(rule);
    rule.rule = {{"below", 1024}, {"use", "MWG=64"}};
    const auto second = rules.add(rule);
    EXPECT_NE(first, second);
    const auto latest = rules.latest(device.stableId(), "gemm", "default");
    ASSERT_TRUE(latest);
    EXPECT_EQ(latest->id, second);
    EXPECT_EQ(latest->rule["below"], 1024);
    EXPECT_EQ(rules.get(first)->rule["use"], "MWG=32");
    EXPECT_EQ(rules.list().size(), 2u);
    EXPECT_EQ(rules.list(device.stableId(), std::string("symv")).size(), 0u);
    EXPECT_FALSE(rules.latest(device.stableId(), "gemm", "other"));
    RuleRecord unnamed = rule;
    unnamed.name.clear();
    EXPECT_THROW(rules.add(unnamed), StoreError);
}

TEST_F(RepositoryTest, ExportRoundTrip) {
    auto db = Database::open(dbPath());
    ExportRepository exports(db);
    const nlohmann::json manifest = {{"families", {"gemm", "symv"}}, {"devices", 2}};
    const auto id = exports.add("/out/tuned-2026", manifest);
    const auto stored = exports.get(id);
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->path, "/out/tuned-2026");
    EXPECT_EQ(stored->manifest, manifest);
    EXPECT_FALSE(stored->createdAt.empty());
    EXPECT_THROW(exports.add("", manifest), StoreError);
    EXPECT_FALSE(exports.get(id + 100));
}

TEST_F(RepositoryTest, PeerRoundTripSortedBySize) {
    auto db = Database::open(dbPath());
    const auto device = sampleDevice();
    DeviceRepository(db).upsert(device);
    PeerRepository peers(db);
    peers.add({0, device.stableId(), "clblast", "sgemm", {{1024, 1024, 1024}}, 9000, 0.24, ""});
    peers.add({0, device.stableId(), "clblast", "sgemm", {{256, 256, 256}}, 3000, 0.011, ""});
    peers.add({0, device.stableId(), "cublas", "sgemm", {{256, 256, 256}}, 4000, 0.008, ""});
    peers.add({0, device.stableId(), "cublas", "dgemm", {{256, 256, 256}}, 2000, 0.016, ""});
    const auto all = peers.list(device.stableId(), "sgemm");
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].size.label(), "256x256x256");
    EXPECT_EQ(all[0].peer, "clblast");
    EXPECT_EQ(all[1].peer, "cublas");
    EXPECT_EQ(all[2].size.dims, (std::vector<std::int64_t>{1024, 1024, 1024}));
    EXPECT_DOUBLE_EQ(all[2].value, 9000);
    EXPECT_DOUBLE_EQ(all[2].medianMs, 0.24);
    EXPECT_EQ(peers.list(device.stableId(), "sgemm", std::string("cublas")).size(), 1u);
    EXPECT_THROW(peers.add({0, device.stableId(), "", "sgemm", {{1}}, 1, 1, ""}), StoreError);
    EXPECT_EQ(peers.routines(device.stableId()), (std::vector<std::string>{"dgemm", "sgemm"}));
    EXPECT_TRUE(peers.routines("opencl:nobody:none").empty());
}

TEST(PointKeyTest, CanonicalKeysBecomeJsonObjects) {
    EXPECT_EQ(pointKeyToJson("MWG=64,NWG=32,VW=-1"), (nlohmann::json{{"MWG", 64}, {"NWG", 32}, {"VW", -1}}));
    EXPECT_EQ(pointKeyToJson(""), nlohmann::json::object());
    EXPECT_EQ(pointKeyToJson("LAYOUT=row"), (nlohmann::json{{"LAYOUT", "row"}}));
    EXPECT_THROW(pointKeyToJson("MWG64"), StoreError);
    EXPECT_THROW(pointKeyToJson("=4"), StoreError);
}

} // namespace
} // namespace kt::store
