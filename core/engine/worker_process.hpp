// A child process speaking JSON lines over pipes, with deadlines on every reply (the watchdog).
#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace kt {

class WorkerProcess {
public:
    // argv[0] is the executable path. The child gets the parent's environment.
    explicit WorkerProcess(std::vector<std::string> argv);
    ~WorkerProcess(); // kills the child if still running

    WorkerProcess(const WorkerProcess&) = delete;
    WorkerProcess& operator=(const WorkerProcess&) = delete;

    void start(); // throws std::runtime_error when the executable cannot be started
    bool running() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; }

    // false when the child is gone (broken pipe).
    bool send(const std::string& line);
    // Next line from the child's stdout, or nullopt when the deadline passed (timedOut() true) or the child exited
    // (exited() true; exitDescription() says how).
    std::optional<std::string> readLine(std::chrono::steady_clock::time_point deadline);

    void kill(); // SIGKILL + reap
    // Reaps the child if it has exited (without waiting), so running() is false for a worker that died while idle.
    void reapIfExited() { reap(false); }
    bool timedOut() const { return m_timedOut; }
    bool exited() const { return m_exited; }
    std::string exitDescription() const { return m_exitDescription; }
    // The last few KB the child wrote to stderr (driver messages, assertion text) for error reports.
    const std::string& stderrTail() const { return m_stderr; }

private:
    void reap(bool wait);
    void drainStderr();

    std::vector<std::string> m_argv;
    pid_t m_pid = -1;
    int m_in = -1, m_out = -1, m_err = -1;
    std::string m_buffer, m_stderr, m_exitDescription;
    std::size_t m_searched = 0; // leading bytes of m_buffer known to hold no newline
    bool m_timedOut = false, m_exited = false;
};

} // namespace kt
