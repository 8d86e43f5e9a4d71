// Demo store for screenshots and GUI tests: every valid transpose point of a made-up GPU at three sizes.
#include "app/gui/demo/tuning_run_demo.hpp"

#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "app/gui/demo/demo_run.hpp"
#include "core/engine/family.hpp"
#include "core/store/store.hpp"

namespace kt::gui {

namespace {

// One made-up device: every valid transpose point at three sizes, best near `bestTile` tiles.
DemoStore writeDemoDevice(const QString& path, const std::string& deviceName, double bandwidthGBs, double bestTile) {
    auto family = FamilyRegistry::instance().find("transpose");
    if (!family) throw std::runtime_error("the transpose family is not registered");
    DemoStore demo;
    DeviceInfo& d = demo.stored;
    d = demoGpu(deviceName);
    DeviceProfile profile;
    profile.copyBandwidthGBs = bandwidthGBs;
    profile.fp32PeakGFlops = 10000;
    profile.fp64PeakGFlops = 5000;
    profile.measuredAt = "2026-01-01T00:00:00Z";
    d.profile = profile;
    demo.simulated = d;
    demo.simulated.backend = BackendKind::Simulated;
    demo.simulated.platform = "Replay of " + d.label();
    demo.simulated.replayOf = d.stableId();

    auto db = store::Database::open(path.toStdString());
    const ParameterSpace space = family->space(d);
    const std::vector<ProblemSize> sizes{{{256}}, {{512}}, {{1024}}};
    const auto runId = createDemoRun(db, *family, d, sizes, "demo data (made up) for screenshots and GUI tests");
    store::RunRepository runs(db);
    store::MeasurementRepository measurements(db);
    store::Transaction tx(db);
    space.forEachValid([&](const Point& p) {
        ++demo.candidates;
        const double tile = static_cast<double>(p["TRA_TILE"]);
        const double wpt = static_cast<double>(p["TRA_WPT"]);
        const bool local = p["TRA_LOCAL"] != 0;
        const double pad = static_cast<double>(p["TRA_PAD"]);
        const bool fails = local && tile >= 64; // the made-up compiler runs out of local memory
        if (fails) ++demo.failing;
        // Made up: best near bestTile² tiles with 4 rows per work-item, staged in padded local memory.
        const double efficiency = 0.85 * std::exp(-std::pow(std::log2(tile / bestTile), 2) / 2.0) *
                                  std::exp(-std::pow(std::log2(wpt / 4.0), 2) / 6.0) *
                                  (local ? (pad > 0 ? 1.0 : 0.9) : 0.7);
        for (const auto& size : sizes) {
            Measurement m;
            m.pointKey = p.key();
            m.size = size;
            if (fails) {
                m.status = MeasurementStatus::CompileError;
                m.error =
                    "error: local memory use (" + std::to_string(static_cast<int>(tile * (tile + pad) * 4)) +
                    " bytes) exceeds the per-kernel limit (12288 bytes) of the demo compiler\n"
                    "note: in kernel 'transpose' declared here: KT_LOCAL real tile[TRA_TILE][TRA_TILE + TRA_PAD];\n"
                    "1 error generated.";
                measurements.insert(runId, m);
                continue;
            }
            const double n = static_cast<double>(size.dims.front());
            const double sizeFactor = n / (n + 200.0); // small sizes cannot hide launch overhead
            m.value = std::max(1.0, profile.copyBandwidthGBs * efficiency * sizeFactor);
            m.medianMs = family->work(size) / (m.value * 1e6);
            m.minMs = m.medianMs * 0.97;
            m.spreadMs = m.medianMs * 0.04;
            m.timesMs = {m.minMs, m.medianMs, m.medianMs * 1.02};
            measurements.insert(runId, m);
        }
        return true;
    });
    tx.commit();
    runs.updateStatus(runId, RunStatus::Completed);
    return demo;
}

} // namespace

DemoStore buildDemoStore(const QString& path, const std::string& deviceName) {
    return writeDemoDevice(path, deviceName, 400, 32);
}

DemoStore addComparisonDemo(const QString& path) {
    const DemoStore second = writeDemoDevice(path, "Demo GPU 2", 250, 16);
    auto family = FamilyRegistry::instance().find("transpose");
    auto db = store::Database::open(path.toStdString());
    store::PeerRepository peers(db);
    for (const auto& device : store::DeviceRepository(db).list()) {
        if (device.info.backend == BackendKind::Simulated || !device.info.profile) continue;
        // Made up: the vendor library reaches 75 % of the copy bandwidth, with the same launch overhead.
        for (const std::int64_t n : {256, 512, 1024}) {
            store::PeerMeasurement p;
            p.deviceId = device.info.stableId();
            p.peer = "clblast";
            p.routine = family->name();
            p.size = ProblemSize{{n}};
            p.value = device.info.profile->copyBandwidthGBs * 0.75 * double(n) / (double(n) + 200.0);
            p.medianMs = family->work(p.size) / (p.value * 1e6);
            peers.add(p);
        }
    }
    return second;
}

} // namespace kt::gui
