// Store access on the global thread pool; each job opens its own Database (one connection per thread, as the
// store requires) and reports back through a QPointer-guarded queued call on the GUI thread.
#include "app/gui/services/store_service.hpp"

#include <exception>
#include <optional>

#include <QCoreApplication>
#include <QFileInfo>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "core/store/database.hpp"
#include "core/store/device_repository.hpp"
#include "core/store/measurement_repository.hpp"
#include "core/store/run_repository.hpp"
#include "core/store/store_error.hpp"

namespace kt::gui {

StoreService::StoreService(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::vector<kt::DeviceInfo>>();
    qRegisterMetaType<std::vector<kt::gui::ResumableRun>>();
}

std::vector<DeviceInfo> StoreService::readDevices(const QString& path) {
    std::vector<DeviceInfo> devices;
    if (!QFileInfo::exists(path)) return devices;
    store::OpenOptions options;
    options.mode = store::OpenMode::ReadOnly;
    const auto db = store::Database::open(QFile::encodeName(path).toStdString(), options);
    for (auto& stored : store::DeviceRepository(db).list()) devices.push_back(std::move(stored.info));
    return devices;
}

void StoreService::writeProfile(const QString& path, const DeviceInfo& device) {
    const auto db = store::Database::open(QFile::encodeName(path).toStdString());
    store::DeviceRepository(db).upsert(device); // adds device.profile to the device's profile history
}

std::vector<ResumableRun> StoreService::readResumableRuns(const QString& path) {
    std::vector<ResumableRun> out;
    if (!QFileInfo::exists(path)) return out;
    const std::string file = QFile::encodeName(path).toStdString();
    // Writable, to mark runs whose process died as interrupted; a store we may not write is listed as it is.
    std::optional<store::Database> db;
    try {
        db.emplace(store::Database::open(file));
        store::RunRepository(*db).markInterruptedIfDead();
    } catch (const store::StoreError&) {
        store::OpenOptions options;
        options.mode = store::OpenMode::ReadOnly;
        db.emplace(store::Database::open(file, options));
    }
    const store::MeasurementRepository measurements(*db);
    const store::DeviceRepository devices(*db);
    for (const auto& record : store::RunRepository(*db).list()) {
        if (record.status != RunStatus::Interrupted && record.status != RunStatus::Cancelled) continue;
        ResumableRun run;
        run.id = record.id;
        run.deviceId = QString::fromStdString(record.deviceId);
        const auto device = devices.get(record.deviceId);
        run.deviceLabel = QString::fromStdString(device ? device->info.label() : record.deviceId);
        run.family = QString::fromStdString(record.family);
        run.status = record.status;
        run.measured = measurements.measuredKeys(record.id).size();
        out.push_back(std::move(run));
    }
    return out;
}

void StoreService::loadResumableRuns(const QString& path) {
    QPointer<StoreService> self(this);
    (void)QtConcurrent::run([self, path] {
        std::vector<ResumableRun> runs;
        QString error;
        try {
            runs = readResumableRuns(path);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, path, runs = std::move(runs), error] {
                if (!self) return;
                if (error.isEmpty())
                    Q_EMIT self->resumableRunsLoaded(path, runs);
                else
                    Q_EMIT self->failed(path, error);
            },
            Qt::QueuedConnection);
    });
}

void StoreService::loadDevices(const QString& path) {
    const quint64 generation = ++m_loadGeneration;
    QPointer<StoreService> self(this);
    (void)QtConcurrent::run([self, path, generation] {
        std::vector<DeviceInfo> devices;
        QString error;
        try {
            devices = readDevices(path);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, path, generation, devices = std::move(devices), error] {
                if (!self || generation != self->m_loadGeneration) return;
                if (error.isEmpty())
                    Q_EMIT self->devicesLoaded(path, devices);
                else
                    Q_EMIT self->failed(path, error);
            },
            Qt::QueuedConnection);
    });
}

void StoreService::saveProfile(const QString& path, const DeviceInfo& device) {
    QPointer<StoreService> self(this);
    (void)QtConcurrent::run([self, path, device] {
        QString error;
        try {
            writeProfile(path, device);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, path, id = QString::fromStdString(device.stableId()), error] {
                if (!self) return;
                if (error.isEmpty())
                    Q_EMIT self->profileSaved(path, id);
                else
                    Q_EMIT self->failed(path, error);
            },
            Qt::QueuedConnection);
    });
}

} // namespace kt::gui
