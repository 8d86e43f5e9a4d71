// A store with one device for export tests without a device: measurements stored per family, GEMM's seed points.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/engine/family.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"
#include "tests/core/store/store_test_support.hpp"

namespace kt {

class ExportModel : public store::test::TempDir {
protected:
    void SetUp() override {
        TempDir::SetUp();
        kernels::registerBuiltinFamilies();
        m_device = store::test::sampleDevice();
        m_db = std::make_unique<store::Database>(store::Database::open(dbPath()));
        store::DeviceRepository(*m_db).upsert(m_device);
    }
    // Stores `value` for point at size in a run of `family`.
    void measure(const std::string& family, const std::string& point, const ProblemSize& size, double value,
                 MeasurementStatus status = MeasurementStatus::Ok) {
        auto& run = m_runs[family];
        if (!run) {
            store::NewRun r;
            r.deviceId = m_device.stableId(), r.family = family, r.strategy = "test";
            run = store::RunRepository(*m_db).create(r);
        }
        Measurement m;
        m.pointKey = point, m.size = size, m.value = value, m.status = status, m.medianMs = 1;
        store::MeasurementRepository(*m_db).insert(run, m);
    }
    std::vector<std::string> gemmPoints() const {
        std::vector<std::string> keys;
        for (const auto& p : FamilyRegistry::instance().find("sgemm")->seedPoints(m_device)) keys.push_back(p.key());
        return keys;
    }

    DeviceInfo m_device;
    std::unique_ptr<store::Database> m_db;
    std::map<std::string, std::int64_t> m_runs;
};

} // namespace kt
