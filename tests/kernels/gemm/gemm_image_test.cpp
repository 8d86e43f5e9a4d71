// GEMM with image reads on PoCL: the TN kernel and the routine reading A / B through image1d_buffer_t views of their
// buffers, for every load size (float 1/2/4, double 1/2), against OpenBLAS; the kernels really take images; the
// image limits of the device are enforced with clear messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include <CL/opencl.hpp>

#include "core/engine/candidate_measurer.hpp"
#include "core/space/device_variables.hpp"
#include "devices/opencl/opencl_device.hpp"
#include "kernels/gemm/gemm_family.hpp"
#include "kernels/gemm/gemm_generator.hpp"
#include "kernels/gemm/gemm_layout.hpp"
#include "kernels/gemm/gemm_plan.hpp"
#include "kernels/gemm/gemm_routine.hpp"
#include "tests/kernels/gemm/gemm_test_util.hpp"
#include "tests/kernels/gemm/test_device.hpp"

using namespace kt;
using namespace kt::gemm;
using namespace kt::test;
using blas::Op;
using blas::Order;

namespace {

class GemmImage : public SharedDeviceTest<GemmImage, openPoclDevice> {};

// The TN kernel of `p` built once, run on host-packed operands of several m x n x k problems against OpenBLAS.
using Sizes = std::vector<std::array<std::int64_t, 3>>; // m, n, k

template <class T> void checkTn(Device& dev, const GemmParams& p, const Sizes& sizes) {
    for (const auto& [m, n, k] : sizes) {
        SCOPED_TRACE("m=" + std::to_string(m) + " n=" + std::to_string(n) + " k=" + std::to_string(k));
        const std::int64_t M = roundUp(m, p.ml), N = roundUp(n, p.nl), K = roundUp(k, p.kl);
        const auto A = randomMatrix<T>(std::size_t(k * m), 31), B = randomMatrix<T>(std::size_t(k * n), 32);
        const auto C = randomMatrix<T>(std::size_t(m * n), 33);
        auto bufA = upload(dev, packOperand(A.data(), m, k, m, p.layoutA, K, M, p.kl, p.ml));
        auto bufB = upload(dev, packOperand(B.data(), n, k, n, p.layoutB, K, N, p.kl, p.nl));
        auto bufC = upload(dev, C);
        const double alpha = -0.75, beta = 1.5;
        runTnOnPacked<T>(dev, p, m, n, k, alpha, beta, *bufA, *bufB, *bufC);
        std::vector<T> got(C.size());
        dev.read(*bufC, got.data(), got.size() * sizeof(T));
        const GemmCall call{Order::RowMajor, Op::T, Op::N, m, n, k, alpha, beta, m, n, n};
        const auto e = expectedGemm(call, A, B, C);
        const auto r = kernels::compareBounded(got, e.c, e.bound, m, n, n, k);
        EXPECT_TRUE(r.ok) << r.message;
    }
}

// The OpenCL compiler's own view of the TN kernel's A and B parameters (clGetKernelArgInfo type names).
std::pair<std::string, std::string> operandTypes(Device& dev, const GemmParams& p) {
    auto& cl = dynamic_cast<devices::opencl::OpenCLDevice&>(dev);
    std::string options = "-cl-kernel-arg-info";
    for (const auto& o : tnKernelOptions(p, dev.info())) options += " " + o;
    cl::Program program(cl.context(), tnKernelSource(p));
    program.build(std::vector<cl::Device>{cl.device()}, options.c_str());
    cl::Kernel kernel(program, kTnKernelName);
    auto type = [&](cl_uint index) {
        std::string t = kernel.getArgInfo<CL_KERNEL_ARG_TYPE_NAME>(index);
        while (!t.empty() && t.back() == '\0') t.pop_back();
        return t;
    };
    return {type(5), type(6)};
}

struct LoadSize {
    Precision precision;
    int vw;
};
// Every load type of the image path: float, float2, float4 (vw 8 also loads float4), double, double2.
const std::vector<LoadSize> kLoadSizes = {{F, 1}, {F, 2}, {F, 4}, {D, 1}, {D, 2}};
const Sizes kSizes = {{1, 1, 1}, {7, 7, 7}, {33, 33, 33}, {255, 255, 255}, {33, 7, 255}, {255, 1, 33}, {7, 255, 2}};

} // namespace

TEST_F(GemmImage, DeviceReportsImageLimits) {
    const DeviceInfo& info = s_device->info();
    EXPECT_TRUE(info.images) << "PoCL has image support";
    EXPECT_GE(info.maxImageBufferTexels, 65536u) << "OpenCL 1.2 minimum for CL_DEVICE_IMAGE_MAX_BUFFER_SIZE";
    EXPECT_EQ(deviceVariables(info).at("DEV_IMAGES"), 1);
}

TEST_F(GemmImage, KernelsTakeImagesForImageOperandsOnly) {
    for (const auto& [prec, vw] : kLoadSizes) {
        const auto p = variant(16, 16, 4, vw, vw, 2, vw, "", "A", ROW, ROW, prec);
        SCOPED_TRACE(p.describe());
        const std::string vec = std::string(prec == F ? "float" : "double") + (vw == 1 ? "" : std::to_string(vw));
        EXPECT_NE(generateTnKernel(p).find("KT_IMAGE1D(" + vec + ", A)"), std::string::npos);
        const auto [a, b] = operandTypes(*s_device, p);
        EXPECT_EQ(a, "image1d_buffer_t");
        EXPECT_NE(b, "image1d_buffer_t");
        EXPECT_NE(b.find(prec == F ? "float" : "double"), std::string::npos) << b;
    }
    const auto both = operandTypes(*s_device, variant(16, 16, 4, 2, 2, 2, 2, "AB", "AB", CBL, RBL, F));
    EXPECT_EQ(both.first, "image1d_buffer_t");
    EXPECT_EQ(both.second, "image1d_buffer_t");
    const auto none = operandTypes(*s_device, variant(16, 16, 4, 2, 2, 2, 2, "AB", "", CBL, RBL, F));
    EXPECT_EQ(none.first.find("image"), std::string::npos) << none.first;
}

TEST_F(GemmImage, TnKernelEveryLoadSizeOperandAndLayoutMatchesOpenBlas) {
    // Per load size and image operand(s): one kernel straight from global memory and one with shared tiles (the
    // tile, prefetch and double-buffer paths load through the image too); the layouts rotate so that each of
    // ROW / CBL / RBL is read as an image for A and for B.
    const Layout layouts[3] = {ROW, CBL, RBL};
    const char* images[3] = {"A", "B", "AB"};
    const char* locals[6] = {"A", "B", "AB", "BP", "AP", "ABD"};
    int i = 0;
    for (const auto& [prec, vw] : kLoadSizes)
        for (const char* image : images)
            for (bool local : {false, true}) {
                const int ns = vw == 4 ? 4 : 2;
                const auto p = variant(32, 16, 8, 4, ns, 2, vw, local ? locals[i % 6] : "", image, layouts[i % 3],
                                       layouts[(i / 3) % 3], prec);
                ++i;
                SCOPED_TRACE(p.describe());
                ASSERT_EQ(p.invalidReason(), "");
                if (prec == F)
                    checkTn<float>(*s_device, p, kSizes);
                else
                    checkTn<double>(*s_device, p, kSizes);
            }
    EXPECT_EQ(i, 30);
}

TEST_F(GemmImage, WideVectorsLoadFloat4Texels) {
    // vw 8 in f32 is two float4 texels per vector (the space allows images only up to float4; the kernel copes).
    checkTn<float>(*s_device, variant(64, 32, 8, 8, 8, 2, 8, "B", "AB", CBL, ROW, F), {{65, 33, 17}, {7, 1, 9}});
}

namespace {
template <class T> void routineAllCalls(Device& dev, const GemmParams& p) {
    GemmRoutine routine(dev, test::programsOf(dev), p);
    const Sizes shapes = {{1, 1, 1}, {7, 33, 255}, {255, 7, 33}, {33, 255, 1}};
    int v = 0;
    for (Order order : {Order::RowMajor, Order::ColMajor})
        for (Op opA : {Op::N, Op::T})
            for (Op opB : {Op::N, Op::T})
                for (const auto& [m, n, k] : shapes) {
                    ++v;
                    GemmCall call{order, opA, opB, m, n, k, 1.25, v % 2 ? 0.5 : -1.0};
                    const bool row = order == Order::RowMajor;
                    call.lda = ((opA == Op::N) == row ? k : m) + v % 3;
                    call.ldb = ((opB == Op::N) == row ? n : k) + v % 2;
                    call.ldc = (row ? n : m) + v % 4;
                    SCOPED_TRACE(call.describe() + " " + p.describe());
                    const std::int64_t aOuter = (opA == Op::N) == row ? m : k, bOuter = (opB == Op::N) == row ? k : n;
                    const std::int64_t cOuter = row ? m : n;
                    const auto A = randomMatrix<T>(std::size_t(aOuter * call.lda), 41);
                    const auto B = randomMatrix<T>(std::size_t(bOuter * call.ldb), 42);
                    const auto C = randomMatrix<T>(std::size_t(cOuter * call.ldc), 43);
                    auto bufA = upload(dev, A), bufB = upload(dev, B), bufC = upload(dev, C);
                    routine.run(call, *bufA, *bufB, *bufC);
                    std::vector<T> got(C.size());
                    dev.read(*bufC, got.data(), got.size() * sizeof(T));
                    const auto e = expectedGemm(call, A, B, C);
                    const auto r = kernels::compareBounded(got, e.c, e.bound, cOuter, row ? n : m, call.ldc, k);
                    EXPECT_TRUE(r.ok) << r.message;
                }
}
} // namespace

TEST_F(GemmImage, RoutineAllOpsOrdersSizesWithImages) {
    routineAllCalls<float>(*s_device, variant(32, 16, 8, 4, 2, 2, 2, "B", "AB", CBL, RBL, F));  // float2 texels
    routineAllCalls<float>(*s_device, variant(16, 32, 4, 4, 4, 2, 4, "AP", "B", ROW, CBL, F));  // float4
    routineAllCalls<float>(*s_device, variant(16, 16, 4, 2, 2, 1, 1, "", "A", RBL, ROW, F));    // float
    routineAllCalls<double>(*s_device, variant(16, 16, 8, 2, 2, 2, 1, "AB", "AB", RBL, CBL, D)); // double
    routineAllCalls<double>(*s_device, variant(32, 16, 4, 4, 2, 2, 2, "", "B", CBL, ROW, D));   // double2
}

TEST_F(GemmImage, ImageViewsAreCreatedOncePerBufferAndFormat) {
    const auto p = variant(16, 16, 4, 2, 2, 2, 2, "", "AB", ROW, ROW, F);
    auto program = s_device->build(tnKernelSource(p), tnKernelOptions(p, s_device->info()));
    auto kernel = program->kernel(kTnKernelName);
    auto a = s_device->allocate(16 * 16 * 4), b = s_device->allocate(16 * 16 * 4), c = s_device->allocate(16 * 16 * 4);
    s_device->fill(*a, 0), s_device->fill(*b, 0);
    const auto args = tnKernelArgs(p, 16, 16, 16, 1.0, 0.0, *a, *b, *c, 16, 16, 16);
    ASSERT_TRUE(std::holds_alternative<ImageView>(args[5]));
    EXPECT_EQ(std::get<ImageView>(args[5]).texels, 16u * 16u / 2u);
    for (int run = 0; run < 3; ++run) s_device->launch(*kernel, tnGlobalRange(p, 16, 16), tnLocalRange(p), args);
    auto& clA = dynamic_cast<devices::opencl::OpenCLBuffer&>(*a);
    ASSERT_EQ(clA.images().size(), 1u);
    EXPECT_EQ(clA.images()[0].channels, 4);
    EXPECT_EQ(clA.images()[0].channelType, ImageChannelType::UInt16); // float2: four 16-bit channels
    // Views of other widths (a workspace reused for other sizes) are added, but only the most recent few are kept.
    auto wide = tnKernelArgs(p, 16, 16, 16, 1.0, 0.0, *a, *b, *c, 16, 16, 16);
    for (std::size_t texels = 1; texels <= 20; ++texels) {
        std::get<ImageView>(wide[5]).texels = texels;
        s_device->launch(*kernel, tnGlobalRange(p, 16, 16), tnLocalRange(p), wide);
    }
    EXPECT_GE(clA.images().size(), 2u);
    EXPECT_LE(clA.images().size(), 8u);
    EXPECT_EQ(clA.images().back().texels, 20u);
}

TEST_F(GemmImage, ImageBeyondTheDeviceLimitIsRefusedClearly) {
    const std::uint64_t limit = s_device->info().maxImageBufferTexels;
    ASSERT_GT(limit, 0u);
    // The device: a view larger than CL_DEVICE_IMAGE_MAX_BUFFER_SIZE is refused before anything is created.
    const auto p = variant(16, 16, 4, 1, 1, 1, 1, "", "A", ROW, ROW, F);
    auto program = s_device->build(tnKernelSource(p), tnKernelOptions(p, s_device->info()));
    auto kernel = program->kernel(kTnKernelName);
    auto buf = s_device->allocate(4096);
    auto args = tnKernelArgs(p, 16, 16, 16, 1.0, 0.0, *buf, *buf, *buf, 16, 16, 16);
    std::get<ImageView>(args[5]).texels = std::size_t(limit) + 1;
    try {
        s_device->launch(*kernel, tnGlobalRange(p, 16, 16), tnLocalRange(p), args);
        FAIL() << "an image beyond the device limit was accepted";
    } catch (const LaunchError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("argument 5"), std::string::npos) << what;
        EXPECT_NE(what.find("CL_DEVICE_IMAGE_MAX_BUFFER_SIZE"), std::string::npos) << what;
        EXPECT_NE(what.find(std::to_string(limit)), std::string::npos) << what;
    }
    // A view that does not fit its buffer is refused too.
    std::get<ImageView>(args[5]).texels = 4096 / 4 + 1;
    EXPECT_THROW(s_device->launch(*kernel, tnGlobalRange(p, 16, 16), tnLocalRange(p), args), LaunchError);

    // The routine: A of 2^15 x 2^14 floats read one per texel is 2^29 texels, above PoCL's 2^28; refused before the
    // buffers are looked at (these are far too small), naming the operand and the limit.
    ASSERT_LT(limit, std::uint64_t(1) << 29);
    GemmRoutine routine(*s_device, test::programsOf(*s_device), p);
    GemmCall call{Order::RowMajor, Op::T, Op::N, 1 << 15, 1, 1 << 14, 1.0, 0.0, 1 << 15, 1, 1};
    try {
        routine.enqueue(call, *buf, *buf, *buf);
        FAIL() << "an operand beyond the image limit was accepted";
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("image A"), std::string::npos) << what;
        EXPECT_NE(what.find(std::to_string(limit)), std::string::npos) << what;
    }
    // Without images for A the same call fails on the buffer sizes instead (the limit applies to images only).
    GemmRoutine plain(*s_device, test::programsOf(*s_device), variant(16, 16, 4, 1, 1, 1, 1, "", "", ROW, ROW, F));
    try {
        plain.enqueue(call, *buf, *buf, *buf);
        FAIL() << "too small buffers accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("too small"), std::string::npos) << e.what();
    }
}

TEST_F(GemmImage, TunerMeasuresImageCandidatesAndSkipsSizesBeyondTheLimit) {
    // The engine path: the sgemm candidate with image reads is built, run and verified against OpenBLAS; a size
    // whose A exceeds the device's image-buffer limit is skipped before anything is allocated.
    CandidateMeasurer measurer(*s_device, std::make_shared<GemmFamily>(F));
    MeasureOptions options;
    options.timedRuns = 1;
    const auto point = pointFromParams(variant(16, 16, 8, 2, 2, 2, 1, "B", "AB", RBL, CBL, F));
    const std::vector<ProblemSize> sizes = {ProblemSize{{33, 7, 65}}, ProblemSize{{1 << 15, 16, 1 << 14}}};
    const auto results = measurer.measure(point, sizes, options);
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0].status, MeasurementStatus::Ok) << results[0].error;
    EXPECT_EQ(results[1].status, MeasurementStatus::Skipped) << results[1].error;
}

TEST(GemmImageFamily, SpaceAndSizesFollowTheDeviceImageLimits) {
    DeviceInfo device;
    device.type = DeviceType::Gpu;
    device.localMemBytes = 48 * 1024;
    device.maxWorkGroupSize = 1024;
    device.maxWorkItemSizes = {1024, 1024, 64};
    device.fp64 = true;
    device.images = true;
    device.maxImageBufferTexels = std::uint64_t(1) << 27;
    const GemmFamily sgemm(F);
    GemmParams p = variant(64, 64, 16, 4, 4, 2, 4, "B", "A", CBL, CBL, F);
    const Point point = pointFromParams(p);
    // 8192 x 8192 floats in float4 texels: 2^24 texels; 2^15 x 2^14 in float4 texels: 2^27, at the limit.
    EXPECT_TRUE(sgemm.supportsOn(point, ProblemSize{{8192, 8192, 8192}}, device));
    EXPECT_TRUE(sgemm.supportsOn(point, ProblemSize{{1 << 15, 64, 1 << 14}}, device));
    EXPECT_FALSE(sgemm.supportsOn(point, ProblemSize{{1 << 15, 64, (1 << 14) + 16}}, device));
    // Only A is an image: B may be larger.
    EXPECT_TRUE(sgemm.supportsOn(point, ProblemSize{{64, 1 << 15, (1 << 14) + 16}}, device));
    EXPECT_FALSE(tnImageLimitReason(p, 1 << 15, 64, (1 << 14) + 16, device).empty());
    EXPECT_NE(tnImageLimitReason(p, 1 << 15, 64, (1 << 14) + 16, device).find("image A"), std::string::npos);
    EXPECT_EQ(tnImageLimitReason(p, 64, 1 << 15, (1 << 14) + 16, device), "");

    // A device without images: no image point in the space, and supportsOn refuses them at any size.
    DeviceInfo noImages = device;
    noImages.images = false;
    EXPECT_FALSE(sgemm.supportsOn(point, ProblemSize{{64, 64, 64}}, noImages));
    EXPECT_NE(tnImageLimitReason(p, 64, 64, 64, noImages).find("no image support"), std::string::npos);
    p.imageA = false;
    EXPECT_TRUE(sgemm.supportsOn(pointFromParams(p), ProblemSize{{64, 64, 64}}, noImages));
    for (const auto& [dev, expectImages] : {std::pair{device, true}, std::pair{noImages, false}}) {
        const auto space = sgemm.space(dev);
        std::uint64_t valid = 0, withImages = 0;
        space.forEachValid([&](const Point& q) {
            ++valid;
            if (q["GEMM_IMAGE_A"] || q["GEMM_IMAGE_B"]) ++withImages;
            return valid < 200000;
        });
        EXPECT_GT(valid, 1000u);
        EXPECT_EQ(withImages > 0, expectImages) << withImages << " of " << valid << " valid points read images";
    }
}
