// Runs the device profiler (copy bandwidth, fp32/fp64 peak microbenchmarks) on a worker thread.
#pragma once
#include <atomic>
#include <functional>
#include <memory>

#include <QObject>
#include <QString>

#include "app/gui/services/device_enumeration_service.hpp"
#include "core/engine/backend.hpp"

namespace kt::gui {

// Measures one opened device; polls `cancel` between microbenchmarks. Throws on failure.
using ProfileFunction = std::function<DeviceProfile(Device& device, const std::atomic<bool>& cancel)>;

class ProfileService : public QObject {
    Q_OBJECT

public:
    explicit ProfileService(ProfileFunction profiler, QObject* parent = nullptr);
    ~ProfileService() override;

    // False when this build has no profiler; the GUI then disables the Profile button and says why.
    bool isAvailable() const { return static_cast<bool>(m_profiler); }
    bool isRunning() const { return m_running; }
    // Opens `info` through `backend` on a worker thread and profiles it. `keepAlive` owns the backend.
    bool start(std::shared_ptr<const BackendList> keepAlive, const Backend* backend, const DeviceInfo& info);
    void cancel();

Q_SIGNALS:
    void started(const QString& stableId);
    void finished(const QString& stableId, const kt::DeviceProfile& profile);
    void failed(const QString& stableId, const QString& message);

private:
    ProfileFunction m_profiler;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

// The profiler of this build; empty until kernels/profile provides one (wired in system_profiler.cpp).
ProfileFunction systemProfiler();

} // namespace kt::gui

Q_DECLARE_METATYPE(kt::DeviceProfile)
