// Reads and writes the results database (core/store) on worker threads: the devices recorded in it (with their
// latest profiles) and newly measured profiles. SQLite calls never run on the GUI thread.
#pragma once
#include <vector>

#include <QObject>
#include <QString>

#include "core/model/device_info.hpp"
#include "core/model/run_status.hpp"

namespace kt::gui {

// A stored run that can continue where it stopped: cancelled, or interrupted (its process died).
struct ResumableRun {
    qint64 id = 0;
    QString deviceId; // DeviceInfo::stableId
    QString deviceLabel;
    QString family;
    RunStatus status = RunStatus::Interrupted;
    quint64 measured = 0; // measurements the run already holds
};

class StoreService : public QObject {
    Q_OBJECT

public:
    explicit StoreService(QObject* parent = nullptr);

    // Lists the devices stored in `path`. A missing file is not an error (nothing measured yet): it yields an
    // empty list. The file is opened read-only, so loading never creates or migrates it.
    void loadDevices(const QString& path);
    // Records `device` and its profile (device.profile must be set), creating the database when missing.
    void saveProfile(const QString& path, const DeviceInfo& device);

    // Lists the runs of `path` that can continue (newest first); runs still marked running whose process died
    // are marked interrupted first, as `ktune runs` does. A missing file yields an empty list.
    void loadResumableRuns(const QString& path);

    // The worker bodies, synchronous; they throw store::StoreError.
    static std::vector<DeviceInfo> readDevices(const QString& path);
    static void writeProfile(const QString& path, const DeviceInfo& device);
    static std::vector<ResumableRun> readResumableRuns(const QString& path);

Q_SIGNALS:
    void devicesLoaded(const QString& path, const std::vector<kt::DeviceInfo>& devices);
    void profileSaved(const QString& path, const QString& stableId);
    void resumableRunsLoaded(const QString& path, const std::vector<kt::gui::ResumableRun>& runs);
    void failed(const QString& path, const QString& message);

private:
    // Loads may overlap when the user switches databases quickly; only the newest one is delivered.
    quint64 m_loadGeneration = 0;
};

} // namespace kt::gui

Q_DECLARE_METATYPE(std::vector<kt::DeviceInfo>)
Q_DECLARE_METATYPE(std::vector<kt::gui::ResumableRun>)
