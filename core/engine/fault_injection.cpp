// Fault injection for the reliability tests (see fault_injection.hpp).
#include "core/engine/fault_injection.hpp"

#include <csignal>
#include <cstdlib>
#include <map>
#include <regex>
#include <stdexcept>

namespace kt {

namespace {
const std::map<std::string, InjectedFault>& kinds() {
    static const std::map<std::string, InjectedFault> k = {{"compile-error", InjectedFault::CompileError},
                                                           {"work-items", InjectedFault::WorkItems},
                                                           {"write-after-end", InjectedFault::WriteAfterEnd},
                                                           {"write-before-start", InjectedFault::WriteBeforeStart},
                                                           {"wrong-result", InjectedFault::WrongResult},
                                                           {"local-memory", InjectedFault::LocalMemory},
                                                           {"device-memory", InjectedFault::DeviceMemory},
                                                           {"stop-compiling", InjectedFault::StopCompiling},
                                                           {"stop-timing", InjectedFault::StopTiming}};
    return k;
}

std::map<std::string, InjectedFault> parseVariable(const char* text) {
    std::map<std::string, InjectedFault> out;
    if (!text) return out;
    const std::string s = text;
    std::size_t begin = 0;
    while (begin <= s.size()) {
        std::size_t end = s.find(';', begin);
        if (end == std::string::npos) end = s.size();
        const std::string item = s.substr(begin, end - begin);
        begin = end + 1;
        if (item.empty()) continue;
        const auto at = item.find('@');
        if (at == std::string::npos || at + 1 == item.size())
            throw std::invalid_argument("KT_FAULT_INJECTION: '" + item + "' is not kind@POINT_KEY");
        out[item.substr(at + 1)] = injectedFaultFromString(item.substr(0, at));
    }
    return out;
}

thread_local InjectedFault t_current = InjectedFault::None;
} // namespace

std::string toString(InjectedFault fault) {
    for (const auto& [name, f] : kinds())
        if (f == fault) return name;
    return "none";
}

InjectedFault injectedFaultFromString(const std::string& text) {
    if (auto it = kinds().find(text); it != kinds().end()) return it->second;
    std::string known;
    for (const auto& [name, f] : kinds()) known += (known.empty() ? "" : ", ") + name;
    throw std::invalid_argument("KT_FAULT_INJECTION: unknown fault '" + text + "' (known: " + known + ")");
}

InjectedFault injectedFaultFor(const std::string& pointKey) {
    static const std::map<std::string, InjectedFault> faults = parseVariable(std::getenv("KT_FAULT_INJECTION"));
    if (faults.empty()) return InjectedFault::None;
    auto it = faults.find(pointKey);
    return it == faults.end() ? InjectedFault::None : it->second;
}

std::string insertAtKernelStart(const std::string& source, const std::string& kernel, const std::string& statement) {
    const std::regex signature("\\bvoid\\s+" + kernel + "\\s*\\(");
    std::smatch match;
    if (!std::regex_search(source, match, signature))
        throw std::invalid_argument("fault injection: the program defines no kernel " + kernel);
    // The parameter list ends at the parenthesis that balances the one after the name; the body opens after it.
    std::size_t at = std::size_t(match.position(0) + match.length(0));
    for (int depth = 1; at < source.size() && depth > 0; ++at) depth += source[at] == '(' ? 1 : source[at] == ')' ? -1 : 0;
    const std::size_t brace = source.find('{', at);
    if (brace == std::string::npos)
        throw std::invalid_argument("fault injection: the kernel " + kernel + " has no body");
    return source.substr(0, brace + 1) + "\n" + statement + "\n" + source.substr(brace + 1);
}

void injectIntoPlan(KernelPlan& plan, InjectedFault fault) {
    if (fault == InjectedFault::LocalMemory) {
        // 1 GiB of local (shared) memory, used so that no compiler drops it; KT_LOCAL is the dialect's qualifier.
        const std::string statement =
            "KT_LOCAL volatile unsigned char kt_injected_local[1073741824]; kt_injected_local[0] = 1;";
        for (auto& program : plan.programs)
            for (const auto& kernel : program.kernels)
                program.source = insertAtKernelStart(program.source, kernel, statement);
    }
    if (fault == InjectedFault::DeviceMemory) {
        // 2^50 elements (8 PiB in double): the executor allocates every buffer of the plan before the first launch.
        plan.buffers.push_back({"kt_injected_device_memory", BufferRole::Workspace, "1125899906842624"});
    }
    if (fault == InjectedFault::CompileError && !plan.programs.empty()) {
        // A generated program that does not compile: every macro value is an unbalanced token, so both a use in
        // code and a use in #if fail with the compiler's own message (options, not the kernel text, are changed).
        bool changed = false;
        for (auto& option : plan.programs.front().options) {
            const auto eq = option.find('=');
            if (option.rfind("-D", 0) != 0 || eq == std::string::npos) continue;
            option = option.substr(0, eq + 1) + "kt_injected_fault(";
            changed = true;
        }
        // A program with its parameters in the text (GEMM) gets an option no compiler knows instead.
        if (!changed) plan.programs.front().options.push_back("-kt_injected_fault");
    }
    if (fault == InjectedFault::WorkItems) {
        // More work-items per group than any device allows (global stays a multiple of local).
        for (auto& launch : plan.launches) {
            if (launch.phase != LaunchPhase::Timed) continue;
            launch.local[0] = "(" + launch.local[0] + ") * 8192";
            launch.global[0] = "(" + launch.global[0] + ") * 8192";
        }
    }
}

void stopIfInjected(InjectedFault fault, InjectedFault at) {
    if (fault == at && fault != InjectedFault::None) std::raise(SIGSTOP);
}

FaultScope::FaultScope(InjectedFault fault) : m_previous(t_current) { t_current = fault; }
FaultScope::~FaultScope() { t_current = m_previous; }
InjectedFault currentInjectedFault() { return t_current; }

} // namespace kt
