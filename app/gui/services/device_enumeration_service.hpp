// Enumerates compute devices on a worker thread (driver enumeration can take seconds) and hands the
// result back to the GUI thread as a queued signal.
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include <QObject>

#include "app/gui/models/device_source.hpp"
#include "core/engine/backend.hpp"

namespace kt::gui {

using BackendList = std::vector<std::unique_ptr<Backend>>;
// Creates the backends to enumerate; runs on the worker thread. The default is devices::allBackends().
using BackendFactory = std::function<BackendList()>;

struct EnumerationResult {
    // Keeps the backends alive for as long as anyone may open one of the listed devices (e.g. the profiler).
    std::shared_ptr<const BackendList> backends;
    std::vector<DeviceSource> sources; // one per backend, in listing order
    QString error;                     // set when the factory or a backend threw despite "never throws"
    qint64 elapsedMs = 0;
};

// The devices of this machine in `result` (not simulated ones, not stored ones): where runs, the bench and the
// pipeline can measure.
std::vector<DeviceInfo> liveDevices(const EnumerationResult& result);

class DeviceEnumerationService : public QObject {
    Q_OBJECT

public:
    explicit DeviceEnumerationService(BackendFactory factory, QObject* parent = nullptr);
    ~DeviceEnumerationService() override;

    // Starts an enumeration unless one is running; returns false when one already is.
    bool start();
    bool isRunning() const { return m_running; }
    const EnumerationResult& lastResult() const { return m_last; }

    // Runs the whole enumeration synchronously (the worker body); public for tests and the CLI-like paths.
    static EnumerationResult enumerate(const BackendFactory& factory);

Q_SIGNALS:
    void started();
    void finished(const kt::gui::EnumerationResult& result);

private:
    BackendFactory m_factory;
    EnumerationResult m_last;
    bool m_running = false;
};

// devices::allBackends(); kept in its own file so tests with fake backends need not link the real ones.
BackendFactory systemBackendFactory();

} // namespace kt::gui

Q_DECLARE_METATYPE(kt::gui::EnumerationResult)
