// Tuning parameter spaces: named parameters with value lists, constraints as expressions over them (and over
// device variables), lazy enumeration of valid points, canonical point keys.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace kt {

class Expression;
struct CompiledConstraints;

// Malformed space description (JSON syntax, a field, a constraint); what() names the source and line/column or
// the field path, e.g. "gemm.json: parameters[2].values must be a non-empty array of integers".
class SpaceFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

using ParamValue = std::int64_t;

// Bounds on what a space may hold (docs/reliability.md, "Bounds on input"); beyond them addParameter,
// addConstraint and the JSON reader refuse the space with a message naming the bound. Far above any real kernel
// space (GEMM: 16 parameters of at most 9 values), low enough that checking and enumerating stay instant.
constexpr std::size_t kMaxValuesPerParameter = 100000;
constexpr std::size_t kMaxParameters = 256;
constexpr std::size_t kMaxConstraints = 1024;
constexpr std::uintmax_t kMaxSpaceFileBytes = 16u << 20; // 16 MiB

struct Parameter {
    std::string name;                // upper-case, family-prefixed in kernels, e.g. "GEMM_MWG"; short names allowed
    std::vector<ParamValue> values;  // the value list, in the order the user gave it
    std::string description;         // one line for the GUI
    // What a point key without this parameter means: parameters added after results were stored (old keys stay
    // valid); when it is not one of `values`, such keys are outside the space. Without it a key must name the
    // parameter.
    std::optional<ParamValue> absentValue = std::nullopt;
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
    const std::vector<std::string>& names() const; // empty for a default-constructed point
    // Canonical key: "NAME=value,NAME=value" in the space's parameter order. Stable; used by the store.
    std::string key() const;
    // Parses a canonical key back (names in key order).
    static Point fromKey(const std::string& key);
    bool operator==(const Point& other) const { return key() == other.key(); }
    std::size_t size() const { return m_values.size(); }
    bool empty() const { return m_values.empty(); }
    // Shared name list (identity lets the space skip re-ordering points it made itself).
    const std::shared_ptr<const std::vector<std::string>>& sharedNames() const { return m_names; }

private:
    std::shared_ptr<const std::vector<std::string>> m_names;
    std::vector<ParamValue> m_values;
};

class ParameterSpace;

// The constraint checks of a space grouped by the parameter they wait for: the pruning forEachValid does, for
// samplers that bind parameters one at a time (SpaceSampler), in the space's order or another. A constraint is
// checked at the level where the last parameter it reads is bound, so the values bound by then decide it. Holds the
// compiled constraints of the moment it was made.
class LevelChecks {
public:
    // True when some constraint over device variables alone is false: the space is empty.
    bool alwaysFalse() const;
    // Whether `values` (indexed in the space's parameter order; those bound at levels 0..level set) keep every
    // constraint checked at `level`.
    bool holds(std::size_t level, const ParamValue* values) const;
    // Constraint expressions evaluated so far by holds() (work counter for tests and benchmarks).
    std::uint64_t evaluations() const { return m_evaluations; }

private:
    friend class ParameterSpace;
    LevelChecks(std::shared_ptr<const CompiledConstraints> compiled, std::vector<std::vector<std::size_t>> byLevel)
        : m_compiled(std::move(compiled)), m_byLevel(std::move(byLevel)) {}
    std::shared_ptr<const CompiledConstraints> m_compiled;
    std::vector<std::vector<std::size_t>> m_byLevel; // constraint numbers per level
    mutable std::uint64_t m_evaluations = 0;
};

class ParameterSpace {
public:
    // Throws std::invalid_argument for an empty value list, a duplicate or non-identifier name.
    void addParameter(Parameter parameter);
    // Throws std::invalid_argument with position when the expression does not parse or names an unknown variable
    // (unknown names are checked when enumeration starts, as device variables may be set later).
    void addConstraint(Constraint constraint);
    // Device-dependent variables usable in constraints: DEV_LOCAL_MEM, DEV_MAX_WG, DEV_MAX_WI0..2, DEV_CU, DEV_FP64…
    void setVariable(const std::string& name, ParamValue value);
    const std::map<std::string, ParamValue>& variables() const { return m_variables; }
    // Compiles every constraint against the parameters and variables now known; throws std::invalid_argument
    // naming the constraint and the unknown name. Enumeration calls it implicitly.
    void validate() const;

    const std::vector<Parameter>& parameters() const { return m_parameters; }
    const std::vector<Constraint>& constraints() const { return m_constraints; }
    // Product of the value list sizes (saturates at UINT64_MAX).
    std::uint64_t cartesianSize() const;
    // Enumerates valid points without materialising the product (constraints are checked as soon as all their
    // parameters are bound). `visit` returns false to stop.
    void forEachValid(const std::function<bool(const Point&)>& visit) const;
    std::uint64_t countValid() const;
    // The count, or `atMost` when there are at least that many: a strategy with a budget needs to know only whether
    // the space is larger than what it can visit, and walking a 22 M-point GEMM space takes a minute.
    std::uint64_t countValid(std::uint64_t atMost) const;
    bool isValid(const Point& point) const;
    // The per-level constraint checks when parameters are bound in `order` (parameter indices, a permutation;
    // empty: the space's order). Compiles the constraints like validate(); throws std::invalid_argument when
    // `order` is not a permutation.
    LevelChecks levelChecks(const std::vector<std::size_t>& order = {}) const;
    // The parameters (indices) each constraint reads, in constraint order.
    std::vector<std::vector<std::size_t>> constraintParameters() const;
    // The first constraint `point` breaks ("TRA_TILE % TRA_WPT == 0"), nullopt when it keeps them all (or cannot be
    // expressed in this space: see adopt).
    std::optional<std::string> brokenConstraint(const Point& point) const;
    // Point with the given mixed-radix index into the cartesian product (may be invalid). The first parameter is
    // the most significant digit, so forEachValid visits points in increasing index order.
    Point pointAt(std::uint64_t index) const;
    // Inverse of pointAt; nullopt when a value is not in its parameter's list or a parameter is missing.
    std::optional<std::uint64_t> indexOf(const Point& point) const;
    // A point of this space from values in parameter order (no validity check).
    Point makePoint(std::vector<ParamValue> values) const;
    // A point of this space from a canonical key in any order; throws std::invalid_argument naming a missing or
    // unknown parameter, or a value outside its list.
    Point pointFromKey(const std::string& key) const;
    // Re-expresses `point` (possibly from another name list) in this space's parameter order; nullopt when a
    // parameter is missing.
    std::optional<Point> adopt(const Point& point) const;
    // Position of a parameter by name, -1 when absent.
    int parameterIndex(std::string_view name) const;

    // JSON form: {"name":…, "parameters":[{"name":…,"values":[…],"description":…}], "constraints":[{"expr":…}]}
    // Throws SpaceFormatError naming the line/field on malformed input.
    static ParameterSpace fromJson(const std::string& text, const std::string& sourceName = "<json>");
    static ParameterSpace fromFile(const std::string& path);
    std::string toJson() const;

    std::string name;
    // The family the space was written for ("family" in the JSON form); empty when the file does not say.
    std::string family;

private:
    std::vector<Parameter> m_parameters;
    std::vector<Constraint> m_constraints;
    std::map<std::string, ParamValue> m_variables;
    std::vector<std::shared_ptr<const Expression>> m_parsed; // one per constraint
    std::shared_ptr<const std::vector<std::string>> m_names;  // shared by every point this space makes
    // Constraints compiled against the current parameters/variables; built lazily, dropped on any change.
    mutable std::shared_ptr<const CompiledConstraints> m_compiled;
    std::shared_ptr<const CompiledConstraints> compiled() const;
};

} // namespace kt
