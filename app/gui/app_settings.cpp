// Preferences live in QSettings (organisation "KernelTune", application "ktune-workbench").
#include "app/gui/app_settings.hpp"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>

namespace kt::gui {

namespace {
constexpr auto kDatabaseKey = "store/database";
}

QString defaultDatabasePath() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("ktune.sqlite"));
}

QString databasePath() {
    const QString stored = QSettings().value(QLatin1String(kDatabaseKey)).toString();
    return stored.isEmpty() ? defaultDatabasePath() : stored;
}

void setDatabasePath(const QString& path) { QSettings().setValue(QLatin1String(kDatabaseKey), path); }

} // namespace kt::gui
