// Includes QCustomPlot in ktgui, which builds with QT_NO_KEYWORDS: the library's header still says `signals`,
// `slots`, `emit` and `foreach`, so they are mapped to the Q_ macros around the include only.
#pragma once
#include <QtGlobal>

#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef signals
#undef slots
#undef emit
#undef foreach
