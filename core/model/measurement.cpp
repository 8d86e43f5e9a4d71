// String forms of measurement statuses and problem sizes (used by the store, CLI and GUI).
#include "core/model/measurement.hpp"

#include <stdexcept>

namespace kt {

std::string toString(MeasurementStatus status) {
    switch (status) {
    case MeasurementStatus::Ok: return "ok";
    case MeasurementStatus::CompileError: return "compile_error";
    case MeasurementStatus::LaunchError: return "launch_error";
    case MeasurementStatus::WrongResult: return "wrong_result";
    case MeasurementStatus::Timeout: return "timeout";
    case MeasurementStatus::WorkerCrash: return "worker_crash";
    case MeasurementStatus::Skipped: return "skipped";
    }
    return "unknown";
}

MeasurementStatus measurementStatusFromString(const std::string& text) {
    for (auto s : {MeasurementStatus::Ok, MeasurementStatus::CompileError, MeasurementStatus::LaunchError,
                   MeasurementStatus::WrongResult, MeasurementStatus::Timeout, MeasurementStatus::WorkerCrash,
                   MeasurementStatus::Skipped})
        if (toString(s) == text) return s;
    throw std::invalid_argument("unknown measurement status '" + text + "'");
}

std::string ProblemSize::label() const {
    std::string out;
    for (std::size_t i = 0; i < dims.size(); ++i) {
        if (i) out += 'x';
        out += std::to_string(dims[i]);
    }
    return out;
}

} // namespace kt
