// The line of every value in a JSON text, by JSON pointer ("/results/3/times"), so that import errors can name the
// line of the field they are about (nlohmann::json keeps no positions).
#pragma once
#include <map>
#include <string>

namespace kt::exporter {

// Pointer -> 1-based line where the value starts. Assumes `text` is valid JSON (parse it first); on malformed text
// the map holds what was scanned before the error.
std::map<std::string, int> jsonValueLines(const std::string& text);

} // namespace kt::exporter
