// `ktune worker`: the isolated measurement process. Reads JSON-line requests on stdin (core/engine/worker_protocol.hpp),
// measures candidates on one device, streams results on stdout. A kernel that hangs or crashes takes only this
// process down; the parent's watchdog records it and starts a new worker.
#include <cstdlib>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/cli_common.hpp"
#include "app/cli/command.hpp"
#include "core/engine/candidate_measurer.hpp"
#include "core/engine/worker_protocol.hpp"
#include "core/model/measurement_json.hpp"
#include "devices/registry.hpp"
#include "kernels/builtin_families.hpp"

namespace {

void reply(const nlohmann::json& j) {
    std::cout << j.dump() << std::endl; // flush: the parent waits on every line
}

int runWorker(const std::vector<std::string>&) {
    kt::kernels::registerBuiltinFamilies();
    auto backends = kt::devices::allBackends();
    std::unique_ptr<kt::Device> device;
    std::unique_ptr<kt::CandidateMeasurer> measurer;
    kt::MeasureOptions options;
    std::string line;
    while (std::getline(std::cin, line)) {
        auto request = nlohmann::json::parse(line, nullptr, false);
        if (!request.is_object()) {
            reply({{"type", "error"}, {"error", "request is not a JSON object: " + line.substr(0, 200)}});
            continue;
        }
        const std::string op = request.value("op", "");
        try {
            if (op == "quit") return 0;
            if (op == "open") {
                kt::devices::FoundDevice found{nullptr, {}};
                try {
                    found = kt::devices::selectDevice(kt::devices::enumerateAll(backends), request.at("device").get<std::string>());
                } catch (const std::invalid_argument& e) {
                    std::string why = e.what();
                    // The ICD loader's configuration decides which OpenCL platforms exist; say what it was.
                    const char* vendors = std::getenv("OCL_ICD_VENDORS");
                    why += std::string("\n(OCL_ICD_VENDORS=") + (vendors ? vendors : "unset") + ")";
                    for (const auto& b : backends)
                        if (auto d = b->diagnostics(); !d.empty()) why += "\n" + kt::toString(b->kind()) + ": " + d;
                    throw std::invalid_argument(why);
                }
                auto family = kt::FamilyRegistry::instance().find(request.at("family").get<std::string>());
                if (!family) throw std::invalid_argument("unknown family '" + request.at("family").get<std::string>() + "'");
                measurer.reset();
                device = found.backend->open(found.info);
                measurer = std::make_unique<kt::CandidateMeasurer>(*device, family);
                // Compile-worker processes are this executable too (`ktune compile-worker`).
                measurer->programs().useImageDefaults(
                    request.value("compile_in_processes", false) ? kt::cli::selfExecutable() : std::string());
                options = kt::worker_protocol::measureOptionsFromJson(request.value("options", nlohmann::json::object()));
                reply({{"type", "ready"}, {"device", device->info().stableId()}});
                continue;
            }
            if (!measurer) throw std::logic_error("'" + op + "' before 'open'");
            if (op == "compile") {
                std::vector<kt::Point> points;
                for (const auto& key : request.at("points")) points.push_back(kt::Point::fromKey(key.get<std::string>()));
                // Compiled ahead where a compiler crash cannot take this process down: measuring the first
                // candidates then overlaps compiling the rest (measure waits for its candidate's programs).
                if (measurer->programs().compilesInOtherProcesses())
                    measurer->compileAhead(points, request.value("threads", 1));
                else
                    measurer->compile(points, request.value("threads", 1));
                reply({{"type", "compiled"}, {"count", points.size()}});
            } else if (op == "measure") {
                const auto point = kt::Point::fromKey(request.at("point").get<std::string>());
                std::vector<kt::ProblemSize> sizes;
                for (const auto& s : request.at("sizes")) sizes.push_back(s.get<kt::ProblemSize>());
                // Measure size by size so that each result reaches the parent before the next size can hang.
                for (const auto& size : sizes) {
                    auto results = measurer->measure(point, {size}, options, [&](const kt::ProblemSize& s) {
                        reply({{"type", "size_start"}, {"size", s}});
                    });
                    for (const auto& m : results) reply({{"type", "measurement"}, {"item", m}});
                }
                reply({{"type", "measured"}});
            } else {
                reply({{"type", "error"}, {"error", "unknown op '" + op + "'"}});
            }
        } catch (const std::exception& e) {
            reply({{"type", op == "open" ? "fatal" : "error"}, {"error", e.what()}});
        }
    }
    return 0;
}

} // namespace

KT_REGISTER_COMMAND(kt::cli::Command{
    "worker", "(internal) isolated measurement process, driven over stdin/stdout",
    "usage: ktune worker\n\n"
    "Started by the tuning engine; reads JSON-line requests on stdin and writes results on stdout\n"
    "(protocol: core/engine/worker_protocol.hpp). Not meant to be run by hand.\n",
    runWorker});
