// Short legend labels for point keys (see point_labels.hpp).
#include "app/gui/plots/point_labels.hpp"

#include <map>
#include <optional>
#include <stdexcept>

#include "core/space/parameter_space.hpp"

namespace kt::gui {

std::vector<std::string> distinguishingLabels(const std::vector<std::string>& keys) {
    std::vector<Point> points;                                         // empty for a key that is not a point key
    std::map<std::string, std::map<ParamValue, std::size_t>> valuesOf; // parameter -> value -> keys holding it
    for (const auto& key : keys) {
        try {
            points.push_back(Point::fromKey(key));
        } catch (const std::invalid_argument&) {
            points.emplace_back();
        }
        const Point& p = points.back();
        for (std::size_t i = 0; i < p.size(); ++i) ++valuesOf[p.names()[i]][p.values()[i]];
    }
    std::vector<std::string> labels;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const Point& p = points[k];
        std::string label;
        for (std::size_t i = 0; i < p.size(); ++i) {
            const auto& counts = valuesOf[p.names()[i]];
            if (counts.size() == 1 && counts.begin()->second == keys.size()) continue; // the same in every key
            label += (label.empty() ? "" : " ") + p.names()[i] + "=" + std::to_string(p.values()[i]);
        }
        labels.push_back(label.empty() ? keys[k] : label);
    }
    return labels;
}

std::vector<std::string> withoutSharedPrefix(std::vector<std::string> labels) {
    std::optional<std::string> prefix;
    for (const auto& label : labels) {
        std::size_t at = 0;
        while (at < label.size()) {
            const std::size_t end = std::min(label.find(' ', at), label.size());
            const std::string word = label.substr(at, end - at);
            const std::size_t eq = word.find('='), underscore = word.find('_');
            if (eq == std::string::npos || underscore == std::string::npos || underscore + 1 >= eq ||
                word.find(',') != std::string::npos) // a whole key: left whole
                return labels;
            const std::string mine = word.substr(0, underscore + 1);
            if (prefix && *prefix != mine) return labels;
            prefix = mine;
            at = end + 1;
        }
    }
    if (!prefix) return labels;
    for (auto& label : labels) {
        std::string out;
        for (std::size_t at = 0; at < label.size();) {
            const std::size_t end = std::min(label.find(' ', at), label.size());
            out += (out.empty() ? "" : " ") + label.substr(at + prefix->size(), end - at - prefix->size());
            at = end + 1;
        }
        label = out;
    }
    return labels;
}

} // namespace kt::gui
