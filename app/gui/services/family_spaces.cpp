// Family presets and space files through core's JSON space loader (ParameterSpace::fromJson / toJson) only.
#include "app/gui/services/family_spaces.hpp"

#include <algorithm>
#include <exception>
#include <set>

#include <nlohmann/json.hpp>

#include "core/engine/device_requirements.hpp"
#include "core/engine/family.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/presets.hpp"

namespace kt::gui {

std::vector<FamilySpaces::Preset> FamilySpaces::presets(const Family& family, const ParameterSpace& familySpace) {
    std::vector<std::string> names = family.presetNames();
    const std::string prefix = family.name() + "-";
    for (const auto& name : kernels::presetNames())
        if ((name == family.name() || name.starts_with(prefix)) &&
            std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(name);
    std::vector<Preset> out;
    for (const auto& name : names) {
        try {
            ParameterSpace space = kernels::presetSpace(name);
            if (!mismatch(space, familySpace).isEmpty()) continue; // another family's preset
            if (space.name.empty()) space.name = name;
            out.push_back({QString::fromStdString(name), std::move(space)});
        } catch (const std::exception&) {
            // A family may name presets that this build does not ship; they are simply not offered.
        }
    }
    return out;
}

QString FamilySpaces::mismatch(const ParameterSpace& space, const ParameterSpace& familySpace) {
    QStringList missing, unknown;
    for (const auto& p : familySpace.parameters())
        if (space.parameterIndex(p.name) < 0) missing << QString::fromStdString(p.name);
    for (const auto& p : space.parameters())
        if (familySpace.parameterIndex(p.name) < 0) unknown << QString::fromStdString(p.name);
    QStringList parts;
    if (!missing.isEmpty()) parts << tr("missing parameters: %1").arg(missing.join(QStringLiteral(", ")));
    if (!unknown.isEmpty())
        parts << tr("parameters the family does not have: %1").arg(unknown.join(QStringLiteral(", ")));
    return parts.join(QStringLiteral("; "));
}

ParameterSpace FamilySpaces::withoutDeviceVariables(const ParameterSpace& space) {
    ParameterSpace out;
    out.name = space.name;
    for (const auto& p : space.parameters()) out.addParameter(p);
    for (const auto& c : space.constraints()) out.addConstraint(c);
    for (const auto& [name, value] : space.variables())
        if (!isDeviceVariable(name)) out.setVariable(name, value);
    return out;
}

ParameterSpace FamilySpaces::adopt(const ParameterSpace& space, const ParameterSpace& familySpace) {
    ParameterSpace out;
    out.name = space.name;
    for (Parameter p : space.parameters()) {
        const int i = familySpace.parameterIndex(p.name);
        if (p.description.empty() && i >= 0)
            p.description = familySpace.parameters()[static_cast<std::size_t>(i)].description;
        // A saved space without "absent" still reads keys stored before the parameter existed as the family does.
        if (!p.absentValue && i >= 0) p.absentValue = familySpace.parameters()[static_cast<std::size_t>(i)].absentValue;
        out.addParameter(std::move(p));
    }
    for (const auto& c : space.constraints()) out.addConstraint(c);
    for (const auto& [name, value] : space.variables())
        if (!isDeviceVariable(name)) out.setVariable(name, value);
    return out;
}

ParameterSpace FamilySpaces::forDevice(const ParameterSpace& edited, const Family& family,
                                       const ParameterSpace& familySpace, const DeviceInfo& device) {
    ParameterSpace out = edited;
    // What the device must be able to do (fp64, tensor cores, …) is the family's, not the edited space's.
    bindSpaceToDevice(out, family, device);
    // A family may derive a device variable its own way (or leave some out); its space is what its kernels expect.
    for (const auto& [name, value] : familySpace.variables())
        if (isDeviceVariable(name)) out.setVariable(name, value);
    return out;
}

bool FamilySpaces::sameSpace(const ParameterSpace& a, const ParameterSpace& b) {
    ParameterSpace x = withoutDeviceVariables(a), y = withoutDeviceVariables(b);
    x.name.clear();
    y.name.clear();
    return x.toJson() == y.toJson();
}

std::string FamilySpaces::toFileText(const ParameterSpace& space, const std::string& family) {
    // toJson is the format; "family" is a field fromJson accepts (and the presets carry) saying whom it is for.
    nlohmann::ordered_json doc = nlohmann::ordered_json::parse(withoutDeviceVariables(space).toJson());
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    // The order people read it in (and the presets use): what it is, then parameters, then constraints.
    if (doc.contains("name")) out["name"] = doc["name"];
    out["family"] = family;
    for (const char* key : {"parameters", "constraints", "variables"})
        if (doc.contains(key)) out[key] = doc[key];
    return out.dump(2) + "\n";
}

} // namespace kt::gui
