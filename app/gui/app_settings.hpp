// QSettings keys and defaults shared by the main window and the settings dialog.
#pragma once
#include <QString>

namespace kt::gui {

// <AppDataLocation>/ktune.sqlite; the folder is not created until something is written there.
QString defaultDatabasePath();
// The results database chosen by the user (File ▸ Open database…), or the default.
QString databasePath();
void setDatabasePath(const QString& path);

} // namespace kt::gui
