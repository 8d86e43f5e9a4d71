// Family device requirements on user spaces and points: absent parameters substituted, duplicates skipped.
#include "core/engine/device_requirements.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/space/device_variables.hpp"
#include "core/space/expression.hpp"

namespace kt {
namespace {

bool identStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `text` with every whole name found in `values` replaced by its value in parentheses (a negative one stays one
// operand). Numbers are skipped whole so that no digit run is mistaken for the tail of a name.
std::string substitute(const std::string& text, const std::map<std::string, ParamValue>& values) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        if (identStart(text[i]) || std::isdigit(static_cast<unsigned char>(text[i]))) {
            std::size_t j = i + 1;
            while (j < text.size() && identChar(text[j])) ++j;
            const std::string token = text.substr(i, j - i);
            const auto it = identStart(text[i]) ? values.find(token) : values.end();
            out += it == values.end() ? token : "(" + std::to_string(it->second) + ")";
            i = j;
        } else {
            out += text[i++];
        }
    }
    return out;
}

bool holds(const ParameterSpace& space, const std::string& expression) {
    const auto& cs = space.constraints();
    return std::any_of(cs.begin(), cs.end(), [&](const Constraint& c) { return c.expression == expression; });
}

} // namespace

std::vector<Constraint> deviceRequirementsFor(const ParameterSpace& space, const Family& family,
                                              const DeviceInfo& device) {
    const auto requirements = family.deviceRequirements();
    if (requirements.empty()) return {};
    const ParameterSpace own = family.space(device);
    std::vector<Constraint> out;
    for (const auto& requirement : requirements) {
        std::map<std::string, ParamValue> absent;
        const Expression parsed = Expression::parse(requirement.expression); // names() lives as long as it
        for (const auto& name : parsed.names()) {
            if (space.parameterIndex(name) >= 0 || space.variables().count(name) || isDeviceVariable(name)) continue;
            const int i = own.parameterIndex(name);
            if (i >= 0 && own.parameters()[static_cast<std::size_t>(i)].absentValue)
                absent[name] = *own.parameters()[static_cast<std::size_t>(i)].absentValue;
        }
        out.push_back({absent.empty() ? requirement.expression : substitute(requirement.expression, absent),
                       requirement.description});
    }
    return out;
}

std::size_t addDeviceRequirements(ParameterSpace& space, const Family& family, const DeviceInfo& device) {
    std::size_t added = 0;
    for (auto& requirement : deviceRequirementsFor(space, family, device))
        if (!holds(space, requirement.expression)) space.addConstraint(std::move(requirement)), ++added;
    return added;
}

void bindSpaceToDevice(ParameterSpace& space, const Family& family, const DeviceInfo& device) {
    addDeviceRequirements(space, family, device);
    applyDeviceVariables(space, device);
}

std::optional<std::string> emptySpaceRequirement(const ParameterSpace& space, const Family& family,
                                                 const DeviceInfo& device) {
    const auto requirements = deviceRequirementsFor(space, family, device);
    auto isRequirement = [&](const Constraint& c) {
        return std::any_of(requirements.begin(), requirements.end(),
                           [&](const Constraint& r) { return r.expression == c.expression; });
    };
    ParameterSpace without;
    for (const auto& p : space.parameters()) without.addParameter(p);
    for (const auto& c : space.constraints())
        if (!isRequirement(c)) without.addConstraint(c);
    for (const auto& [name, value] : space.variables()) without.setVariable(name, value);
    if (without.constraints().size() == space.constraints().size()) return std::nullopt; // none to blame
    std::optional<Point> first;
    without.forEachValid([&](const Point& p) {
        first = p;
        return false;
    });
    if (!first) return std::nullopt;
    const auto broken = space.brokenConstraint(*first);
    if (!broken) return std::nullopt;
    for (const auto& c : space.constraints())
        if (c.expression == *broken) return c.description.empty() ? c.expression : c.description;
    return *broken;
}

std::optional<Constraint> brokenDeviceRequirement(const Family& family, const Point& point, const DeviceInfo& device) {
    const auto requirements = family.deviceRequirements();
    if (requirements.empty()) return std::nullopt;
    const ParameterSpace own = family.space(device);
    const auto variables = deviceVariables(device);
    for (const auto& requirement : requirements) {
        auto lookup = [&](const std::string& name) -> std::optional<std::int64_t> {
            if (point.has(name)) return point[name];
            if (auto it = variables.find(name); it != variables.end()) return it->second;
            const int i = own.parameterIndex(name);
            if (i >= 0) return own.parameters()[static_cast<std::size_t>(i)].absentValue;
            return std::nullopt;
        };
        std::optional<std::int64_t> value;
        try {
            value = Expression::parse(requirement.expression).evaluate(lookup);
        } catch (const ExpressionError&) {
            // A name neither the point nor the family knows: the requirement cannot be shown to hold.
        }
        if (!value || *value == 0) return requirement;
    }
    return std::nullopt;
}

std::optional<std::string> cannotRunOn(const Family& family, const Point& point, const DeviceInfo& device) {
    const auto broken = brokenDeviceRequirement(family, point, device);
    if (!broken) return std::nullopt;
    return "cannot run on " + device.label() + ": " +
           (broken->description.empty() ? broken->expression : broken->description);
}

} // namespace kt
