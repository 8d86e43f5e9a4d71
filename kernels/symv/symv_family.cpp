// SYMV families: space, kernel plans (atomic with lock or atomic adds, L+U) and verification against OpenBLAS.
#include "kernels/symv/symv_family.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/engine/plan_data.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/common/bounded_compare.hpp"
#include "kernels/common/dialect.hpp"
#include "kernels/common/embedded.hpp"
#include "kernels/reference/cblas_reference.hpp"
#include "kernels/symv/symv_routine.hpp"

namespace kt::symv {

namespace {

constexpr std::int64_t kLocalCap = 49152;    // static local memory a CUDA kernel may declare
constexpr std::int64_t kLocalReserve = 1024; // what the runtime keeps per group (CUDA sm_80+)
// The tiled algorithm reduces its column sums through at most this much local memory per pass (plus one partial per
// work-item): more passes cost a few barriers once per group, more memory would cost resident groups.
constexpr std::int64_t kTiledPassBytes = 16384;

// A parameter of the tiled algorithm; points stored before it existed lack it and mean its first value.
std::int64_t param(const Point& point, const char* name, std::int64_t absent = 1) {
    return point.has(name) ? point[name] : absent;
}
constexpr std::int64_t kScaleRows = 256; // SYMV_SCALE_ROWS in symv.cl: the fused tiled kernel's blocks of y
constexpr std::int64_t kFinRows = 256;   // SYMV_FIN_ROWS in symv.cl: SYMV_FUSE 2's blocks of y

std::string str(std::int64_t v) { return std::to_string(v); }

template <class T> VerifyResult verifySymv(const PlanData& data, blas::Uplo uplo) {
    const std::int64_t n = data.value("n");
    const auto& a = data.input<T>("A");
    const auto& x = data.input<T>("x");
    const auto& y0 = data.input<T>("y0");
    const auto& got = data.output<T>("y");
    const double alpha = data.scalar("alpha"), beta = data.scalar("beta");
    std::vector<T> ref(y0.begin(), y0.begin() + n);
    reference::symv(blas::Order::ColMajor, uplo, n, T(alpha), a.data(), n, x.data(), 1, T(beta), ref.data(), 1);
    // The magnitude rounding errors scale with: |alpha| |A| |x| + |beta| |y0|.
    const std::size_t count = std::size_t(n);
    std::vector<T> absA(a.size()), absX(count), bound(count);
    std::transform(a.begin(), a.end(), absA.begin(), [](T v) { return std::abs(v); });
    std::transform(x.begin(), x.begin() + n, absX.begin(), [](T v) { return std::abs(v); });
    std::transform(y0.begin(), y0.begin() + n, bound.begin(), [](T v) { return std::abs(v); });
    reference::symv(blas::Order::ColMajor, uplo, n, T(std::abs(alpha)), absA.data(), n, absX.data(), 1,
                    T(std::abs(beta)), bound.data(), 1);
    std::vector<T> y(got.begin(), got.begin() + n);
    auto r = kernels::compareBounded(y, ref, bound, n, 1, 1, n);
    if (!r.ok)
        r.message = "y" + r.message.substr(1, r.message.find(',') - 1) + r.message.substr(r.message.find(']'));
    return r;
}

} // namespace

std::string SymvFamily::name() const {
    return std::string(m_precision == Precision::F32 ? "ssymv" : "dsymv") +
           (m_uplo == blas::Uplo::Upper ? "_upper" : "");
}

std::string SymvFamily::title() const {
    return std::string(m_precision == Precision::F32 ? "SSYMV" : "DSYMV") +
           (m_uplo == blas::Uplo::Upper ? " (upper triangle)" : " (lower triangle)");
}

std::string SymvFamily::description() const {
    return "Symmetric matrix-vector product y = alpha A x + beta y, A column-major with only its " +
           std::string(m_uplo == blas::Uplo::Upper ? "upper" : "lower") +
           " triangle read. Atomic algorithm (Imamura): a work-group takes UX columns, every element of A read once "
           "serves two multiply-adds, the group adds into y under a per-segment lock or with atomic adds; L+U for "
           "small n. Bound: bandwidth over half the matrix.";
}

ParameterSpace SymvFamily::space(const DeviceInfo& device) const {
    const std::string rb = str(elementBytes(m_precision));
    ParameterSpace space;
    space.name = name();
    space.addParameter({"SYMV_ALGO",
                        {kSymvAtomicLock, kSymvAtomicAdd, kSymvLU, kSymvTiled},
                        "0: atomic with per-segment locks, 1: atomic adds, 2: L+U (two kernels), 3: tiled (2-D grid)"});
    space.addParameter({"SYMV_BLOCK_SIZE", {32, 64, 96, 128, 160, 192, 224, 256}, "work-items per group"});
    std::vector<ParamValue> ux;
    for (int v = 8; v <= 32; ++v)
        ux.push_back(v);
    space.addParameter({"SYMV_UX", ux, "columns per work-group"});
    space.addParameter({"SYMV_MULTIPLICITY", {1, 2, 3, 4, 5, 6, 7, 8}, "work-groups per compute unit (local memory)"});
    space.addParameter({"SYMV_MX", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, "ordering of the column streams"});
    // The tiled algorithm's own parameters (first values for the others; keys stored before they existed mean 1).
    space.addParameter({"SYMV_VW", {1, 2, 4}, "tiled: consecutive rows per work-item, loaded as one vector", 1});
    space.addParameter({"SYMV_CG", {1, 2, 4, 8}, "tiled: work-items sharing a row (column groups)", 1});
    space.addParameter({"SYMV_CHUNK", {1, 2, 4, 8, 16, 32}, "tiled: tiles per work-group (second grid dimension)", 1});
    space.addParameter({"SYMV_FUSE",
                        {0, 1, 2},
                        "tiled: beta y by 0: a launch of its own, 1: the kernel behind claimed flags, 2: the last "
                        "group to add into a block of y (sums in a workspace)",
                        0});
    space.addParameter({"SYMV_ONE_LAUNCH",
                        {0, 1, 2, 4, 8},
                        "L+U: 0: two kernels, R >= 1: one launch, a group per R rows reads both triangles",
                        0});
    space.addParameter({"SYMV_PDL",
                        {0, 1},
                        "tiled, SYMV_FUSE 0, CUDA sm_90+: 1: the tiled kernel is launched overlapping beta y "
                        "(programmatic dependent launch) and waits for it before its first add into y",
                        0});
    const std::string tiled = "SYMV_ALGO == " + str(kSymvTiled);
    for (const char* p : {"SYMV_VW", "SYMV_CG", "SYMV_CHUNK"})
        space.addConstraint({tiled + " || " + p + " == 1", std::string(p) + " belongs to the tiled algorithm"});
    space.addConstraint({tiled + " || SYMV_FUSE == 0", "SYMV_FUSE belongs to the tiled algorithm"});
    space.addConstraint(
        {"SYMV_ALGO == " + str(kSymvLU) + " || SYMV_ONE_LAUNCH == 0", "SYMV_ONE_LAUNCH belongs to L+U"});
    const auto requirements = deviceRequirements(); // the PDL rule first, in its place of the list
    space.addConstraint(requirements.front());
    space.addConstraint({"!(" + tiled + ") || SYMV_MX == 0", "the tiled algorithm has no column orders"});
    space.addConstraint({"!(" + tiled + ") || (SYMV_UX % SYMV_CG == 0 && SYMV_UX % SYMV_VW == 0 && " +
                             "SYMV_BLOCK_SIZE % SYMV_CG == 0)",
                         "tiled: whole columns per column group, tiles start on a vector boundary"});
    space.addConstraint({"SYMV_BLOCK_SIZE <= DEV_MAX_WG && SYMV_BLOCK_SIZE <= DEV_MAX_WI0", "work-group size limit"});
    space.addConstraint({"SYMV_ALGO != 2 || (SYMV_UX == 8 && SYMV_MULTIPLICITY == 1 && SYMV_MX == 0)",
                         "L+U has BLOCK_SIZE and SYMV_ONE_LAUNCH only"});
    // The paper's eq. (3) in bytes: the reduction buffer and the column sums fit in one group's share of the
    // compute unit's local memory, which the kernel requests whole so that no more than MULTIPLICITY groups share a
    // compute unit. A group may declare at most CAP; where a compute unit holds more (an H100 SM: 228 KiB), the
    // multiplicities whose share exceeds CAP all request CAP and run alike, so only the largest of them is kept.
    const std::string cap = "min(DEV_LOCAL_MEM, " + str(kLocalCap) + ")";
    const std::string pool = "(DEV_LOCAL_MEM_CU > 0 ? DEV_LOCAL_MEM_CU : " + cap + ")";
    const std::string reserve = str(kLocalReserve);
    // The tiled algorithm's need, as symvTiledLocalElems computes it.
    const std::string kp =
        "max(1, min(SYMV_UX / SYMV_CG, " + str(kTiledPassBytes) + " / " + rb + " / (SYMV_BLOCK_SIZE + SYMV_CG)))";
    const std::string tiledNeed = "max(SYMV_CG > 1 ? SYMV_BLOCK_SIZE * SYMV_VW : 0, " + kp +
                                  " * SYMV_CG * (SYMV_BLOCK_SIZE / SYMV_CG + 1) + SYMV_BLOCK_SIZE)";
    // L+U in one launch reduces its R rows' sums together: BLOCK_SIZE reals per row.
    const std::string otherNeed =
        "(SYMV_ONE_LAUNCH > 0 ? SYMV_BLOCK_SIZE * SYMV_ONE_LAUNCH : SYMV_BLOCK_SIZE + SYMV_UX)";
    // The fused tiled kernels' own local arrays (symvFusedLocalBytes) come out of the same share.
    const std::string fusedBytes = "(SYMV_FUSE == 1 ? 32 : SYMV_FUSE == 2 ? 4 * ((SYMV_CHUNK * (SYMV_BLOCK_SIZE / "
                                   "SYMV_CG) * SYMV_VW - 1) / " +
                                   str(kFinRows) + " + 4) : 0)";
    space.addConstraint({"(" + tiled + " ? " + tiledNeed + " : " + otherNeed + ") * " + rb + " + (" + tiled +
                             " ? " + fusedBytes + " : 0) <= min(" + pool +
                             " / SYMV_MULTIPLICITY - " + reserve + ", " + cap + ")",
                         "local memory for MULTIPLICITY groups per compute unit (eq. 3)"});
    space.addConstraint({"SYMV_ALGO == " + str(kSymvLU) + " || " + pool + " / SYMV_MULTIPLICITY - " + reserve +
                             " <= " + cap + " || " + pool + " / (SYMV_MULTIPLICITY + 1) - " + reserve + " <= " + cap,
                         "MULTIPLICITY enforceable through the local-memory request (atomic algorithm)"});
    for (std::size_t i = 1; i < requirements.size(); ++i) space.addConstraint(requirements[i]);
    applyDeviceVariables(space, device);
    return space;
}

std::vector<Constraint> SymvFamily::deviceRequirements() const {
    // griddepcontrol (PTX) and the launch attribute exist from sm_90 on; only the unfused tiled plan has a second
    // launch whose work before touching y is worth overlapping with the first.
    std::vector<Constraint> out{
        {"SYMV_PDL == 0 || (SYMV_ALGO == " + str(kSymvTiled) + " && SYMV_FUSE == 0 && DEV_IS_CUDA == 1 && DEV_CC >= 90)",
         "SYMV_PDL: the tiled algorithm with SYMV_FUSE 0 on CUDA devices of compute capability 9.0+"}};
    if (m_precision == Precision::F64) {
        out.push_back({"DEV_FP64 == 1", "double precision"});
        out.push_back(
            {"(SYMV_ALGO != 1 && SYMV_ALGO != 3) || DEV_ATOMICS64 == 1", "double atomic adds need 64-bit atomics"});
    }
    return out;
}

std::vector<ProblemSize> SymvFamily::defaultSizes(const DeviceInfo& device) const {
    if (device.type == DeviceType::Gpu)
        return {{{1024}}, {{4096}}, {{8192}}};
    return {{{255}}, {{1000}}};
}

double SymvFamily::flops(const ProblemSize& size) const {
    const double n = double(size.dims.at(0));
    return 2.0 * n * n;
}

double SymvFamily::bytes(const ProblemSize& size) const {
    const double n = double(size.dims.at(0));
    return (n * (n + 1) / 2 + 3 * n) * elementBytes(m_precision);
}

std::vector<Point> SymvFamily::seedPoints(const DeviceInfo& device) const {
    // The fastest kernels of the paper's Table 4 (Tesla K20, C2050, GTX580; BLOCK_SIZE, UX, MULTIPLICITY, MX) and L+U.
    const int table[][4] = {{160, 14, 5, 7}, {128, 15, 5, 0}, {128, 14, 6, 9}};
    const auto space = this->space(device);
    std::vector<Point> seeds;
    auto add = [&](int algo, int bs, int ux, int mult, int mx, int oneLaunch = 0) {
        const Point p =
            Point::fromKey("SYMV_ALGO=" + str(algo) + ",SYMV_BLOCK_SIZE=" + str(bs) + ",SYMV_UX=" + str(ux) +
                           ",SYMV_MULTIPLICITY=" + str(mult) + ",SYMV_MX=" + str(mx) +
                           ",SYMV_VW=1,SYMV_CG=1,SYMV_CHUNK=1,SYMV_FUSE=0" + ",SYMV_ONE_LAUNCH=" + str(oneLaunch) +
                           ",SYMV_PDL=0");
        if (space.isValid(p))
            seeds.push_back(p);
    };
    for (const auto& r : table)
        add(kSymvAtomicLock, r[0], r[1], r[2], r[3]);
    add(kSymvLU, 128, 8, 1, 0);
    add(kSymvLU, 128, 8, 1, 0, 1);
    add(kSymvLU, 128, 8, 1, 0, 4); // a group per 4 rows: whole 32-byte sectors of the strided half in double
    return seeds;
}

std::int64_t symvTiledColumnsPerPass(const Point& point, Precision precision) {
    const std::int64_t bs = point["SYMV_BLOCK_SIZE"], cg = param(point, "SYMV_CG");
    const std::int64_t perPass = kTiledPassBytes / elementBytes(precision) / (bs + cg);
    return std::max<std::int64_t>(1, std::min(point["SYMV_UX"] / cg, perPass));
}

std::int64_t symvTiledLocalElems(const Point& point, Precision precision) {
    const std::int64_t bs = point["SYMV_BLOCK_SIZE"], cg = param(point, "SYMV_CG");
    const std::int64_t rows = cg > 1 ? bs * param(point, "SYMV_VW") : 0;
    const std::int64_t columns = symvTiledColumnsPerPass(point, precision) * cg * (bs / cg + 1) + bs;
    return std::max(rows, columns);
}

std::int64_t symvFusedLocalBytes(const Point& point) {
    if (point["SYMV_ALGO"] != kSymvTiled) return 0;
    const std::int64_t fuse = param(point, "SYMV_FUSE", 0);
    if (fuse == 1) return 8 * 4; // state[8]
    if (fuse != 2) return 0;
    const std::int64_t tileRows = point["SYMV_BLOCK_SIZE"] / param(point, "SYMV_CG") * param(point, "SYMV_VW");
    return 4 * ((param(point, "SYMV_CHUNK") * tileRows - 1) / kFinRows + 4); // fin[SYMV_FIN_MAX]
}

std::int64_t symvLocalBytes(const Point& point, Precision precision, const DeviceInfo& device) {
    const std::int64_t rb = elementBytes(precision);
    const std::int64_t need = (point["SYMV_ALGO"] == kSymvTiled ? symvTiledLocalElems(point, precision)
                                                                : point["SYMV_BLOCK_SIZE"] + point["SYMV_UX"]) *
                              rb;
    const std::int64_t cap = std::min<std::int64_t>(std::int64_t(device.localMemBytes), kLocalCap);
    const std::int64_t pool =
        device.localMemPerComputeUnitBytes > 0 ? std::int64_t(device.localMemPerComputeUnitBytes) : cap;
    // The fused kernels' other local arrays count against the same share and CUDA's static limit.
    const std::int64_t share = std::min(pool / point["SYMV_MULTIPLICITY"] - kLocalReserve, cap) -
                               symvFusedLocalBytes(point);
    return std::max(need, share / rb * rb);
}

std::optional<KernelPlan> SymvFamily::plan(const Point& point, const DeviceInfo& device) const {
    return symvPlan(point, device, false);
}

KernelPlan SymvFamily::symvPlan(const Point& point, const DeviceInfo& device, bool routine) const {
    const int algo = int(point["SYMV_ALGO"]);
    const std::int64_t bs = point["SYMV_BLOCK_SIZE"], ux = point["SYMV_UX"];
    if (algo < kSymvAtomicLock || algo > kSymvTiled)
        throw std::invalid_argument("symv: SYMV_ALGO must be 0, 1, 2 or 3");
    const std::int64_t vw = param(point, "SYMV_VW"), cg = param(point, "SYMV_CG"), chunk = param(point, "SYMV_CHUNK");
    if (algo == kSymvTiled && (ux % cg != 0 || ux % vw != 0 || bs % cg != 0))
        throw std::invalid_argument("symv: the tiled algorithm needs SYMV_UX a multiple of SYMV_CG and SYMV_VW, "
                                    "SYMV_BLOCK_SIZE a multiple of SYMV_CG");
    if (ux > bs)
        throw std::invalid_argument("symv: SYMV_UX must not exceed SYMV_BLOCK_SIZE");
    KernelPlan plan;
    plan.precision = m_precision;
    plan.scalars = {{"alpha", 1.25}, {"beta", -0.5}};
    // A routine binds the caller's layout; a tuning run has dense operands (and the same kernels, so a tuned point
    // is what the routine runs).
    const std::vector<std::string> layout = {"lda", "offA", "offx", "incx", "offy", "incy"};
    plan.inputs = {"n"};
    if (routine)
        plan.inputs.insert(plan.inputs.end(), layout.begin(), layout.end());
    else
        plan.variables = {{"lda", "n"}, {"offA", "0"}, {"offx", "0"}, {"incx", "1"}, {"offy", "0"}, {"incy", "1"}};
    plan.variables.push_back({"extentA", "offA + lda * (n - 1) + n"});
    plan.variables.push_back({"extentX", "offx + incx * (n - 1) + 1"});
    plan.variables.push_back({"extentY", "offy + incy * (n - 1) + 1"});
    plan.checks = {{"n >= 1", "symv: n must be positive"},
                   {"lda >= n", "symv: lda must be at least n"},
                   {"offA >= 0 && offx >= 0 && offy >= 0", "symv: offsets must not be negative"},
                   {"incx >= 1 && incy >= 1", "symv: increments must be positive"},
                   {"extentA <= 2147483647 && extentX <= 2147483647 && extentY <= 2147483647",
                    "symv: an operand spans more than 2^31 elements"}};
    GeneratedSource program;
    program.source = kernels::withPreamble(kernels::embeddedSource("symv/symv.cl"));
    for (const auto& name : point.names())
        if (name != "SYMV_ALGO" && name != "SYMV_MULTIPLICITY")
            program.options.push_back("-D" + name + "=" + str(point[name]));
    for (const char* name : {"SYMV_VW", "SYMV_CG", "SYMV_CHUNK"})
        if (!point.has(name)) program.options.push_back(std::string("-D") + name + "=1");
    const std::int64_t fuse = param(point, "SYMV_FUSE", 0);
    if (fuse < 0 || fuse > 2)
        throw std::invalid_argument("symv: SYMV_FUSE must be 0, 1 or 2");
    if (!point.has("SYMV_FUSE")) program.options.push_back("-DSYMV_FUSE=0");
    const std::int64_t pdl = param(point, "SYMV_PDL", 0);
    if (pdl < 0 || pdl > 1) throw std::invalid_argument("symv: SYMV_PDL must be 0 or 1");
    if (pdl == 1 && (algo != kSymvTiled || fuse != 0))
        throw std::invalid_argument("symv: SYMV_PDL 1 needs the tiled algorithm (SYMV_ALGO 3) with SYMV_FUSE 0");
    if (algo == kSymvTiled) {
        program.options.push_back("-DSYMV_TILED=1");
        program.options.push_back("-DSYMV_KP=" + str(symvTiledColumnsPerPass(point, m_precision)));
    }
    program.options.push_back("-DSYMV_UPPER=" + str(m_uplo == blas::Uplo::Upper ? 1 : 0));
    program.options.push_back("-DSYMV_ATOMIC_ADD=" + str(algo == kSymvAtomicAdd ? 1 : 0));
    program.options.push_back(
        "-DSYMV_LOCAL_ELEMS=" +
        str(algo == kSymvLU ? bs + ux : symvLocalBytes(point, m_precision, device) / elementBytes(m_precision)));
    if (m_precision == Precision::F64)
        program.options.push_back("-DKT_DOUBLE=1");
    const std::int64_t luRows = param(point, "SYMV_ONE_LAUNCH", 0); // L+U in one launch: rows per group
    const bool oneLaunch = luRows != 0;
    program.kernels = algo == kSymvLU      ? (oneLaunch ? std::vector<std::string>{"symv_lu_one"}
                                                        : std::vector<std::string>{"symv_lu_rows", "symv_lu_cols"})
                      : algo == kSymvTiled ? std::vector<std::string>{"symv_tiled", "symv_scale", "symv_zero_locks",
                                                                      "symv_fin_setup"}
                                           : std::vector<std::string>{"symv_atomic", "symv_scale", "symv_zero_locks"};
    plan.programs = {program};
    plan.buffers = {{"A", BufferRole::Input, "extentA"},
                    {"x", BufferRole::Input, "extentX"},
                    {"y0", BufferRole::Input, "extentY"},
                    {"y", BufferRole::Output, "extentY"}};
    const std::string b = str(bs);
    if (algo == kSymvLU && oneLaunch) {
        // beta y in the same write as the rows' sums: one launch, one group per luRows rows.
        PlanLaunch one;
        one.kernel = "symv_lu_one";
        one.global = {ceilDivExpr("n", luRows) + " * " + b, "1", "1"};
        one.local = {b, "1", "1"};
        one.args = {PlanArg::integer("n"),    PlanArg::real("alpha"),  PlanArg::real("beta"), PlanArg::buffer("A"),
                    PlanArg::integer("offA"), PlanArg::integer("lda"), PlanArg::buffer("x"),  PlanArg::integer("offx"),
                    PlanArg::integer("incx"), PlanArg::buffer("y0"),   PlanArg::buffer("y"),  PlanArg::integer("offy"),
                    PlanArg::integer("incy")};
        plan.launches = {one};
        return plan;
    }
    if (algo == kSymvLU) {
        PlanLaunch rows;
        rows.kernel = "symv_lu_rows";
        rows.global = {roundUpExpr("n", bs), "1", "1"};
        rows.local = {b, "1", "1"};
        rows.args = {PlanArg::integer("n"),    PlanArg::real("alpha"),  PlanArg::real("beta"), PlanArg::buffer("A"),
                     PlanArg::integer("offA"), PlanArg::integer("lda"), PlanArg::buffer("x"),  PlanArg::integer("offx"),
                     PlanArg::integer("incx"), PlanArg::buffer("y0"),   PlanArg::buffer("y"),  PlanArg::integer("offy"),
                     PlanArg::integer("incy")};
        PlanLaunch cols;
        cols.kernel = "symv_lu_cols";
        cols.global = {"n * " + b, "1", "1"};
        cols.local = {b, "1", "1"};
        cols.args = {PlanArg::integer("n"),    PlanArg::real("alpha"),   PlanArg::buffer("A"),
                     PlanArg::integer("offA"), PlanArg::integer("lda"),  PlanArg::buffer("x"),
                     PlanArg::integer("offx"), PlanArg::integer("incx"), PlanArg::buffer("y"),
                     PlanArg::integer("offy"), PlanArg::integer("incy")};
        plan.launches = {rows, cols};
        return plan;
    }
    // beta y is applied once, before the groups add into y; it is part of the timed work.
    PlanLaunch scale;
    scale.kernel = "symv_scale";
    scale.global = {roundUpExpr("n", bs), "1", "1"};
    scale.local = {b, "1", "1"};
    scale.args = {PlanArg::integer("n"), PlanArg::real("beta"),    PlanArg::buffer("y0"),
                  PlanArg::buffer("y"),  PlanArg::integer("offy"), PlanArg::integer("incy")};
    if (algo == kSymvTiled) {
        const std::int64_t tileRows = bs / cg * vw;
        PlanLaunch tiles;
        tiles.kernel = "symv_tiled";
        tiles.global = {ceilDivExpr("n", ux) + " * " + b, ceilDivExpr(ceilDivExpr("n", tileRows), chunk), "1"};
        tiles.local = {b, "1", "1"};
        tiles.args = {PlanArg::integer("n"),    PlanArg::real("alpha"),   PlanArg::buffer("A"),
                      PlanArg::integer("offA"), PlanArg::integer("lda"),  PlanArg::buffer("x"),
                      PlanArg::integer("offx"), PlanArg::integer("incx"), PlanArg::buffer("y"),
                      PlanArg::integer("offy"), PlanArg::integer("incy")};
        if (fuse == 0) {
            tiles.overlapsPrevious = pdl == 1; // see SYMV_WAIT_FOR_SCALED_Y in symv.cl
            plan.launches = {scale, tiles};
            return plan;
        }
        if (fuse == 2) {
            // The sums go into W (n reals); per block of kFinRows rows of y an arrival count ("locks", zero before
            // and after every run) and the count that completes it ("expected", fixed for one n). The Setup writes
            // all three, so it runs again whenever n changes (the routine does; a tuning run prepares per size).
            plan.variables.push_back({"finBlocks", ceilDivExpr("n", kFinRows)});
            plan.buffers.push_back({"locks", BufferRole::Workspace, "finBlocks", ElementType::Int32});
            plan.buffers.push_back({"expected", BufferRole::Workspace, "finBlocks", ElementType::Int32});
            plan.buffers.push_back({"W", BufferRole::Workspace, "n"});
            PlanLaunch setup;
            setup.kernel = "symv_fin_setup";
            setup.phase = LaunchPhase::Setup;
            setup.global = {roundUpExpr("n", 64), "1", "1"};
            setup.local = {"64", "1", "1"};
            setup.args = {PlanArg::integer("n"),      PlanArg::integer(str(ux)),   PlanArg::integer(str(tileRows)),
                          PlanArg::integer(str(chunk)), PlanArg::buffer("W"),      PlanArg::buffer("locks"),
                          PlanArg::buffer("expected")};
            for (const char* arg : {"beta", "y0", "locks", "expected", "W"})
                tiles.args.push_back(std::string(arg) == "beta" ? PlanArg::real(arg) : PlanArg::buffer(arg));
            plan.launches = {setup, tiles};
            return plan;
        }
        // One flag per block of y rows and a count of finished groups, zero before and after every run (the
        // routine zeroes them once per workspace, like the locks of the atomic algorithm).
        plan.variables.push_back({"segments", ceilDivExpr("n", kScaleRows) + " + 1"});
        plan.buffers.push_back({"locks", BufferRole::Workspace, "segments", ElementType::Int32});
        PlanLaunch zero;
        zero.kernel = "symv_zero_locks";
        zero.phase = LaunchPhase::Setup;
        zero.global = {roundUpExpr("segments", 64), "1", "1"};
        zero.local = {"64", "1", "1"};
        zero.args = {PlanArg::integer("segments"), PlanArg::buffer("locks")};
        tiles.args.push_back(PlanArg::real("beta"));
        tiles.args.push_back(PlanArg::buffer("y0"));
        tiles.args.push_back(PlanArg::buffer("locks"));
        plan.launches = {zero, tiles};
        return plan;
    }
    plan.variables.push_back({"segments", ceilDivExpr("n", bs)});
    plan.buffers.push_back({"locks", BufferRole::Workspace, "segments", ElementType::Int32});
    PlanLaunch zero;
    zero.kernel = "symv_zero_locks";
    zero.phase = LaunchPhase::Setup;
    zero.global = {roundUpExpr("segments", 64), "1", "1"};
    zero.local = {"64", "1", "1"};
    zero.args = {PlanArg::integer("segments"), PlanArg::buffer("locks")};
    PlanLaunch atomic;
    atomic.kernel = "symv_atomic";
    atomic.global = {ceilDivExpr("n", ux) + " * " + b, "1", "1"};
    atomic.local = {b, "1", "1"};
    atomic.args = {PlanArg::integer("n"),    PlanArg::real("alpha"),   PlanArg::buffer("A"),
                   PlanArg::integer("offA"), PlanArg::integer("lda"),  PlanArg::buffer("x"),
                   PlanArg::integer("offx"), PlanArg::integer("incx"), PlanArg::buffer("y"),
                   PlanArg::integer("offy"), PlanArg::integer("incy"), PlanArg::buffer("locks")};
    plan.launches = {zero, scale, atomic};
    return plan;
}

VerifyResult SymvFamily::verify(const PlanData& data) const {
    return m_precision == Precision::F32 ? verifySymv<float>(data, m_uplo) : verifySymv<double>(data, m_uplo);
}

std::optional<blas::BlasCall> SymvFamily::benchCall(const std::string&, const ProblemSize& size) const {
    blas::BlasCall call;
    call.routine = std::string(blas::routine::kSymv);
    call.precision = m_precision;
    call.order = blas::Order::ColMajor;
    call.uplo = m_uplo;
    call.n = size.dims.at(0);
    call.alpha = 1.25;
    call.beta = -0.5;
    return call;
}

std::vector<RoutinePlan> SymvFamily::routinePlans(const Point& point, const DeviceInfo& device) const {
    // Inputs lda, offA, offx, incx, offy, incy (the routine's names; the package reads them from its call). A
    // row-major call is the column-major call on the other triangle: the other family's plan.
    RoutinePlan r;
    r.call.routine = std::string(blas::routine::kSymv);
    r.call.precision = m_precision;
    r.call.order = blas::Order::ColMajor;
    r.call.uplo = m_uplo;
    r.plan = symvPlan(point, device, true);
    return {r};
}

std::unique_ptr<Routine> SymvFamily::makeRoutine(Device& device, ProgramCache& programs, const Point& point) const {
    return std::make_unique<SymvRoutine>(device, programs, symvPlan(point, device.info(), true), m_uplo);
}

void registerSymvFamilies() {
    for (auto prec : {Precision::F32, Precision::F64})
        for (auto uplo : {blas::Uplo::Lower, blas::Uplo::Upper})
            FamilyRegistry::instance().add(std::make_shared<SymvFamily>(prec, uplo));
}

} // namespace kt::symv
