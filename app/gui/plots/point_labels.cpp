// Short legend labels for point keys (see point_labels.hpp).
#include "app/gui/plots/point_labels.hpp"

#include <map>
#include <sstream>
#include <utility>

namespace kt::gui {

namespace {
// "A=1,B=2" → {{"A","1"},{"B","2"}}; empty when an item has no '='.
std::vector<std::pair<std::string, std::string>> parse(const std::string& key) {
    std::vector<std::pair<std::string, std::string>> out;
    std::stringstream items(key);
    std::string item;
    while (std::getline(items, item, ',')) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0) return {};
        out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    return out;
}
} // namespace

std::vector<std::string> distinguishingLabels(const std::vector<std::string>& keys) {
    std::vector<std::vector<std::pair<std::string, std::string>>> parsed;
    std::map<std::string, std::map<std::string, int>> valuesOf; // parameter -> value -> keys holding it
    for (const auto& key : keys) {
        parsed.push_back(parse(key));
        for (const auto& [name, value] : parsed.back()) ++valuesOf[name][value];
    }
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        std::string label;
        for (const auto& [name, value] : parsed[i]) {
            const auto& counts = valuesOf[name];
            const bool shared = counts.size() == 1 && counts.begin()->second == static_cast<int>(keys.size());
            if (shared) continue;
            label += (label.empty() ? "" : " ") + name + "=" + value;
        }
        labels.push_back(label.empty() ? keys[i] : label);
    }
    return labels;
}

} // namespace kt::gui
