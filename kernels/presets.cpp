// Lookup of embedded presets by name.
#include "kernels/presets.hpp"

#include <stdexcept>

#include "kernels/common/embedded.hpp"

namespace kt::kernels {

std::vector<std::string> presetNames() {
    std::vector<std::string> names;
    for (const auto& [file, text] : embeddedPresets())
        if (file.size() > 5 && file.ends_with(".json")) names.push_back(file.substr(0, file.size() - 5));
    return names;
}

ParameterSpace presetSpace(const std::string& name) {
    const auto& all = embeddedPresets();
    auto it = all.find(name + ".json");
    if (it == all.end()) {
        std::string known;
        for (const auto& n : presetNames()) known += " " + n;
        throw std::invalid_argument("unknown preset '" + name + "'; known:" + known);
    }
    return ParameterSpace::fromJson(std::string(it->second), "preset " + name);
}

} // namespace kt::kernels
