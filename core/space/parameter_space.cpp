// Points, canonical keys and the pruned depth-first enumeration of a parameter space's valid points.
#include "core/space/parameter_space.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <limits>

#include "core/space/expression.hpp"

namespace kt {

// ---- Point ----------------------------------------------------------------------------------------------------

Point::Point(std::shared_ptr<const std::vector<std::string>> names, std::vector<ParamValue> values)
    : m_names(std::move(names)), m_values(std::move(values)) {
    if (!m_names) m_names = std::make_shared<const std::vector<std::string>>();
    if (m_names->size() != m_values.size())
        throw std::invalid_argument("Point: " + std::to_string(m_names->size()) + " names but " +
                                    std::to_string(m_values.size()) + " values");
}

ParamValue Point::operator[](std::string_view name) const {
    if (m_names)
        for (std::size_t i = 0; i < m_names->size(); ++i)
            if ((*m_names)[i] == name) return m_values[i];
    throw std::out_of_range("point has no parameter '" + std::string(name) + "'");
}

const std::vector<std::string>& Point::names() const {
    static const std::vector<std::string> kNone;
    return m_names ? *m_names : kNone;
}

bool Point::has(std::string_view name) const {
    return m_names && std::find(m_names->begin(), m_names->end(), name) != m_names->end();
}

std::string Point::key() const {
    std::string out;
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        if (i) out += ',';
        out += (*m_names)[i];
        out += '=';
        out += std::to_string(m_values[i]);
    }
    return out;
}

Point Point::fromKey(const std::string& key) {
    auto names = std::make_shared<std::vector<std::string>>();
    std::vector<ParamValue> values;
    if (key.empty()) return Point(names, values);
    std::size_t pos = 0;
    while (pos <= key.size()) {
        std::size_t comma = key.find(',', pos);
        if (comma == std::string::npos) comma = key.size();
        std::string item = key.substr(pos, comma - pos);
        std::size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
            throw std::invalid_argument("malformed point key '" + key + "': item '" + item + "' is not NAME=value");
        std::string name = item.substr(0, eq);
        std::string valueText = item.substr(eq + 1);
        std::size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(valueText, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != valueText.size())
            throw std::invalid_argument("malformed point key '" + key + "': value of " + name + " is not an integer");
        if (std::find(names->begin(), names->end(), name) != names->end())
            throw std::invalid_argument("malformed point key '" + key + "': " + name + " appears twice");
        names->push_back(name);
        values.push_back(v);
        pos = comma + 1;
    }
    return Point(names, std::move(values));
}

// ---- compiled constraints ---------------------------------------------------------------------------------------

struct CompiledConstraints {
    std::vector<CompiledExpression> code;
    // byLevel[i]: constraints whose last-bound parameter is i (checked as soon as parameter i gets its value).
    std::vector<std::vector<std::size_t>> byLevel;
    bool constantFalse = false; // a constraint over variables only is false: the space is empty
};

namespace {

bool isIdentifier(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

} // namespace

std::shared_ptr<const CompiledConstraints> ParameterSpace::compiled() const {
    auto current = std::atomic_load(&m_compiled);
    if (current) return current;
    auto c = std::make_shared<CompiledConstraints>();
    c->byLevel.resize(m_parameters.size());
    for (std::size_t i = 0; i < m_parsed.size(); ++i) {
        CompiledExpression code;
        try {
            code = m_parsed[i]->compile([&](const std::string& name) -> std::optional<NameBinding> {
                int idx = parameterIndex(name);
                if (idx >= 0) return NameBinding{NameBinding::Kind::Slot, idx};
                auto it = m_variables.find(name);
                if (it != m_variables.end()) return NameBinding{NameBinding::Kind::Constant, it->second};
                return std::nullopt;
            });
        } catch (const ExpressionError& e) {
            throw std::invalid_argument("constraint " + std::to_string(i + 1) + " '" + m_constraints[i].expression +
                                        "': " + e.reason() +
                                        " (not a parameter of the space nor a variable set on it)");
        }
        if (code.maxSlot() < 0) {
            if (!code.holds(nullptr)) c->constantFalse = true;
        } else {
            c->byLevel[static_cast<std::size_t>(code.maxSlot())].push_back(c->code.size());
        }
        c->code.push_back(std::move(code));
    }
    std::shared_ptr<const CompiledConstraints> result = c;
    std::atomic_store(&m_compiled, result);
    return result;
}

bool LevelChecks::alwaysFalse() const { return m_compiled->constantFalse; }

bool LevelChecks::holds(std::size_t level, const ParamValue* values) const {
    for (std::size_t c : m_byLevel[level]) {
        ++m_evaluations;
        if (!m_compiled->code[c].holds(values)) return false;
    }
    return true;
}

// ---- ParameterSpace ---------------------------------------------------------------------------------------------

void ParameterSpace::addParameter(Parameter parameter) {
    if (!isIdentifier(parameter.name))
        throw std::invalid_argument("parameter name '" + parameter.name + "' is not an identifier");
    if (parameterIndex(parameter.name) >= 0)
        throw std::invalid_argument("parameter '" + parameter.name + "' is defined twice");
    if (parameter.values.empty())
        throw std::invalid_argument("parameter '" + parameter.name + "' has an empty value list");
    if (m_parameters.size() >= kMaxParameters)
        throw std::invalid_argument("parameter '" + parameter.name + "': a space holds at most " +
                                    std::to_string(kMaxParameters) + " parameters");
    if (parameter.values.size() > kMaxValuesPerParameter)
        throw std::invalid_argument("parameter '" + parameter.name + "' has " +
                                    std::to_string(parameter.values.size()) + " values, more than the " +
                                    std::to_string(kMaxValuesPerParameter) + " a parameter may have");
    // Duplicates through a sorted copy: O(n log n) (a pairwise check took half a minute at 500 000 values).
    std::vector<ParamValue> sorted = parameter.values;
    std::sort(sorted.begin(), sorted.end());
    if (auto dup = std::adjacent_find(sorted.begin(), sorted.end()); dup != sorted.end())
        throw std::invalid_argument("parameter '" + parameter.name + "' lists the value " + std::to_string(*dup) +
                                    " twice");
    m_parameters.push_back(std::move(parameter));
    auto names = std::make_shared<std::vector<std::string>>();
    for (const auto& p : m_parameters) names->push_back(p.name);
    m_names = names;
    m_compiled.reset();
}

void ParameterSpace::addConstraint(Constraint constraint) {
    if (m_constraints.size() >= kMaxConstraints)
        throw std::invalid_argument("constraint '" + constraint.expression.substr(0, 60) + "': a space holds at most " +
                                    std::to_string(kMaxConstraints) + " constraints");
    try {
        m_parsed.push_back(std::make_shared<const Expression>(Expression::parse(constraint.expression)));
    } catch (const ExpressionError& e) {
        throw std::invalid_argument("constraint '" + constraint.expression + "': " + e.what());
    }
    m_constraints.push_back(std::move(constraint));
    m_compiled.reset();
}

void ParameterSpace::setVariable(const std::string& name, ParamValue value) {
    if (!isIdentifier(name)) throw std::invalid_argument("variable name '" + name + "' is not an identifier");
    m_variables[name] = value;
    m_compiled.reset();
}

void ParameterSpace::validate() const { compiled(); }

int ParameterSpace::parameterIndex(std::string_view name) const {
    for (std::size_t i = 0; i < m_parameters.size(); ++i)
        if (m_parameters[i].name == name) return static_cast<int>(i);
    return -1;
}

std::uint64_t ParameterSpace::cartesianSize() const {
    std::uint64_t total = 1;
    for (const auto& p : m_parameters)
        if (__builtin_mul_overflow(total, static_cast<std::uint64_t>(p.values.size()), &total))
            return std::numeric_limits<std::uint64_t>::max();
    return total;
}

namespace {

// Depth-first walk over the value lists; `leaf` gets the value array and the value-index array of each valid point
// and returns false to stop. Constraints are checked at the level of the last parameter they read.
template <typename Leaf>
void walkValid(const std::vector<Parameter>& params, const CompiledConstraints& cc, Leaf&& leaf) {
    const std::size_t n = params.size();
    if (cc.constantFalse) return;
    if (n == 0) return;
    std::vector<ParamValue> values(n);
    std::vector<std::size_t> index(n, 0);
    std::size_t level = 0;
    index[0] = 0;
    for (;;) {
        const auto& list = params[level].values;
        if (index[level] >= list.size()) {
            if (level == 0) return;
            --level;
            ++index[level];
            continue;
        }
        values[level] = list[index[level]];
        bool ok = true;
        for (std::size_t c : cc.byLevel[level])
            if (!cc.code[c].holds(values.data())) {
                ok = false;
                break;
            }
        if (!ok) {
            ++index[level];
            continue;
        }
        if (level + 1 == n) {
            if (!leaf(values, index)) return;
            ++index[level];
        } else {
            ++level;
            index[level] = 0;
        }
    }
}

} // namespace

void ParameterSpace::forEachValid(const std::function<bool(const Point&)>& visit) const {
    auto cc = compiled();
    walkValid(m_parameters, *cc, [&](const std::vector<ParamValue>& values, const std::vector<std::size_t>&) {
        return visit(Point(m_names, values));
    });
}

std::uint64_t ParameterSpace::countValid() const { return countValid(std::numeric_limits<std::uint64_t>::max()); }

std::uint64_t ParameterSpace::countValid(std::uint64_t atMost) const {
    if (atMost == 0) return 0;
    auto cc = compiled();
    std::uint64_t count = 0;
    walkValid(m_parameters, *cc, [&](const std::vector<ParamValue>&, const std::vector<std::size_t>&) {
        return ++count < atMost;
    });
    return count;
}

std::vector<std::vector<std::size_t>> ParameterSpace::constraintParameters() const {
    std::vector<std::vector<std::size_t>> out;
    for (const auto& parsed : m_parsed) {
        std::vector<std::size_t> reads;
        for (const auto& name : parsed->names())
            if (int idx = parameterIndex(name); idx >= 0) reads.push_back(static_cast<std::size_t>(idx));
        std::sort(reads.begin(), reads.end());
        reads.erase(std::unique(reads.begin(), reads.end()), reads.end());
        out.push_back(std::move(reads));
    }
    return out;
}

LevelChecks ParameterSpace::levelChecks(const std::vector<std::size_t>& order) const {
    auto cc = compiled();
    if (order.empty()) return LevelChecks(cc, cc->byLevel);
    std::vector<std::size_t> levelOf(m_parameters.size(), m_parameters.size());
    if (order.size() != m_parameters.size())
        throw std::invalid_argument("levelChecks: the order names " + std::to_string(order.size()) + " of " +
                                    std::to_string(m_parameters.size()) + " parameters");
    for (std::size_t k = 0; k < order.size(); ++k) {
        if (order[k] >= m_parameters.size() || levelOf[order[k]] != m_parameters.size())
            throw std::invalid_argument("levelChecks: the order is not a permutation of the parameters");
        levelOf[order[k]] = k;
    }
    std::vector<std::vector<std::size_t>> byLevel(m_parameters.size());
    const auto reads = constraintParameters();
    for (std::size_t c = 0; c < reads.size(); ++c) {
        if (reads[c].empty()) continue; // over variables only: constantFalse says what it decides
        std::size_t level = 0;
        for (std::size_t p : reads[c]) level = std::max(level, levelOf[p]);
        byLevel[level].push_back(c);
    }
    return LevelChecks(cc, std::move(byLevel));
}

std::optional<Point> ParameterSpace::adopt(const Point& point) const {
    if (point.sharedNames() == m_names || (point.sharedNames() && point.names() == *m_names)) {
        if (point.sharedNames() == m_names) return point;
        return Point(m_names, point.values());
    }
    std::vector<ParamValue> values(m_parameters.size());
    for (std::size_t i = 0; i < m_parameters.size(); ++i) {
        if (!point.has(m_parameters[i].name)) return std::nullopt;
        values[i] = point[m_parameters[i].name];
    }
    return Point(m_names, std::move(values));
}

bool ParameterSpace::isValid(const Point& point) const {
    auto own = adopt(point);
    if (!own) return false;
    const auto& values = own->values();
    for (std::size_t i = 0; i < m_parameters.size(); ++i) {
        const auto& list = m_parameters[i].values;
        if (std::find(list.begin(), list.end(), values[i]) == list.end()) return false;
    }
    auto cc = compiled();
    if (cc->constantFalse) return false;
    for (const auto& code : cc->code)
        if (code.maxSlot() >= 0 && !code.holds(values.data())) return false;
    return true;
}

std::optional<std::string> ParameterSpace::brokenConstraint(const Point& point) const {
    auto own = adopt(point);
    if (!own) return std::nullopt;
    auto cc = compiled();
    for (std::size_t i = 0; i < cc->code.size(); ++i)
        if (!cc->code[i].holds(cc->code[i].maxSlot() >= 0 ? own->values().data() : nullptr))
            return m_constraints[i].expression;
    return std::nullopt;
}

Point ParameterSpace::pointAt(std::uint64_t index) const {
    std::vector<ParamValue> values(m_parameters.size());
    for (std::size_t i = m_parameters.size(); i-- > 0;) {
        const auto& list = m_parameters[i].values;
        values[i] = list[index % list.size()];
        index /= list.size();
    }
    return Point(m_names, std::move(values));
}

std::optional<std::uint64_t> ParameterSpace::indexOf(const Point& point) const {
    auto own = adopt(point);
    if (!own) return std::nullopt;
    std::uint64_t index = 0;
    for (std::size_t i = 0; i < m_parameters.size(); ++i) {
        const auto& list = m_parameters[i].values;
        auto it = std::find(list.begin(), list.end(), own->values()[i]);
        if (it == list.end()) return std::nullopt;
        index = index * list.size() + static_cast<std::uint64_t>(it - list.begin());
    }
    return index;
}

Point ParameterSpace::makePoint(std::vector<ParamValue> values) const {
    if (!m_names) return Point(std::make_shared<const std::vector<std::string>>(), std::move(values));
    return Point(m_names, std::move(values));
}

Point ParameterSpace::pointFromKey(const std::string& key) const {
    Point raw = Point::fromKey(key);
    for (const auto& name : raw.names())
        if (parameterIndex(name) < 0)
            throw std::invalid_argument("point key '" + key + "' names '" + name + "', which is not a parameter");
    std::vector<ParamValue> values(m_parameters.size());
    for (std::size_t i = 0; i < m_parameters.size(); ++i) {
        const auto& p = m_parameters[i];
        if (!raw.has(p.name) && !p.absentValue)
            throw std::invalid_argument("point key '" + key + "' lacks parameter " + p.name);
        values[i] = raw.has(p.name) ? raw[p.name] : *p.absentValue;
        if (std::find(p.values.begin(), p.values.end(), values[i]) == p.values.end())
            throw std::invalid_argument("point key '" + key + "': " + p.name + "=" + std::to_string(values[i]) +
                                        " is not in the parameter's value list");
    }
    return makePoint(std::move(values));
}

} // namespace kt
