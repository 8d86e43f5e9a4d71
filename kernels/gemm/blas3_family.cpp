// BLAS3 families: the GEMM space without split-K, the routine plan on representative options, the check against
// OpenBLAS, the bench variants and the routine.
#include "kernels/gemm/blas3_family.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "core/engine/plan_data.hpp"
#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/blas3_plan.hpp"
#include "kernels/gemm/blas3_routine.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "kernels/reference/blas_reference.hpp"

namespace kt::gemm {

namespace {

using blas::BlasCall;

// The options a tuning run measures (row-major, like the TN kernel's own tuning).
BlasCall representativeCall(const std::string& routine, Precision precision, std::int64_t d0, std::int64_t d1) {
    BlasCall call;
    call.routine = routine;
    call.precision = precision;
    call.order = blas::Order::RowMajor;
    call.side = blas::Side::Left;
    call.uplo = routine == blas::routine::kTrmm ? blas::Uplo::Upper : blas::Uplo::Lower;
    call.opA = blas::Op::N;
    call.diag = blas::Diag::NonUnit;
    if (routine == blas::routine::kSyrk || routine == blas::routine::kSyr2k)
        call.n = d0, call.k = d1;
    else
        call.m = d0, call.n = d1;
    return call;
}

template <class T> std::vector<T> absolute(std::vector<T> v) {
    for (auto& x : v) x = std::fabs(x);
    return v;
}

template <class T> VerifyResult verifyCall(BlasCall call, const PlanData& data) {
    const bool trmm = call.routine == blas::routine::kTrmm;
    const bool triangle = call.routine == blas::routine::kSyrk || call.routine == blas::routine::kSyr2k;
    call.alpha = data.scalar("alpha"), call.beta = data.scalar("beta");
    const auto& a = data.input<T>("A");
    // The tuning plan saves the written operand's start values as "C0" (trmm: "B0").
    const std::vector<T> b = call.routine == blas::routine::kSyrk ? std::vector<T>{}
                             : trmm                               ? data.input<T>("B0")
                                                                  : data.input<T>("B");
    const std::vector<T> c0 = trmm ? b : data.input<T>("C0");
    const auto& got = data.output<T>(trmm ? "B" : "C");
    std::vector<T> ref = c0, bound = absolute(c0);
    auto op = [](std::vector<T>& v, std::int64_t ld) { return reference::HostOperand<T>{v.data(), ld, 0}; };
    auto lda = std::max<std::int64_t>(1, blas::minimalLd(call, blas::Operand::A));
    auto ldb = std::max<std::int64_t>(1, blas::minimalLd(call, blas::Operand::B));
    auto ldc = std::max<std::int64_t>(1, blas::minimalLd(call, trmm ? blas::Operand::B : blas::Operand::C));
    std::vector<T> av = a, bv = b;
    if (trmm)
        reference::run(call, op(av, lda), op(ref, ldb), {});
    else
        reference::run(call, op(av, lda), op(bv, ldb), op(ref, ldc));
    BlasCall absCall = call;
    absCall.alpha = std::fabs(call.alpha), absCall.beta = std::fabs(call.beta);
    std::vector<T> absA = absolute(a), absB = absolute(b);
    if (trmm)
        reference::run(absCall, op(absA, lda), op(bound, ldb), {});
    else
        reference::run(absCall, op(absA, lda), op(absB, ldb), op(bound, ldc));
    const std::int64_t inner = triangle ? call.k : call.side == blas::Side::Left ? call.m : call.n;
    const double eps = std::numeric_limits<T>::epsilon();
    const std::int64_t cols = triangle ? call.n : call.n;
    double worst = 0;
    for (std::size_t x = 0; x < got.size(); ++x) {
        if (std::memcmp(&got[x], &ref[x], sizeof(T)) == 0) continue;
        const std::int64_t row = std::int64_t(x) / std::max<std::int64_t>(1, cols), col = std::int64_t(x) % cols;
        const bool outside = triangle && (call.uplo == blas::Uplo::Lower ? col > row : col < row); // must be untouched
        const double error = std::fabs(double(got[x]) - double(ref[x]));
        worst = std::max(worst, error);
        if (outside || !(error <= 4.0 * eps * double(inner + 4) * double(bound[x]) + 1e-300)) {
            std::ostringstream msg;
            msg << call.describe() << ": C(" << row << ", " << col << ") = " << got[x] << ", expected " << ref[x]
                << (outside ? " (outside the triangle: must be untouched)" : "");
            return {false, error, error / std::max(std::fabs(double(ref[x])), 1e-300), msg.str()};
        }
    }
    return {true, worst, 0, ""};
}

std::vector<std::string> variantsOf(const std::string& routine) {
    // Lower case like GEMM's op variants (the bench reads --variants in lower case).
    if (routine == blas::routine::kSymm) return {"ll", "lu", "rl", "ru"};
    if (routine == blas::routine::kTrmm) {
        std::vector<std::string> out;
        for (const char* side : {"l", "r"})
            for (const char* uplo : {"l", "u"})
                for (const char* trans : {"n", "t"})
                    for (const char* diag : {"n", "u"}) out.push_back(std::string(side) + uplo + trans + diag);
        return out;
    }
    return {"ln", "lt", "un", "ut"}; // syrk, syr2k: uplo, trans
}

} // namespace

std::string Blas3Family::name() const { return (m_precision == Precision::F64 ? "d" : "s") + m_routine; }

std::string Blas3Family::title() const {
    std::string upper = name();
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return upper + " (tuned copies + TN kernel)";
}

std::string Blas3Family::description() const {
    const std::string what =
        m_routine == blas::routine::kSymm    ? "C = alpha A B + beta C or alpha B A + beta C, A symmetric: A is filled "
                                               "from its stored triangle by the copy kernel"
        : m_routine == blas::routine::kSyrk  ? "C = alpha op(A) op(A)^T + beta C on one triangle of C: work-groups "
                                               "wholly outside it return at once, diagonal blocks are masked"
        : m_routine == blas::routine::kSyr2k ? "C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C on one triangle: "
                                               "two triangular TN launches on the same copies"
                                             : "B = alpha op(A) B or alpha B op(A), A triangular: a triangular copy "
                                               "(other triangle zeroed, unit or stored diagonal) and a TN kernel whose "
                                               "k loop starts (or ends) at the diagonal";
    return what + ". Paper 002: one tuned copy pass into the TN kernel's layout plus the TN kernel. A candidate is a "
                  "TN kernel point timed as the whole routine (representative options, the stored copy shape).";
}

std::vector<std::string> Blas3Family::sizeDimensions() const { return blas3Dimensions(m_routine); }

ParameterSpace Blas3Family::space(const DeviceInfo& device) const {
    ParameterSpace space = gemmSpace(m_precision, false, &device);
    space.name = name();
    space.addConstraint({"GEMM_KSPLIT == 1", "the triangular and k-range kernels do not split k"});
    for (auto& requirement : deviceRequirements()) space.addConstraint(std::move(requirement));
    return space;
}

// The TN kernel's: the tensor-core one has the triangle and k range too (gemm_mma).
std::vector<Constraint> Blas3Family::deviceRequirements() const { return gemmDeviceRequirements(m_precision); }

std::vector<Point> Blas3Family::seedPoints(const DeviceInfo&) const {
    std::vector<Point> out;
    for (auto p : paperBestTn(m_precision)) out.push_back(pointFromParams(p)); // all have ksplit 1
    return out;
}

std::vector<std::string> Blas3Family::seedFamilies() const {
    return {GemmFamily(m_precision).name()};
}

std::vector<ProblemSize> Blas3Family::defaultSizes(const DeviceInfo& device) const {
    if (device.type == DeviceType::Cpu) return {{{256, 256}}, {{512, 512}}};
    return {{{2048, 2048}}, {{4096, 4096}}};
}

double Blas3Family::flops(const ProblemSize& size) const {
    const double a = double(size.dims.at(0)), b = double(size.dims.at(1));
    if (m_routine == blas::routine::kSymm) return 2 * a * a * b;
    if (m_routine == blas::routine::kSyrk) return a * a * b;
    if (m_routine == blas::routine::kSyr2k) return 2 * a * a * b;
    return a * a * b; // trmm Left: m^2 n
}

double Blas3Family::bytes(const ProblemSize& size) const {
    const double a = double(size.dims.at(0)), b = double(size.dims.at(1)), e = elementBytes(m_precision);
    if (m_routine == blas::routine::kSymm) return (a * a / 2 + 3 * a * b) * e; // half of A, B, C read and written
    if (m_routine == blas::routine::kSyrk) return (a * b + a * a) * e;         // A, half of C read and written
    if (m_routine == blas::routine::kSyr2k) return (2 * a * b + a * a) * e;
    return (a * a / 2 + 2 * a * b) * e; // trmm: half of A, B read and written
}

bool Blas3Family::supports(const Point& point, const ProblemSize& size) const {
    if (size.dims.size() != 2 || size.dims[0] < 1 || size.dims[1] < 1) return false;
    try {
        const GemmParams p = paramsFromPoint(point, m_precision);
        const std::int64_t big = std::max(size.dims[0], size.dims[1]);
        const std::int64_t pad = roundUp(big, std::max({p.ml, p.nl, p.kl}));
        return p.ksplit == 1 && pad * pad <= std::numeric_limits<std::int32_t>::max();
    } catch (const std::invalid_argument&) {
        return false;
    }
}

std::optional<KernelPlan> Blas3Family::plan(const Point& point, const DeviceInfo& device) const {
    const BlasCall call = representativeCall(m_routine, m_precision, 1, 1);
    Blas3Shape shape{m_routine, call.side, call.uplo, call.opA, call.diag};
    return blas3Plan(shape, paramsFromPoint(point, m_precision), kernels::tunedCopyShape(m_precision, device), device,
                     true);
}

VerifyResult Blas3Family::verify(const PlanData& data) const {
    const auto dims = sizeDimensions();
    const BlasCall call = representativeCall(m_routine, m_precision, data.value(dims[0]), data.value(dims[1]));
    return m_precision == Precision::F32 ? verifyCall<float>(call, data) : verifyCall<double>(call, data);
}

BenchDescription Blas3Family::benchDescription() const {
    BenchDescription d;
    d.variants = variantsOf(m_routine);
    d.variantLabel = m_routine == blas::routine::kSymm   ? "side/uplo"
                     : m_routine == blas::routine::kTrmm ? "side/uplo/trans/diag"
                                                         : "uplo/trans";
    d.note = "column-major " + m_routine + ", alpha 1, beta 0; ours: the stored copy shape + the TN kernel point";
    return d;
}

std::optional<BlasCall> Blas3Family::benchCall(const std::string& variant, const ProblemSize& size) const {
    const auto all = variantsOf(m_routine);
    if (size.dims.size() != 2 || std::find(all.begin(), all.end(), variant) == all.end()) return std::nullopt;
    BlasCall call = representativeCall(m_routine, m_precision, size.dims[0], size.dims[1]);
    call.order = blas::Order::ColMajor;
    call.alpha = 1, call.beta = 0;
    if (m_routine == blas::routine::kSymm) {
        call.side = variant[0] == 'l' ? blas::Side::Left : blas::Side::Right;
        call.uplo = variant[1] == 'l' ? blas::Uplo::Lower : blas::Uplo::Upper;
    } else if (m_routine == blas::routine::kTrmm) {
        call.side = variant[0] == 'l' ? blas::Side::Left : blas::Side::Right;
        call.uplo = variant[1] == 'l' ? blas::Uplo::Lower : blas::Uplo::Upper;
        call.opA = variant[2] == 'n' ? blas::Op::N : blas::Op::T;
        call.diag = variant[3] == 'n' ? blas::Diag::NonUnit : blas::Diag::Unit;
    } else {
        call.uplo = variant[0] == 'l' ? blas::Uplo::Lower : blas::Uplo::Upper;
        call.opA = call.opB = variant[1] == 'n' ? blas::Op::N : blas::Op::T;
    }
    return call;
}

std::vector<RoutinePlan> Blas3Family::routinePlans(const Point& point, const DeviceInfo& device) const {
    const GemmParams params = paramsFromPoint(point, m_precision);
    const bool symm = m_routine == blas::routine::kSymm, trmm = m_routine == blas::routine::kTrmm;
    // The options the routine has; the others stay at their one value.
    const std::vector<blas::Side> sides =
        symm || trmm ? std::vector<blas::Side>{blas::Side::Left, blas::Side::Right} : std::vector{blas::Side::Left};
    const std::vector<blas::Op> ops = symm ? std::vector{blas::Op::N} : std::vector{blas::Op::N, blas::Op::T};
    const std::vector<blas::Diag> diags =
        trmm ? std::vector<blas::Diag>{blas::Diag::NonUnit, blas::Diag::Unit} : std::vector{blas::Diag::NonUnit};
    std::vector<RoutinePlan> plans;
    for (blas::Side side : sides)
        for (blas::Uplo uplo : {blas::Uplo::Lower, blas::Uplo::Upper})
            for (blas::Op op : ops)
                for (blas::Diag diag : diags) {
                    Blas3Shape shape;
                    shape.routine = m_routine;
                    shape.side = side, shape.uplo = uplo, shape.op = op, shape.diag = diag;
                    RoutinePlan r;
                    r.call.routine = m_routine;
                    r.call.precision = m_precision;
                    r.call.order = blas::Order::RowMajor;
                    r.call.side = side, r.call.uplo = uplo, r.call.opA = op, r.call.diag = diag;
                    r.plan = blas3Plan(shape, params, kernels::CopyShape{}, device);
                    plans.push_back(std::move(r));
                }
    return plans;
}

std::unique_ptr<Routine> Blas3Family::makeRoutine(Device& device, ProgramCache& programs, const Point& point) const {
    return std::make_unique<Blas3Routine>(device, programs, m_routine, paramsFromPoint(point, m_precision),
                                          kernels::tunedCopyShape(m_precision, device.info()));
}

Point Blas3Family::pointFromKey(const std::string& key, const DeviceInfo& device) const {
    // The GEMM family's reading (keys may leave parameters out), then no split-K.
    const Point point = GemmFamily(m_precision).pointFromKey(key, device);
    const GemmParams params = paramsFromPoint(point, m_precision);
    if (params.ksplit != 1)
        throw std::invalid_argument(name() + ": GEMM_KSPLIT must be 1 (the BLAS3 kernels do not split k)");
    return point;
}

void registerBlas3Families() {
    for (Precision p : {Precision::F32, Precision::F64})
        for (auto r : {blas::routine::kSymm, blas::routine::kSyrk, blas::routine::kSyr2k, blas::routine::kTrmm})
            FamilyRegistry::instance().add(std::make_shared<Blas3Family>(std::string(r), p));
}

} // namespace kt::gemm
