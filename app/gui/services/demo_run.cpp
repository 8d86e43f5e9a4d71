// Recording of the made-up demo runs (see demo_run.hpp).
#include "app/gui/services/demo_run.hpp"

#include <nlohmann/json.hpp>

#include "core/store/store.hpp"

namespace kt::gui {

std::int64_t createDemoRun(store::Database& db, const Family& family, const DeviceInfo& device,
                           const std::vector<ProblemSize>& sizes, const std::string& notes) {
    store::DeviceRepository(db).upsert(device);
    store::NewRun run;
    run.deviceId = device.stableId();
    run.family = family.name();
    run.familyVersion = family.version();
    run.strategy = "exhaustive";
    run.space = nlohmann::json::parse(family.space(device).toJson());
    for (const auto& s : sizes) run.sizes.push_back(s.dims);
    run.notes = notes;
    return store::RunRepository(db).create(run);
}

} // namespace kt::gui
