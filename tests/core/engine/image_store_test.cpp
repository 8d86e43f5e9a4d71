// The on-disk image cache: a round trip, misses for any other key, and corrupt, truncated or foreign files read as
// misses (never as a wrong program).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <thread>

#include <unistd.h>

#include "core/engine/image_store.hpp"

namespace kt {
namespace {

class ImageStoreTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_folder = std::filesystem::temp_directory_path() / ("kt_image_store_" + std::to_string(::getpid()));
        std::filesystem::remove_all(m_folder);
    }
    void TearDown() override { std::filesystem::remove_all(m_folder); }

    std::filesystem::path m_folder;
    const std::string m_target = "nvrtc/13.0/cc9.0/sm_90";
    const std::string m_source = "__global__ void k(float* a) { a[0] = 1; }";
    const std::vector<std::string> m_options = {"-DA=1", "-DB=2"};
    // Binary, with a NUL and every byte value, as a CUBIN has.
    ProgramImage image() const {
        ProgramImage i;
        for (int b = 0; b < 256; ++b) i.bytes.push_back(static_cast<char>(b));
        i.bytes += std::string("\x7f"
                               "ELF\0tail",
                               9);
        i.log = "warning: something";
        return i;
    }
};

TEST_F(ImageStoreTest, RoundTripsBinaryImageAndLog) {
    ImageStore store(m_folder);
    EXPECT_FALSE(store.load(m_target, m_source, m_options)) << "empty folder";
    store.store(m_target, m_source, m_options, image());
    auto back = store.load(m_target, m_source, m_options);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->bytes, image().bytes);
    EXPECT_EQ(back->log, image().log);
    // Another store over the same folder (another process, a resumed tune) sees it too.
    EXPECT_TRUE(ImageStore(m_folder).load(m_target, m_source, m_options));
}

TEST_F(ImageStoreTest, AnyOtherKeyMisses) {
    ImageStore store(m_folder);
    store.store(m_target, m_source, m_options, image());
    EXPECT_FALSE(store.load("nvrtc/13.1/cc9.0/sm_90", m_source, m_options)) << "another compiler version";
    EXPECT_FALSE(store.load(m_target, m_source + " ", m_options)) << "another source";
    EXPECT_FALSE(store.load(m_target, m_source, {"-DA=1"})) << "fewer options";
    EXPECT_FALSE(store.load(m_target, m_source, {"-DA=1", "-DB=3"})) << "another option value";
    EXPECT_FALSE(store.load(m_target, m_source, {"-DA=1-DB=2"})) << "options joined differently";
}

TEST_F(ImageStoreTest, CorruptOrTruncatedFilesAreMisses) {
    ImageStore store(m_folder);
    store.store(m_target, m_source, m_options, image());
    const auto file = store.fileFor(m_target, m_source, m_options);
    std::string bytes;
    {
        std::ifstream in(file, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    ASSERT_GT(bytes.size(), 300u);
    auto rewrite = [&](const std::string& content) {
        std::ofstream(file, std::ios::binary | std::ios::trunc) << content;
    };
    for (std::size_t at : {std::size_t{0}, std::size_t{20}, bytes.size() / 2, bytes.size() - 1}) {
        std::string flipped = bytes;
        flipped[at] = static_cast<char>(flipped[at] ^ 0x40);
        rewrite(flipped);
        EXPECT_FALSE(store.load(m_target, m_source, m_options)) << "one byte changed at " << at;
    }
    for (std::size_t size : {std::size_t{0}, std::size_t{5}, bytes.size() / 2, bytes.size() - 1}) {
        rewrite(bytes.substr(0, size));
        EXPECT_FALSE(store.load(m_target, m_source, m_options)) << "truncated to " << size << " bytes";
    }
    rewrite(bytes);
    EXPECT_TRUE(store.load(m_target, m_source, m_options)) << "the intact file reads again";
}

TEST_F(ImageStoreTest, AnIntactFileOfAnotherKeyAtTheSamePathIsAMiss) {
    // What a hash collision would look like: a valid entry whose key differs.
    ImageStore store(m_folder);
    store.store(m_target, "other source", m_options, image());
    std::filesystem::rename(store.fileFor(m_target, "other source", m_options),
                            store.fileFor(m_target, m_source, m_options));
    EXPECT_FALSE(store.load(m_target, m_source, m_options));
}

TEST_F(ImageStoreTest, ConcurrentWritersOfOneEntryLeaveAValidFileAndNoTemporaries) {
    ImageStore store(m_folder);
    std::vector<std::thread> writers;
    for (int t = 0; t < 8; ++t)
        writers.emplace_back([&] {
            for (int i = 0; i < 20; ++i) store.store(m_target, m_source, m_options, image());
        });
    for (auto& w : writers) w.join();
    auto back = store.load(m_target, m_source, m_options);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->bytes, image().bytes);
    std::size_t files = 0;
    for (const auto& e : std::filesystem::directory_iterator(m_folder)) {
        ++files;
        EXPECT_EQ(e.path().extension(), ".img") << e.path();
    }
    EXPECT_EQ(files, 1u);
}

TEST_F(ImageStoreTest, AnUnwritableFolderIsNoError) {
    ImageStore store("/proc/kt_no_such_folder/images");
    EXPECT_NO_THROW(store.store(m_target, m_source, m_options, image()));
    EXPECT_FALSE(store.load(m_target, m_source, m_options));
}

TEST_F(ImageStoreTest, EnvironmentChoosesTheFolderOrTurnsItOff) {
    struct Restore {
        const char* name;
        const char* saved = std::getenv(name);
        std::string value = saved ? saved : "";
        ~Restore() { saved ? ::setenv(name, value.c_str(), 1) : ::unsetenv(name); }
    } cache{"KT_IMAGE_CACHE"}, xdg{"XDG_CACHE_HOME"};
    ::setenv("KT_IMAGE_CACHE", "off", 1);
    EXPECT_EQ(ImageStore::fromEnvironment(), nullptr);
    ::setenv("KT_IMAGE_CACHE", m_folder.c_str(), 1);
    auto chosen = ImageStore::fromEnvironment();
    ASSERT_NE(chosen, nullptr);
    EXPECT_EQ(chosen->folder(), m_folder);
    ::unsetenv("KT_IMAGE_CACHE");
    ::setenv("XDG_CACHE_HOME", "/tmp/kt_xdg", 1);
    chosen = ImageStore::fromEnvironment();
    ASSERT_NE(chosen, nullptr);
    EXPECT_EQ(chosen->folder(), std::filesystem::path("/tmp/kt_xdg/ktune/images"));
}

} // namespace
} // namespace kt
