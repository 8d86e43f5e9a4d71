// NVRTC images compiled away from the device, without a GPU: the image target names the compiler, and compile-worker
// processes (`ktune compile-worker`) give the images the device would compile itself, in parallel.
#include <gtest/gtest.h>

#include <regex>
#include <thread>

#include "core/engine/image_compiler.hpp"
#include "devices/cuda/nvrtc_compiler.hpp"
#include "devices/registry.hpp"
#include "kernels/common/dialect.hpp"

namespace kt {
namespace {

std::string kernelSource(int variant) {
    return kernels::withPreamble("KT_KERNEL void scale(KT_GLOBAL float* x, float a) { x[get_global_id(0)] *= a + " +
                                 std::to_string(variant) + ".0f; }");
}

// The target of this machine's NVRTC for an H100, or empty (the test skips) without NVRTC.
std::string h100Target() { return devices::cuda::nvrtcTarget(9, 0); }

TEST(NvrtcImageTarget, NamesTheNvrtcVersionTheCapabilityAndTheArchitecture) {
    const std::string target = h100Target();
    if (target.empty()) GTEST_SKIP() << "NVRTC not loadable here";
    EXPECT_TRUE(std::regex_match(target, std::regex(R"(nvrtc/[0-9]+\.[0-9]+/cc9\.0/sm_90)"))) << target;
    EXPECT_NE(devices::cuda::nvrtcTarget(8, 6), target);
}

TEST(NvrtcImageTarget, ATargetOfAnotherNvrtcOrAnotherBackendIsRefused) {
    const std::string target = h100Target();
    if (target.empty()) GTEST_SKIP() << "NVRTC not loadable here";
    EXPECT_THROW(devices::compileImageFor("nvrtc/1.0/cc9.0/sm_90", kernelSource(0), {}), BackendError);
    EXPECT_THROW(devices::compileImageFor("nvrtc/garbage", kernelSource(0), {}), BackendError);
    EXPECT_THROW(devices::compileImageFor("opencl/whatever", kernelSource(0), {}), BackendError);
    const auto image = devices::compileImageFor(target, kernelSource(0), {});
    EXPECT_EQ(image.bytes.substr(1, 3), "ELF");
}

TEST(CompileWorkers, GiveTheDevicesImagesFromSeveralThreadsAtOnce) {
    const std::string target = h100Target();
    if (target.empty()) GTEST_SKIP() << "NVRTC not loadable here";
    ProcessImageCompiler compiler(KT_KTUNE_PATH);
    constexpr int kThreads = 3;
    std::vector<ProgramImage> images(2 * kThreads);
    std::vector<std::string> errors(images.size());
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            for (int i = t; i < static_cast<int>(images.size()); i += kThreads) {
                try {
                    images[i] = compiler.compile(target, kernelSource(i), {"-DUNUSED=1"});
                } catch (const std::exception& e) {
                    errors[i] = e.what();
                }
            }
        });
    for (auto& t : threads) t.join();
    EXPECT_LE(compiler.processesStarted(), static_cast<std::size_t>(kThreads)) << "workers are reused";
    EXPECT_GE(compiler.processesStarted(), 1u);
    for (std::size_t i = 0; i < images.size(); ++i) {
        ASSERT_EQ(errors[i], "") << "program " << i;
        // The same CUBIN as compiling in this process (NVRTC is deterministic for one version and target).
        EXPECT_EQ(images[i].bytes,
                  devices::compileImageFor(target, kernelSource(static_cast<int>(i)), {"-DUNUSED=1"}).bytes)
            << "program " << i;
    }
    EXPECT_NE(images[0].bytes, images[1].bytes) << "different sources, different images";
}

TEST(CompileWorkers, ABuildErrorComesBackWithTheCompilerLogAndTheWorkerServesOn) {
    const std::string target = h100Target();
    if (target.empty()) GTEST_SKIP() << "NVRTC not loadable here";
    ProcessImageCompiler compiler(KT_KTUNE_PATH);
    try {
        compiler.compile(target, kernels::withPreamble("KT_KERNEL void broken(float* x) { x[0] = undeclared_symbol; }"),
                         {});
        FAIL() << "must not compile";
    } catch (const BuildError& e) {
        EXPECT_NE(e.log().find("undeclared_symbol"), std::string::npos) << e.log();
    }
    EXPECT_THROW(compiler.compile("nvrtc/1.0/cc9.0/sm_90", kernelSource(0), {}), BackendError)
        << "a target the worker cannot compile for is no build error (the caller compiles in-process)";
    EXPECT_EQ(compiler.compile(target, kernelSource(0), {}).bytes.substr(1, 3), "ELF");
    EXPECT_EQ(compiler.processesStarted(), 1u) << "errors do not cost the worker";
}

} // namespace
} // namespace kt
