// Device enumeration on the global thread pool; the result crosses back through a queued call that checks a
// QPointer on the GUI thread, so a service deleted meanwhile is never touched (hotspot's pattern).
#include "app/gui/services/device_enumeration_service.hpp"

#include <exception>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace kt::gui {

DeviceEnumerationService::DeviceEnumerationService(BackendFactory factory, QObject* parent)
    : QObject(parent), m_factory(std::move(factory)) {
    qRegisterMetaType<kt::gui::EnumerationResult>();
}

DeviceEnumerationService::~DeviceEnumerationService() = default;

EnumerationResult DeviceEnumerationService::enumerate(const BackendFactory& factory) {
    EnumerationResult result;
    QElapsedTimer timer;
    timer.start();
    try {
        auto backends = std::make_shared<BackendList>(factory());
        std::erase(*backends, nullptr);
        // Same walk as devices::enumerateAll(), but kept per backend so unavailable ones get a line with the reason.
        for (const auto& backend : *backends) {
            DeviceSource source;
            source.origin = DeviceOrigin::Live;
            source.kind = backend->kind();
            source.backend = backend.get();
            source.unavailableReason = backend->unavailableReason();
            if (source.unavailableReason.empty()) {
                source.devices = backend->enumerate();
                source.diagnostics = backend->diagnostics();
            }
            result.sources.push_back(std::move(source));
        }
        result.backends = std::move(backends);
    } catch (const std::exception& e) {
        result.error = QString::fromStdString(e.what());
    }
    result.elapsedMs = timer.elapsed();
    return result;
}

bool DeviceEnumerationService::start() {
    if (m_running) return false;
    m_running = true;
    Q_EMIT started();
    QPointer<DeviceEnumerationService> self(this);
    auto factory = m_factory;
    (void)QtConcurrent::run([self, factory] {
        auto result = enumerate(factory);
        // The lambda runs on the GUI thread (qApp's thread), where `self` can only be deleted, so checking it
        // there is race-free.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, result = std::move(result)] {
                if (!self) return;
                self->m_running = false;
                self->m_last = result;
                Q_EMIT self->finished(result);
            },
            Qt::QueuedConnection);
    });
    return true;
}

std::vector<DeviceInfo> liveDevices(const EnumerationResult& result) {
    std::vector<DeviceInfo> live;
    for (const auto& source : result.sources)
        if (source.origin == DeviceOrigin::Live && source.kind != BackendKind::Simulated)
            live.insert(live.end(), source.devices.begin(), source.devices.end());
    return live;
}

} // namespace kt::gui
