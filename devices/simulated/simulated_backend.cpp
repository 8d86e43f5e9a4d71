// Simulated backend and replay executor over the store.
#include "devices/simulated/simulated_backend.hpp"

#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/model/measurement_json.hpp"
#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"

namespace kt::devices {

namespace {
constexpr const char* kPrefix = "simulated:";

class SimulatedBackend final : public Backend {
public:
    explicit SimulatedBackend(std::filesystem::path database) : m_database(std::move(database)) {}
    BackendKind kind() const override { return BackendKind::Simulated; }

    std::string unavailableReason() const override {
        if (!std::filesystem::exists(m_database)) return "no store at " + m_database.string() + " to replay";
        return {};
    }

    std::vector<DeviceInfo> enumerate() const override {
        std::vector<DeviceInfo> out;
        try {
            if (!std::filesystem::exists(m_database)) return out;
            auto db = store::Database::open(m_database, {store::OpenMode::ReadOnly});
            for (auto& stored : store::DeviceRepository(db).list()) {
                if (stored.info.backend == BackendKind::Simulated) continue;
                out.push_back(simulatedTwin(stored.info));
            }
        } catch (const std::exception&) {
            // Not our store, or unreadable: the simulated backend simply has no devices.
        }
        return out;
    }

    std::unique_ptr<Device> open(const DeviceInfo& info) const override {
        throw BackendError("simulated device " + info.label() + " replays stored results and runs no kernels");
    }

private:
    std::filesystem::path m_database;
};

class ReplayExecutor final : public Executor {
public:
    explicit ReplayExecutor(ReplayOptions options)
        : m_options(std::move(options)), m_db(store::Database::open(m_options.database, {store::OpenMode::ReadOnly})),
          m_measurements(m_db) {}

    void compile(const std::vector<Point>&) override {}

    std::vector<Measurement> measure(const Point& point, const std::vector<ProblemSize>& sizes) override {
        std::vector<Measurement> out;
        const std::string source = replayedDeviceId(m_options.deviceId);
        for (const auto& size : sizes) {
            if (m_options.delayPerMeasurement.count() > 0) std::this_thread::sleep_for(m_options.delayPerMeasurement);
            Measurement m;
            if (auto stored = m_measurements.findEarlier(source, m_options.family, point.key(), size)) {
                m = stored->measurement;
            } else {
                m.pointKey = point.key();
                m.size = size;
                m.status = MeasurementStatus::Skipped;
                m.error = "no stored measurement of this candidate at size " + size.label() + " on " + source;
            }
            m.deviceId = m_options.deviceId;
            m.family = m_options.family;
            out.push_back(std::move(m));
        }
        return out;
    }

private:
    ReplayOptions m_options;
    store::Database m_db;
    store::MeasurementRepository m_measurements;
};
} // namespace

std::string simulatedId(const std::string& storedDeviceId) { return kPrefix + storedDeviceId; }

std::string replayedDeviceId(const std::string& deviceId) {
    return deviceId.rfind(kPrefix, 0) == 0 ? deviceId.substr(std::string(kPrefix).size()) : deviceId;
}

DeviceInfo simulatedTwin(const DeviceInfo& stored) {
    DeviceInfo info = stored;
    info.platform = "Replay of " + stored.label();
    info.backend = BackendKind::Simulated;
    info.replayOf = stored.stableId();
    return info;
}

std::vector<ProblemSize> replayedSizes(const std::filesystem::path& database, const std::string& deviceId,
                                       const std::string& family) {
    std::set<ProblemSize> sizes;
    try {
        if (!std::filesystem::exists(database)) return {};
        auto db = store::Database::open(database, {store::OpenMode::ReadOnly});
        store::RunFilter filter;
        filter.deviceId = replayedDeviceId(deviceId);
        filter.family = family;
        for (const auto& run : store::RunRepository(db).list(filter))
            for (const auto& size : run.sizes) sizes.insert(size.get<ProblemSize>());
    } catch (const std::exception&) {
        return {}; // unreadable: the caller falls back to the family's defaults, and the replay says what is missing
    }
    return {sizes.begin(), sizes.end()};
}

std::unique_ptr<Backend> makeSimulatedBackend(std::filesystem::path database) {
    return std::make_unique<SimulatedBackend>(std::move(database));
}

std::unique_ptr<Executor> makeReplayExecutor(ReplayOptions options) {
    return std::make_unique<ReplayExecutor>(std::move(options));
}

} // namespace kt::devices
