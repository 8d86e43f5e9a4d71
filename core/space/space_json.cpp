// JSON load/save of parameter spaces, with errors that name the line/column or the offending field.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/space/device_variables.hpp"
#include "core/space/expression.hpp"
#include "core/space/parameter_space.hpp"

namespace kt {

namespace {

using nlohmann::json;

// nlohmann reports a byte offset (one past the offending character); people want line:column.
std::string lineColumn(const std::string& text, std::size_t byte) {
    if (byte > 0) --byte;
    if (byte > text.size()) byte = text.size();
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < byte; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

[[noreturn]] void fail(const std::string& source, const std::string& message) {
    throw SpaceFormatError(source + ": " + message);
}

void checkFields(const std::string& source, const json& object, const std::string& path,
                 std::initializer_list<const char*> allowed) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool known = false;
        for (const char* a : allowed) known = known || it.key() == a;
        if (!known) {
            std::string list;
            for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
            fail(source,
                 (path.empty() ? "" : path + ": ") + "unknown field '" + it.key() + "' (expected " + list + ")");
        }
    }
}

std::string optionalString(const std::string& source, const json& object, const char* field, const std::string& path) {
    if (!object.contains(field)) return {};
    if (!object[field].is_string()) fail(source, path + field + " must be a string");
    return object[field].get<std::string>();
}

std::vector<ParamValue> readValues(const std::string& source, const json& p, const std::string& path) {
    std::vector<ParamValue> values;
    if (p.contains("values")) {
        const json& v = p["values"];
        if (!v.is_array() || v.empty()) fail(source, path + ".values must be a non-empty array of integers");
        if (v.size() > kMaxValuesPerParameter)
            fail(source, path + ".values has " + std::to_string(v.size()) + " values, more than the " +
                             std::to_string(kMaxValuesPerParameter) + " a parameter may have");
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_number_integer())
                fail(source, path + ".values must be a non-empty array of integers (element " + std::to_string(i) +
                                 " is " + v[i].dump() + ")");
            values.push_back(v[i].get<ParamValue>());
        }
        if (p.contains("range")) fail(source, path + ": give either values or range, not both");
        return values;
    }
    if (!p.contains("range")) fail(source, path + " needs values (array of integers) or range");
    // range: {"from": a, "to": b, "step": s} (arithmetic) or {"from": a, "to": b, "times": f} (geometric).
    const json& r = p["range"];
    std::string rpath = path + ".range";
    if (!r.is_object()) fail(source, rpath + " must be an object {from, to, step|times}");
    checkFields(source, r, rpath, {"from", "to", "step", "times"});
    for (const char* f : {"from", "to"})
        if (!r.contains(f) || !r[f].is_number_integer()) fail(source, rpath + "." + f + " must be an integer");
    ParamValue from = r["from"].get<ParamValue>(), to = r["to"].get<ParamValue>();
    bool geometric = r.contains("times");
    if (geometric == r.contains("step")) fail(source, rpath + " needs exactly one of step or times");
    const char* f = geometric ? "times" : "step";
    if (!r[f].is_number_integer() || r[f].get<ParamValue>() < (geometric ? 2 : 1))
        fail(source, rpath + "." + f + (geometric ? " must be an integer >= 2" : " must be a positive integer"));
    ParamValue k = r[f].get<ParamValue>();
    if (to < from || (geometric && from <= 0)) fail(source, rpath + " is empty (from > to, or from <= 0 with times)");
    for (ParamValue v = from; v <= to;) {
        values.push_back(v);
        if (values.size() > kMaxValuesPerParameter)
            fail(source, rpath + " has more than " + std::to_string(kMaxValuesPerParameter) + " values");
        // A range ending near the largest integer must stop there, not wrap around.
        if (geometric ? __builtin_mul_overflow(v, k, &v) : __builtin_add_overflow(v, k, &v)) break;
    }
    return values;
}

} // namespace

ParameterSpace ParameterSpace::fromJson(const std::string& text, const std::string& sourceName) {
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error& e) {
        std::string what = e.what();
        // Drop nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 2: " prefix: we say it.
        auto colon = what.find(": ");
        std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
        throw SpaceFormatError(sourceName + ":" + lineColumn(text, e.byte) + ": JSON syntax error: " + detail);
    }
    const std::string& src = sourceName;
    if (!doc.is_object()) fail(src, "the top level must be an object with a parameters array");
    checkFields(src, doc, "", {"name", "family", "description", "parameters", "constraints", "variables"});

    ParameterSpace space;
    space.name = optionalString(src, doc, "name", "");
    space.family = optionalString(src, doc, "family", "");
    if (doc.contains("parameters") && doc["parameters"].is_array() && doc["parameters"].size() > kMaxParameters)
        fail(src, "parameters has " + std::to_string(doc["parameters"].size()) + " entries, more than the " +
                      std::to_string(kMaxParameters) + " a space may have");
    if (!doc.contains("parameters") || !doc["parameters"].is_array() || doc["parameters"].empty())
        fail(src, "parameters must be a non-empty array");
    const json& params = doc["parameters"];
    for (std::size_t i = 0; i < params.size(); ++i) {
        std::string path = "parameters[" + std::to_string(i) + "]";
        const json& p = params[i];
        if (!p.is_object()) fail(src, path + " must be an object {name, values, description}");
        checkFields(src, p, path, {"name", "values", "range", "description", "absent"});
        if (!p.contains("name") || !p["name"].is_string() || p["name"].get<std::string>().empty())
            fail(src, path + ".name must be a non-empty string");
        Parameter param;
        param.name = p["name"].get<std::string>();
        param.values = readValues(src, p, path);
        param.description = optionalString(src, p, "description", path + ".");
        if (p.contains("absent")) {
            if (!p["absent"].is_number_integer()) fail(src, path + ".absent must be an integer");
            param.absentValue = p["absent"].get<ParamValue>();
        }
        try {
            space.addParameter(std::move(param));
        } catch (const std::invalid_argument& e) {
            fail(src, path + ": " + e.what());
        }
    }

    if (doc.contains("variables")) {
        const json& vars = doc["variables"];
        if (!vars.is_object()) fail(src, "variables must be an object of NAME: integer");
        for (auto it = vars.begin(); it != vars.end(); ++it) {
            if (!it.value().is_number_integer()) fail(src, "variables." + it.key() + " must be an integer");
            if (space.parameterIndex(it.key()) >= 0)
                fail(src, "variables." + it.key() + " has the name of a parameter");
            try {
                space.setVariable(it.key(), it.value().get<ParamValue>());
            } catch (const std::invalid_argument& e) {
                fail(src, "variables." + it.key() + ": " + e.what());
            }
        }
    }

    if (doc.contains("constraints")) {
        const json& cons = doc["constraints"];
        if (!cons.is_array()) fail(src, "constraints must be an array of strings or {expr, description} objects");
        if (cons.size() > kMaxConstraints)
            fail(src, "constraints has " + std::to_string(cons.size()) + " entries, more than the " +
                          std::to_string(kMaxConstraints) + " a space may have");
        for (std::size_t i = 0; i < cons.size(); ++i) {
            std::string path = "constraints[" + std::to_string(i) + "]";
            Constraint c;
            if (cons[i].is_string()) {
                c.expression = cons[i].get<std::string>();
            } else if (cons[i].is_object()) {
                checkFields(src, cons[i], path, {"expr", "description"});
                if (!cons[i].contains("expr") || !cons[i]["expr"].is_string())
                    fail(src, path + ".expr must be a string");
                c.expression = cons[i]["expr"].get<std::string>();
                c.description = optionalString(src, cons[i], "description", path + ".");
            } else {
                fail(src, path + " must be a string or an object {expr, description}");
            }
            std::shared_ptr<Expression> parsed;
            try {
                parsed = std::make_shared<Expression>(Expression::parse(c.expression));
            } catch (const ExpressionError& e) {
                fail(src, path + ": " + e.what());
            }
            // Device variables may be bound later (per device), so only names that can never be bound are errors.
            for (const auto& n : parsed->names()) {
                bool known = space.parameterIndex(n) >= 0 || space.variables().count(n) > 0 || isDeviceVariable(n);
                if (!known)
                    fail(src, path + " '" + c.expression + "' uses unknown name '" + n +
                                  "' (not a parameter, a declared variable or a DEV_ device variable)");
            }
            space.addConstraint(std::move(c));
        }
    }
    return space;
}

ParameterSpace ParameterSpace::fromFile(const std::string& path) {
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(path, ec);
    if (!ec && bytes > kMaxSpaceFileBytes)
        throw SpaceFormatError(path + ": " + std::to_string(bytes) + " bytes, more than the " +
                               std::to_string(kMaxSpaceFileBytes >> 20) + " MiB a space file may have");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SpaceFormatError(path + ": cannot open the file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return fromJson(buffer.str(), path);
}

std::string ParameterSpace::toJson() const {
    json doc = json::object();
    if (!name.empty()) doc["name"] = name;
    if (!family.empty()) doc["family"] = family;
    json params = json::array();
    for (const auto& p : m_parameters) {
        json jp = {{"name", p.name}, {"values", p.values}};
        if (!p.description.empty()) jp["description"] = p.description;
        if (p.absentValue) jp["absent"] = *p.absentValue;
        params.push_back(std::move(jp));
    }
    doc["parameters"] = std::move(params);
    json cons = json::array();
    for (const auto& c : m_constraints) {
        if (c.description.empty()) cons.push_back(c.expression);
        else cons.push_back({{"expr", c.expression}, {"description", c.description}});
    }
    doc["constraints"] = std::move(cons);
    if (!m_variables.empty()) doc["variables"] = m_variables;
    return doc.dump(2) + "\n";
}

} // namespace kt
