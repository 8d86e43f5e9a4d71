// A made-up store for the Fits & Rules page in --screenshot mode: a few transpose candidates on the demo GPU measured
// at sixteen sizes, with curves that cross so the derived rule has several intervals.
#pragma once
#include <QString>

namespace kt::gui {

// Writes the store to `path` (created; the transpose family must be registered). Values follow a made-up saturation
// model (small tiles saturate early, large ones reach more later) with a few per cent of deterministic jitter so
// that α visibly matters; the run's notes say it is demo data. Throws std::exception when the file cannot be written.
void buildFitsDemoStore(const QString& path);

} // namespace kt::gui
