// Recording of the made-up demo runs (see demo_run.hpp).
#include "app/gui/demo/demo_run.hpp"

#include <nlohmann/json.hpp>

#include "core/store/store.hpp"

namespace kt::gui {

DeviceInfo demoGpu(const std::string& name) {
    DeviceInfo d;
    d.backend = BackendKind::OpenCL;
    d.type = DeviceType::Gpu;
    d.platform = "Demo platform";
    d.vendor = "KernelTune";
    d.name = name;
    d.driverVersion = "1.0";
    d.runtimeVersion = "OpenCL 3.0";
    d.computeUnits = 32;
    d.clockMHz = 1500;
    d.globalMemBytes = 8ull << 30;
    d.localMemBytes = 64 << 10;
    d.maxAllocBytes = 2ull << 30;
    d.maxWorkGroupSize = 1024;
    d.maxWorkItemSizes = {1024, 1024, 64};
    d.fp64 = true;
    return d;
}

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
