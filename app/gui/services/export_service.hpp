// Export of a tuned kernel package for the GUI: the store's inventory (devices and their tuned families), the export
// itself (kt::exporter, as `ktune export`) on a std::thread with its progress lines as queued signals, then a check
// that the written package configures (`cmake -S pkg -B pkg/build` through QProcess).
#pragma once
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include "core/model/device_info.hpp"

namespace kt::gui {

// Devices of a store with the families measured on each (from its runs).
struct ExportInventory {
    struct Device {
        DeviceInfo info;
        QStringList families; // sorted
    };
    std::vector<Device> devices;
    QString error; // the store could not be read
};
ExportInventory readExportInventory(const QString& database);

struct ExportJobRequest {
    QString database;
    QString deviceId;
    QStringList families; // {"all"}: every family with a routine and measurements on the device
    QString out;          // the package folder: new or empty, or an earlier package with `replace`
    int depth = 3;
    bool replace = false;
    bool configure = true; // run `cmake -S out -B out/build` after writing
    QString cmake;         // empty: cmake from PATH
};

class ExportJob : public QObject {
    Q_OBJECT

public:
    explicit ExportJob(ExportJobRequest request, QObject* parent = nullptr);
    ~ExportJob() override; // waits for the writer thread, kills a running configure check

    void start();
    bool isActive() const { return m_active; }
    const ExportJobRequest& request() const { return m_request; }

    enum class ConfigureResult { NotRun, Succeeded, Failed, NoCMake };
    Q_ENUM(ConfigureResult)
    ConfigureResult configureResult() const { return m_configure; }
    QString configureOutput() const { return m_configureOutput; } // cmake's output (the error when it failed)
    QStringList routines() const { return m_routines; }           // of the written package
    QStringList skipped() const { return m_skipped; }

Q_SIGNALS:
    void progressLine(const QString& line);
    void written(const QStringList& routines); // the package is in place
    void configureStarted();
    // ok: written (and configured when asked and cmake exists); otherwise message says what failed.
    void finished(bool ok, const QString& message);

private:
    void onWritten(bool ok, const QString& message, const QStringList& routines, const QStringList& skipped);
    void runConfigure();
    void done(bool ok, const QString& message);

    ExportJobRequest m_request;
    std::thread m_thread;
    std::unique_ptr<QProcess> m_process;
    bool m_active = false;
    ConfigureResult m_configure = ConfigureResult::NotRun;
    QString m_configureOutput;
    QStringList m_routines;
    QStringList m_skipped;
};

} // namespace kt::gui
