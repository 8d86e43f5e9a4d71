// Shared set-up of the GUI tests: settings and the default store go to a temporary directory (never the user's),
// and the built-in kernel families are registered.
#pragma once
#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>

#include "kernels/builtin_families.hpp"

namespace kt::test {

inline void isolateGuiTest(const QTemporaryDir& dir, const char* applicationName) {
    qputenv("XDG_CONFIG_HOME", dir.path().toLocal8Bit());
    qputenv("XDG_DATA_HOME", dir.path().toLocal8Bit());
    QCoreApplication::setOrganizationName(QStringLiteral("KernelTuneTest"));
    QCoreApplication::setApplicationName(QString::fromLatin1(applicationName));
    QSettings().clear();
    kernels::registerBuiltinFamilies();
}

} // namespace kt::test
