// Short legend labels for point keys (see point_labels.hpp).
#include "app/gui/plots/point_labels.hpp"

#include <map>
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

} // namespace kt::gui
