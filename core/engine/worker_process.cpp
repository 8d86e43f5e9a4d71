// posix_spawn + pipes + poll: the mechanism that keeps a hung or crashing kernel out of the tuning process.
#include "core/engine/worker_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace kt {

namespace {
constexpr std::size_t kStderrTail = 8192;

// Workers get the environment the program started with, not the current one. Seen on the GPU machine (H100,
// driver 580): once a process has called into NVIDIA's OpenCL driver (even just clGetPlatformIDs), children it spawns
// find no NVIDIA OpenCL device, while children of a shell find it (tools/probe-opencl-child.py). The likeliest cause is
// that the driver changes the process environment when it loads; a start-up snapshot is immune to that. Static
// initialisation runs before main(), so before any driver is loaded.
std::vector<std::string> snapshotEnvironment() {
    std::vector<std::string> out;
    for (char** e = environ; e && *e; ++e) out.emplace_back(*e);
    return out;
}
const std::vector<std::string> kStartupEnvironment = snapshotEnvironment();

std::vector<std::string> workerEnvironment() { return kStartupEnvironment; }

void closeFd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}
} // namespace

WorkerProcess::WorkerProcess(std::vector<std::string> argv) : m_argv(std::move(argv)) {
    // Writing to a worker that just died must be an error code, not a signal that kills the tuning process.
    std::signal(SIGPIPE, SIG_IGN);
}

WorkerProcess::~WorkerProcess() { kill(); }

void WorkerProcess::start() {
    kill();
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
        throw std::runtime_error(std::string("cannot create pipes for the worker: ") + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    std::vector<char*> args;
    for (auto& a : m_argv) args.push_back(a.data());
    args.push_back(nullptr);
    auto environment = workerEnvironment();
    std::vector<char*> envp;
    for (auto& v : environment) envp.push_back(v.data());
    envp.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, m_argv[0].c_str(), &actions, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    if (rc != 0) {
        ::close(in[1]);
        ::close(out[0]);
        ::close(err[0]);
        throw std::runtime_error("cannot start worker '" + m_argv[0] + "': " + std::strerror(rc));
    }
    m_pid = pid;
    m_in = in[1];
    m_out = out[0];
    m_err = err[0];
    fcntl(m_err, F_SETFL, fcntl(m_err, F_GETFL) | O_NONBLOCK);
    m_buffer.clear();
    m_searched = 0;
    m_stderr.clear();
    m_exitDescription.clear();
    m_timedOut = m_exited = false;
}

bool WorkerProcess::send(const std::string& line) {
    if (m_in < 0) return false;
    std::string data = line + "\n";
    const char* p = data.data();
    std::size_t left = data.size();
    while (left > 0) {
        const ssize_t n = ::write(m_in, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return true;
}

void WorkerProcess::drainStderr() {
    if (m_err < 0) return;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(m_err, buf, sizeof buf);
        if (n <= 0) break;
        m_stderr.append(buf, static_cast<std::size_t>(n));
    }
    if (m_stderr.size() > kStderrTail) m_stderr.erase(0, m_stderr.size() - kStderrTail);
}

std::optional<std::string> WorkerProcess::readLine(std::chrono::steady_clock::time_point deadline) {
    for (;;) {
        // Only the bytes not searched yet: a compile worker's reply is one line of several MB of image hex, read
        // 64 KB at a time, and searching it all again after each read made receiving it quadratic.
        if (auto nl = m_buffer.find('\n', m_searched); nl != std::string::npos) {
            std::string line = m_buffer.substr(0, nl);
            m_buffer.erase(0, nl + 1);
            m_searched = 0;
            return line;
        }
        m_searched = m_buffer.size();
        if (m_out < 0) return std::nullopt;
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) {
            m_timedOut = true;
            return std::nullopt;
        }
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        pollfd fds[2] = {{m_out, POLLIN, 0}, {m_err, POLLIN, 0}};
        const int rc = ::poll(fds, m_err >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(ms + 1, 1000)));
        if (rc < 0 && errno != EINTR) return std::nullopt;
        if (fds[1].revents) drainStderr();
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char buf[65536];
            const ssize_t n = ::read(m_out, buf, sizeof buf);
            if (n > 0) {
                m_buffer.append(buf, static_cast<std::size_t>(n));
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                drainStderr();
                reap(true);
                return std::nullopt;
            }
        }
    }
}

void WorkerProcess::reap(bool wait) {
    if (m_pid <= 0) return;
    int status = 0;
    const pid_t r = ::waitpid(m_pid, &status, wait ? 0 : WNOHANG);
    if (r == m_pid) {
        if (WIFSIGNALED(status))
            m_exitDescription = std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
                                strsignal(WTERMSIG(status)) + ")";
        else if (WIFEXITED(status))
            m_exitDescription = "exited with code " + std::to_string(WEXITSTATUS(status));
        m_exited = true;
        m_pid = -1;
        closeFd(m_in);
        closeFd(m_out);
        closeFd(m_err);
    }
}

void WorkerProcess::kill() {
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        reap(true);
    }
    closeFd(m_in);
    closeFd(m_out);
    closeFd(m_err);
}

} // namespace kt
