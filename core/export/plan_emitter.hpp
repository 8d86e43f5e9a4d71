// Kernel plans as generated C++ for an exported package: one function per routine plan that computes the plan's
// variables, checks and buffer sizes and issues its launches through ktp::Exec (package/src/ktp_plan.hpp).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/engine/kernel_plan.hpp"

namespace kt::exporter {

// A program's options: those compiled in once (space-separated), and the per-call ones, which hold "${expr}"
// (core/engine/kernel_plan.cpp), in their order.
struct ProgramOptions {
    std::string fixed;
    std::vector<std::string> perCall;
};
ProgramOptions splitOptions(const GeneratedSource& program);

// `programIndex` maps the plan's program index to the package's program table. ExportError when the plan names an
// input, scalar or argument the package cannot bind.
std::string emitPlanFunction(const KernelPlan& plan, const std::string& functionName,
                             const std::function<int(std::size_t)>& programIndex);

} // namespace kt::exporter
