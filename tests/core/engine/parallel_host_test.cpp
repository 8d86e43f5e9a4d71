// The host work split over cores (core/engine/parallel_chunks.hpp) and the random operands filled with it
// (fillRandomReals): every index once, failures rethrown, and the parallel fill equal to the sequential stream.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/engine/parallel_chunks.hpp"
#include "core/engine/plan_run.hpp"

namespace {

TEST(ParallelChunks, EveryIndexExactlyOnceInContiguousChunks) {
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{999}, std::size_t{100003}}) {
        std::vector<std::atomic<int>> seen(count);
        std::atomic<int> calls{0};
        kt::parallelChunks(count, 1000, [&](std::size_t begin, std::size_t end) {
            ++calls;
            ASSERT_LE(begin, end);
            for (std::size_t i = begin; i < end; ++i) ++seen[i];
        });
        for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << "index " << i << " of " << count;
        // Below two grains there is one chunk, on the calling thread.
        if (count < 2000) EXPECT_EQ(calls.load(), 1) << count;
    }
}

TEST(ParallelChunks, AFailingChunkIsRethrownAfterTheOthersFinish) {
    std::atomic<std::size_t> done{0};
    EXPECT_THROW(kt::parallelChunks(1 << 20, 1 << 10,
                                    [&](std::size_t begin, std::size_t end) {
                                        if (begin == 0) throw std::runtime_error("first chunk failed");
                                        done += end - begin;
                                    }),
                 std::runtime_error);
    // Every other chunk ran to its end (none was abandoned while the exception travelled).
    EXPECT_GT(done.load(), 0u);
}

// The stream as it was defined before the fill ran in chunks: one state, advanced element by element.
template <class T> std::vector<T> sequentialStream(std::size_t count, std::uint64_t seed) {
    std::vector<T> v(count);
    std::uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
    for (auto& x : v) {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        const double magnitude = 0.25 + 0.75 * double(z >> 11) * 0x1.0p-53;
        x = T((z & 1) ? magnitude : -magnitude);
    }
    return v;
}

TEST(FillRandomReals, ChunkedFillIsTheSequentialStream) {
    // Several chunks of 2^20 elements and a ragged last one: any chunk that started from the wrong state differs.
    const std::size_t count = (std::size_t{5} << 20) + 12345;
    std::vector<double> d(count);
    kt::fillRandomReals(d.data(), count, 42);
    const auto wantD = sequentialStream<double>(count, 42);
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(d[i], wantD[i]) << "element " << i;
    std::vector<float> f(count);
    kt::fillRandomReals(f.data(), count, 7);
    const auto wantF = sequentialStream<float>(count, 7);
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(f[i], wantF[i]) << "element " << i;
    for (double x : d) ASSERT_TRUE(std::fabs(x) >= 0.25 && std::fabs(x) <= 1.0) << x;
}

} // namespace
