// Tuning parameter spaces: named parameters with value lists, constraints as expressions over them (and over
// device variables), lazy enumeration of valid points, canonical point keys.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace kt {

using ParamValue = std::int64_t;

struct Parameter {
    std::string name;                // upper-case, family-prefixed in kernels, e.g. "GEMM_MWG"; short names allowed
    std::vector<ParamValue> values;  // the value list, in the order the user gave it
    std::string description;         // one line for the GUI
};

struct Constraint {
    std::string expression;  // e.g. "ML % MS == 0 && ML * KL * 4 <= DEV_LOCAL_MEM"
    std::string description; // why it exists, shown in the GUI
};

// One assignment of a value to every parameter of a space. Cheap to copy (names shared).
class Point {
public:
    Point() = default;
    Point(std::shared_ptr<const std::vector<std::string>> names, std::vector<ParamValue> values);
    // Throws std::out_of_range naming the parameter when absent.
    ParamValue operator[](std::string_view name) const;
    bool has(std::string_view name) const;
    const std::vector<ParamValue>& values() const { return m_values; }
    const std::vector<std::string>& names() const { return *m_names; }
    // Canonical key: "NAME=value,NAME=value" in the space's parameter order. Stable; used by the store.
    std::string key() const;
    // Parses a canonical key back (names in key order).
    static Point fromKey(const std::string& key);
    bool operator==(const Point& other) const { return key() == other.key(); }

private:
    std::shared_ptr<const std::vector<std::string>> m_names;
    std::vector<ParamValue> m_values;
};

class ParameterSpace {
public:
    void addParameter(Parameter parameter);
    // Throws std::invalid_argument with position when the expression does not parse or names an unknown variable
    // (unknown names are checked when enumeration starts, as device variables may be set later).
    void addConstraint(Constraint constraint);
    // Device-dependent variables usable in constraints: DEV_LOCAL_MEM, DEV_MAX_WG, DEV_MAX_WI0..2, DEV_CU, DEV_FP64…
    void setVariable(const std::string& name, ParamValue value);

    const std::vector<Parameter>& parameters() const { return m_parameters; }
    const std::vector<Constraint>& constraints() const { return m_constraints; }
    // Product of the value list sizes (saturates at UINT64_MAX).
    std::uint64_t cartesianSize() const;
    // Enumerates valid points without materialising the product (constraints are checked as soon as all their
    // parameters are bound). `visit` returns false to stop.
    void forEachValid(const std::function<bool(const Point&)>& visit) const;
    std::uint64_t countValid() const;
    bool isValid(const Point& point) const;
    // Point with the given mixed-radix index into the cartesian product (may be invalid).
    Point pointAt(std::uint64_t index) const;

    // JSON form: {"name":…, "parameters":[{"name":…,"values":[…],"description":…}], "constraints":[{"expr":…}]}
    // Throws SpaceFormatError naming the line/field on malformed input.
    static ParameterSpace fromJson(const std::string& text, const std::string& sourceName = "<json>");
    static ParameterSpace fromFile(const std::string& path);
    std::string toJson() const;

    std::string name;

private:
    std::vector<Parameter> m_parameters;
    std::vector<Constraint> m_constraints;
    std::map<std::string, ParamValue> m_variables;
    std::shared_ptr<struct CompiledConstraints> m_compiled; // implementation detail, rebuilt on change
};

} // namespace kt
