// Strict parsing: unknown options, missing values and malformed numbers are usage errors (exit code 2).
#include "app/cli/args.hpp"

#include <charconv>
#include <cmath>

namespace kt::cli {

Args::Args(const std::vector<std::string>& args, std::set<std::string> valueOptions, std::set<std::string> flags) {
    flags.insert("--help");
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.rfind("--", 0) != 0 || a == "--") {
            m_positional.push_back(a);
            continue;
        }
        std::string name = a, inlineValue;
        bool hasInline = false;
        if (auto eq = a.find('='); eq != std::string::npos) {
            name = a.substr(0, eq);
            inlineValue = a.substr(eq + 1);
            hasInline = true;
        }
        if (valueOptions.count(name)) {
            if (hasInline) {
                m_values[name] = inlineValue;
            } else {
                if (i + 1 >= args.size()) throw UsageError("option " + name + " needs a value");
                m_values[name] = args[++i];
            }
        } else if (flags.count(name) && !hasInline) {
            m_flags.insert(name);
        } else {
            throw UsageError("unknown option " + a);
        }
    }
}

std::optional<std::string> Args::value(const std::string& name) const {
    auto it = m_values.find(name);
    if (it == m_values.end()) return std::nullopt;
    return it->second;
}

std::string Args::required(const std::string& name) const {
    auto v = value(name);
    if (!v) throw UsageError("missing required option " + name);
    return *v;
}

long long parseInteger(const std::string& text, const std::string& what) {
    long long v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size())
        throw UsageError(what + ": '" + text + "' is not an integer");
    return v;
}

double parseNumber(const std::string& text, const std::string& what) {
    try {
        std::size_t used = 0;
        double v = std::stod(text, &used);
        if (used != text.size() || !std::isfinite(v)) throw std::invalid_argument(text);
        return v;
    } catch (const std::exception&) {
        throw UsageError(what + ": '" + text + "' is not a number");
    }
}

std::optional<long long> Args::integer(const std::string& name) const {
    auto v = value(name);
    if (!v) return std::nullopt;
    return parseInteger(*v, name);
}

std::optional<double> Args::number(const std::string& name) const {
    auto v = value(name);
    if (!v) return std::nullopt;
    return parseNumber(*v, name);
}

} // namespace kt::cli
