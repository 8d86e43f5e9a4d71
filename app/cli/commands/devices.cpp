// `ktune devices [--json]`: every device of every backend, and why a backend is unavailable.
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/args.hpp"
#include "devices/registry.hpp"

namespace kt::cli {
namespace {

std::string backendTitle(BackendKind kind) {
    switch (kind) {
    case BackendKind::OpenCL: return "OpenCL";
    case BackendKind::Cuda: return "CUDA";
    case BackendKind::Simulated: return "Simulated";
    }
    return "?";
}

std::string memoryText(std::uint64_t bytes) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0) << " GiB";
    return s.str();
}

int runDevices(const std::vector<std::string>& argv) {
    Args args(argv, {}, {"--json"});
    if (!args.positional().empty()) throw UsageError("unexpected argument '" + args.positional().front() + "'");
    auto backends = devices::allBackends();
    auto found = devices::enumerateAll(backends);

    if (args.flag("--json")) {
        nlohmann::json out = {{"devices", nlohmann::json::array()}, {"unavailable", nlohmann::json::array()}};
        for (std::size_t i = 0; i < found.size(); ++i) {
            nlohmann::json d = found[i].info;
            d["index"] = i;
            out["devices"].push_back(std::move(d));
        }
        for (const auto& b : backends)
            if (auto why = b->unavailableReason(); !why.empty())
                out["unavailable"].push_back({{"backend", toString(b->kind())}, {"reason", why}});
        std::cout << out.dump(2) << "\n";
        return 0;
    }

    std::size_t idWidth = 2, nameWidth = 4;
    for (const auto& f : found) {
        idWidth = std::max(idWidth, f.info.stableId().size());
        nameWidth = std::max(nameWidth, f.info.name.size());
    }
    std::cout << std::left << std::setw(4) << "#" << std::setw(static_cast<int>(idWidth) + 2) << "id" << std::setw(9)
              << "backend" << std::setw(static_cast<int>(nameWidth) + 2) << "name" << std::setw(6) << "CUs"
              << std::setw(11) << "memory"
              << "fp64\n";
    for (std::size_t i = 0; i < found.size(); ++i) {
        const DeviceInfo& d = found[i].info;
        std::cout << std::left << std::setw(4) << i << std::setw(static_cast<int>(idWidth) + 2) << d.stableId()
                  << std::setw(9) << backendTitle(d.backend) << std::setw(static_cast<int>(nameWidth) + 2) << d.name
                  << std::setw(6) << d.computeUnits << std::setw(11) << memoryText(d.globalMemBytes)
                  << (d.fp64 ? "yes" : "no") << "\n";
    }
    if (found.empty()) std::cout << "(no devices found)\n";
    for (const auto& b : backends) {
        if (auto why = b->unavailableReason(); !why.empty())
            std::cout << backendTitle(b->kind()) << ": unavailable \u2014 " << why << "\n";
        if (auto problems = b->diagnostics(); !problems.empty())
            std::cout << backendTitle(b->kind()) << ": left out \u2014 " << problems << "\n";
    }
    return 0;
}

KT_REGISTER_COMMAND(Command{
    "devices", "list compute devices (OpenCL, CUDA) and why a backend is unavailable",
    "usage: ktune devices [--json]\n\n"
    "Lists every device of every backend: index, stable id, backend, name, compute units, global memory, fp64.\n"
    "The index or the id (or a unique prefix / part of the name) selects a device in other commands.\n"
    "Backends that cannot be used are listed with the reason (no driver, no OpenCL ICD, ...).\n\n"
    "options:\n"
    "  --json   machine-readable output: {\"devices\": [...], \"unavailable\": [{\"backend\", \"reason\"}]}\n",
    runDevices});

} // namespace
} // namespace kt::cli
