// Where the program cache gets images on a device with separable compilation: the on-disk store first, then the
// image compiler (worker processes) or the device itself; failures are not stored; the compile-worker protocol.
#include <gtest/gtest.h>

#include <atomic>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "core/engine/image_compiler.hpp"
#include "core/engine/program_cache.hpp"
#include "tests/core/engine/compile_only_device.hpp"

namespace kt {
namespace {

struct ImageProgram final : Program {
    explicit ImageProgram(std::string image) : bytes(std::move(image)) {}
    std::unique_ptr<Kernel> kernel(const std::string&) override { throw BackendError("no kernels here"); }
    const std::string& buildLog() const override { return bytes; }
    std::string bytes; // the image it was loaded from
};

// Compiles "image of <source>"; sources containing "bad" fail to build. imageTarget() empty: build() only.
class ImageDevice final : public test::CompileOnlyDevice {
public:
    using CompileOnlyDevice::CompileOnlyDevice;
    std::unique_ptr<Program> build(const std::string& source, const std::vector<std::string>& options) override {
        ++builds;
        return std::make_unique<ImageProgram>(compile(source, options).bytes);
    }
    ProgramImage compileImage(const std::string& source, const std::vector<std::string>& options) override {
        ++compiles;
        return compile(source, options);
    }
    std::unique_ptr<Program> loadImage(const ProgramImage& image) override {
        ++loads;
        return std::make_unique<ImageProgram>(image.bytes);
    }

    static ProgramImage compile(const std::string& source, const std::vector<std::string>& options) {
        if (source.find("bad") != std::string::npos) throw BuildError("build failed", "line 1: bad");
        std::string image = "image of " + source;
        for (const auto& o : options) image += " " + o;
        return {image, ""};
    }

    std::atomic<int> builds{0}, compiles{0}, loads{0};
};

// Stands in for the worker processes: counts requests; can refuse every target (BackendError).
class CountingCompiler final : public ImageCompiler {
public:
    using ImageCompiler::compile;
    ProgramImage compile(const std::string& target, const std::string& source, const std::vector<std::string>& options,
                         CompileReport*) override {
        ++calls;
        lastTarget = target;
        if (refuse) throw BackendError("no worker for " + target);
        return ImageDevice::compile(source, options);
    }
    std::atomic<int> calls{0};
    std::string lastTarget;
    bool refuse = false;
};

GeneratedSource source(const std::string& text) {
    GeneratedSource s;
    s.source = text;
    s.options = {"-DX=1"};
    return s;
}

std::string imageOf(const ProgramCache::Entry& e) { return static_cast<const ImageProgram&>(*e.program).bytes; }

class ProgramCacheImages : public ::testing::Test {
protected:
    void SetUp() override {
        m_folder = std::filesystem::temp_directory_path() / ("kt_program_images_" + std::to_string(::getpid()));
        std::filesystem::remove_all(m_folder);
    }
    void TearDown() override { std::filesystem::remove_all(m_folder); }
    std::shared_ptr<const ImageStore> store() const { return std::make_shared<ImageStore>(m_folder); }
    std::filesystem::path m_folder;
};

TEST_F(ProgramCacheImages, ASecondCacheOverTheSameStoreLoadsWithoutCompiling) {
    ImageDevice first("fake/1");
    ProgramCache a(first);
    a.useImages(nullptr, store());
    for (const char* text : {"one", "two", "three"}) ASSERT_TRUE(a.entry(source(text))->program);
    EXPECT_EQ(first.compiles, 3);
    EXPECT_EQ(first.loads, 3);
    EXPECT_EQ(first.builds, 0) << "separable devices compile and load, never build()";
    EXPECT_EQ(a.totals().fromDisk, 0u);

    ImageDevice second("fake/1"); // a resumed tune: a new process over the same folder
    ProgramCache b(second);
    b.useImages(nullptr, store());
    for (const char* text : {"one", "two", "three"}) {
        auto e = b.entry(source(text));
        ASSERT_TRUE(e->program);
        EXPECT_TRUE(e->fromDisk);
        EXPECT_EQ(imageOf(*e), "image of " + std::string(text) + " -DX=1");
    }
    EXPECT_EQ(second.compiles, 0);
    EXPECT_EQ(second.loads, 3);
    const auto t = b.totals();
    EXPECT_EQ(t.programs, 3u);
    EXPECT_EQ(t.fromDisk, 3u);
    EXPECT_EQ(t.failed, 0u);

    ImageDevice other("fake/2"); // another compiler or architecture shares nothing
    ProgramCache c(other);
    c.useImages(nullptr, store());
    ASSERT_TRUE(c.entry(source("one"))->program);
    EXPECT_EQ(other.compiles, 1);
}

TEST_F(ProgramCacheImages, FailedBuildsKeepTheirLogAndAreNotStored) {
    for (int pass = 0; pass < 2; ++pass) {
        ImageDevice device("fake/1");
        ProgramCache cache(device);
        cache.useImages(nullptr, store());
        auto e = cache.entry(source("bad kernel"));
        EXPECT_FALSE(e->program);
        EXPECT_NE(e->error.find("line 1: bad"), std::string::npos) << e->error;
        EXPECT_EQ(device.compiles, 1) << "pass " << pass << ": a failure is compiled again, not read from disk";
        EXPECT_EQ(cache.totals().failed, 1u);
    }
}

TEST_F(ProgramCacheImages, TheImageCompilerCompilesWhenGivenAndTheDeviceWhenItRefuses) {
    ImageDevice device("fake/1");
    auto compiler = std::make_shared<CountingCompiler>();
    ProgramCache cache(device);
    cache.useImages(compiler, nullptr);
    auto e = cache.entry(source("one"));
    ASSERT_TRUE(e->program);
    EXPECT_EQ(imageOf(*e), "image of one -DX=1");
    EXPECT_EQ(compiler->calls, 1);
    EXPECT_EQ(compiler->lastTarget, "fake/1");
    EXPECT_EQ(device.compiles, 0);
    EXPECT_EQ(device.loads, 1);
    // A build error from the compiler is the candidate's error, not a reason to compile again here.
    EXPECT_FALSE(cache.entry(source("bad"))->program);
    EXPECT_EQ(device.compiles, 0);
    // A compiler that cannot serve the target (no worker executable, another NVRTC): the device compiles.
    compiler->refuse = true;
    ASSERT_TRUE(cache.entry(source("two"))->program);
    EXPECT_EQ(device.compiles, 1);
}

TEST_F(ProgramCacheImages, DevicesWithoutAnImageTargetBuildInProcess) {
    ImageDevice device("");
    auto compiler = std::make_shared<CountingCompiler>();
    ProgramCache cache(device);
    cache.useImages(compiler, store());
    ASSERT_TRUE(cache.entry(source("one"))->program);
    EXPECT_EQ(device.builds, 1);
    EXPECT_EQ(compiler->calls, 0);
    EXPECT_FALSE(std::filesystem::exists(m_folder)) << "nothing stored";
}

TEST(CompileProtocol, RepliesCarryTheImageOrSayWhetherTheSourceOrTheTargetFailed) {
    const std::string binary("\x7f"
                             "ELF\0\x01\xff",
                             7);
    auto serveWith = [](const std::string& line, const compile_protocol::CompileFunction& f) {
        return nlohmann::json::parse(compile_protocol::serve(line, f));
    };
    const std::string request = nlohmann::json{{"target", "t/1"}, {"source", "src"}, {"options", {"-DA=1"}}}.dump();
    auto ok = serveWith(
        request, [&](const std::string& target, const std::string& src, const std::vector<std::string>& options) {
            EXPECT_EQ(target, "t/1");
            EXPECT_EQ(src, "src");
            EXPECT_EQ(options, std::vector<std::string>{"-DA=1"});
            return ProgramImage{binary, "a warning"};
        });
    EXPECT_EQ(ok.value("image", ""), "7f454c460001ff");
    EXPECT_EQ(ok.value("log", ""), "a warning");
    EXPECT_FALSE(ok.contains("error"));

    auto build =
        serveWith(request, [](const std::string&, const std::string&, const std::vector<std::string>&) -> ProgramImage {
            throw BuildError("syntax", "line 3: error");
        });
    EXPECT_EQ(build.value("error", ""), "syntax");
    EXPECT_EQ(build.value("log", ""), "line 3: error");
    EXPECT_TRUE(build.value("build", false));

    auto target =
        serveWith(request, [](const std::string&, const std::string&, const std::vector<std::string>&) -> ProgramImage {
            throw BackendError("unknown target");
        });
    EXPECT_FALSE(target.value("build", true));

    auto malformed = serveWith("{\"target\":1}", [](const std::string&, const std::string&,
                                                    const std::vector<std::string>&) { return ProgramImage{}; });
    EXPECT_TRUE(malformed.contains("error"));
    EXPECT_FALSE(malformed.value("build", true));
}

TEST(ProcessImageCompilerTest, AnExecutableThatCannotStartIsABackendErrorSoTheCallerCompilesItself) {
    ProcessImageCompiler compiler("/nonexistent/ktune");
    EXPECT_THROW(compiler.compile("t/1", "src", {}), BackendError);
    try {
        compiler.compile("t/1", "src", {});
    } catch (const BuildError&) {
        ADD_FAILURE() << "must not be a BuildError (that would fail the candidate)";
    } catch (const BackendError&) {
    }
}

} // namespace
} // namespace kt
