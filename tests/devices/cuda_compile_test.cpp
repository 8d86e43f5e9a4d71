// The CUDA side of the dialect compiles, without a GPU: nvcc (-arch=sm_90) and the backend's own NVRTC path.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/engine/backend.hpp"
#include "devices/cuda/nvrtc_compiler.hpp"
#include "kernels/common/dialect.hpp"

namespace kt {
namespace {

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string dialectSource() {
    return kernels::withPreamble(readFile(std::string(KT_SOURCE_DIR) + "/tests/devices/dialect_kernel.cl"));
}

const std::vector<std::string> kDefines = {"-DDLX=8", "-DDLY=4", "-DKT_TEST_ATOMICS64=1", "-DKT_TEST_FP64=1"};

TEST(CudaDialectCompile, NvccCompilesPreambleAndTestKernel) {
    const std::string nvcc = "/usr/local/cuda/bin/nvcc";
    if (!std::filesystem::exists(nvcc)) GTEST_SKIP() << nvcc << " not installed";
    auto dir = std::filesystem::temp_directory_path() / ("kt_nvcc_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto cu = dir / "dialect.cu";
    std::ofstream(cu) << dialectSource();
    std::string cmd = nvcc + " -arch=sm_90 -c -x cu";
    for (const auto& d : kDefines) cmd += " " + d;
    cmd += " " + cu.string() + " -o " + (dir / "dialect.o").string() + " > " + (dir / "log.txt").string() + " 2>&1";
    int rc = std::system(cmd.c_str());
    std::string log = readFile((dir / "log.txt").string());
    bool built = std::filesystem::exists(dir / "dialect.o");
    std::filesystem::remove_all(dir);
    EXPECT_EQ(rc, 0) << cmd << "\n" << log;
    EXPECT_EQ(log.find("warning"), std::string::npos) << "the preamble must compile cleanly:\n" << log;
    EXPECT_TRUE(built);
}

TEST(CudaDialectCompile, NvrtcBuildsCubinForSm90) {
    try {
        auto module = devices::cuda::compileNvrtc(dialectSource(), kDefines, 9, 0);
        EXPECT_TRUE(module.isCubin);
        EXPECT_EQ(module.arch, "sm_90");
        ASSERT_GT(module.image.size(), 4u);
        EXPECT_EQ(module.image.substr(1, 3), "ELF") << "a CUBIN is an ELF image";
        EXPECT_EQ(module.log.find("warning"), std::string::npos) << module.log;
    } catch (const BuildError& e) {
        FAIL() << e.what() << "\n" << e.log();
    } catch (const BackendError& e) {
        GTEST_SKIP() << "NVRTC not loadable here: " << e.what();
    }
}

TEST(CudaDialectCompile, NvrtcFallsBackToPtxForUnknownArch) {
    try {
        // No NVRTC knows compute capability 99.9: the newest architecture it does know is used, as PTX.
        auto module = devices::cuda::compileNvrtc(dialectSource(), kDefines, 99, 9);
        EXPECT_FALSE(module.isCubin);
        EXPECT_EQ(module.arch.rfind("compute_", 0), 0u) << module.arch;
        EXPECT_NE(module.image.find(".entry dialect_test"), std::string::npos) << "extern \"C\" keeps the name";
    } catch (const BackendError& e) {
        GTEST_SKIP() << "NVRTC not loadable here: " << e.what();
    }
}

TEST(CudaDialectCompile, NvrtcBuildErrorCarriesLog) {
    try {
        devices::cuda::compileNvrtc(
            kernels::withPreamble("KT_KERNEL void broken(float* x) { x[0] = undeclared_symbol; }"), {}, 9, 0);
        FAIL() << "must not compile";
    } catch (const BuildError& e) {
        EXPECT_NE(e.log().find("undeclared_symbol"), std::string::npos) << e.log();
    } catch (const BackendError& e) {
        GTEST_SKIP() << "NVRTC not loadable here: " << e.what();
    }
}

} // namespace
} // namespace kt
