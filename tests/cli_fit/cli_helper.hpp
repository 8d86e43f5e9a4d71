// Test helper: run the built ktune with arguments in a scratch directory; exit code and combined output.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace kt::test {

struct CliResult {
    int rc = -1;
    std::string output;
};

class Scratch {
public:
    Scratch() {
        m_dir = std::filesystem::temp_directory_path() /
                ("kt_cli_fit_" + std::to_string(::getpid()) + "_" + std::to_string(std::random_device{}()));
        std::filesystem::create_directories(m_dir);
    }
    ~Scratch() {
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }
    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(path(name), std::ios::binary) << text;
        return path(name);
    }
    std::string read(const std::string& name) const {
        std::ifstream in(path(name), std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
    bool exists(const std::string& name) const { return std::filesystem::exists(path(name)); }

    // Runs `ktune <args>` inside the scratch directory (relative file names resolve there). Standard output and
    // error land in `output`; with `stdoutFile` standard output goes to that file instead. `env` prefixes the command
    // (e.g. "KT_DB=x.sqlite").
    CliResult ktune(const std::string& args, const std::string& stdoutFile = "", const std::string& env = "") const {
        const std::string log = path("cli_output.txt");
        const std::string redirect =
            stdoutFile.empty() ? " > '" + log + "' 2>&1" : " > '" + path(stdoutFile) + "' 2> '" + log + "'";
        const std::string cmd = "cd '" + m_dir.string() + "' && " + env + " '" KT_KTUNE_PATH "' " + args + redirect;
        const int status = std::system(cmd.c_str());
        CliResult r;
        r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        std::ifstream in(log);
        std::stringstream ss;
        ss << in.rdbuf();
        r.output = ss.str();
        return r;
    }

private:
    std::filesystem::path m_dir;
};

} // namespace kt::test
