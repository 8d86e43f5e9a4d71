// The copy-kernel generator (kernels/common/layout_copy) on PoCL: every conversion into every layout, every value
// of each of the six shape parameters, and every conversion at every vector width (aligned and misaligned sources,
// ragged edges), against the host copy bit for bit (padding and zeroed triangles included), with mutants of the
// vector indexing and the tile layout that must fail, and a bank-conflict check of the staged tile; the GEMM routine
// picks the stored copy shape through the tuned-part lookup.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <sstream>
#include <tuple>

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

// Where the source starts and how far apart its rows are: misaligned for vectors by default (offset 3, ld odd);
// Aligned (offset 4, ld a multiple of 4) takes the vector loads; PointerOnly and LdOnly misalign one of the two.
enum class Source { Misaligned, Aligned, PointerOnly, LdOnly };
const char* toString(Source s) {
    const char* names[] = {"misaligned", "aligned", "pointer misaligned", "ld misaligned"};
    return names[int(s)];
}

// Runs one copy on the device into a NaN-filled destination and compares it with hostCopy bit for bit; a non-empty
// `kernelText` replaces the generated kernel text (a mutant). Returns the first mismatch, empty when all match.
template <class T>
std::string copyMismatch(Device& dev, const CopyParams& params, Source source = Source::Misaligned,
                         const std::string& kernelText = {}) {
    const bool square = params.conversion.fill != CopyFill::None;
    const std::int64_t r = square ? 45 : 37, c = 45;
    const bool ptrAligned = source == Source::Aligned || source == Source::LdOnly;
    const bool ldAligned = source == Source::Aligned || source == Source::PointerOnly;
    const std::int64_t offset = ptrAligned ? 4 : 3;
    const std::int64_t R = (r + params.blockRows - 1) / params.blockRows * params.blockRows;
    const std::int64_t Cc = (c + params.blockCols - 1) / params.blockCols * params.blockCols;
    // Stored rows x columns of the source: c x r when transposing.
    const std::int64_t rows = params.conversion.transpose ? c : r, cols = params.conversion.transpose ? r : c;
    const std::int64_t ld = ldAligned ? (cols + 3) / 4 * 4 + 4 : cols + (cols % 2 ? 2 : 1);
    const auto src = test::randomMatrix<T>(std::size_t(offset + rows * ld), 7);
    const auto expected = hostCopy(params, src.data() + offset, ld, r, c, R, Cc);
    KernelPlan plan;
    plan.precision = params.precision;
    plan.inputs = {"R", "Cc", "r", "c", "ld", "off"};
    plan.buffers = {{"src", BufferRole::Input, "off + ld * " + std::to_string(rows)},
                    {"dst", BufferRole::Output, "R * Cc"}};
    addCopyLaunch(plan, params, {"src", "dst", "R", "Cc", "r", "c", "ld", "off"}, LaunchPhase::Timed);
    if (!kernelText.empty()) plan.programs.front().source = kernelText;
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
        if (std::memcmp(&got[x], &expected[x], sizeof(T)) != 0) {
            std::ostringstream msg;
            msg << toString(source) << " source, index " << x << ": " << got[x] << ", expected " << expected[x];
            return msg.str();
        }
    return "";
}

template <class T> void checkCopy(Device& dev, const CopyParams& params, Source source = Source::Misaligned) {
    EXPECT_EQ(copyMismatch<T>(dev, params, source), "");
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

// One test per value of each of the six parameters and the vector width (the others fixed so the shape stays valid;
// the nud cases in vectors of 2). Each runs the two
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
                      params({true, CopyFill::Triangular, blas::other(uplo), true}, layout, shape, Precision::F64),
                      Source::Aligned);
}

std::vector<ShapeCase> shapeCases() {
    std::vector<ShapeCase> out;
    auto add = [&](const std::string& name, CopyShape s) { out.push_back({name, s}); };
    for (int v : {8, 16, 32, 64, 128}) add("mwg" + std::to_string(v), {v, 32, std::min(4, v), 1, 1, 1});
    for (int v : {16, 32, 64, 128}) add("nwg" + std::to_string(v), {32, v, 4, 2, 1, 1});
    for (int v : {1, 2, 4, 8}) add("mwi" + std::to_string(v), {32, 32, v, 1, 1, 1});
    for (int v : {1, 2, 4}) add("nwi" + std::to_string(v), {16, 32, 2, v, 1, 1});
    for (int v : {1, 2, 4, 8}) add("mud" + std::to_string(v), {32, 32, 8, 1, v, 1});
    for (int v : {1, 2, 4}) add("nud" + std::to_string(v), {16, 64, 2, 4, 1, v, 2}); // in vectors of 2
    for (int v : {1, 2, 4}) add("vw" + std::to_string(v), {64, 32, 4, 2, 4, 2, v});
    // Swizzled tiles whose rows a warp reads in several 128-byte chunks (2 to 8), at VW 4 (the GPU bench's shapes).
    add("tile64x64v4", {64, 64, 4, 1, 4, 1, 4});
    add("tile64x64mwi8v4", {64, 64, 8, 1, 8, 1, 4});
    add("tile128x32v4", {128, 32, 8, 1, 2, 1, 4});
    return out;
}
INSTANTIATE_TEST_SUITE_P(Values, CopyShapePocl, ::testing::ValuesIn(shapeCases()),
                         [](const auto& info) { return info.param.name; });

// Every conversion at every vector width, S and D, with work-items of two vectors along the columns. The aligned
// source takes the vector loads (ragged edges element by element: 37 and 45 are multiples of neither 2 nor 4), a
// misaligned one (pointer, ld or both, in turn) the element-by-element reads; precisions and layouts rotate.
class CopyVectorPocl : public ::testing::WithParamInterface<std::tuple<int, int>>, public CopyPocl {};

TEST_P(CopyVectorPocl, MatchesTheHostCopy) {
    const auto [vw, i] = GetParam();
    const auto& c = allConversions().at(std::size_t(i));
    const CopyShape shape{32, 32, 4, 2, 2, 2, vw};
    const Layout layout = Layout((i + vw) % 3);
    const Source misaligned = std::array{Source::Misaligned, Source::PointerOnly, Source::LdOnly}[std::size_t(i % 3)];
    const bool swap = (i + vw) % 2;
    SCOPED_TRACE(std::string(c.name) + " " + toString(layout) + " " + shape.describe());
    const auto pf = params(c.conversion, layout, shape, Precision::F32);
    const auto pd = params(c.conversion, layout, shape, Precision::F64);
    ASSERT_EQ(effectiveCopyShape(pf), shape); // blockCols 16: the width stays
    checkCopy<float>(*s_device, pf, swap ? misaligned : Source::Aligned);
    checkCopy<double>(*s_device, pd, swap ? Source::Aligned : misaligned);
}
INSTANTIATE_TEST_SUITE_P(Widths, CopyVectorPocl,
                         ::testing::Combine(::testing::Values(1, 2, 4),
                                            ::testing::Range(0, int(allConversions().size()))),
                         [](const auto& info) {
                             std::string name = allConversions()[std::size_t(std::get<1>(info.param))].name;
                             for (auto& ch : name)
                                 if (ch == ' ') ch = '_';
                             return "vw" + std::to_string(std::get<0>(info.param)) + "_" + name;
                         });

// A vector never leaves a layout block: with blocks of 6 columns VW 4 becomes 2, with 5 it becomes 1, and the
// work-item takes the columns the width lost (same work-group, same results).
TEST_F(CopyPocl, VectorWidthFitsTheLayoutBlocks) {
    const CopyShape shape{32, 32, 4, 1, 4, 1, 4};
    for (const auto& [blockCols, vw, nwi] : {std::tuple{16, 4, 1}, std::tuple{6, 2, 2}, std::tuple{5, 1, 4}}) {
        auto p = params({true, CopyFill::Triangular, Uplo::Upper, true}, Layout::Cbl, shape, Precision::F32);
        p.blockCols = blockCols;
        SCOPED_TRACE("blockCols " + std::to_string(blockCols));
        const CopyShape eff = effectiveCopyShape(p);
        EXPECT_EQ(eff.vw, vw);
        EXPECT_EQ(eff.nwi, nwi);
        EXPECT_EQ(eff.wgN(), shape.wgN());
        const auto options = copyOptions(p);
        EXPECT_NE(std::find(options.begin(), options.end(), "-DCOPY_VW=" + std::to_string(vw)), options.end());
        checkCopy<float>(*s_device, p, Source::Aligned);
        p.conversion = {false, CopyFill::Symmetric, Uplo::Lower, false};
        checkCopy<float>(*s_device, p, Source::Aligned);
    }
}

// The tests above catch a wrong vector index: each mutant of the kernel text (a wrong lane, a vector at the wrong
// column or tile position) must give a mismatch on an aligned source at VW 4. The replaced text must exist, so a
// rewrite of the kernel that drops it fails here until the mutant is updated. Mutants keep every vector aligned and
// in bounds: a misaligned vector faults on PoCL as on CUDA (an index off by one element killed this test).
TEST_F(CopyPocl, MutantsOfTheVectorIndexingFail) {
    struct Mutant {
        const char* name;
        const char* from;
        const char* to;
        CopyConversion conversion;
    };
    const CopyConversion plain{false, CopyFill::None, Uplo::Lower, false};
    const CopyConversion transposed{true, CopyFill::None, Uplo::Lower, false};
    const Mutant mutants[] = {
        {"lane y read as x", "a[1] = (w).y, a[2]", "a[1] = (w).x, a[2]", plain},
        {"plain load at the block's column", "(size_t)p * ld + i));", "(size_t)p * ld + ii));", plain},
        {"store at the block's column", "dst + copy_dst_index(p, i, R, Cc)", "dst + copy_dst_index(p, ii, R, Cc)",
         transposed},
        {"staged lanes stored swapped", "tile[COPY_TILE(ii, pp + q)] = v[u][q];",
         "tile[COPY_TILE(ii, pp + (q ^ 1))] = v[u][q];", transposed},
        {"staged lanes from one tile row", "v[u][q] = tile[COPY_TILE(ii + q, pp)];", "v[u][q] = tile[COPY_TILE(ii, pp)];",
         transposed},
        // The shape below has rows of 32 elements: swizzled in single precision, so a tile read that forgets the
        // swizzle (row-major) gets the wrong values.
        {"tile read without the swizzle", "v[u][q] = tile[COPY_TILE(ii + q, pp)];",
         "v[u][q] = tile[(ii + q) * COPY_MWG + pp];", transposed},
    };
    const std::string text = copySource();
    for (const auto& m : mutants) {
        SCOPED_TRACE(m.name);
        const auto at = text.find(m.from);
        ASSERT_NE(at, std::string::npos) << "the kernel no longer contains: " << m.from;
        ASSERT_EQ(text.find(m.from, at + 1), std::string::npos) << "more than one: " << m.from;
        std::string mutant = text;
        mutant.replace(at, std::strlen(m.from), m.to);
        const auto p = params(m.conversion, Layout::Row, CopyShape{32, 32, 4, 2, 2, 2, 4}, Precision::F32);
        EXPECT_EQ(copyMismatch<float>(*s_device, p, Source::Aligned), ""); // the kernel itself is right
        EXPECT_NE(copyMismatch<float>(*s_device, p, Source::Aligned, mutant), "") << "mutant not caught";
    }
}

TEST(CopyShape, InvalidShapesAreRefused) {
    EXPECT_NE(CopyShape({32, 32, 3, 1, 1, 1}).invalidReason().find("mwi"), std::string::npos);
    EXPECT_NE(CopyShape({32, 32, 4, 1, 3, 1}).invalidReason().find("mud"), std::string::npos);
    EXPECT_NE(CopyShape({32, 0, 4, 1, 1, 1}).invalidReason().find("nwg"), std::string::npos);
    EXPECT_NE(CopyShape({32, 32, 4, 1, 1, 1, 3}).invalidReason().find("vw must be 1, 2 or 4"), std::string::npos);
    EXPECT_NE(CopyShape({32, 16, 4, 8, 1, 1, 4}).invalidReason().find("nwi * vw"), std::string::npos);
    EXPECT_NE(CopyShape({2, 32, 1, 1, 1, 1, 4}).invalidReason().find("must divide mwg"), std::string::npos);
    EXPECT_EQ(copyShapeFromPoint(pointFromCopyShape({64, 16, 8, 2, 4, 2})), CopyShape({64, 16, 8, 2, 4, 2}));
    EXPECT_EQ(copyShapeFromPoint(pointFromCopyShape({64, 16, 8, 2, 4, 2, 4})), CopyShape({64, 16, 8, 2, 4, 2, 4}));
    EXPECT_EQ(CopyShape({32, 32, 4, 1, 4, 1, 4}).describe(), "32x32/4x1/4x1+v4");
    EXPECT_EQ(CopyShape{}.describe(), "32x32/4x1/4x1");
    EXPECT_THROW(copyShapeFromPoint(Point::fromKey("COPY_MWG=32")), std::invalid_argument);
    // Keys stored before the vector width existed: width 1, in the helper and in the family's space.
    const std::string oldKey = "COPY_MWG=8,COPY_NWG=64,COPY_MWI=8,COPY_NWI=1,COPY_MUD=8,COPY_NUD=1";
    EXPECT_EQ(copyShapeFromPoint(Point::fromKey(oldKey)), CopyShape({8, 64, 8, 1, 8, 1, 1}));
    kernels::registerBuiltinFamilies();
    for (const char* name : {"layout_copy", "dlayout_copy"}) {
        const auto family = FamilyRegistry::instance().find(name);
        ASSERT_TRUE(family);
        DeviceInfo gpu;
        gpu.type = DeviceType::Gpu, gpu.fp64 = true, gpu.maxWorkGroupSize = 1024;
        gpu.maxWorkItemSizes = {1024, 1024, 64}, gpu.localMemBytes = 48 << 10;
        const Point old = family->pointFromKey(oldKey, gpu);
        EXPECT_EQ(old["COPY_VW"], 1);
        EXPECT_EQ(copyShapeFromPoint(old), CopyShape({8, 64, 8, 1, 8, 1, 1}));
        // The seeds: the default shape first (what routines use without a stored one), then in vectors of 2, 4.
        const auto seeds = family->seedPoints(gpu);
        ASSERT_EQ(seeds.size(), 3u);
        EXPECT_EQ(copyShapeFromPoint(seeds[0]), CopyShape{});
        EXPECT_EQ(copyShapeFromPoint(seeds[2]).vw, 4);
        for (const auto& seed : seeds) EXPECT_FALSE(family->space(gpu).brokenConstraint(seed)) << seed.key();
        // Vectors that leave the work-group short of a warp on a GPU are outside the space.
        EXPECT_THROW(family->pointFromKey(oldKey + ",COPY_VW=4", gpu), std::invalid_argument);
    }
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
    const CopyShape tuned{16, 64, 2, 2, 2, 2, 4}; // vectors of 4
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

    // C = A^T B^T (both operands copied, one transposed) with the tuned shape, against OpenBLAS; ld multiples of 4,
    // so the copies load vectors (ragged at the ends of the rows).
    gemm::GemmCall call;
    call.order = blas::Order::ColMajor, call.opA = blas::Op::T, call.opB = blas::Op::T;
    call.m = 37, call.n = 29, call.k = 45, call.alpha = 1.5, call.beta = -0.5;
    call.lda = 48, call.ldb = 32, call.ldc = 37;
    const auto A = test::randomMatrix<double>(std::size_t(37 * 48), 1);
    const auto B = test::randomMatrix<double>(std::size_t(45 * 32), 2);
    const auto C = test::randomMatrix<double>(std::size_t(37 * 29), 3);
    auto a = test::upload(*s_device, A), b = test::upload(*s_device, B), c = test::upload(*s_device, C);
    gemm->run(call, *a, *b, *c);
    std::vector<double> got(C.size());
    s_device->read(*c, got.data(), got.size() * sizeof(double));
    const auto expected = test::expectedGemm(call, A, B, C);
    for (std::size_t x = 0; x < got.size(); ++x)
        ASSERT_NEAR(got[x], expected.c[x], 1e-12 * (1 + expected.bound[x])) << "index " << x;
}

// The staged tile is free of bank conflicts: the kernel's own COPY_TILE (read back from PoCL for every element of the
// tile) is a permutation of COPY_TILE_SIZE slots (copyLocalBytes' size), and with rows of a multiple of 128 bytes
// every local-memory wavefront of the two phases, as the kernel maps work-items to elements, touches each of the 32
// four-byte banks at most once: the tile stores (one lane q of a warp's vectors: a 128-byte chunk of VW rows) and
// the tile loads (lane q of the destination vectors), 32 lanes of 4-byte elements or 16 of 8-byte ones.
namespace {
std::vector<int> tileIndices(Device& dev, const CopyParams& p) {
    const CopyShape s = effectiveCopyShape(p);
    const std::string dump = "\nKT_KERNEL void copy_tile_index(KT_GLOBAL int* out) {\n"
                             "    out[0] = COPY_TILE_SIZE;\n"
                             "    for (int ii = 0; ii < COPY_NWG; ++ii)\n"
                             "        for (int pp = 0; pp < COPY_MWG; ++pp) out[1 + ii * COPY_MWG + pp] = "
                             "COPY_TILE(ii, pp);\n}\n";
    const std::string count = std::to_string(1 + s.nwg * s.mwg);
    KernelPlan plan;
    plan.precision = Precision::F32;
    plan.buffers = {{"out", BufferRole::Output, count}};
    PlanLaunch launch;
    launch.program = plan.addProgram({copySource() + dump, copyOptions(p), {"copy_tile_index"}});
    launch.kernel = "copy_tile_index";
    launch.phase = LaunchPhase::Timed;
    launch.global = {"1", "1", "1"};
    launch.local = {"1", "1", "1"};
    launch.args = {PlanArg::buffer("out")};
    plan.launches.push_back(launch);
    PlanExecutor exec(dev, test::programsOf(dev), plan);
    exec.bindInputs({});
    auto buf = dev.allocate(std::size_t(1 + s.nwg * s.mwg) * sizeof(int));
    exec.bindBuffer("out", *buf);
    exec.runTimed();
    std::vector<int> out(std::size_t(1 + s.nwg * s.mwg));
    dev.read(*buf, out.data(), out.size() * sizeof(int));
    return out;
}

// The most 4-byte words one bank serves in one wavefront (1: no conflict); `slots` are tile indices, per lane.
int worstBankLoad(const std::vector<int>& slots, int bytes) {
    int worst = 0;
    const std::size_t group = std::size_t(128 / bytes); // lanes per wavefront
    for (std::size_t g = 0; g < slots.size(); g += group) {
        std::array<std::vector<int>, 32> words;
        for (std::size_t l = g; l < std::min(slots.size(), g + group); ++l)
            for (int w = slots[l] * bytes / 4; w < (slots[l] + 1) * bytes / 4; ++w)
                if (std::find(words[std::size_t(w % 32)].begin(), words[std::size_t(w % 32)].end(), w) ==
                    words[std::size_t(w % 32)].end())
                    words[std::size_t(w % 32)].push_back(w);
        for (const auto& b : words) worst = std::max(worst, int(b.size()));
    }
    return worst;
}
} // namespace

TEST_F(CopyPocl, StagedTileHasNoBankConflicts) {
    const CopyShape shapes[] = {{32, 32, 4, 1, 4, 1, 1},  {32, 32, 4, 1, 4, 1, 2},  {32, 32, 4, 1, 4, 1, 4},
                                {64, 64, 4, 1, 4, 1, 4},  {64, 64, 8, 1, 8, 1, 4},  {128, 32, 8, 1, 2, 1, 4},
                                {32, 128, 1, 1, 1, 1, 4}, {64, 128, 8, 1, 1, 1, 2}, {16, 64, 2, 1, 1, 1, 4}};
    for (const auto& shape : shapes)
        for (Precision prec : {Precision::F32, Precision::F64}) {
            CopyParams p = params({true, CopyFill::None, Uplo::Lower, false}, Layout::Cbl, shape, prec);
            p.blockCols = 64;
            const CopyShape s = effectiveCopyShape(p);
            ASSERT_EQ(s, shape);
            const int bytes = elementBytes(prec), banks = 128 / bytes;
            SCOPED_TRACE(shape.describe() + " " + toString(prec));
            const auto dump = tileIndices(*s_device, p);
            const int size = dump[0];
            EXPECT_EQ(std::int64_t(size) * bytes, copyLocalBytes(p));
            std::vector<int> tile(dump.begin() + 1, dump.end()), sorted = tile;
            std::sort(sorted.begin(), sorted.end());
            EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "two elements, one slot";
            EXPECT_GE(sorted.front(), 0);
            EXPECT_LT(sorted.back(), size);
            if (s.mwg % banks) continue; // narrow rows: the padded row-major tile, not claimed conflict-free
            auto at = [&](int ii, int pp) { return tile[std::size_t(ii * s.mwg + pp)]; };
            const int wg = s.wgM() * s.wgN(), chunk = std::min(s.mwg, banks);
            for (int k = 0; k < s.mwi * s.nwi; ++k) // the fill: work-item t stores lane q of vector t + k * wg
                for (int q = 0; q < s.vw; ++q)
                    for (int w0 = 0; w0 < wg; w0 += 32) {
                        std::vector<int> slots;
                        for (int t = w0; t < std::min(wg, w0 + 32); ++t) {
                            const int e = t + k * wg, rest = e / (chunk / s.vw);
                            slots.push_back(at(rest % s.nwg, rest / s.nwg * chunk + e % (chunk / s.vw) * s.vw + q));
                        }
                        EXPECT_EQ(worstBankLoad(slots, bytes), 1) << "store k " << k << " lane " << q;
                    }
            for (int a = 0; a < s.mwi; ++a) // the drain: work-item (lx, ly) loads lane q of its vector (a, b)
                for (int b = 0; b < s.nwi; ++b)
                    for (int q = 0; q < s.vw; ++q)
                        for (int w0 = 0; w0 < wg; w0 += 32) {
                            std::vector<int> slots;
                            for (int t = w0; t < std::min(wg, w0 + 32); ++t) {
                                const int lx = t % s.wgN(), ly = t / s.wgN();
                                slots.push_back(at((lx + b * s.wgN()) * s.vw + q, ly + a * s.wgM()));
                            }
                            EXPECT_EQ(worstBankLoad(slots, bytes), 1) << "load " << a << "," << b << " lane " << q;
                        }
        }
}
