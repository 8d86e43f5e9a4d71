// The batched GEMM kernel text compiles as CUDA too (the dialect's promise; nvcc stands in for NVRTC here).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <unistd.h>

#include "kernels/batched/batched_plan.hpp"

using namespace kt;
using namespace kt::batched;

namespace {
std::string nvccPath() {
    if (const char* env = std::getenv("KT_NVCC")) return env;
    return "/usr/local/cuda/bin/nvcc";
}

// Empty on success, else the compiler output. With `ptx`, the PTX for `arch` is kept there (a full compile, ptxas
// included, runs as well).
std::string nvccCompile(const GeneratedSource& program, const std::string& tag, const std::string& arch = "sm_90",
                        std::string* ptx = nullptr) {
    const auto dir = std::filesystem::temp_directory_path() / ("kt_batched_nvcc_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file = dir / (tag + ".cu"), log = dir / (tag + ".log"), ptxFile = dir / (tag + ".ptx");
    std::ofstream(file) << program.source;
    std::string cmd = nvccPath() + " -arch=" + arch + " -c -x cu -o /dev/null";
    if (ptx) cmd += " --keep --keep-dir " + dir.string(); // the PTX handed to ptxas: <tag>.ptx
    for (const auto& o : program.options) cmd += " " + o;
    cmd += " " + file.string() + " > " + log.string() + " 2>&1";
    const int rc = std::system(cmd.c_str());
    std::ifstream in(log);
    std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (ptx && rc == 0) {
        std::ifstream p(ptxFile);
        ptx->assign((std::istreambuf_iterator<char>(p)), std::istreambuf_iterator<char>());
    }
    std::filesystem::remove_all(dir);
    return rc == 0 ? std::string() : "nvcc failed:\n" + out;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}
} // namespace

TEST(BatchedGenerator, SameTextCompilesAsCuda) {
    if (!std::filesystem::exists(nvccPath())) GTEST_SKIP() << "nvcc not found at " << nvccPath();
    DeviceInfo gpu;
    gpu.backend = BackendKind::Cuda, gpu.type = DeviceType::Gpu, gpu.localMemBytes = 48 * 1024;
    int tag = 0;
    // Register blocking with padding: blocks of 4 x 4 (32^3 in double, 2 problems in 48 KB) and 3 x 2 with rows and
    // columns past the problem (clamped), transposed operands; the shared one with prefetch rounds and launch bounds.
    // read-only cache; shared; shared with vector tiles (single); shared with column-major vector tiles (both)
    for (int v = 0; v < 5; ++v) {
        const Design design = v ? Design::SharedMemory : Design::ReadOnlyCache;
        BatchedParams p;
        p.precision = v == 2 || v == 4 ? Precision::F32 : Precision::F64, p.design = design, p.tba = 2, p.wx = 8,
        p.wy = 8;
        p.reg = true, p.pad = design == Design::SharedMemory, p.vec = v == 2 ? 1 : v >= 3 ? 2 : 0;
        if (v == 1 || v == 3) p.seq = 8, p.minBlocks = 4, p.ldv = 2; // prefetch rounds, launch bounds, vector loads
        for (const BatchedShape& shape :
             {BatchedShape{blas::Op::N, blas::Op::N, 32, 32, 32}, BatchedShape{blas::Op::T, blas::Op::T, 17, 13, 29}}) {
            SCOPED_TRACE(p.describe() + " " + std::to_string(shape.m));
            EXPECT_EQ(nvccCompile(batchedProgram(p, gpu, shape), "r" + std::to_string(tag++)), "");
        }
    }
    // Work-item counts that are no power of two: 17 x 9 (blocks of 1 x 2) at n = 17 with prefetch rounds, 9 x 9 with
    // vector staging loads at 18, one element each (5 x 5) at n = 5 in the read-only design.
    for (const auto& [design, wx, wy, n] : {std::tuple{Design::SharedMemory, 17, 9, 17},
                                            {Design::SharedMemory, 9, 9, 18},
                                            {Design::ReadOnlyCache, 5, 5, 5}}) {
        BatchedParams p;
        p.precision = Precision::F64, p.design = design, p.tba = n == 5 ? 16 : 1, p.wx = wx, p.wy = wy;
        p.reg = true, p.pad = design == Design::SharedMemory, p.seq = design == Design::SharedMemory ? 4 : 1;
        p.ldv = n == 18 ? 2 : 1;
        SCOPED_TRACE(p.describe() + " " + std::to_string(n));
        EXPECT_EQ(nvccCompile(batchedProgram(p, gpu, BatchedShape{blas::Op::N, blas::Op::T, n, n, n}),
                              "w" + std::to_string(tag++)),
                  "");
    }
    for (Design design : {Design::ReadOnlyCache, Design::SharedMemory})
        for (Precision prec : {Precision::F32, Precision::F64}) {
            BatchedParams p;
            p.precision = prec, p.design = design, p.tba = 4, p.wx = 8, p.wy = 4;
            const blas::Op op = prec == Precision::F64 ? blas::Op::T : blas::Op::N;
            // Fixed strided, general, and in double pointer arrays at 32^3 (the C loops stay rolled; 16^3 for the
            // shared design, whose 32^3 tiles of 4 problems exceed 48 KB).
            const std::int64_t s = design == Design::SharedMemory ? 16 : 32;
            BatchedShape pointers{blas::Op::N, op, s, s, s};
            pointers.pointers = true;
            for (const BatchedShape& shape :
                 {BatchedShape{op, blas::Op::N, 7, 5, 3}, BatchedShape{blas::Op::N, op}, pointers}) {
                if (shape.pointers && prec == Precision::F32) continue;
                SCOPED_TRACE(p.describe() + (shape.fixed() ? " fixed" : " general") +
                             (shape.pointers ? " pointers" : ""));
                EXPECT_EQ(nvccCompile(batchedProgram(p, gpu, shape), "b" + std::to_string(tag++)), "");
            }
        }
}

TEST(BatchedGenerator, SharedTilesUpToTheStaticLimitCompileAndBeyondItAreRefused) {
    // 64 problems a work-group in double with a column of C per work-item (8 x 1, two rounds; H100 run E): at
    // 8 x 4 x 8 the tiles take (64 + 32) x 64 x 8 = 49152 bytes, exactly CUDA's static limit, and compile; at
    // 8 x 5 x 8 (53248 bytes) a 48 KiB device refuses the program, and the source made for a device claiming more
    // is refused by ptxas: the limit the family checks is the one CUDA enforces.
    if (!std::filesystem::exists(nvccPath())) GTEST_SKIP() << "nvcc not found at " << nvccPath();
    DeviceInfo gpu;
    gpu.backend = BackendKind::Cuda, gpu.type = DeviceType::Gpu, gpu.localMemBytes = 48 * 1024;
    DeviceInfo claimsMore = gpu;
    claimsMore.localMemBytes = 100 * 1024;
    BatchedParams p;
    p.precision = Precision::F64, p.design = Design::SharedMemory, p.tba = 64, p.wx = 8, p.wy = 1;
    p.reg = true, p.seq = 2;
    ASSERT_EQ(p.localMemBytes(8, 4, 8), 49152);
    EXPECT_EQ(nvccCompile(batchedProgram(p, gpu, BatchedShape{blas::Op::N, blas::Op::N, 8, 4, 8}), "at"), "");
    const BatchedShape over{blas::Op::N, blas::Op::N, 8, 5, 8};
    EXPECT_THROW(batchedProgram(p, gpu, over), std::invalid_argument);
    const std::string log = nvccCompile(batchedProgram(p, claimsMore, over), "over");
    EXPECT_NE(log.find("too much shared data"), std::string::npos) << log;
}

TEST(BatchedGenerator, DoubleBufferedTilesUseCpAsyncFromSm80AndPlainCopiesBefore) {
    // BATCHED_ASYNC 1: cp.async on sm_80 and sm_90, whole runs of LDV elements as one copy (16 bytes: 4 floats, or 2
    // doubles twice for LDV 4) where the operand is not transposed, one element each where it is; sm_75 compiles the
    // same buffers with ordinary loads and stores. Both precisions, strided and pointer arrays.
    if (!std::filesystem::exists(nvccPath())) GTEST_SKIP() << "nvcc not found at " << nvccPath();
    DeviceInfo gpu;
    gpu.backend = BackendKind::Cuda, gpu.type = DeviceType::Gpu, gpu.localMemBytes = 48 * 1024;
    int tag = 0;
    for (Precision prec : {Precision::F32, Precision::F64}) {
        BatchedParams p;
        p.precision = prec, p.design = Design::SharedMemory, p.tba = 2, p.wx = 8, p.wy = 8, p.reg = true;
        p.seq = 8, p.ldv = 4, p.async = true, p.minBlocks = 4;
        const std::int64_t bytes = prec == Precision::F64 ? 8 : 4;
        // 24 x 24 x 24 (columns whole vectors of 4, unpadded): op(A) N in vectors, op(B) T per element.
        BatchedShape shape{blas::Op::N, blas::Op::T, 24, 24, 24};
        for (const std::string arch : {"sm_90", "sm_80", "sm_75"}) {
            for (bool pointers : {false, true}) {
                if (pointers && arch != "sm_90") continue;
                shape.pointers = pointers;
                SCOPED_TRACE(p.describe() + " " + arch + (pointers ? " pointers" : ""));
                std::string ptx;
                ASSERT_EQ(nvccCompile(batchedProgram(p, gpu, shape), "a" + std::to_string(tag++), arch, &ptx), "");
                if (arch == "sm_75") {
                    EXPECT_EQ(count(ptx, "cp.async"), 0u);
                    EXPECT_GT(count(ptx, "st.shared"), 0u);
                    continue;
                }
                EXPECT_GT(count(ptx, "cp.async.ca.shared.global [%r"), 0u) << ptx.substr(0, 2000);
                EXPECT_GT(count(ptx, "], 16;"), 0u);                                  // whole runs of op(A)
                EXPECT_GT(count(ptx, "], " + std::to_string(bytes) + ";"), 0u);      // elements of op(B)
                EXPECT_GT(count(ptx, "cp.async.commit_group"), 0u);
                EXPECT_GT(count(ptx, "cp.async.wait_all"), 0u);
                EXPECT_EQ(count(ptx, "st.shared"), 0u); // no staging through registers
            }
        }
        // Padded tiles (odd leading dimensions): no whole runs in shared memory, every copy one element; 2-element
        // runs (8 bytes in single) at n = 26.
        p.pad = true, p.ldv = 2;
        for (std::int64_t n : {25, 26}) {
            SCOPED_TRACE(p.describe() + " n " + std::to_string(n));
            std::string ptx;
            ASSERT_EQ(nvccCompile(batchedProgram(p, gpu, BatchedShape{blas::Op::T, blas::Op::N, n, n, n}),
                                  "a" + std::to_string(tag++), "sm_80", &ptx),
                      "");
            EXPECT_GT(count(ptx, "], " + std::to_string(bytes) + ";"), 0u);
            EXPECT_EQ(count(ptx, "], 16;"), 0u);
        }
        p.pad = false;
        SCOPED_TRACE("unpadded 26");
        std::string ptx;
        ASSERT_EQ(nvccCompile(batchedProgram(p, gpu, BatchedShape{blas::Op::N, blas::Op::N, 26, 26, 26}),
                              "a" + std::to_string(tag++), "sm_80", &ptx),
                  "");
        EXPECT_GT(count(ptx, "], " + std::to_string(2 * bytes) + ";"), 0u); // runs of 2 (26 is even)
    }
}
