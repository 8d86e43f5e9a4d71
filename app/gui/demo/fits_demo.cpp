// Fits demo store: made-up saturation curves for five transpose candidates on the demo GPU.
#include "app/gui/demo/fits_demo.hpp"

#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "app/gui/demo/demo_run.hpp"
#include "core/engine/family.hpp"
#include "core/store/store.hpp"

namespace kt::gui {

namespace {
struct DemoCandidate {
    int tile, wpt, local, pad;
    double peakGBs;  // reached at large sizes
    double halfSize; // size at which half the peak is reached
};
// Small tiles win small sizes, large staged tiles win large ones; the last two are never best.
constexpr DemoCandidate kCandidates[] = {
    {8, 2, 1, 1, 220, 60}, {16, 4, 1, 1, 300, 400}, {32, 4, 1, 1, 390, 1000},
    {32, 8, 0, 0, 290, 900}, {16, 2, 0, 0, 230, 250},
};
} // namespace

void buildFitsDemoStore(const QString& path) {
    auto family = FamilyRegistry::instance().find("transpose");
    if (!family) throw std::runtime_error("the transpose family is not registered");
    const DeviceInfo d = demoGpu("Demo GPU");

    auto db = store::Database::open(path.toStdString());
    const ParameterSpace space = family->space(d);
    std::vector<ProblemSize> sizes;
    for (long long n = 256; n <= 4096; n += 256) sizes.push_back({{n}});
    const auto runId = createDemoRun(db, *family, d, sizes, "demo data (made up) for the Fits & Rules screenshot");
    store::RunRepository runs(db);
    store::MeasurementRepository measurements(db);
    store::Transaction tx(db);
    int found = 0;
    space.forEachValid([&](const Point& p) {
        for (std::size_t c = 0; c < std::size(kCandidates); ++c) {
            const DemoCandidate& k = kCandidates[c];
            if (p["TRA_TILE"] != k.tile || p["TRA_WPT"] != k.wpt || p["TRA_LOCAL"] != k.local || p["TRA_PAD"] != k.pad)
                continue;
            ++found;
            for (const auto& size : sizes) {
                const double n = static_cast<double>(size.dims.front());
                const double jitter = 1.0 + 0.04 * std::sin(0.0137 * n + 1.7 * static_cast<double>(c));
                Measurement m;
                m.pointKey = p.key();
                m.size = size;
                m.value = k.peakGBs * n / (n + k.halfSize) * jitter;
                m.medianMs = family->work(size) / (m.value * 1e6);
                m.minMs = m.medianMs * 0.98;
                m.spreadMs = m.medianMs * 0.03;
                m.timesMs = {m.minMs, m.medianMs, m.medianMs * 1.01};
                measurements.insert(runId, m);
            }
        }
        return true;
    });
    tx.commit();
    runs.updateStatus(runId, RunStatus::Completed);
    if (found != static_cast<int>(std::size(kCandidates)))
        throw std::runtime_error("the fits demo's candidates are not all valid transpose points");
}

} // namespace kt::gui
