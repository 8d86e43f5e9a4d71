// ExportJob: the package is written on a std::thread (store reads, code generation, files); the configure check runs
// as a QProcess from the GUI thread, so nothing here blocks the event loop.
#include "app/gui/services/export_service.hpp"

#include <algorithm>
#include <set>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QStandardPaths>

#include "core/export/package_model.hpp"
#include "core/export/package_writer.hpp"
#include "core/store/store.hpp"

namespace kt::gui {

ExportInventory readExportInventory(const QString& database) {
    ExportInventory out;
    try {
        if (!QFileInfo::exists(database)) {
            out.error =
                QCoreApplication::translate("kt::gui::ExportJob", "No store at %1 (nothing tuned yet?)").arg(database);
            return out;
        }
        auto db = store::Database::open(database.toStdString(), {store::OpenMode::ReadOnly});
        std::map<std::string, std::set<std::string>> families;
        for (const auto& run : store::RunRepository(db).list()) families[run.deviceId].insert(run.family);
        for (const auto& stored : store::DeviceRepository(db).list()) {
            const auto it = families.find(stored.info.stableId());
            if (it == families.end()) continue; // nothing tuned on it
            ExportInventory::Device device;
            device.info = stored.info;
            for (const auto& f : it->second) device.families << QString::fromStdString(f);
            out.devices.push_back(std::move(device));
        }
    } catch (const std::exception& e) {
        out.error = QString::fromStdString(e.what());
    }
    return out;
}

ExportJob::ExportJob(ExportJobRequest request, QObject* parent) : QObject(parent), m_request(std::move(request)) {}

ExportJob::~ExportJob() {
    if (m_thread.joinable()) m_thread.join();
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(3000);
    }
}

void ExportJob::start() {
    if (m_active || m_thread.joinable()) return;
    m_active = true;
    QPointer<ExportJob> guard(this);
    // Posts to the GUI thread; the job may be gone by then (it joins the thread, but posted events outlive it).
    auto post = [guard](auto body) {
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, body = std::move(body)] {
                if (guard) body(guard.data());
            },
            Qt::QueuedConnection);
    };
    m_thread = std::thread([request = m_request, post] {
        QStringList routines, skippedList;
        try {
            const auto path = request.database.toStdString();
            auto db = store::Database::open(path, {store::OpenMode::ReadWrite});
            exporter::ExportRequest er;
            er.deviceId = request.deviceId.toStdString();
            for (const auto& f : request.families) er.families.push_back(f.toStdString());
            er.maxDepth = request.depth;
            std::vector<std::string> skipped;
            const auto model = exporter::buildPackageModel(db, er, &skipped);
            for (const auto& s : skipped) skippedList << QString::fromStdString(s);
            exporter::WriteOptions options;
            options.out = request.out.toStdString();
            options.replace = request.replace;
            options.database = path;
            options.progress = [post](const std::string& line) {
                post([text = QString::fromStdString(line)](ExportJob* job) { Q_EMIT job->progressLine(text); });
            };
            const auto manifest = exporter::writePackage(model, options);
            // Recorded as `ktune export` records it.
            store::ExportRepository(db).add(std::filesystem::absolute(options.out).string(), manifest);
            for (const auto& r : manifest["routines"]) routines << QString::fromStdString(r.get<std::string>());
            post([routines, skippedList](ExportJob* job) { job->onWritten(true, QString(), routines, skippedList); });
        } catch (const std::exception& e) {
            post([text = QString::fromStdString(e.what()), skippedList](ExportJob* job) {
                job->onWritten(false, text, {}, skippedList);
            });
        }
    });
}

void ExportJob::onWritten(bool ok, const QString& message, const QStringList& routines, const QStringList& skipped) {
    if (m_thread.joinable()) m_thread.join(); // it has posted its last event
    m_skipped = skipped;
    if (!ok) {
        done(false, tr("Export failed: %1").arg(message));
        return;
    }
    m_routines = routines;
    Q_EMIT written(routines);
    if (!m_request.configure) {
        done(true, tr("Package written to %1.").arg(m_request.out));
        return;
    }
    runConfigure();
}

void ExportJob::runConfigure() {
    const QString cmake =
        m_request.cmake.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("cmake")) : m_request.cmake;
    if (cmake.isEmpty() || !QFileInfo(cmake).isExecutable()) {
        m_configure = ConfigureResult::NoCMake;
        done(true, tr("Package written to %1; not checked: cmake was not found.").arg(m_request.out));
        return;
    }
    const QDir out(m_request.out);
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(cmake);
    m_process->setArguments({QStringLiteral("-S"), out.absolutePath(), QStringLiteral("-B"),
                             out.absoluteFilePath(QStringLiteral("build"))});
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process.get(), &QProcess::readyRead, this, [this] {
        const QString text = QString::fromLocal8Bit(m_process->readAll());
        m_configureOutput += text;
        for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) Q_EMIT progressLine(line);
    });
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart) return; // a crash also ends in finished()
        m_configure = ConfigureResult::Failed;
        done(false, tr("The package is written, but cmake could not be started: %1").arg(m_process->errorString()));
    });
    connect(m_process.get(), &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        m_configureOutput += QString::fromLocal8Bit(m_process->readAll());
        if (status == QProcess::NormalExit && code == 0) {
            m_configure = ConfigureResult::Succeeded;
            done(true, tr("Package written to %1 and configured (cmake -S %1 -B %1/build).").arg(m_request.out));
        } else {
            m_configure = ConfigureResult::Failed;
            // The error is at the end of cmake's output.
            const QString tail = m_configureOutput.right(2000).trimmed();
            done(false,
                 tr("The package is written, but it does not configure (cmake exit code %1):\n%2").arg(code).arg(tail));
        }
    });
    Q_EMIT configureStarted();
    Q_EMIT progressLine(tr("Checking that the package configures: cmake -S %1 -B %1/build").arg(out.absolutePath()));
    m_process->start();
}

void ExportJob::done(bool ok, const QString& message) {
    if (!m_active) return;
    m_active = false;
    Q_EMIT finished(ok, message);
}

} // namespace kt::gui
