// A package exported from a store tuned on a CUDA device, without a GPU: its kernel text compiles with NVRTC (where
// NVRTC is installed) for the tuned compute capability, the package configures and builds with CMake on a machine
// without CUDA and links no CUDA library, and a consumer finds every CUDA entry point; without the NVIDIA driver
// every entry returns KTP_NO_DEVICE naming libcuda.so.1 (with a driver, the consumer checks every routine in both
// entry styles against OpenBLAS instead, as tools/gpu-export-run.sh does on the GPU machine).
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <fstream>
#include <sstream>

#include "core/engine/family.hpp"
#include "core/export/package_model.hpp"
#include "core/export/package_writer.hpp"
#include "core/store/store.hpp"
#include "kernels/builtin_families.hpp"
#include "tests/core/store/store_test_support.hpp"
#if KT_HAVE_CUDA
#include "core/engine/backend.hpp"
#include "devices/cuda/cuda_loader.hpp"
#include "devices/cuda/nvrtc_compiler.hpp"
#endif

namespace kt {
namespace {

std::string readText(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Shell {
    int rc;
    std::string output;
};

Shell shell(const std::filesystem::path& dir, const std::string& command) {
    const std::string log = (dir / "shell.log").string();
    const int status = std::system(("cd '" + dir.string() + "' && (" + command + ") > '" + log + "' 2>&1").c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, readText(log)};
}

class ExportCudaPackage : public store::test::TempDir {
protected:
    void SetUp() override {
        TempDir::SetUp();
        kernels::registerBuiltinFamilies();
        m_device = store::test::sampleDevice("NVIDIA H100 80GB HBM3");
        m_device.backend = BackendKind::Cuda;
        m_device.platform = "CUDA";
        m_device.vendor = "NVIDIA Corporation";
        m_device.driverVersion = "CUDA driver 13.0";
        m_device.computeCapabilityMajor = 9;
        m_device.computeCapabilityMinor = 0;
        m_db = std::make_unique<store::Database>(store::Database::open(dbPath()));
        store::DeviceRepository(*m_db).upsert(m_device);
    }
    // Stores the family's first seed points as measured at `sizes` (one winner per size).
    void measureSeeds(const std::string& family, const std::vector<ProblemSize>& sizes) {
        store::NewRun r;
        r.deviceId = m_device.stableId(), r.family = family, r.strategy = "test";
        const auto run = store::RunRepository(*m_db).create(r);
        const auto seeds = FamilyRegistry::instance().find(family)->seedPoints(m_device);
        ASSERT_GE(seeds.size(), sizes.size()) << family;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            Measurement m;
            m.pointKey = seeds[i].key(), m.size = sizes[i], m.value = 100.0 + double(i), m.medianMs = 1;
            m.status = MeasurementStatus::Ok;
            store::MeasurementRepository(*m_db).insert(run, m);
        }
    }

    // Stores one point (families without seed points) as measured at `size`.
    void measurePoint(const std::string& family, const std::string& key, const ProblemSize& size) {
        store::NewRun r;
        r.deviceId = m_device.stableId(), r.family = family, r.strategy = "test";
        const auto run = store::RunRepository(*m_db).create(r);
        Measurement m;
        m.pointKey = key, m.size = size, m.value = 100.0, m.medianMs = 1, m.status = MeasurementStatus::Ok;
        store::MeasurementRepository(*m_db).insert(run, m);
    }

    DeviceInfo m_device;
    std::unique_ptr<store::Database> m_db;
};

TEST_F(ExportCudaPackage, BuildsWithoutCudaCompilesWithNvrtcAndSaysClearlyWhenThereIsNoDriver) {
    measureSeeds("sgemm", {{{64, 64, 64}}, {{1024, 1024, 1024}}});
    measureSeeds("dgemm", {{{256, 256, 256}}});
    measureSeeds("sgemm_batched", {{{7, 5, 9, 64}}});
    measureSeeds("dgemm_batched", {{{7, 5, 9, 64}}});
    for (const char* symv : {"ssymv", "ssymv_upper", "dsymv", "dsymv_upper"}) measureSeeds(symv, {{{4096}}});
    for (const char* rank : {"ssyrk", "dsyr2k"}) measureSeeds(rank, {{{256, 128}}});
    for (const char* dot : {"sdot", "ddot"}) measurePoint(dot, "DOT_WG=256,DOT_WPT=4", {{1 << 24}});
    for (const char* tr : {"transpose", "dtranspose"})
        measurePoint(tr, "TRA_TILE=32,TRA_WPT=4,TRA_LOCAL=1,TRA_PAD=1", {{4096}});
    const auto model = exporter::buildPackageModel(*m_db, {m_device.stableId(), {"all"}, 3});
    exporter::WriteOptions options;
    options.out = dir() / "pkg";
    const auto manifest = exporter::writePackage(model, options);
    EXPECT_NE(readText(options.out / "cmake/KtpBackend.cmake").find("set(KTP_BACKEND cuda)"), std::string::npos);
    const std::string config = readText(options.out / "include/ktp/ktp_config.h");
    EXPECT_NE(config.find("#define KTP_WITH_CUDA 1"), std::string::npos) << config;
    EXPECT_NE(config.find("#define KTP_WITH_OPENCL 0"), std::string::npos) << config;
    EXPECT_NE(readText(options.out / "README.md").find("ktp_sgemm_cu(stream"), std::string::npos);
    ASSERT_FALSE(manifest["programs"].empty());

#if KT_HAVE_CUDA
    // The same kernel text compiles as CUDA C++: every program of the package, as written there (file and options),
    // for the tuned device's compute capability.
    if (devices::cuda::nvrtc()) {
        int compiled = 0;
        for (const auto& p : manifest["programs"]) {
            const std::string file = p["file"];
            EXPECT_EQ(file.substr(file.size() - 3), ".cu");
            std::vector<std::string> opts = p["options"];
            // A program compiled per call (the batched kernels): here for 7 x 5 x 9, as a call of that size does.
            const std::pair<const char*, const char*> size[] = {{"${m}", "7"}, {"${n}", "5"}, {"${k}", "9"}};
            for (std::string o : p.value("per_call_options", std::vector<std::string>{})) {
                for (const auto& [name, value] : size)
                    if (auto at = o.find(name); at != std::string::npos) o.replace(at, 4, value);
                EXPECT_EQ(o.find("${"), std::string::npos) << o;
                opts.push_back(o);
            }
            EXPECT_NO_THROW(devices::cuda::compileNvrtc(readText(options.out / file), opts, 9, 0)) << file;
            ++compiled;
        }
        std::printf("NVRTC compiled the package's %d programs for sm_90\n", compiled);
    }
#endif

    // Configured and built with nothing of CUDA: no CUDA library among libktp's dependencies.
    const std::string cmake = "'" KT_CMAKE_COMMAND "'";
    auto r = shell(dir(), cmake + " -S pkg -B pkg-build -DCMAKE_BUILD_TYPE=Release && " + cmake +
                              " --build pkg-build -j2 && " + cmake + " --install pkg-build --prefix prefix");
    ASSERT_EQ(r.rc, 0) << r.output;
    r = shell(dir(), "readelf -d pkg-build/libktp.so");
    ASSERT_EQ(r.rc, 0) << r.output;
    EXPECT_NE(r.output.find("NEEDED"), std::string::npos) << r.output;
    for (const char* lib : {"libcuda", "libnvrtc", "libcudart", "libOpenCL"})
        EXPECT_EQ(r.output.find(lib), std::string::npos) << lib << " in\n" << r.output;
    r = shell(dir(), "nm -D --defined-only pkg-build/libktp.so");
    for (const char* entry :
         {"ktp_sgemm_cu", "ktp_dgemm_cu", "ktp_sgemm_batch_strided_cu", "ktp_dgemm_batch_strided_cu", "ktp_ssymv_cu",
          "ktp_dsymv_cu", "ktp_cblas_sgemm", "ktp_cblas_dgemm_batch_strided", "ktp_cblas_ssymv", "ktp_sdot_cu",
          "ktp_domatcopy_cu", "ktp_cblas_ddot", "ktp_cblas_somatcopy", "ktp_sgemm_batch_ptr_cu",
          "ktp_dgemm_batch_ptr_cu", "ktp_cblas_sgemm_batch_ptr"})
        EXPECT_NE(r.output.find(std::string(" ") + entry + "\n"), std::string::npos) << entry << " in\n" << r.output;
    EXPECT_EQ(r.output.find("_cl\n"), std::string::npos) << r.output;

    // The consumer links only the package (find_package) and calls its CUDA entries.
    r = shell(dir(), cmake + " -S '" KT_CONSUMER_DIR "' -B consumer -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH='" +
                         (dir() / "prefix").string() + "' && " + cmake + " --build consumer -j2 --target consumer");
    ASSERT_EQ(r.rc, 0) << r.output;
    const bool driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL) != nullptr;
    r = shell(dir(), "KTP_CACHE_DIR='" + (dir() / "cache").string() + "' ./consumer/consumer");
    if (driver) {
        EXPECT_EQ(r.rc, 0) << r.output;
        EXPECT_NE(r.output.find("routines 14 "), std::string::npos) << r.output;
        EXPECT_NE(r.output.find(" failures 0\n"), std::string::npos) << r.output;
    } else {
        EXPECT_EQ(r.rc, 3) << r.output;
        EXPECT_NE(r.output.find("no device: libcuda.so.1 not found"), std::string::npos) << r.output;
        EXPECT_NE(r.output.find("tuned on NVIDIA H100 80GB HBM3"), std::string::npos) << r.output;
        EXPECT_NE(r.output.find("no driver: checks 9 failures 0"), std::string::npos) << r.output;
    }
}

} // namespace
} // namespace kt
