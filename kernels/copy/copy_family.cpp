// Copy families: the space (the paper's six parameters and a vector width), the four-conversion tuning plan and
// its bit-exact check.
#include "kernels/copy/copy_family.hpp"

#include <cstring>
#include <sstream>

#include "core/engine/plan_data.hpp"
#include "core/space/device_variables.hpp"
#include "kernels/common/layout_copy.hpp"

namespace kt::copy {

namespace {

using kernels::CopyFill;
using kernels::CopyParams;

// The layout the tuning plan writes: CBL with the default TN kernel's blocks (kl 16, ml 64).
constexpr int kBlockRows = 16, kBlockCols = 64;

struct Conversion {
    const char* output;
    kernels::CopyConversion conversion;
};
const std::vector<Conversion>& conversions() {
    static const std::vector<Conversion> all = {
        {"plain", {false, CopyFill::None, blas::Uplo::Lower, false}},
        {"transposed", {true, CopyFill::None, blas::Uplo::Lower, false}},
        {"symmetric", {false, CopyFill::Symmetric, blas::Uplo::Lower, false}},
        {"triangular", {false, CopyFill::Triangular, blas::Uplo::Upper, false}},
    };
    return all;
}

CopyParams paramsFor(const kernels::CopyConversion& c, const kernels::CopyShape& shape, Precision precision) {
    CopyParams p;
    p.conversion = c;
    p.layout = kernels::Layout::Cbl;
    p.blockRows = kBlockRows, p.blockCols = kBlockCols;
    p.shape = shape;
    p.precision = precision;
    return p;
}

// A copy moves bits: anything but the exact values (zeros in the padding and the other triangle) is wrong.
template <class T> VerifyResult verifyCopies(const PlanData& data, const kernels::CopyShape& shape, Precision prec) {
    const std::int64_t n = data.value("n"), R = data.value("R"), Cc = data.value("Cc");
    const auto& src = data.input<T>("src");
    for (const auto& c : conversions()) {
        const auto expected = kernels::hostCopy(paramsFor(c.conversion, shape, prec), src.data(), n, n, n, R, Cc);
        const auto& got = data.output<T>(c.output);
        for (std::size_t x = 0; x < expected.size(); ++x)
            if (std::memcmp(&expected[x], &got[x], sizeof(T)) != 0) {
                std::ostringstream msg;
                msg << c.output << " copy: element " << x << " = " << got[x] << ", expected " << expected[x];
                return {false, 1, 1, msg.str()};
            }
    }
    return {true, 0, 0, ""};
}

} // namespace

std::string CopyFamily::name() const { return kernels::copyFamilyName(m_precision); }

std::string CopyFamily::description() const {
    return "The copy kernels of the GEMM and BLAS3 routines: a source into the TN kernel's layout (plain or "
           "transposed, zero padded), a symmetric matrix from its stored triangle (SYMM), one triangle with the other "
           "zeroed (TRMM). Parameters as in the paper: work-group blocking Mwg x Nwg, work-item blocking Mwi x Nwi, "
           "unroll degrees Mud, Nud; and a vector width Vw (elements per load and store). A candidate is timed on all "
           "four conversions; the routines use the stored best shape. Bound: the device copy bandwidth.";
}

ParameterSpace CopyFamily::space(const DeviceInfo& device) const {
    ParameterSpace space;
    space.name = name();
    space.addParameter({"COPY_MWG", {8, 16, 32, 64, 128}, "Mwg: destination rows per work-group"});
    space.addParameter({"COPY_NWG", {16, 32, 64, 128}, "Nwg: destination columns per work-group"});
    space.addParameter({"COPY_MWI", {1, 2, 4, 8}, "Mwi: rows per work-item (strided by the work-group height)"});
    space.addParameter({"COPY_NWI", {1, 2, 4}, "Nwi: columns per work-item (strided by the work-group width)"});
    space.addParameter({"COPY_MUD", {1, 2, 4, 8}, "Mud: unroll degree of the loop over Mwi"});
    space.addParameter({"COPY_NUD", {1, 2, 4}, "Nud: unroll degree of the loop over Nwi"});
    // Keys stored before the vector width existed are its value 1 (what their kernels did).
    space.addParameter({"COPY_VW", {1, 2, 4}, "Vw: elements per vector load and store (Nwi counts vectors)", 1});
    space.addConstraint({"COPY_MWG % COPY_MWI == 0 && COPY_NWG % (COPY_NWI * COPY_VW) == 0",
                         "work-item blocks (of vectors) tile the block"});
    space.addConstraint({"COPY_MWG % COPY_VW == 0", "the staged tile's rows are read in vectors"});
    space.addConstraint({"COPY_MWI % COPY_MUD == 0 && COPY_NWI % COPY_NUD == 0", "unroll degrees divide the loops"});
    space.addConstraint(
        {"(COPY_MWG / COPY_MWI) * (COPY_NWG / (COPY_NWI * COPY_VW)) <= DEV_MAX_WG", "work-group size limit"});
    space.addConstraint({"COPY_NWG / (COPY_NWI * COPY_VW) <= DEV_MAX_WI0 && COPY_MWG / COPY_MWI <= DEV_MAX_WI1",
                         "work-items per dimension (0 along the columns)"});
    space.addConstraint({"DEV_IS_GPU == 0 || (COPY_MWG / COPY_MWI) * (COPY_NWG / (COPY_NWI * COPY_VW)) >= 32",
                         "on GPUs a work-group fills at least one warp"});
    space.addConstraint(
        {"COPY_NWG * (COPY_MWG + 1) * " + std::to_string(elementBytes(m_precision)) + " <= DEV_LOCAL_MEM",
         "the staged tile of transposing and symmetric copies fits in local memory (at most this: rows of 128-byte "
         "multiples are swizzled, unpadded)"});
    for (auto& requirement : deviceRequirements()) space.addConstraint(std::move(requirement));
    applyDeviceVariables(space, device);
    return space;
}

std::vector<Constraint> CopyFamily::deviceRequirements() const { return fp64Requirements(m_precision); }

std::vector<ProblemSize> CopyFamily::defaultSizes(const DeviceInfo& device) const {
    if (device.type == DeviceType::Gpu) return {{{4096}}, {{8192}}};
    return {{{256}}, {{512}}};
}

double CopyFamily::bytes(const ProblemSize& size) const {
    const double n = double(size.dims.at(0));
    return 7.5 * n * n * elementBytes(m_precision); // (2 + 2 + 2 + 1.5) n^2 elements
}

std::vector<Point> CopyFamily::seedPoints(const DeviceInfo&) const {
    // The default shape, then the same blocks in vectors of 2 and 4 (fewer, wider accesses; 64 work-items at 4).
    std::vector<Point> seeds;
    for (int vw : {1, 2, 4}) {
        kernels::CopyShape s;
        s.vw = vw;
        seeds.push_back(kernels::pointFromCopyShape(s));
    }
    return seeds;
}

std::optional<KernelPlan> CopyFamily::plan(const Point& point, const DeviceInfo&) const {
    const kernels::CopyShape shape = kernels::copyShapeFromPoint(point);
    KernelPlan plan;
    plan.precision = m_precision;
    plan.inputs = {"n"};
    plan.variables = {{"R", roundUpExpr("n", kBlockRows)}, {"Cc", roundUpExpr("n", kBlockCols)}};
    plan.checks = {{"n >= 1 && R * Cc <= 2147483647", "layout_copy: n must be >= 1 and n^2 below 2^31"}};
    plan.buffers = {{"src", BufferRole::Input, "n * n"}};
    // The plain copy's program is the candidate's own (Family::generate shows it).
    for (const auto& c : conversions()) {
        plan.buffers.push_back({c.output, BufferRole::Output, "R * Cc"});
        kernels::addCopyLaunch(plan, paramsFor(c.conversion, shape, m_precision),
                               {"src", c.output, "R", "Cc", "n", "n", "n", "0"}, LaunchPhase::Timed);
    }
    return plan;
}

VerifyResult CopyFamily::verify(const PlanData& data) const {
    // The shape does not change the values; any valid one gives the expected result.
    const kernels::CopyShape shape;
    return m_precision == Precision::F32 ? verifyCopies<float>(data, shape, m_precision)
                                         : verifyCopies<double>(data, shape, m_precision);
}

void registerCopyFamilies() {
    FamilyRegistry::instance().add(std::make_shared<CopyFamily>(Precision::F32));
    FamilyRegistry::instance().add(std::make_shared<CopyFamily>(Precision::F64));
}

} // namespace kt::copy
