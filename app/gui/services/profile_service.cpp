// Profiling on the global thread pool with a shared cancel flag; results return through a QPointer-guarded
// queued call on the GUI thread.
#include "app/gui/services/profile_service.hpp"

#include <exception>

#include <QCoreApplication>
#include <QDateTime>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace kt::gui {

ProfileService::ProfileService(ProfileFunction profiler, QObject* parent)
    : QObject(parent), m_profiler(std::move(profiler)) {
    qRegisterMetaType<kt::DeviceProfile>();
}

ProfileService::~ProfileService() { cancel(); }

void ProfileService::cancel() {
    if (m_cancel) m_cancel->store(true);
}

bool ProfileService::start(std::shared_ptr<const BackendList> keepAlive, const Backend* backend, const DeviceInfo& info) {
    if (m_running || !m_profiler || !backend) return false;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const QString id = QString::fromStdString(info.stableId());
    Q_EMIT started(id);
    QPointer<ProfileService> self(this);
    (void)QtConcurrent::run([self, keepAlive, backend, info, id, profiler = m_profiler, cancel = m_cancel] {
        DeviceProfile profile;
        QString error;
        try {
            auto device = backend->open(info);
            profile = profiler(*device, *cancel);
            if (profile.measuredAt.empty())
                profile.measuredAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        if (cancel->load() && error.isEmpty()) error = tr("cancelled");
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, id, profile, error] {
                if (!self) return;
                self->m_running = false;
                if (error.isEmpty())
                    Q_EMIT self->finished(id, profile);
                else
                    Q_EMIT self->failed(id, error);
            },
            Qt::QueuedConnection);
    });
    return true;
}

} // namespace kt::gui
