// Life cycle of a tuning run, shared by the engine, the store and the GUI.
#pragma once
#include <string>

namespace kt {
enum class RunStatus { Running, Paused, Cancelled, Completed, Failed, Interrupted };
std::string toString(RunStatus status);
// Throws std::invalid_argument naming the text.
RunStatus runStatusFromString(const std::string& text);
} // namespace kt
