// The reset launch that restores an operand a tuning plan's timed kernels overwrite (C of GEMM with beta != 0) from
// its saved copy before every timed run, so each run starts from the same data.
#pragma once
#include <string>

#include "core/engine/kernel_plan.hpp"

namespace kt::kernels {

inline constexpr const char* kRestoreKernelName = "kt_restore";

// Adds the restore program (once) and a Reset launch copying `count` (an expression) elements of `src` into `dst`.
void addRestoreLaunch(KernelPlan& plan, const std::string& src, const std::string& dst, const std::string& count);

} // namespace kt::kernels
