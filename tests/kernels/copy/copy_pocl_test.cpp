// The copy-kernel generator (kernels/common/layout_copy) on PoCL: every conversion into every layout, and every value
// of each of the six shape parameters, against the host copy bit for bit (padding and zeroed triangles included);
// the GEMM routine picks the stored copy shape through the tuned-part lookup.
#include <gtest/gtest.h>

#include <cstring>

#include "core/engine/plan_executor.hpp"
#include "core/engine/program_cache.hpp"
#include "core/engine/tuned_parts.hpp"
#include "kernels/builtin_families.hpp"
#include "kernels/common/layout_copy.hpp"
#include "kernels/gemm/gemm_routine.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::kernels;
using blas::Uplo;

namespace {

class CopyPocl : public test::SharedDeviceTest<CopyPocl, test::openPoclDevice> {};

struct NamedConversion {
    const char* name;
    CopyConversion conversion;
};
const std::vector<NamedConversion>& allConversions() {
    static const std::vector<NamedConversion> all = {
        {"plain", {false, CopyFill::None, Uplo::Lower, false}},
        {"transposed", {true, CopyFill::None, Uplo::Lower, false}},
        {"symmetric lower", {false, CopyFill::Symmetric, Uplo::Lower, false}},
        {"symmetric upper", {false, CopyFill::Symmetric, Uplo::Upper, false}},
        {"triangular lower", {false, CopyFill::Triangular, Uplo::Lower, false}},
        {"triangular upper unit", {false, CopyFill::Triangular, Uplo::Upper, true}},
        {"triangular lower unit transposed", {true, CopyFill::Triangular, Uplo::Lower, true}},
        {"triangular upper transposed", {true, CopyFill::Triangular, Uplo::Upper, false}},
    };
    return all;
}

// Runs one copy on the device into a NaN-filled destination and compares it with hostCopy bit for bit.
template <class T> void checkCopy(Device& dev, const CopyParams& params) {
    const bool square = params.conversion.fill != CopyFill::None;
    const std::int64_t r = square ? 45 : 37, c = 45, offset = 3;
    const std::int64_t R = (r + params.blockRows - 1) / params.blockRows * params.blockRows;
    const std::int64_t Cc = (c + params.blockCols - 1) / params.blockCols * params.blockCols;
    // Stored rows x columns of the source: c x r when transposing.
    const std::int64_t rows = params.conversion.transpose ? c : r, cols = params.conversion.transpose ? r : c;
    const std::int64_t ld = cols + 2;
    const auto src = test::randomMatrix<T>(std::size_t(offset + rows * ld), 7);
    const auto expected = hostCopy(params, src.data() + offset, ld, r, c, R, Cc);
    KernelPlan plan;
    plan.precision = params.precision;
    plan.inputs = {"R", "Cc", "r", "c", "ld", "off"};
    plan.buffers = {{"src", BufferRole::Input, "off + ld * " + std::to_string(rows)},
                    {"dst", BufferRole::Output, "R * Cc"}};
    addCopyLaunch(plan, params, {"src", "dst", "R", "Cc", "r", "c", "ld", "off"}, LaunchPhase::Timed);
    PlanExecutor copier(dev, test::programsOf(dev), plan);
    copier.bindInputs({{"R", R}, {"Cc", Cc}, {"r", r}, {"c", c}, {"ld", ld}, {"off", offset}});
    auto bufSrc = test::upload(dev, src);
    auto bufDst = dev.allocate(std::size_t(R * Cc) * sizeof(T));
    dev.fill(*bufDst, 0xff); // NaN everywhere: every element must be written
    copier.bindBuffer("src", *bufSrc);
    copier.bindBuffer("dst", *bufDst);
    copier.runTimed();
    std::vector<T> got(expected.size());
    dev.read(*bufDst, got.data(), got.size() * sizeof(T));
    for (std::size_t x = 0; x < got.size(); ++x)
        ASSERT_EQ(std::memcmp(&got[x], &expected[x], sizeof(T)), 0)
            << "index " << x << ": " << got[x] << ", expected " << expected[x];
}

CopyParams params(const CopyConversion& conversion, Layout layout, const CopyShape& shape, Precision precision) {
    CopyParams p;
    p.conversion = conversion, p.layout = layout, p.shape = shape, p.precision = precision;
    p.blockRows = 8, p.blockCols = 16; // neither divides 37 or 45: padding everywhere
    return p;
}

} // namespace

// Every conversion with the default shape, one test each (parallel under ctest); the layouts and precisions rotate
// over them (the layout is only the index of the write, gemm_pocl_test covers it with every op as well).
class CopyConversionPocl : public ::testing::WithParamInterface<int>, public CopyPocl {};

TEST_P(CopyConversionPocl, MatchesTheHostCopy) {
    const int i = GetParam();
    const auto& c = allConversions().at(std::size_t(i));
    const Layout layout = Layout(i % 3);
    const Precision prec = i % 2 ? Precision::F64 : Precision::F32;
    SCOPED_TRACE(std::string(c.name) + " " + toString(layout) + " " + toString(prec));
    const auto p = params(c.conversion, layout, CopyShape{}, prec);
    prec == Precision::F32 ? checkCopy<float>(*s_device, p) : checkCopy<double>(*s_device, p);
}
INSTANTIATE_TEST_SUITE_P(Conversions, CopyConversionPocl, ::testing::Range(0, int(allConversions().size())));

// One test per value of each of the six parameters (the others fixed so the shape stays valid). Each runs the two
// conversions that between them take every path of the kernel: a symmetric fill (blocks read along the rows, staged
// through local memory, and element by element on the diagonal) and a transposed unit triangle (staged, masked,
// blocks of zeros that read nothing).
struct ShapeCase {
    std::string name;
    CopyShape shape;
};
void PrintTo(const ShapeCase& c, std::ostream* os) { *os << c.name << " " << c.shape.describe(); }
class CopyShapePocl : public ::testing::WithParamInterface<ShapeCase>, public CopyPocl {};

TEST_P(CopyShapePocl, SymmetricAndTriangularCopies) {
    const CopyShape shape = GetParam().shape;
    ASSERT_EQ(shape.invalidReason(), "");
    const int i = int(shape.mwg + shape.nwg + shape.mwi + shape.nwi + shape.mud + shape.nud);
    const Uplo uplo = i % 2 ? Uplo::Upper : Uplo::Lower;
    const Layout layout = Layout(i % 3);
    SCOPED_TRACE(shape.describe() + " " + toString(layout));
    checkCopy<float>(*s_device, params({false, CopyFill::Symmetric, uplo, false}, layout, shape, Precision::F32));
    checkCopy<double>(*s_device,
                      params({true, CopyFill::Triangular, blas::other(uplo), true}, layout, shape, Precision::F64));
}

std::vector<ShapeCase> shapeCases() {
    std::vector<ShapeCase> out;
    auto add = [&](const std::string& name, CopyShape s) { out.push_back({name, s}); };
    for (int v : {8, 16, 32, 64, 128}) add("mwg" + std::to_string(v), {v, 32, std::min(4, v), 1, 1, 1});
    for (int v : {16, 32, 64, 128}) add("nwg" + std::to_string(v), {32, v, 4, 2, 1, 1});
    for (int v : {1, 2, 4, 8}) add("mwi" + std::to_string(v), {32, 32, v, 1, 1, 1});
    for (int v : {1, 2, 4}) add("nwi" + std::to_string(v), {16, 32, 2, v, 1, 1});
    for (int v : {1, 2, 4, 8}) add("mud" + std::to_string(v), {32, 32, 8, 1, v, 1});
    for (int v : {1, 2, 4}) add("nud" + std::to_string(v), {16, 64, 2, 4, 1, v});
    return out;
}
INSTANTIATE_TEST_SUITE_P(Values, CopyShapePocl, ::testing::ValuesIn(shapeCases()),
                         [](const auto& info) { return info.param.name; });

TEST(CopyShape, InvalidShapesAreRefused) {
    EXPECT_NE(CopyShape({32, 32, 3, 1, 1, 1}).invalidReason().find("mwi"), std::string::npos);
    EXPECT_NE(CopyShape({32, 32, 4, 1, 3, 1}).invalidReason().find("mud"), std::string::npos);
    EXPECT_NE(CopyShape({32, 0, 4, 1, 1, 1}).invalidReason().find("nwg"), std::string::npos);
    EXPECT_EQ(copyShapeFromPoint(pointFromCopyShape({64, 16, 8, 2, 4, 2})), CopyShape({64, 16, 8, 2, 4, 2}));
    EXPECT_THROW(copyShapeFromPoint(Point::fromKey("COPY_MWG=32")), std::invalid_argument);
    KernelPlan plan;
    CopyParams p;
    p.conversion = {true, CopyFill::Symmetric, Uplo::Lower, false};
    EXPECT_THROW(addCopyLaunch(plan, p, {"a", "b", "1", "1", "1", "1", "1"}, LaunchPhase::Timed),
                 std::invalid_argument);
}

// The GEMM routine of the registry takes the stored copy shape of its precision through the lookup, and the
// default without one; a routine with a tuned shape still computes GEMM correctly (gemm_pocl_test checks the rest).
TEST_F(CopyPocl, GemmRoutineUsesTheStoredCopyShape) {
    kernels::registerBuiltinFamilies();
    const auto family = FamilyRegistry::instance().find("dgemm");
    ASSERT_TRUE(family);
    const Point point = Point::fromKey("GEMM_ML=16,GEMM_NL=16,GEMM_KL=4,GEMM_MS=2,GEMM_NS=2,GEMM_KS=2,GEMM_VW=1");
    ProgramCache& programs = test::programsOf(*s_device);
    const CopyShape tuned{16, 64, 2, 4, 2, 2};
    std::string asked;
    setTunedPartLookup([&](const std::string& name, const DeviceInfo&) -> std::optional<Point> {
        asked = name;
        return pointFromCopyShape(tuned);
    });
    auto routine = family->makeRoutine(*s_device, programs, point);
    setTunedPartLookup({});
    EXPECT_EQ(asked, "dlayout_copy");
    auto* gemm = dynamic_cast<gemm::GemmRoutine*>(routine.get());
    ASSERT_NE(gemm, nullptr);
    EXPECT_EQ(gemm->copyShape(), tuned);
    auto untuned = family->makeRoutine(*s_device, programs, point);
    EXPECT_EQ(dynamic_cast<gemm::GemmRoutine*>(untuned.get())->copyShape(), CopyShape{});

    // C = A^T B^T (both operands copied, one transposed) with the tuned shape, against OpenBLAS.
    gemm::GemmCall call;
    call.order = blas::Order::ColMajor, call.opA = blas::Op::T, call.opB = blas::Op::T;
    call.m = 37, call.n = 29, call.k = 45, call.alpha = 1.5, call.beta = -0.5;
    call.lda = 45, call.ldb = 29, call.ldc = 37;
    const auto A = test::randomMatrix<double>(std::size_t(37 * 45), 1);
    const auto B = test::randomMatrix<double>(std::size_t(45 * 29), 2);
    const auto C = test::randomMatrix<double>(std::size_t(37 * 29), 3);
    auto a = test::upload(*s_device, A), b = test::upload(*s_device, B), c = test::upload(*s_device, C);
    gemm->run(call, *a, *b, *c);
    std::vector<double> got(C.size());
    s_device->read(*c, got.data(), got.size() * sizeof(double));
    const auto expected = test::expectedGemm(call, A, B, C);
    for (std::size_t x = 0; x < got.size(); ++x)
        ASSERT_NEAR(got[x], expected.c[x], 1e-12 * (1 + expected.bound[x])) << "index " << x;
}
