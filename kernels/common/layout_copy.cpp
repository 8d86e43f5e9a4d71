// Host side of the layout copy kernels (kernels/copy/copy_to_layout.cl): programs and plan launches.
#include "kernels/copy/copy_kernels.hpp"

#include <stdexcept>

#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::copy {

std::string copySource() { return kernels::withPreamble(kernels::embeddedSource("copy/copy_to_layout.cl")); }

std::vector<std::string> copyOptions(const CopyParams& p) {
    std::vector<std::string> o{"-DCOPY_TRANS=" + std::to_string(p.transpose ? 1 : 0),
                               "-DCOPY_LAYOUT=" + std::to_string(int(p.layout)),
                               "-DCOPY_BR=" + std::to_string(p.blockRows), "-DCOPY_BC=" + std::to_string(p.blockCols),
                               "-DCOPY_TILE=" + std::to_string(p.tile), "-DCOPY_ROWS=" + std::to_string(p.rows)};
    if (p.precision == Precision::F64) o.push_back("-DKT_DOUBLE=1");
    return o;
}

GeneratedSource copyProgram(const CopyParams& params) { return {copySource(), copyOptions(params), {kCopyKernelName}}; }

void addCopyLaunch(KernelPlan& plan, const CopyParams& p, const CopyOperands& o, LaunchPhase phase) {
    if (p.tile < 1 || p.rows < 1 || p.tile % p.rows)
        throw std::invalid_argument("copy: rows (" + std::to_string(p.rows) + ") must divide the tile (" +
                                    std::to_string(p.tile) + ")");
    PlanLaunch launch;
    launch.program = plan.addProgram(copyProgram(p));
    launch.kernel = kCopyKernelName;
    launch.phase = phase;
    // Dimension 0 runs along the destination's columns (one tile per work-group), 1 along its rows (tile / rows
    // work-items per tile, each copying `rows`-strided elements).
    launch.global = {ceilDivExpr(o.Cc, p.tile) + " * " + std::to_string(p.tile),
                     ceilDivExpr(o.R, p.tile) + " * " + std::to_string(p.rows), "1"};
    launch.local = {std::to_string(p.tile), std::to_string(p.rows), "1"};
    launch.args = {PlanArg::integer(o.R),  PlanArg::integer(o.Cc),     PlanArg::integer(o.r),
                   PlanArg::integer(o.c),  PlanArg::buffer(o.src),     PlanArg::integer(o.ld),
                   PlanArg::integer(o.offset), PlanArg::buffer(o.dst)};
    plan.launches.push_back(std::move(launch));
}

} // namespace kt::copy
