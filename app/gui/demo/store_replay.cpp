// Finding and re-creating a stored tuning run for the simulated backend (see store_replay.hpp).
#include "app/gui/demo/store_replay.hpp"

#include <exception>

#include <nlohmann/json.hpp>

#include "core/engine/tuning_session.hpp"
#include "core/model/measurement_json.hpp"
#include "core/store/store.hpp"
#include "devices/simulated/simulated_backend.hpp"

namespace kt::gui {

namespace {
std::vector<ProblemSize> sizesOf(const nlohmann::json& sizes) {
    std::vector<ProblemSize> out;
    if (sizes.is_array())
        for (const auto& size : sizes) out.push_back(size.get<ProblemSize>());
    return out;
}
} // namespace

std::optional<StoreReplay> storeReplay(const QString& database, const QString& family, QString* error) {
    auto fail = [error](const QString& text) -> std::optional<StoreReplay> {
        if (error) *error = text;
        return std::nullopt;
    };
    try {
        auto db = store::Database::open(database.toStdString(), {store::OpenMode::ReadOnly});
        store::DeviceRepository storedDevices(db);
        store::MeasurementRepository measurements(db);
        store::RunFilter filter;
        filter.family = family.toStdString();
        const auto runs = store::RunRepository(db).list(filter); // newest first
        std::optional<store::RunRecord> chosen;
        std::size_t recorded = 0;
        for (const bool completedOnly : {true, false}) {
            for (const auto& run : runs) {
                if (completedOnly && run.status != RunStatus::Completed) continue;
                auto device = storedDevices.get(run.deviceId);
                if (!device || device->info.backend == BackendKind::Simulated) continue; // replay real runs only
                const std::size_t n = measurements.measuredKeys(run.id).size();
                if (n == 0) continue;
                chosen = run;
                recorded = n;
                break;
            }
            if (chosen) break;
        }
        if (!chosen)
            return fail(
                QStringLiteral("no run of %1 with measurements on a stored device in %2").arg(family, database));

        StoreReplay replay;
        replay.storedRunId = chosen->id;
        replay.measurements = recorded;
        RunRequest& r = replay.request;
        r.device = devices::simulatedTwin(storedDevices.get(chosen->deviceId)->info); // keeps the profile: the bound
        r.family = QString::fromStdString(chosen->family);
        r.strategy = QString::fromStdString(chosen->strategy);
        r.space = ParameterSpace::fromJson(chosen->space.dump(), "run " + std::to_string(chosen->id));
        r.sizes = sizesOf(chosen->sizes);
        r.database = database;
        // The settings TuningSession stores with a run, read as resume reads them, so the search takes the same path.
        TuningConfig settings;
        applyRunSettings(chosen->budget, settings);
        r.maxEvaluations = settings.budget.maxEvaluations;
        r.seed = settings.seed;
        r.warmStart = settings.warmStart;
        r.strategyOptions = settings.strategyOptions.values;
        r.sweep = settings.sweep;
        // Wall time is no budget for a replay (it takes none): a run that stopped on its time budget stops here
        // after as many evaluations as it recorded.
        if (r.maxEvaluations == 0 && settings.budget.maxWallSeconds > 0) r.maxEvaluations = recorded;
        r.maxSeconds = 0;
        return replay;
    } catch (const std::exception& e) {
        return fail(
            QStringLiteral("cannot replay %1 from %2: %3").arg(family, database, QString::fromStdString(e.what())));
    }
}

} // namespace kt::gui
