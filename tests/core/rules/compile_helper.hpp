// Test helper: compile and run a generated C++ header with the system compiler (tests skip when there is none).
#pragma once
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>

namespace kt::rules::test {

inline bool haveCompiler() {
    return std::system("command -v c++ > /dev/null 2>&1") == 0;
}

// Writes header + main into a fresh directory, compiles with `flags` (by default every warning an error) and returns
// the program's stdout, or nullopt (with the reason in *error) when compiling or running fails.
inline std::optional<std::string> compileAndRun(const std::string& header, const std::string& mainBody,
                                                std::string* error,
                                                const std::string& flags = "-Wall -Wextra -Werror") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() /
                         ("kt_rules_cpp_" + std::to_string(std::random_device{}()) + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "rule.hpp") << header;
    std::ofstream(dir / "main.cpp") << "#include \"rule.hpp\"\n#include <cstdio>\nint main() {\n"
                                    << mainBody << "\n}\n";
    const std::string cmd = "c++ -std=c++17 " + flags + " -o '" + (dir / "prog").string() + "' '" +
                            (dir / "main.cpp").string() + "' > '" + (dir / "log.txt").string() + "' 2>&1";
    if (std::system(cmd.c_str()) != 0) {
        std::ifstream log(dir / "log.txt");
        std::stringstream ss;
        ss << log.rdbuf();
        *error = "compile failed:\n" + ss.str() + "\n--- header ---\n" + header;
        return std::nullopt;
    }
    const std::string run = "'" + (dir / "prog").string() + "' > '" + (dir / "out.txt").string() + "'";
    if (std::system(run.c_str()) != 0) {
        *error = "generated program failed";
        return std::nullopt;
    }
    std::ifstream out(dir / "out.txt");
    std::stringstream ss;
    ss << out.rdbuf();
    fs::remove_all(dir);
    return ss.str();
}

} // namespace kt::rules::test
