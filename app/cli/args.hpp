// Minimal strict argument parser for ktune commands: declared options only, every error a UsageError.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/cli/command.hpp"

namespace kt::cli {

class Args {
public:
    // valueOptions: "--db", "--device" …; flags: "--json", "--help" …
    Args(const std::vector<std::string>& args, std::set<std::string> valueOptions, std::set<std::string> flags);

    bool flag(const std::string& name) const { return m_flags.count(name) != 0; }
    std::optional<std::string> value(const std::string& name) const;
    std::string required(const std::string& name) const; // UsageError when absent
    const std::vector<std::string>& positional() const { return m_positional; }

    // Typed access; UsageError naming the option on a bad number.
    std::optional<long long> integer(const std::string& name) const;
    std::optional<double> number(const std::string& name) const;

private:
    std::map<std::string, std::string> m_values;
    std::set<std::string> m_flags;
    std::vector<std::string> m_positional;
};

long long parseInteger(const std::string& text, const std::string& what);
double parseNumber(const std::string& text, const std::string& what);

} // namespace kt::cli
