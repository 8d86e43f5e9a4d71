// The ktune command registry: each command file defines one Command and registers it with KT_REGISTER_COMMAND.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace kt::cli {

struct Command {
    std::string name;    // "devices"
    std::string summary; // one line for `ktune --help`
    std::string usage;   // full text for `ktune <name> --help`
    // args excludes the program and the command name. Returns the process exit code
    // (0 ok, 1 failure at run time, 2 bad arguments or bad input).
    std::function<int(const std::vector<std::string>& args)> run;
};

std::vector<Command>& commandRegistry();

struct CommandRegistration {
    explicit CommandRegistration(Command command) { commandRegistry().push_back(std::move(command)); }
};

// Thrown by argument parsing; main prints "ktune <cmd>: <message>" + a hint and exits with 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

} // namespace kt::cli

#define KT_CLI_CONCAT2(a, b) a##b
#define KT_CLI_CONCAT(a, b) KT_CLI_CONCAT2(a, b)
#define KT_REGISTER_COMMAND(...) \
    static ::kt::cli::CommandRegistration KT_CLI_CONCAT(kt_command_registration_, __LINE__){__VA_ARGS__}
