// Backend list and the --device selector shared by the CLI and the GUI.
#include "devices/registry.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#ifdef KT_HAVE_CUDA
#include "devices/cuda/nvrtc_compiler.hpp"
#endif

namespace kt::devices {

#ifndef KT_HAVE_CUDA
std::unique_ptr<Backend> makeCudaBackend() { return nullptr; }
#endif

ProgramImage compileImageFor(const std::string& target, const std::string& source,
                             const std::vector<std::string>& options) {
#ifdef KT_HAVE_CUDA
    if (target.rfind("nvrtc/", 0) == 0) {
        auto compiled = cuda::compileNvrtcForTarget(target, source, options);
        return {std::move(compiled.image), std::move(compiled.log)};
    }
#endif
    throw BackendError("this build cannot compile images for target '" + target + "'");
}

std::vector<std::unique_ptr<Backend>> allBackends() {
    std::vector<std::unique_ptr<Backend>> backends;
    backends.push_back(makeOpenCLBackend());
    if (auto cuda = makeCudaBackend()) backends.push_back(std::move(cuda));
    return backends;
}

std::vector<FoundDevice> enumerateAll(const std::vector<std::unique_ptr<Backend>>& backends) {
    std::vector<FoundDevice> out;
    for (const auto& b : backends)
        for (auto& info : b->enumerate()) out.push_back({b.get(), std::move(info)});
    return out;
}

static std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

FoundDevice selectDevice(const std::vector<FoundDevice>& devices, const std::string& selector) {
    auto describe = [&] {
        std::string list;
        for (std::size_t i = 0; i < devices.size(); ++i)
            list += "\n  " + std::to_string(i) + ": " + devices[i].info.stableId() + "  " + devices[i].info.label();
        return list.empty() ? std::string("\n  (no devices found)") : list;
    };
    // An empty selector is a prefix of every id: it must not quietly pick the first device.
    if (selector.empty()) throw std::invalid_argument("empty device name; devices are:" + describe());
    if (std::all_of(selector.begin(), selector.end(), ::isdigit)) {
        if (selector.size() < 10 && std::stoul(selector) < devices.size()) return devices[std::stoul(selector)];
        throw std::invalid_argument("no device with index " + selector + "; devices are:" + describe());
    }
    for (const auto& d : devices)
        if (d.info.stableId() == selector) return d;
    std::vector<FoundDevice> matches;
    for (const auto& d : devices)
        if (d.info.stableId().rfind(selector, 0) == 0 || lower(d.info.label()).find(lower(selector)) != std::string::npos ||
            lower(selector) == toString(d.info.type))
            matches.push_back(d);
    if (matches.size() == 1) return matches.front();
    // A name shared by a real device and its simulated replay means the real one.
    std::vector<FoundDevice> real;
    for (const auto& d : matches)
        if (d.info.backend != BackendKind::Simulated) real.push_back(d);
    if (real.size() == 1) return real.front();
    if (matches.empty()) throw std::invalid_argument("no device matches '" + selector + "'; devices are:" + describe());
    throw std::invalid_argument("'" + selector + "' matches several devices; use an id or index:" + describe());
}

} // namespace kt::devices
