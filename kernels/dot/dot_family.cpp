// Dot families: space, the two-kernel plan and the host check.
#include "kernels/dot/dot_family.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "core/engine/plan_data.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::dot {

namespace {
template <class T> VerifyResult verifyDot(const PlanData& data) {
    const auto& x = data.input<T>("x");
    const auto& y = data.input<T>("y");
    const T got = data.output<T>("result").at(0);
    double sum = 0, magnitude = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sum += double(x[i]) * double(y[i]);
        magnitude += std::fabs(double(x[i]) * double(y[i]));
    }
    const double alpha = data.scalar("alpha");
    const double expected = alpha * sum;
    // Any summation order stays within (2 sqrt(n) + 8) eps of the magnitudes; a lost element does not.
    const double tolerance = (2.0 * std::sqrt(double(x.size())) + 8.0) * std::numeric_limits<T>::epsilon() *
                             std::fabs(alpha) * magnitude;
    const double error = std::fabs(double(got) - expected);
    if (!(error <= tolerance)) {
        std::ostringstream msg;
        msg << "result = " << got << ", expected " << expected << " (error " << error << " > " << tolerance << ")";
        return {false, error, error / std::max(std::fabs(expected), 1e-300), msg.str()};
    }
    return {true, error, error / std::max(std::fabs(expected), 1e-300), ""};
}
} // namespace

std::string DotFamily::description() const {
    return "alpha * x . y: each work-group multiplies its share of x and y and reduces it in local memory, a second "
           "kernel adds the partial sums. Bound: the copy bandwidth (x and y read once).";
}

double DotFamily::bytes(const ProblemSize& size) const {
    return 2.0 * double(size.dims.at(0)) * elementBytes(m_precision);
}

ParameterSpace DotFamily::space(const DeviceInfo& device) const {
    ParameterSpace space;
    space.name = name();
    space.addParameter({"DOT_WG", {32, 64, 128, 256, 512}, "work-items per group (both kernels)"});
    space.addParameter({"DOT_WPT", {1, 2, 4, 8, 16}, "elements per work-item in the first kernel"});
    space.addConstraint({"DOT_WG <= DEV_MAX_WG && DOT_WG <= DEV_MAX_WI0", "work-group size limit"});
    space.addConstraint({"DOT_WG * " + std::to_string(elementBytes(m_precision)) + " <= DEV_LOCAL_MEM",
                         "the group's sums fit in local memory"});
    for (auto& requirement : deviceRequirements()) space.addConstraint(std::move(requirement));
    applyDeviceVariables(space, device);
    return space;
}

std::vector<Constraint> DotFamily::deviceRequirements() const { return fp64Requirements(m_precision); }

std::vector<ProblemSize> DotFamily::defaultSizes(const DeviceInfo& device) const {
    if (device.type == DeviceType::Gpu) return {{{1 << 24}}, {{1 << 26}}};
    return {{{1 << 18}}, {{1 << 20}}};
}

std::optional<KernelPlan> DotFamily::plan(const Point& point, const DeviceInfo& device) const {
    return dotPlan(point, device, false);
}

KernelPlan DotFamily::dotPlan(const Point& point, const DeviceInfo&, bool routine) const {
    const auto wg = point["DOT_WG"], wpt = point["DOT_WPT"];
    KernelPlan plan;
    plan.precision = m_precision;
    plan.scalars = {{"alpha", 1.5}};
    // A routine binds the caller's layout (x is operand a, y operand b, the result operand c); a tuning run has
    // dense vectors and the same kernels, so a tuned point is what the routine runs.
    plan.inputs = {"n"};
    if (routine)
        plan.inputs.insert(plan.inputs.end(), {"offa", "incx", "offb", "incy", "offc"});
    else
        plan.variables = {{"offa", "0"}, {"incx", "1"}, {"offb", "0"}, {"incy", "1"}, {"offc", "0"}};
    GeneratedSource program;
    program.source = kernels::withPreamble(kernels::embeddedSource("dot/dot.cl"));
    program.options = {"-DDOT_WG=" + std::to_string(wg), "-DDOT_WPT=" + std::to_string(wpt)};
    if (m_precision == Precision::F64) program.options.push_back("-DKT_DOUBLE=1");
    program.kernels = {"dot_partial", "dot_final"};
    plan.programs = {program};
    plan.variables.push_back({"groups", "max(1, " + ceilDivExpr("n", wg * wpt) + ")"});
    plan.variables.push_back({"extentX", "offa + incx * max(n - 1, 0) + 1"});
    plan.variables.push_back({"extentY", "offb + incy * max(n - 1, 0) + 1"});
    plan.checks = {{"n >= 0 && n <= 2147483647 - " + std::to_string(wg * wpt), "dot: n must be in 0 … 2^31 - 1"},
                   {"incx >= 1 && incy >= 1", "dot: increments must be positive"},
                   {"offa >= 0 && offb >= 0 && offc >= 0", "dot: offsets must not be negative"},
                   {"extentX <= 2147483647 && extentY <= 2147483647", "dot: a vector spans more than 2^31 elements"}};
    plan.buffers = {{"x", BufferRole::Input, "extentX"},
                    {"y", BufferRole::Input, "extentY"},
                    {"partial", BufferRole::Workspace, "groups"},
                    {"result", BufferRole::Output, "offc + 1"}};
    PlanLaunch partial;
    partial.kernel = "dot_partial";
    partial.global = {"groups * " + std::to_string(wg), "1", "1"};
    partial.local = {std::to_string(wg), "1", "1"};
    partial.args = {PlanArg::integer("n"),    PlanArg::buffer("x"),      PlanArg::integer("offa"),
                    PlanArg::integer("incx"), PlanArg::buffer("y"),      PlanArg::integer("offb"),
                    PlanArg::integer("incy"), PlanArg::buffer("partial")};
    PlanLaunch final = partial;
    final.kernel = "dot_final";
    final.global = {std::to_string(wg), "1", "1"};
    final.args = {PlanArg::integer("groups"), PlanArg::real("alpha"), PlanArg::buffer("partial"),
                  PlanArg::buffer("result"), PlanArg::integer("offc")};
    plan.launches = {partial, final};
    return plan;
}

VerifyResult DotFamily::verify(const PlanData& data) const {
    return m_precision == Precision::F32 ? verifyDot<float>(data) : verifyDot<double>(data);
}

std::optional<blas::BlasCall> DotFamily::benchCall(const std::string&, const ProblemSize& size) const {
    blas::BlasCall call;
    call.routine = std::string(blas::routine::kDot);
    call.precision = m_precision;
    call.n = size.dims.at(0);
    call.alpha = 1;
    return call;
}

std::vector<RoutinePlan> DotFamily::routinePlans(const Point& point, const DeviceInfo& device) const {
    RoutinePlan r;
    r.call.routine = std::string(blas::routine::kDot);
    r.call.precision = m_precision;
    r.call.order = blas::Order::ColMajor; // vectors: the order does not matter
    r.plan = dotPlan(point, device, true);
    return {r};
}

void registerDotFamilies() {
    FamilyRegistry::instance().add(std::make_shared<DotFamily>(Precision::F32));
    FamilyRegistry::instance().add(std::make_shared<DotFamily>(Precision::F64));
}

} // namespace kt::dot
