// Transpose family: space, generation, launch geometry and exact verification.
#include "kernels/transpose/transpose_family.hpp"

#include <cstring>
#include <sstream>

#include "core/engine/plan_data.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"

namespace kt::transpose {

namespace {

// A transpose moves bits: anything but an exact copy is wrong (NaN poison included).
template <class T> VerifyResult verifyTranspose(const PlanData& data) {
    const std::int64_t n = data.value("n");
    const auto& in = data.input<T>("in");
    const auto& out = data.output<T>("out");
    for (std::int64_t r = 0; r < n; ++r)
        for (std::int64_t c = 0; c < n; ++c) {
            const T expected = in[static_cast<std::size_t>(r * n + c)];
            const T got = out[static_cast<std::size_t>(c * n + r)];
            if (std::memcmp(&expected, &got, sizeof(T)) != 0) {
                std::ostringstream msg;
                msg << "out[" << c << "][" << r << "] = " << got << ", expected " << expected;
                return {false, 1, 1, msg.str()};
            }
        }
    return {true, 0, 0, ""};
}

} // namespace

std::string TransposeFamily::name() const { return m_precision == Precision::F32 ? "transpose" : "dtranspose"; }

std::string TransposeFamily::description() const {
    return "Out-of-place transpose of an n×n row-major matrix through tiles, optionally staged in local memory. "
           "Bound: the device copy bandwidth (every element read once and written once).";
}

ParameterSpace TransposeFamily::space(const DeviceInfo& device) const {
    ParameterSpace space;
    space.name = name();
    space.addParameter({"TRA_TILE", {4, 8, 16, 32, 64}, "tile edge (elements)"});
    space.addParameter({"TRA_WPT", {1, 2, 4, 8, 16}, "rows handled by one work-item"});
    space.addParameter({"TRA_LOCAL", {0, 1}, "stage the tile in local memory"});
    space.addParameter({"TRA_PAD", {0, 1}, "local-memory row padding (bank conflicts)"});
    space.addConstraint({"TRA_TILE % TRA_WPT == 0", "whole rows per work-item"});
    space.addConstraint({"TRA_TILE * TRA_TILE / TRA_WPT <= DEV_MAX_WG", "work-group size limit"});
    space.addConstraint({"TRA_TILE <= DEV_MAX_WI0 && TRA_TILE / TRA_WPT <= DEV_MAX_WI1", "work-item dimension limits"});
    space.addConstraint({"TRA_LOCAL == 1 || TRA_PAD == 0", "padding only matters with local memory"});
    space.addConstraint({"TRA_LOCAL == 0 || TRA_TILE * (TRA_TILE + TRA_PAD) * " +
                             std::to_string(m_precision == Precision::F32 ? 4 : 8) + " <= DEV_LOCAL_MEM",
                         "tile fits in local memory"});
    for (const auto& [var, value] : deviceVariables(device)) space.setVariable(var, value);
    return space;
}

std::vector<ProblemSize> TransposeFamily::defaultSizes(const DeviceInfo& device) const {
    if (device.type == DeviceType::Gpu) return {{{2048}}, {{4096}}, {{8192}}};
    return {{{256}}, {{512}}};
}

double TransposeFamily::bytes(const ProblemSize& size) const {
    const double n = static_cast<double>(size.dims.at(0));
    return 2.0 * n * n * elementBytes(m_precision);
}

std::optional<KernelPlan> TransposeFamily::plan(const Point& point, const DeviceInfo& device) const {
    return transposePlan(point, device, false);
}

KernelPlan TransposeFamily::transposePlan(const Point& point, const DeviceInfo&, bool routine) const {
    KernelPlan plan;
    plan.precision = m_precision;
    // A routine binds the caller's layout (omatcopy: C = alpha A^T, A m x n row-major); a tuning run transposes a
    // dense n x n matrix with the same kernel, so a tuned point is what the routine runs.
    if (routine) {
        plan.inputs = {"m", "n", "lda", "offa", "ldc", "offc"};
        plan.scalars = {{"alpha", 1}};
    } else {
        plan.inputs = {"n"};
        plan.scalars = {{"alpha", 1}};
        plan.variables = {{"m", "n"}, {"lda", "n"}, {"offa", "0"}, {"ldc", "n"}, {"offc", "0"}};
    }
    plan.variables.push_back({"extentA", "offa + lda * (m - 1) + n"});
    plan.variables.push_back({"extentC", "offc + ldc * (n - 1) + m"});
    GeneratedSource program;
    program.source = kernels::withPreamble(kernels::embeddedSource("transpose/transpose.cl"));
    for (const auto& name : point.names()) program.options.push_back("-D" + name + "=" + std::to_string(point[name]));
    if (m_precision == Precision::F64) program.options.push_back("-DKT_DOUBLE=1");
    program.kernels = {"transpose"};
    plan.programs = {program};
    plan.checks = {
        {"m >= 1 && n >= 1", "transpose: the matrix is empty"},
        {"lda >= n && ldc >= m", "transpose: a leading dimension is below the row length"},
        {"offa >= 0 && offc >= 0", "transpose: offsets must not be negative"},
        {"extentA <= 2147483647 && extentC <= 2147483647", "transpose: an operand spans more than 2^31 elements"}};
    plan.buffers = {{routine ? "A" : "in", BufferRole::Input, "extentA"},
                    {routine ? "C" : "out", BufferRole::Output, "extentC"}};
    const auto tile = std::to_string(point["TRA_TILE"]);
    const auto rows = std::to_string(point["TRA_TILE"] / point["TRA_WPT"]); // work-items along a tile's rows
    PlanLaunch launch;
    launch.kernel = "transpose";
    launch.global = {ceilDivExpr("n", point["TRA_TILE"]) + " * " + tile,
                     ceilDivExpr("m", point["TRA_TILE"]) + " * " + rows, "1"};
    launch.local = {tile, rows, "1"};
    launch.args = {PlanArg::buffer(routine ? "A" : "in"),
                   PlanArg::buffer(routine ? "C" : "out"),
                   PlanArg::integer("m"),
                   PlanArg::integer("n"),
                   PlanArg::integer("lda"),
                   PlanArg::integer("offa"),
                   PlanArg::integer("ldc"),
                   PlanArg::integer("offc"),
                   PlanArg::real("alpha")};
    plan.launches = {launch};
    return plan;
}

std::vector<RoutinePlan> TransposeFamily::routinePlans(const Point& point, const DeviceInfo& device) const {
    // omatcopy with op T (the kernel transposes; a plain copy is not this family's): row-major calls, a column-major
    // one is the row-major call on the n x m matrix (the package swaps m and n).
    RoutinePlan r;
    r.call.routine = std::string(blas::routine::kTranspose);
    r.call.precision = m_precision;
    r.call.order = blas::Order::RowMajor;
    r.call.opA = blas::Op::T;
    r.plan = transposePlan(point, device, true);
    return {r};
}

VerifyResult TransposeFamily::verify(const PlanData& data) const {
    return m_precision == Precision::F32 ? verifyTranspose<float>(data) : verifyTranspose<double>(data);
}

std::optional<blas::BlasCall> TransposeFamily::benchCall(const std::string&, const ProblemSize& size) const {
    blas::BlasCall call;
    call.routine = std::string(blas::routine::kTranspose);
    call.precision = m_precision;
    call.order = blas::Order::RowMajor;
    call.opA = blas::Op::T;
    call.m = call.n = size.dims.at(0);
    call.alpha = 1;
    return call;
}

void registerTransposeFamilies() {
    FamilyRegistry::instance().add(std::make_shared<TransposeFamily>(Precision::F32));
    FamilyRegistry::instance().add(std::make_shared<TransposeFamily>(Precision::F64));
}

} // namespace kt::transpose
