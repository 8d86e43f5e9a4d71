// Q_INIT_RESOURCE must be expanded outside any namespace.
#include "app/gui/resources.hpp"

#include <QtCore/qglobal.h>
#include <QDir>

static void ktInitResources() { Q_INIT_RESOURCE(ktune); }

namespace kt::gui {

void initResources() {
    static const bool done = [] {
        ktInitResources();
        return true;
    }();
    (void)done;
}

} // namespace kt::gui
