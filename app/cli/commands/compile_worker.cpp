// `ktune compile-worker`: compiles program images for the tuning process (core/engine/image_compiler.hpp), one request
// per line on stdin, one reply per line on stdout; one process per compiling thread.
#include <iostream>
#include <string>

#include <sys/resource.h>

#include "app/cli/command.hpp"
#include "core/engine/image_compiler.hpp"
#include "devices/registry.hpp"

namespace {

int runCompileWorker(const std::vector<std::string>&) {
    // Compiling is background work: with a batch compiled ahead (CandidateMeasurer::compileAhead) these processes
    // share the cores with the one measuring, whose launches must not wait for a core (a late launch between its
    // timing events would count as kernel time). Failing to lower the priority changes nothing else.
    setpriority(PRIO_PROCESS, 0, 10);
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        std::cout << kt::compile_protocol::serve(line, kt::devices::compileImageFor) << std::endl; // the parent waits
    }
    return 0;
}

} // namespace

KT_REGISTER_COMMAND(kt::cli::Command{
    "compile-worker", "(internal) compiles program images for the tuning process, driven over stdin/stdout",
    "usage: ktune compile-worker\n\n"
    "Started by the tuning engine, one per compiling thread; reads JSON-line requests on stdin and writes the\n"
    "compiled images on stdout (protocol: core/engine/image_compiler.hpp). Not meant to be run by hand.\n",
    runCompileWorker});
