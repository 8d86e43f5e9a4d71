// The restore reset launch (see restore.hpp).
#include "kernels/common/restore.hpp"

#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::kernels {

void addRestoreLaunch(KernelPlan& plan, const std::string& src, const std::string& dst, const std::string& count) {
    GeneratedSource program{withPreamble(embeddedSource("common/restore.cl")), {}, {kRestoreKernelName}};
    if (plan.precision == Precision::F64) program.options.push_back("-DKT_DOUBLE=1");
    PlanLaunch restore;
    restore.program = plan.addProgram(program);
    restore.kernel = kRestoreKernelName;
    restore.phase = LaunchPhase::Reset;
    restore.global = {roundUpExpr(count, 256), "1", "1"};
    restore.local = {"256", "1", "1"};
    restore.args = {PlanArg::integer(count), PlanArg::buffer(src), PlanArg::buffer(dst)};
    plan.launches.push_back(std::move(restore));
}

} // namespace kt::kernels
