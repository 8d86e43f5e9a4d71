// The children of a process and their state, read from /proc: the kill tests find the worker process this way.
#pragma once
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <dirent.h>
#include <sys/types.h>

namespace kt::test {

// The state letter of /proc/<pid>/stat ('R', 'S', 'T' stopped, 'Z' exited but not reaped…), or 0 when it is gone.
inline char processState(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return 0;
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const auto close = line.rfind(')');
    return close == std::string::npos || close + 2 >= line.size() ? 0 : line[close + 2];
}

// The children of `parent` that have not exited.
inline std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> out;
    DIR* proc = ::opendir("/proc");
    if (!proc) return out;
    while (auto* e = ::readdir(proc)) {
        const pid_t pid = static_cast<pid_t>(std::atoi(e->d_name));
        if (pid <= 0) continue;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        std::istringstream rest(line.substr(line.rfind(')') + 2));
        char state = 0;
        long ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent && state != 'Z') out.push_back(pid);
    }
    ::closedir(proc);
    return out;
}

} // namespace kt::test
