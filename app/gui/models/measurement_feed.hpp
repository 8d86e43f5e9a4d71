// Measurements as they travel through Qt signals (batches from a run to plots, the failure log and the results
// model): the metatype declarations every header with such signals or slots needs before moc sees them.
#pragma once
#include <QMetaType>
#include <QVector>

#include "core/model/measurement.hpp"
#include "core/model/run_status.hpp"

namespace kt::gui {
// One queued delivery of a run: every measurement since the previous one, in the order they were taken.
using MeasurementBatch = QVector<kt::Measurement>;
} // namespace kt::gui

Q_DECLARE_METATYPE(kt::Measurement)
Q_DECLARE_METATYPE(kt::RunStatus)
