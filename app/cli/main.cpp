// ktune: entry point; dispatches to the registered commands (app/cli/commands/*.cpp).
#include <algorithm>
#include <exception>
#include <iostream>

#include "app/cli/command.hpp"

namespace kt::cli {
std::vector<Command>& commandRegistry() {
    static std::vector<Command> commands;
    return commands;
}
} // namespace kt::cli

namespace {
void printHelp(std::ostream& out) {
    auto commands = kt::cli::commandRegistry();
    std::sort(commands.begin(), commands.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    out << "ktune — KernelTune command line (GPU kernel auto-tuning)\n\n"
        << "usage: ktune <command> [options]   (ktune <command> --help for details)\n\ncommands:\n";
    // One column for every summary, two spaces past the longest name ("compile-bench", "measurements").
    std::size_t width = 0;
    for (const auto& c : commands) width = std::max(width, c.name.size());
    for (const auto& c : commands) out << "  " << c.name << std::string(width + 2 - c.name.size(), ' ') << c.summary << "\n";
}
} // namespace

int main(int argc, char** argv) {
    using namespace kt::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printHelp(std::cout);
        return args.empty() ? 2 : 0;
    }
    const auto& commands = commandRegistry();
    auto it = std::find_if(commands.begin(), commands.end(), [&](const Command& c) { return c.name == args[0]; });
    if (it == commands.end()) {
        std::cerr << "ktune: unknown command '" << args[0] << "'\n\n";
        printHelp(std::cerr);
        return 2;
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (std::find(rest.begin(), rest.end(), "--help") != rest.end()) {
        std::cout << it->usage;
        return 0;
    }
    try {
        return it->run(rest);
    } catch (const UsageError& e) {
        std::cerr << "ktune " << it->name << ": " << e.what() << "\n(see: ktune " << it->name << " --help)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "ktune " << it->name << ": error: " << e.what() << "\n";
        return 1;
    }
}
