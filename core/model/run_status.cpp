// String forms of run statuses (the store keeps them as text).
#include "core/model/run_status.hpp"

#include <stdexcept>

namespace kt {

std::string toString(RunStatus status) {
    switch (status) {
    case RunStatus::Running: return "running";
    case RunStatus::Paused: return "paused";
    case RunStatus::Cancelled: return "cancelled";
    case RunStatus::Completed: return "completed";
    case RunStatus::Failed: return "failed";
    case RunStatus::Interrupted: return "interrupted";
    }
    return "unknown";
}

RunStatus runStatusFromString(const std::string& text) {
    for (auto s : {RunStatus::Running, RunStatus::Paused, RunStatus::Cancelled, RunStatus::Completed, RunStatus::Failed,
                   RunStatus::Interrupted})
        if (toString(s) == text) return s;
    throw std::invalid_argument("unknown run status '" + text + "'");
}

} // namespace kt
