// Compile worker processes and their protocol (see image_compiler.hpp).
#include "core/engine/image_compiler.hpp"

#include <algorithm>
#include <chrono>

#include <nlohmann/json.hpp>

#include "core/engine/worker_process.hpp"

namespace kt {

namespace {

// Images are binary (CUBIN is ELF); JSON strings are text, so they travel as hex (twice the bytes of a ~100 KB
// image is nothing next to the half second that compiling it takes).
std::string toHex(const std::string& bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (unsigned char c : bytes) {
        out.push_back(digits[c >> 4]);
        out.push_back(digits[c & 15]);
    }
    return out;
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

std::string fromHex(const std::string& hex) {
    if (hex.size() % 2) throw BackendError("compile worker sent an image of odd hex length");
    std::string out(hex.size() / 2, '\0');
    for (std::size_t i = 0; i < out.size(); ++i) {
        const int hi = hexDigit(hex[2 * i]), lo = hexDigit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) throw BackendError("compile worker sent an image that is not hex");
        out[i] = static_cast<char>(hi * 16 + lo);
    }
    return out;
}

} // namespace

ProcessImageCompiler::ProcessImageCompiler(std::string executable, double timeoutSeconds)
    : m_executable(std::move(executable)), m_timeoutSeconds(timeoutSeconds) {}

ProcessImageCompiler::~ProcessImageCompiler() {
    std::lock_guard lock(m_mutex);
    for (auto& w : m_idle) w.process->kill(); // idle workers wait on stdin: nothing is lost
}

std::size_t ProcessImageCompiler::processesStarted() const {
    std::lock_guard lock(m_mutex);
    return m_started;
}

ProcessImageCompiler::Slot ProcessImageCompiler::take() {
    Slot slot;
    {
        std::lock_guard lock(m_mutex);
        while (!m_idle.empty()) {
            slot = std::move(m_idle.back());
            m_idle.pop_back();
            slot.process->reapIfExited();
            if (slot.process->running()) {
                slot.fresh = false;
                return slot;
            }
        }
        slot.index = static_cast<int>(m_started++);
    }
    slot.process = std::make_unique<WorkerProcess>(std::vector<std::string>{m_executable, "compile-worker"});
    slot.fresh = true;
    try {
        slot.process->start();
    } catch (const std::exception& e) {
        throw BackendError(e.what()); // the caller may compile in-process instead
    }
    return slot;
}

void ProcessImageCompiler::giveBack(Slot slot) {
    std::lock_guard lock(m_mutex);
    m_idle.push_back(std::move(slot));
}

ProgramImage ProcessImageCompiler::compile(const std::string& target, const std::string& source,
                                           const std::vector<std::string>& options, CompileReport* report) {
    auto slot = take();
    WorkerProcess* worker = slot.process.get();
    const std::string request = nlohmann::json{{"target", target}, {"source", source}, {"options", options}}.dump();
    if (report) {
        report->worker = slot.index;
        report->pid = worker->pid();
        report->newWorker = slot.fresh;
        report->sent = std::chrono::steady_clock::now();
    }
    std::optional<std::string> line;
    if (worker->send(request))
        line = worker->readLine(std::chrono::steady_clock::now() +
                                std::chrono::milliseconds(static_cast<long long>(m_timeoutSeconds * 1000)));
    if (!line) {
        const std::string why =
            worker->timedOut() ? "no answer within " + std::to_string(static_cast<int>(m_timeoutSeconds)) + " s"
                               : (worker->exitDescription().empty() ? "it closed its pipe" : worker->exitDescription());
        const std::string log = worker->stderrTail();
        worker->kill();
        throw BuildError("the compile worker failed on this program: " + why, log);
    }
    auto reply = nlohmann::json::parse(*line, nullptr, false);
    if (!reply.is_object()) {
        worker->kill();
        throw BackendError("the compile worker answered something that is not JSON: " + line->substr(0, 200));
    }
    giveBack(std::move(slot));
    if (reply.contains("error")) {
        const std::string error = reply.value("error", ""), log = reply.value("log", "");
        if (reply.value("build", true)) throw BuildError(error, log);
        throw BackendError(error);
    }
    ProgramImage image{fromHex(reply.value("image", "")), reply.value("log", "")};
    if (report) {
        report->received = std::chrono::steady_clock::now();
        // The worker's stamps are its steady clock, the same CLOCK_MONOTONIC as ours on Linux; anything outside the
        // request's span (another clock) falls back to placing the compile by its duration after the hand-out.
        using Ns = std::chrono::nanoseconds;
        const std::chrono::steady_clock::time_point t0{Ns(reply.value("t0", 0LL))}, t1{Ns(reply.value("t1", 0LL))};
        report->workerClock = report->sent <= t0 && t0 <= t1 && t1 <= report->received;
        if (report->workerClock) {
            report->compileStart = t0;
            report->compileEnd = t1;
        } else {
            const auto ms = std::chrono::duration<double, std::milli>(reply.value("ms", 0.0));
            report->compileStart = report->sent;
            report->compileEnd =
                std::min(report->received, report->sent + std::chrono::duration_cast<std::chrono::nanoseconds>(ms));
        }
    }
    return image;
}

namespace compile_protocol {

std::string serve(const std::string& requestLine, const CompileFunction& compile) {
    nlohmann::json reply;
    try {
        auto request = nlohmann::json::parse(requestLine);
        const auto start = std::chrono::steady_clock::now();
        ProgramImage image = compile(request.at("target").get<std::string>(), request.at("source").get<std::string>(),
                                     request.at("options").get<std::vector<std::string>>());
        const auto end = std::chrono::steady_clock::now();
        using Ns = std::chrono::nanoseconds;
        reply = {{"image", toHex(image.bytes)},
                 {"log", image.log},
                 {"ms", std::chrono::duration<double, std::milli>(end - start).count()},
                 {"t0", std::chrono::duration_cast<Ns>(start.time_since_epoch()).count()},
                 {"t1", std::chrono::duration_cast<Ns>(end.time_since_epoch()).count()}};
    } catch (const BuildError& e) {
        reply = {{"error", e.what()}, {"log", e.log()}, {"build", true}};
    } catch (const std::exception& e) {
        reply = {{"error", e.what()}, {"log", ""}, {"build", false}};
    }
    return reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace compile_protocol

} // namespace kt
